/**
 * The release code under random counters (fast-check; docs/decisions/release-code.md): sequences of calls by the
 * Dakar agent (the destination agency), the administrator, the Paris agent (the sender's agency) and the Bamako
 * agent — a wrong code, the right one, an unlock, a new code — on one arrived parcel, checked after every step against
 * a model of the rules: only the destination agency and the all-agency roles are heard (everyone else 404, nothing
 * counted), the fifth wrong code since the last code or unlock locks, a locked code refuses even the right one, a new
 * code kills the old one, the right code releases the parcel once, the code's state never holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { codesRetrait, colis } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { SIGNATURE_PNG } from './fixtures';
import { arrivedParcels, counterAgents, releaseCodeOf } from './counterFixtures';

let t: TestContext;
const tokens: Record<Actor, string> = { dakar: '', admin: '', paris: '', bamako: '' };

beforeAll(async () => {
  t = await setupTestApp();
  tokens.admin = t.adminToken;
  const agents = await counterAgents(t);
  tokens.dakar = agents.dakar.token;
  tokens.paris = agents.paris.token;
  tokens.bamako = agents.bamako.token;
});
afterAll(() => t.close());

type Actor = 'dakar' | 'admin' | 'paris' | 'bamako';
type Action = { kind: 'wrong' | 'right' | 'unlock' | 'renew'; actor: Actor };

/** What the rules say of the parcel's code. */
interface Model {
  code: string;
  essais: number;
  locked: boolean;
  released: boolean;
  envois: number;
}

const actionArb: fc.Arbitrary<Action> = fc.record({
  // Wrong codes drawn more often, so that sequences reach the lock.
  kind: fc.constantFrom('wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'right', 'unlock', 'renew'),
  actor: fc.constantFrom('dakar', 'dakar', 'dakar', 'admin', 'paris', 'bamako'),
});

/** A parcel paid in full whose departure arrived (counterFixtures.ts), with the model of its fresh code. */
async function arrived(): Promise<{ id: string; destinataireID: string; model: Model }> {
  const [{ id, destinataireID, code }] = await arrivedParcels(t);
  return { id, destinataireID, model: { code, essais: 0, locked: false, released: false, envois: 1 } };
}

/** Runs one action; returns its status and updates the model as the rules say it must. */
async function run(a: Action, id: string, destinataireID: string, m: Model): Promise<number> {
  const token = tokens[a.actor];
  const heard = a.actor === 'dakar' || a.actor === 'admin';
  const expectStatus = (status: number, wanted: number) => expect(status, `${a.kind} by ${a.actor}`).toBe(wanted);
  if (a.kind === 'wrong' || a.kind === 'right') {
    const code = a.kind === 'right' ? m.code : m.code === '000000' ? '111111' : '000000';
    const res = await t.call('POST', `/api/colis/retirer/${id}`, { token, body: { codeRetrait: code, signature: SIGNATURE_PNG } });
    if (!heard) expectStatus(res.status, 404);
    else if (m.released || m.locked) expectStatus(res.status, 409);
    else if (a.kind === 'right') {
      expectStatus(res.status, 200);
      m.released = true;
    } else {
      expectStatus(res.status, 409);
      m.essais++;
      if (m.essais >= 5) m.locked = true;
    }
    return res.status;
  }
  if (a.kind === 'unlock') {
    const res = await t.call('POST', `/api/colis/codeRetrait/debloquer/${id}`, { token });
    if (!heard) expectStatus(res.status, 404);
    else if (m.locked && !m.released) {
      expectStatus(res.status, 200);
      m.locked = false;
      m.essais = 0;
    } else expectStatus(res.status, 409);
    return res.status;
  }
  // A new code: the minute since the last one is made to have passed.
  await t.database.db
    .update(codesRetrait)
    .set({ envoyeLe: sql`now() - interval '2 minutes'` })
    .where(eq(codesRetrait.colisID, id));
  const res = await t.call('POST', `/api/colis/codeRetrait/${id}`, { token });
  if (!heard) expectStatus(res.status, 404);
  else if (m.released || m.envois >= 10) expectStatus(res.status, 409);
  else {
    expectStatus(res.status, 200);
    m.code = await releaseCodeOf(t, id, destinataireID);
    m.essais = 0;
    m.locked = false;
    m.envois++;
  }
  return res.status;
}

/** The server's view matches the model: the code's state, the parcel's status; the state never holds the code. */
async function check(id: string, m: Model, step: string) {
  const state = await t.call('GET', `/api/colis/codeRetrait/${id}`, { token: tokens.dakar });
  expect(state.status, step).toBe(200);
  const etat = m.released ? 'UTILISE' : m.locked ? 'BLOQUE' : 'ACTIF';
  expect(state.body.data, step).toMatchObject({ etat, essaisRestants: etat === 'ACTIF' ? 5 - m.essais : 0, envois: m.envois });
  expect(JSON.stringify(state.body), step).not.toContain(m.code);
  const [row] = await t.database.db
    .select({ s: sql<string>`(SELECT code FROM statuts WHERE id = ${colis.statutID})` })
    .from(colis)
    .where(eq(colis.id, id));
  expect(row.s, step).toBe(m.released ? 'RETIRE' : 'EXPEDIE');
}

describe('the release code under random counters (fast-check)', () => {
  it('locks at five, hears the destination agency only, releases once with the live code', async () => {
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 6, maxLength: 20 }), async (actions) => {
        const { id, destinataireID, model } = await arrived();
        for (const [i, a] of actions.entries()) {
          const status = await run(a, id, destinataireID, model);
          const tag = `${a.kind}:${status}`;
          seen[tag] = (seen[tag] ?? 0) + 1;
          await check(id, model, `step ${i} ${JSON.stringify(a)}`);
        }
      }),
      { numRuns: Number(process.env.CODE_RETRAIT_RUNS ?? 15), endOnFailure: true },
    );
    console.log(`code de retrait : réponses ${JSON.stringify(seen)}`);
    // The draws reached both sides of the rules.
    expect(seen['wrong:409']).toBeGreaterThan(0);
    expect(seen['wrong:404']).toBeGreaterThan(0);
    expect(seen['right:200']).toBeGreaterThan(0);
  }, 120_000);
});
