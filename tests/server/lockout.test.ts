/**
 * Lock-outs nobody can impose (docs/decisions/imposed-lock-outs.md; security probe 2026-11-26, F6): a guesser failing
 * on purpose locks its own address out, never the owner at another one.
 * - sign-in: counted on the account from one address (5 free), the address, and the account from every address (100
 *   per hour of the clock); the owner's successful recovery lifts every key of its account;
 * - public tracking: counted on the reference from one address (10 free) and the reference from every address (60 per
 *   hour), so three addresses guessing the digits (F6 probe 6b) leave the recipient its lookups;
 * - deletion code: counted per user (5 free) and per parcel from every user (20 a day), so an agent's wrong codes do
 *   not keep the administrator holding the right code out.
 * The lock screen (securite/verrous) names and scopes the new keys.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { ACCOUNT_POLICY, ACCOUNT_WIDE_POLICY, pairKey, takeAttempt } from '../../server/auth/throttle';
import { colis, mailOutbox, throttles, users } from '../../server/db/schema';
import { describeKey } from '../../server/securite/routes';
import { SUIVI_REFERENCE_POLICY } from '../../server/suivi/service';
import { createEnvoiByApi, deletionCode, insertColis, insertRoleWithKeys } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(throttles));
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;

/** Freezes Date (timers stay real) one minute into the next hour of the clock, so that no hour ends mid-test. */
function earlyInAnHour() {
  const at = (Math.floor(Date.now() / HOUR) + 1) * HOUR + 60_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** A sign-in from `ip` (the socket's address: no proxy is trusted). */
const signIn = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/loginAD', remoteAddress: ip, payload: { email, password } });

/** The throttle rows whose key starts with `prefix`, by key. */
async function rows(prefix: string) {
  const found = await t.database.db
    .select()
    .from(throttles)
    .where(like(throttles.key, `${prefix}%`));
  return Object.fromEntries(found.map((r) => [r.key, r]));
}

/** The 6-digit recovery code last mailed to `email`. */
async function recoveryCode(email: string): Promise<string> {
  const [m] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(sql`${mailOutbox.createdAt} desc`)
    .limit(1);
  return /<strong>(\d{6})<\/strong>/.exec(m.html)![1];
}

describe('sign-in: one address failing on purpose locks itself out, not the owner', () => {
  it('50 wrong passwords from an attacker: 5 checked, its address locked; the owner signs in from its own', async () => {
    const owner = await t.createStaff('AGENT', { password: 'Bon-Mot-De-Passe-1' });
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await signIn(owner.email, `faux-${i}`, attacker)).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);

    // The owner, from another address, is let in at once.
    const ok = await signIn(owner.email, 'Bon-Mot-De-Passe-1', '198.51.100.7');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));

    // The attacker's address stays locked for this account, even with the right password.
    const locked = await signIn(owner.email, 'Bon-Mot-De-Passe-1', attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const keys = await rows('login:');
    const pair = keys[pairKey('login:account', owner.email, attacker)];
    expect(pair.failures).toBe(5);
    expect(pair.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Account-wide: the 5 failures checked (the 45 refused were never counted), the owner's success given back.
    expect(keys[`login:account:${owner.email}`]).toMatchObject({ failures: 5, lockedUntil: null });
    expect(keys[`login:ip:${attacker}`]).toMatchObject({ failures: 5, lockedUntil: null });
    // The owner's address starts again from zero.
    expect(keys[pairKey('login:account', owner.email, '198.51.100.7')]).toMatchObject({ failures: 0, lockedUntil: null });
  });

  it('many addresses together stop at 100 an hour; the owner’s reset by code lifts every key of its account', async () => {
    earlyInAnHour();
    const owner = await t.createStaff('AGENT', { password: 'Bon-Mot-De-Passe-1' });
    const other = await t.createStaff('AGENT', { password: 'Bon-Mot-De-Passe-1' });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    const db = t.database.db;
    // 100 failures spread over 20 addresses (5 each, as the sign-in counts them, without 100 password checks).
    const wide = `login:account:${owner.email}`;
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) {
        await takeAttempt(db, [
          { key: pairKey('login:account', owner.email, `192.0.2.${a}`), policy: ACCOUNT_POLICY },
          { key: wide, policy: ACCOUNT_WIDE_POLICY },
        ]);
      }
    }
    await takeAttempt(db, [{ key: pairKey('login:account', other.email, '192.0.2.1'), policy: ACCOUNT_WIDE_POLICY }]);
    // The account-wide limit now holds the owner too, until the hour ends.
    const held = await signIn(owner.email, 'Bon-Mot-De-Passe-1', '198.51.100.7');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBe(3540);

    // The owner recovers its password by the code mailed to it…
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgotPassword',
      remoteAddress: '198.51.100.7',
      payload: { email: owner.email, telephoneComplet: u.telephoneComplet },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/validerPassword',
      remoteAddress: '198.51.100.7',
      payload: { telephoneComplet: u.telephoneComplet, otp: await recoveryCode(owner.email), newPassword: 'Nouveau-Mot-2' },
    });
    expect(reset.statusCode).toBe(200);

    // …which lifts every key of its account, from every address; another account's keys stay.
    const after = await rows('login:account');
    const mine = [wide, ...Array.from({ length: 20 }, (_, a) => pairKey('login:account', owner.email, `192.0.2.${a}`))];
    for (const key of mine) expect(after[key], key).toMatchObject({ failures: 0, lockedUntil: null });
    expect(after[pairKey('login:account', other.email, '192.0.2.1')].failures).toBe(1);
    expect((await signIn(owner.email, 'Nouveau-Mot-2', '198.51.100.7')).statusCode).toBe(200);
    expect((await signIn(owner.email, 'Nouveau-Mot-2', '192.0.2.3')).statusCode).toBe(200);
  });

  it('the lock screen names a key of one address, and an agency admin sees and lifts those of its own staff only', async () => {
    expect(describeKey('login:account-ip:a.b@test.local|203.0.113.66')).toBe(
      'Connexion — compte a.b@test.local depuis l’adresse 203.0.113.66',
    );
    expect(describeKey('suivi:ref-ip:PAR1-2611-000001|2001:db8::1')).toBe(
      'Suivi public — colis PAR1-2611-000001 depuis l’adresse 2001:db8::1',
    );
    expect(describeKey('login:account:a.b@test.local')).toBe('Connexion — compte a.b@test.local');
    expect(describeKey('export:user:42')).toBe('Exports de listes — utilisateur 42');
    expect(describeKey('inventaire:user:42')).toBe("Relevés d'inventaire — utilisateur 42");

    await insertRoleWithKeys(t.database.db, 'CHEF_LOCK', ['securiteVerrous', 'securiteDeverrouiller']);
    const chef = await t.createStaff('CHEF_LOCK', { agenceCode: 'PAR1' });
    const paris = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const dakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
    const until = new Date(Date.now() + HOUR);
    const parisKey = pairKey('login:account', paris.email, '203.0.113.5');
    const dakarKey = pairKey('login:account', dakar.email, '203.0.113.5');
    // A key that only looks like the Paris account's with something after it: not the same account.
    const lookalike = pairKey('login:account', `${paris.email}.evil`, '203.0.113.5');
    await t.database.db
      .insert(throttles)
      .values([parisKey, dakarKey, lookalike].map((key) => ({ key, failures: 7, lastAttemptAt: new Date(), lockedUntil: until })));
    const seen = await t.call('GET', '/api/securite/verrous', { token: chef.token });
    expect(seen.status).toBe(200);
    expect(seen.body.datas.map((l: { key: string }) => l.key)).toEqual([parisKey]);
    expect(seen.body.datas[0].libelle).toBe(`Connexion — compte ${paris.email} depuis l’adresse 203.0.113.5`);
    expect((await t.call('POST', '/api/securite/deverrouiller', { token: chef.token, body: { key: dakarKey } })).status).toBe(404);
    expect((await t.call('POST', '/api/securite/deverrouiller', { token: chef.token, body: { key: lookalike } })).status).toBe(404);
    expect((await t.call('POST', '/api/securite/deverrouiller', { token: chef.token, body: { key: parisKey } })).status).toBe(200);
    const left = await rows('login:account-ip:');
    expect(left[parisKey].lockedUntil).toBeNull();
    expect(left[dakarKey].lockedUntil).not.toBeNull();
    expect(left[lookalike].lockedUntil).not.toBeNull();
  });
});

describe('public tracking: three addresses guessing the digits leave the recipient its lookups', () => {
  /** A registered parcel, the last 4 digits of its recipient's phone, and 4 digits that match none of its phones. */
  async function trackedParcel() {
    const e = await createEnvoiByApi(t);
    const colisId = await insertColis(t.database.db, { envoiID: e.id, statut: 'RECEPTIONNE', agence: 'PAR1' });
    const [row] = await t.database.db.select().from(colis).where(eq(colis.id, colisId));
    const [dest] = await t.database.db.select().from(users).where(eq(users.id, row.destinataireID!));
    const ends = [dest.telephoneComplet, dest.telephone].map((p) => (p ?? '').replace(/\D/g, '').slice(-4));
    const wrong = ['9999', '8888', '7777'].find((d) => !ends.includes(d))!;
    return { reference: row.reference, digits: ends[0], wrong };
  }
  const lookup = (reference: string, digits: string, ip: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/suivi?reference=${reference}&telephone=${digits}`, remoteAddress: ip });

  it('15 wrong lookups from each of 3 addresses: 10 each checked, then 429 there; the right digits from a 4th: 200', async () => {
    earlyInAnHour();
    const p = await trackedParcel();
    const wrong = p.wrong;
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const answers: number[] = [];
      for (let i = 0; i < 15; i++) answers.push((await lookup(p.reference, wrong, ip)).statusCode);
      expect(answers, ip).toEqual([...Array(10).fill(404), ...Array(5).fill(429)]);
    }
    // One of the guessers is still held, even with the right digits.
    expect((await lookup(p.reference, p.digits, '203.0.113.1')).statusCode).toBe(429);
    const right = await lookup(p.reference, p.digits, '198.51.100.20');
    expect(right.statusCode).toBe(200);
    expect(right.json().data.reference).toBe(p.reference);
    const keys = await rows('suivi:');
    // 30 counted on the reference, the right answer given back.
    expect(keys[`suivi:ref:${p.reference.toUpperCase()}`]).toMatchObject({ failures: 30, lockedUntil: null });
  });

  it('from every address together, the 61st lookup of an hour is refused, the right digits too', async () => {
    earlyInAnHour();
    const p = await trackedParcel();
    const wrong = p.wrong;
    for (let a = 0; a < 6; a++) {
      for (let i = 0; i < 10; i++) expect((await lookup(p.reference, wrong, `192.0.2.${a}`)).statusCode).toBe(404);
    }
    const held = await lookup(p.reference, p.digits, '198.51.100.21');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Trop de recherches pour ce colis/);
    expect(Number(held.headers['retry-after'])).toBe(3540);
    expect(SUIVI_REFERENCE_POLICY.free).toBe(60);
  });
});

describe('deletion code: an agent’s wrong codes do not keep the administrator out', () => {
  it('5 wrong codes lock the agent; the administrator with the right code deletes the parcel', async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const e = await createEnvoiByApi(t);
    const colisId = await insertColis(t.database.db, { envoiID: e.id, statut: 'RECEPTIONNE', agence: 'PAR1' });
    const [parcel] = await t.database.db.select().from(colis).where(eq(colis.id, colisId));
    expect((await t.call('DELETE', `/api/colis/delete/${colisId}/AGENT`, { token: agent.token })).status).toBe(202);
    const code = await deletionCode(t.database.db, parcel.reference);
    const wrong = code === '0000' ? '1111' : '0000';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId, codeOtp: wrong } })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    // The code itself is spent after 5 wrong tries: the administrator asks for a new one (3 a day at most)…
    const asked = await t.call('DELETE', `/api/colis/delete/${colisId}/ADMIN`, { token: t.adminToken });
    expect(asked.status).toBe(202);
    const fresh = await deletionCode(t.database.db, parcel.reference);
    // …and its own count and the parcel's are not locked by the agent.
    const done = await t.call('POST', '/api/colis/deleteWithOtp', { token: t.adminToken, body: { colisId, codeOtp: fresh } });
    expect(done.status).toBe(200);
    const [after] = await t.database.db.select().from(colis).where(eq(colis.id, colisId));
    expect(after.deletedAt).not.toBeNull();
    const [agentKey] = await t.database.db
      .select()
      .from(throttles)
      .where(eq(throttles.key, `otp:user:${agent.id}`));
    expect(agentKey.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});
