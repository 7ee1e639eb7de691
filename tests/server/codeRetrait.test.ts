/**
 * The release code (docs/decisions/release-code.md): made when the departure arrives and sent to the recipient alone,
 * with the destination agency's address and hours and what remains to pay (the sender told the rest); stored as a
 * keyed hash, never in an answer, a notification, the journal or an export; five wrong codes lock it, only the
 * destination agency's staff (or an all-agency role) check, unlock or send it again; a new code kills the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { audits, codesRetrait, colis, notifications } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { SIGNATURE_PNG } from './fixtures';
import { arrivedParcels, counterAgents, outboxRowsTo, releaseCodeOf } from './counterFixtures';

let t: TestContext;
let dakar: { id: string; token: string };
let paris: { id: string; token: string };
let bamako: { id: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  ({ dakar, paris, bamako } = await counterAgents(t));
});
afterAll(() => t.close());

/** Parcels arrived (counterFixtures.ts), as ids and parties. */
async function arrived(n = 1) {
  const parcels = await arrivedParcels(t, n);
  return {
    ids: parcels.map((p) => p.id),
    expediteurs: parcels.map((p) => p.expediteurID),
    destinataires: parcels.map((p) => p.destinataireID),
  };
}
const rowsTo = (colisID: string, clientID: string) => outboxRowsTo(t, colisID, clientID);
const codeOf = (colisID: string, destinataireID: string) => releaseCodeOf(t, colisID, destinataireID);

const retirer = (id: string, token: string, codeRetrait?: string) =>
  t.call('POST', `/api/colis/retirer/${id}`, {
    token,
    body: { signature: SIGNATURE_PNG, ...(codeRetrait === undefined ? {} : { codeRetrait }) },
  });

describe('the arrival notice', () => {
  it('gives each parcel a code told to its recipient only, with the agency and what remains to pay', async () => {
    const { ids, expediteurs, destinataires } = await arrived(2);
    const [c1, c2] = ids;
    const code1 = await codeOf(c1, destinataires[0]);
    const code2 = await codeOf(c2, destinataires[1]);
    expect(code1).toMatch(/^\d{6}$/);
    const [toRecipient] = await rowsTo(c2, destinataires[1]);
    expect(toRecipient.mail_outbox.secret).toBe(true);
    expect(toRecipient.mail_outbox.html).toContain('Agence Dakar Plateau, 27 avenue Lamine Guèye, Plateau, Dakar, Lun–Sam 9 h – 18 h');
    expect(toRecipient.mail_outbox.html).toMatch(/Reste à payer : 50,00\s€/);
    const [toSender] = await rowsTo(c2, expediteurs[1]);
    expect(toSender.mail_outbox.secret).toBe(false);
    expect(toSender.mail_outbox.html).toContain('Agence Dakar Plateau');
    expect(toSender.mail_outbox.html).not.toContain('Code de retrait');
    expect(toSender.mail_outbox.html).not.toContain(code2);
    expect((await rowsTo(c1, destinataires[0]))[0].mail_outbox.html).toContain('Rien à payer');
    // The notifications rows keep the spec's words alone; the code is stored as a keyed hash.
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.colisID, c2));
    const arrival = notes.filter((n) => n.message.includes('arrivé'));
    expect(arrival.map((n) => n.message)).toEqual(['votre colis est arrivé à destination', 'votre colis est arrivé à destination']);
    expect(notes.some((n) => n.message.includes(code2))).toBe(false);
    const [stored] = await t.database.db.select().from(codesRetrait).where(eq(codesRetrait.colisID, c2));
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code2);
  });
});

describe('the release with its code', () => {
  it('releases with the right code; the code is then dead and never in an answer, the journal or an export', async () => {
    const { ids, destinataires } = await arrived(1);
    const code = await codeOf(ids[0], destinataires[0]);
    const res = await retirer(ids[0], dakar.token, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.statutID.code).toBe('RETIRE');
    const [stored] = await t.database.db.select().from(codesRetrait).where(eq(codesRetrait.colisID, ids[0]));
    expect(stored.utiliseLe).not.toBeNull();
    const texts = [
      JSON.stringify(res.body),
      JSON.stringify((await t.call('GET', `/api/colis/getBy/${ids[0]}`, { token: t.adminToken })).body),
      JSON.stringify((await t.call('GET', '/api/audit/liste?_page=1&_perPage=100', { token: t.adminToken })).body),
      JSON.stringify(await t.database.db.select({ avant: audits.avant, apres: audits.apres }).from(audits)),
      JSON.stringify(await t.database.db.select({ m: notifications.message }).from(notifications)),
      JSON.stringify((await t.call('GET', '/api/colis/liste/x?format=csv', { token: t.adminToken })).body),
    ];
    for (const text of texts) expect(text).not.toContain(code);
  });

  it('counts wrong codes, locks at five; another agency can neither count, unlock nor send; Dakar unlocks', async () => {
    const { ids, destinataires } = await arrived(1);
    const id = ids[0];
    const code = await codeOf(id, destinataires[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    // Paris (the sender's agency) and Bamako do not handle the parcel at its destination: 404, nothing counted.
    for (const other of [paris, bamako]) {
      expect((await retirer(id, other.token, wrong)).status).toBe(404);
      expect((await t.call('POST', `/api/colis/codeRetrait/debloquer/${id}`, { token: other.token })).status).toBe(404);
      expect((await t.call('POST', `/api/colis/codeRetrait/${id}`, { token: other.token })).status).toBe(404);
    }
    expect((await t.database.db.select().from(codesRetrait).where(eq(codesRetrait.colisID, id)))[0].essais).toBe(0);
    const state = async (token = dakar.token) => t.call('GET', `/api/colis/codeRetrait/${id}`, { token });
    expect((await state(bamako.token)).status).toBe(404);
    expect((await state()).body.data).toMatchObject({ etat: 'ACTIF', essaisRestants: 5, envois: 1, utiliseLe: null });
    for (let i = 1; i <= 4; i++) {
      const res = await retirer(id, dakar.token, wrong);
      expect(res.status).toBe(409);
      expect(res.body.errors.codeRetrait).toBe(
        `Code de retrait incorrect. Encore ${5 - i} essai${5 - i > 1 ? 's' : ''} avant le blocage du code.`,
      );
    }
    const fifth = await retirer(id, dakar.token, wrong);
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toMatch(/bloqué après 5 essais/);
    // Locked: even the right code is refused, and the parcel stays at the agency.
    expect((await retirer(id, dakar.token, code)).body.message).toMatch(/bloqué/);
    expect((await state()).body.data).toMatchObject({ etat: 'BLOQUE', essaisRestants: 0 });
    expect(JSON.stringify((await state()).body)).not.toContain(code);
    const [still] = await t.database.db
      .select({ s: sql<string>`(SELECT code FROM statuts WHERE id = ${colis.statutID})` })
      .from(colis)
      .where(eq(colis.id, id));
    expect(still.s).toBe('EXPEDIE');
    const unlock = await t.call('POST', `/api/colis/codeRetrait/debloquer/${id}`, { token: dakar.token });
    expect(unlock.status, JSON.stringify(unlock.body)).toBe(200);
    expect((await t.call('POST', `/api/colis/codeRetrait/debloquer/${id}`, { token: dakar.token })).status).toBe(409);
    const journal = await t.database.db.select().from(audits).where(eq(audits.entiteID, id));
    expect(journal.some((a) => JSON.stringify(a.apres) === JSON.stringify({ codeRetrait: 'débloqué' }) && a.auteurID === dakar.id)).toBe(
      true,
    );
    expect((await state()).body.data).toMatchObject({ etat: 'ACTIF', essaisRestants: 5 });
    expect((await retirer(id, dakar.token, code)).status).toBe(200);
    const used = (await state()).body.data;
    expect(used.etat).toBe('UTILISE');
    expect(new Date(used.utiliseLe).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a new code kills the old one, reaches the recipient alone, once a minute; malformed codes are 400', async () => {
    const { ids, expediteurs, destinataires } = await arrived(1);
    const id = ids[0];
    const old = await codeOf(id, destinataires[0]);
    const senderRows = (await rowsTo(id, expediteurs[0])).length;
    // The arrival's code was sent less than a minute ago.
    const tooSoon = await t.call('POST', `/api/colis/codeRetrait/${id}`, { token: dakar.token });
    expect(tooSoon.status).toBe(429);
    await t.database.db
      .update(codesRetrait)
      .set({ envoyeLe: sql`now() - interval '2 minutes'` })
      .where(eq(codesRetrait.colisID, id));
    const sent = await t.call('POST', `/api/colis/codeRetrait/${id}`, { token: dakar.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const fresh = await codeOf(id, destinataires[0]);
    expect(JSON.stringify(sent.body)).not.toContain(fresh);
    expect((await rowsTo(id, expediteurs[0])).length).toBe(senderRows);
    if (fresh !== old) expect((await retirer(id, dakar.token, old)).status).toBe(409);
    for (const bad of ['12345', 'abcdef', '1234567']) expect((await retirer(id, dakar.token, bad)).status).toBe(400);
    expect((await retirer(id, t.adminToken, fresh)).status).toBe(200);
    // Released: no code to send any more.
    await t.database.db
      .update(codesRetrait)
      .set({ envoyeLe: sql`now() - interval '2 minutes'` })
      .where(eq(codesRetrait.colisID, id));
    expect((await t.call('POST', `/api/colis/codeRetrait/${id}`, { token: dakar.token })).status).toBe(409);
  });
});
