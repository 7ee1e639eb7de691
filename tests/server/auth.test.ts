/**
 * Sign-in and access (spec 000 §2 Login, Forgot password, Profile; §5; docs/architecture.md §4): argon2id passwords,
 * user type ADMIN only, tokens that die on password change and deactivation, recovery codes through the outbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { codesOtp, mailOutbox, throttles, typeUsers, users } from '../../server/db/schema';
import argon2 from 'argon2';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { createTokenService } from '../../server/auth/tokens';
import { setupTestApp, type TestContext } from './helpers';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('auth/loginAD', () => {
  it('signs the administrator in with a token and the populated user', async () => {
    const res = await t.call('POST', '/api/auth/loginAD', {
      body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword, type: 'ADMIN' },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.data.email).toBe(TEST_ADMIN.adminEmail);
    expect(res.body.data._id).toBe(res.body.data.id);
    expect(res.body.data.roleID.code).toBe('ADMIN');
    expect(res.body.data.typeUserID.code).toBe('ADMIN');
    expect(res.body.data.passwordHash).toBeUndefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, TEST_ADMIN.adminEmail));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // The seeded accounts (the administrator, the demo agents) carry the same parameters as any other hash.
    const seeded = await t.database.db.select({ email: users.email, h: users.passwordHash }).from(users);
    expect(seeded.length).toBeGreaterThan(1);
    for (const u of seeded) expect(u.h, u.email ?? '').toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses a wrong password with a message', async () => {
    const res = await t.call('POST', '/api/auth/loginAD', { body: { email: TEST_ADMIN.adminEmail, password: 'mauvais' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, message: 'Email ou mot de passe incorrect.' });
  });

  it('validates the body with the spec messages', async () => {
    const res = await t.call('POST', '/api/auth/loginAD', { body: { email: 'pas-un-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBe('Email invalide !');
    expect(res.body.errors.password).toBe('Votre mot de passe est obligatoire !');
  });

  it("refuses a user whose type is not ADMIN: 'Accès non autorisé'", async () => {
    const db = t.database.db;
    const [client] = await db.select().from(typeUsers).where(eq(typeUsers.code, 'CLIENT'));
    await db.insert(users).values({
      nom: 'Client',
      prenoms: 'Test',
      email: 'client@test.local',
      passwordHash: await hashPassword('Client-123!'),
      typeUserID: client.id,
      telephoneComplet: '+221770000001',
    });
    const res = await t.call('POST', '/api/auth/loginAD', { body: { email: 'client@test.local', password: 'Client-123!' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Accès non autorisé');
  });

  it('throttles repeated attempts (429)', async () => {
    const app = await buildApp({
      db: t.database.db,
      config: { ...loadConfig({ JWT_SECRET: 'x'.repeat(20) }), loginRateLimit: 3 },
      logger: false,
      uiDir: '/none',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: { email: 'personne@test.local', password: 'faux' } });
      statuses.push(r.statusCode);
    }
    await app.close();
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[4]).toBe(429);
  });
});

describe('password hashes', () => {
  it("are argon2id with OWASP's minimum parameters, and a hash made with other parameters still verifies", async () => {
    const hash = await hashPassword('Secret123!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Secret123!')).toBe(true);
    expect(await verifyPassword(hash, 'secret123!')).toBe(false);
    const older = await argon2.hash('Secret123!', { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    expect(await verifyPassword(older, 'Secret123!')).toBe(true);
  });

  it('a hash made with other parameters (the library defaults) is replaced at the next sign-in, the password kept', async () => {
    const staff = await t.createStaff('AGENT', { password: 'Ancien-Hash-1' });
    const older = await argon2.hash('Ancien-Hash-1', { type: argon2.argon2id });
    await t.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, staff.id));
    const hashOf = async () => (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, staff.id)))[0].h;
    await expect(t.login(staff.email, 'Mauvais-Hash-1')).rejects.toThrow(/401/);
    expect(await hashOf()).toBe(older);
    await t.login(staff.email, 'Ancien-Hash-1');
    const renewed = await hashOf();
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await t.login(staff.email, 'Ancien-Hash-1');
    expect(await hashOf()).toBe(renewed);
  });
});

describe('tokens die with the password or the account', () => {
  it('changePassword: wrong old password is 401 with the spec message; a right one kills older tokens', async () => {
    const staff = await t.createStaff('AGENT', { password: 'Ancien-Pass-1' });
    const wrong = await t.call('POST', `/api/auth/changePassword/${staff.id}`, {
      token: staff.token,
      body: { oldPassword: 'faux', newPassword: 'Nouveau-Pass-1' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Mise à jour échouée, ancien mot de passe incorrect !');

    const ok = await t.call('POST', `/api/auth/changePassword/${staff.id}`, {
      token: staff.token,
      body: { oldPassword: 'Ancien-Pass-1', newPassword: 'Nouveau-Pass-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Mise à jour des informations réussie !');
    expect((await t.call('GET', `/api/user/getBy/${staff.id}`, { token: staff.token })).status).toBe(401);
    expect((await t.call('GET', `/api/user/getBy/${staff.id}`, { token: ok.body.token })).status).toBe(200);
    await expect(t.login(staff.email, 'Ancien-Pass-1')).rejects.toThrow(/401/);
    expect(await t.login(staff.email, 'Nouveau-Pass-1')).toBeTruthy();
  });

  it("cannot change another user's password", async () => {
    const a = await t.createStaff('AGENT');
    const b = await t.createStaff('AGENT');
    const res = await t.call('POST', `/api/auth/changePassword/${b.id}`, {
      token: a.token,
      body: { oldPassword: 'Staff-Pass-123', newPassword: 'Autre-Pass-123' },
    });
    expect(res.status).toBe(403);
  });

  it('deactivating a user kills its tokens and its sign-in', async () => {
    const staff = await t.createStaff('AGENT');
    const res = await t.call('PUT', `/api/user/update/${staff.id}`, { token: t.adminToken, body: { isActive: false } });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await t.call('GET', `/api/user/getBy/${staff.id}`, { token: staff.token })).status).toBe(401);
    const again = await t.call('POST', '/api/auth/loginAD', { body: { email: staff.email, password: 'Staff-Pass-123' } });
    expect(again.status).toBe(403);
  });
});

describe('password recovery', () => {
  async function lastMailTo(email: string) {
    const [m] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return m;
  }

  it('answers the same for an unknown account and queues nothing', async () => {
    const res = await t.call('POST', '/api/auth/forgotPassword', {
      body: { telephoneComplet: '+33100000000', email: 'inconnu@test.local' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Si ces informations correspondent à un compte, un code a été envoyé.' });
    expect(await lastMailTo('inconnu@test.local')).toBeUndefined();
  });

  it('e-mails a 6-digit code (never in the answer) that resets the password once', async () => {
    const staff = await t.createStaff('AGENT');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    const res = await t.call('POST', '/api/auth/forgotPassword', { body: { telephoneComplet: u.telephoneComplet, email: staff.email } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/);
    const mail = await lastMailTo(staff.email);
    const code = /<strong>(\d{6})<\/strong>/.exec(mail.html)![1];

    const wrong = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code === '000000' ? '111111' : '000000', newPassword: 'Reset-Pass-123' },
    });
    expect(wrong.status).toBe(400);
    const ok = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code, newPassword: 'Reset-Pass-123' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Mot de passe réinitialisé avec succès !');
    expect((await t.call('GET', `/api/user/getBy/${staff.id}`, { token: staff.token })).status).toBe(401);
    expect(await t.login(staff.email, 'Reset-Pass-123')).toBeTruthy();
    const reuse = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code, newPassword: 'Other-Pass-123' },
    });
    expect(reuse.status).toBe(400);
  });

  it('locks the code after 5 wrong attempts and refuses an expired one', async () => {
    const staff = await t.createStaff('AGENT');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    await t.call('POST', '/api/auth/forgotPassword', { body: { telephoneComplet: u.telephoneComplet, email: staff.email } });
    const code = /<strong>(\d{6})<\/strong>/.exec((await lastMailTo(staff.email)).html)![1];
    const bad = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await t.call('POST', '/api/auth/validerPassword', {
        body: { telephoneComplet: u.telephoneComplet, otp: bad, newPassword: 'Reset-Pass-123' },
      });
    }
    // The sixth try, even with the right code, is refused by the account's throttle (counted in the database).
    const locked = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code, newPassword: 'Reset-Pass-123' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Trop de tentatives/);
    // Once the back-off has passed, that code is spent (5 wrong tries on it).
    await t.database.db.update(throttles).set({ lockedUntil: null });
    const spent = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code, newPassword: 'Reset-Pass-123' },
    });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toMatch(/Trop de tentatives/);
    await t.database.db.delete(throttles);

    await t.call('POST', '/api/auth/forgotPassword', { body: { telephoneComplet: u.telephoneComplet, email: staff.email } });
    const code2 = /<strong>(\d{6})<\/strong>/.exec((await lastMailTo(staff.email)).html)![1];
    await t.database.db
      .update(codesOtp)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(codesOtp.userID, staff.id));
    const expired = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code2, newPassword: 'Reset-Pass-123' },
    });
    expect(expired.status).toBe(400);
  });
});

describe('profile and permissions of the session', () => {
  it('reads and updates its own profile with the profil key', async () => {
    const staff = await t.createStaff('AGENT');
    const res = await t.call('PUT', `/api/user/update/${staff.id}`, {
      token: staff.token,
      body: { nom: 'Diallo', prenoms: 'Awa', adresse: '12 rue de Paris' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Mise à jour des informations réussie !');
    const got = await t.call('GET', `/api/user/getBy/${staff.id}`, { token: staff.token });
    expect(got.body.data).toMatchObject({ nom: 'Diallo', prenoms: 'Awa', adresse: '12 rue de Paris' });
    const empty = await t.call('PUT', `/api/user/update/${staff.id}`, { token: staff.token, body: { nom: '', prenoms: 'Awa' } });
    expect(empty.status).toBe(400);
  });

  it("lists the own role's permissions, not another role's", async () => {
    const staff = await t.createStaff('AGENT');
    const me = await t.call('GET', `/api/user/getBy/${staff.id}`, { token: staff.token });
    const own = await t.call('GET', `/api/autorisation/listePermissionByRoleID/${me.body.data.roleID.id}`, { token: staff.token });
    expect(own.status).toBe(200);
    const keys = own.body.datas.map((a: { privilegeID: { libelle: string } }) => a.privilegeID.libelle);
    expect(keys).toContain('colis');
    expect(keys).not.toContain('pays');
    const adminMe = await t.call('POST', '/api/auth/loginAD', {
      body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword },
    });
    const other = await t.call('GET', `/api/autorisation/listePermissionByRoleID/${adminMe.body.data.roleID.id}`, { token: staff.token });
    expect(other.status).toBe(403);
  });
});

describe('tokens remembered once verified', () => {
  it('a remembered token still dies at its expiry; a forged or other-secret token never passes', () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const start = Date.UTC(2026, 10, 25, 12, 0, 0);
      now.mockReturnValue(start);
      const tokens = createTokenService('secret-de-test-0123456789', 60);
      const token = tokens.sign('01234567-89ab-7def-8123-456789abcdef', 3);
      expect(tokens.verify(token)).toEqual({ sub: '01234567-89ab-7def-8123-456789abcdef', tv: 3 });
      // Remembered now; a changed signature or payload is another text, checked in full.
      const [h, p, sig] = token.split('.');
      expect(tokens.verify(`${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)).toBeNull();
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...payload, tv: 4 })).toString('base64url');
      expect(tokens.verify(`${h}.${forged}.${sig}`)).toBeNull();
      expect(createTokenService('un-autre-secret-0123456789', 60).verify(token)).toBeNull();
      now.mockReturnValue(start + 59_999);
      expect(tokens.verify(token)).toEqual({ sub: '01234567-89ab-7def-8123-456789abcdef', tv: 3 });
      now.mockReturnValue(start + 60_000);
      expect(tokens.verify(token)).toBeNull();
      now.mockReturnValue(start);
      expect(tokens.verify(token)).toEqual({ sub: '01234567-89ab-7def-8123-456789abcdef', tv: 3 });
    } finally {
      now.mockRestore();
    }
  });
});
