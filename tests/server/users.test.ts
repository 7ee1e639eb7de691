/**
 * Staff administration (spec 001 §2 Users, §4–§8; docs/decisions/staff-accounts.md): user/liste, listeAdmin, create,
 * update, delete, historique and typeUser/getAll; the generated password (never answered nor logged, mailed through the
 * outbox), the forced change at first sign-in, recovery, sessions killed by deactivation and role change, the
 * escalation rules and the audit trail.
 */
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { agences, audits, mailOutbox, pays, roles, typeUsers, users } from '../../server/db/schema';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../server/plugins/access';
import { USER_MESSAGES } from '../../server/user/service';
import { AGENT_PERMISSION_KEYS, type PermissionKey } from '../../common/permissions';
import { idByCode, insertRoleWithKeys } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig, TEST_ADMIN } from './testConfig';

let t: TestContext;
let ids: {
  fr: string;
  sn: string;
  par1: string;
  mrs1: string;
  dkr1: string;
  agent: string;
  admin: string;
  superadmin: string;
  client: string;
  staffType: string;
};

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const role = async (code: string) => (await db.select().from(roles).where(eq(roles.code, code)))[0].id;
  const type = async (code: string) => (await db.select().from(typeUsers).where(eq(typeUsers.code, code)))[0].id;
  ids = {
    fr: await idByCode(db, pays, 'FR'),
    sn: await idByCode(db, pays, 'SN'),
    par1: await idByCode(db, agences, 'PAR1'),
    mrs1: await idByCode(db, agences, 'MRS1'),
    dkr1: await idByCode(db, agences, 'DKR1'),
    agent: await role('AGENT'),
    admin: await role('ADMIN'),
    superadmin: await role('SUPERADMIN'),
    client: await role('CLIENT'),
    staffType: await type('ADMIN'),
  };
});
afterAll(() => t.close());

/** A unique body of user/create for an agent of PAR1 (France), with a fresh e-mail and phone. */
function newAgent(over: Record<string, unknown> = {}) {
  const n = Math.floor(100_000_000 + Math.random() * 99_999_999);
  return {
    nom: 'Nouveau',
    prenoms: 'Agent',
    email: `nouveau-${randomUUID().slice(0, 8)}@test.local`,
    adresse: '1 rue du Test, Paris',
    telephone: `6${String(n).slice(1)}`,
    paysID: ids.fr,
    roleID: ids.agent,
    typeUserID: ids.staffType,
    agenceID: ids.par1,
    ...over,
  };
}

/** The mails queued for an address, newest first. */
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

/** The password written in the welcome mail. */
const passwordIn = (html: string) => /<strong data-password>([^<]+)<\/strong>/.exec(html)![1].replace(/&amp;/g, '&');

/** Creates an agent through the API as the administrator and returns its record and mailed password. */
async function createAgent(over: Record<string, unknown> = {}, token = t.adminToken) {
  const body = newAgent(over);
  const res = await t.call('POST', '/api/user/create', { token, body });
  if (res.status !== 200) throw new Error(`user/create ${res.status} ${JSON.stringify(res.body)}`);
  const [mail] = await mailsTo(body.email);
  return { user: res.body.data, body, password: passwordIn(mail.html) };
}

/** Signs in and changes the generated password; returns the fresh token. */
async function firstSignIn(email: string, password: string, newPassword = 'Choisi-Par-Moi-42') {
  const token = await t.login(email, password);
  const me = await t.call('GET', '/api/user/getBy/x', { token });
  expect(me.status).toBe(403);
  const login = await t.call('POST', '/api/auth/loginAD', { body: { email, password } });
  const id = login.body.data.id as string;
  const res = await t.call('POST', `/api/auth/changePassword/${id}`, { token, body: { oldPassword: password, newPassword } });
  expect(res.status).toBe(200);
  return { id, token: res.body.token as string };
}

describe('user/create: generated password', () => {
  it('mails a strong password once, never answers nor logs it, and the user must change it at first sign-in', async () => {
    // A second app on the same database with every log line captured.
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ db: t.database.db, config: testConfig(), logger: { level: 'trace', stream }, uiDir: '/nonexistent' });
    await logged.ready();
    const body = newAgent({ email: `Mixed-${randomUUID().slice(0, 6)}@Test.local` });
    const res = await logged.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: { authorization: `Bearer ${t.adminToken}` },
      payload: body,
    });
    await logged.close();
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe('Utilisateur créé  avec succès');
    expect(answer.data).toMatchObject({ nom: 'Nouveau', email: body.email.toLowerCase(), mustChangePassword: true, isActive: true });
    expect(answer.data.roleID.code).toBe('AGENT');
    expect(answer.data.agenceID.code).toBe('PAR1');
    expect(answer.data.telephoneComplet).toBe(`+33${body.telephone}`);

    const mails = await mailsTo(body.email.toLowerCase());
    expect(mails).toHaveLength(1);
    const password = passwordIn(mails[0].html);
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/\d/);
    expect(password).toMatch(/[^A-Za-z0-9]/);
    expect(res.body).not.toContain(password);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(password);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, answer.data.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.mustChangePassword).toBe(true);
    const [audit] = await t.database.db.select().from(audits).where(eq(audits.entiteID, answer.data.id));
    expect(audit).toMatchObject({ action: 'create', entite: 'user' });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|password/i);

    // Sign-in works and says so; every call but the password change answers 403 until it is changed.
    const login = await t.call('POST', '/api/auth/loginAD', { body: { email: body.email, password } });
    expect(login.status).toBe(200);
    expect(login.body.mustChangePassword).toBe(true);
    expect(login.body.data.mustChangePassword).toBe(true);
    const token = login.body.token as string;
    for (const url of ['/api/user/getBy/' + answer.data.id, `/api/autorisation/listePermissionByRoleID/${ids.agent}`, '/api/envoi/liste']) {
      const refused = await t.call('GET', url, { token });
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe(MUST_CHANGE_PASSWORD_MESSAGE);
    }
    const same = await t.call('POST', `/api/auth/changePassword/${answer.data.id}`, {
      token,
      body: { oldPassword: password, newPassword: password },
    });
    expect(same.status).toBe(400);
    const changed = await t.call('POST', `/api/auth/changePassword/${answer.data.id}`, {
      token,
      body: { oldPassword: password, newPassword: 'Mon-Nouveau-Mdp-1' },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/envoi/liste', { token })).status).toBe(401);
    const fresh = changed.body.token as string;
    expect((await t.call('GET', '/api/envoi/liste', { token: fresh })).status).toBe(200);
    const again = await t.call('POST', '/api/auth/loginAD', { body: { email: body.email, password: 'Mon-Nouveau-Mdp-1' } });
    expect(again.body.mustChangePassword).toBe(false);
    const history = await t.call('GET', `/api/user/historique/${answer.data.id}`, { token: t.adminToken });
    expect(history.body.datas.map((r: { action: string }) => r.action)).toEqual(['password', 'create']);
  });

  it('lets a new user recover its account by code, which clears the obligation to change the password', async () => {
    const { body } = await createAgent();
    const forgot = await t.call('POST', '/api/auth/forgotPassword', {
      body: { telephoneComplet: `+33${body.telephone}`, email: body.email },
    });
    expect(forgot.status).toBe(200);
    const [mail] = await mailsTo(body.email);
    const code = /<strong>(\d{6})<\/strong>/.exec(mail.html)![1];
    const reset = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: `+33${body.telephone}`, otp: code, newPassword: 'Recupere-123' },
    });
    expect(reset.status).toBe(200);
    const login = await t.call('POST', '/api/auth/loginAD', { body: { email: body.email, password: 'Recupere-123' } });
    expect(login.body.mustChangePassword).toBe(false);
    expect((await t.call('GET', '/api/envoi/liste', { token: login.body.token })).status).toBe(200);
  });
});

describe('user/create: rules', () => {
  it('refuses a duplicate e-mail in another case and a duplicate phone of the same country with 409 in French', async () => {
    const { body } = await createAgent();
    const email = await t.call('POST', '/api/user/create', { token: t.adminToken, body: newAgent({ email: body.email.toUpperCase() }) });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ message: USER_MESSAGES.emailTaken, errors: { email: USER_MESSAGES.emailTaken } });
    const phone = await t.call('POST', '/api/user/create', { token: t.adminToken, body: newAgent({ telephone: `0${body.telephone}` }) });
    expect(phone.status).toBe(409);
    expect(phone.body.errors.telephone).toBe(USER_MESSAGES.phoneTaken);
    // The same national number in another country is another number.
    const sn = await t.call('POST', '/api/user/create', {
      token: t.adminToken,
      body: newAgent({ telephone: `7${body.telephone.slice(1)}`, paysID: ids.sn, agenceID: ids.dkr1 }),
    });
    expect(sn.status).toBe(200);
    expect(sn.body.data.telephoneComplet).toBe(`+2217${body.telephone.slice(1)}`);
  });

  it('refuses malformed bodies, inactive or mismatched references and an agency role without agency', async () => {
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ nom: '' }, 400, 'nom'],
      [{ email: 'pas-un-email' }, 400, 'email'],
      [{ paysID: 'x' }, 400, 'paysID'],
      [{ paysID: randomUUID() }, 400, 'paysID'],
      [{ roleID: randomUUID() }, 400, 'roleID'],
      [{ roleID: ids.client }, 400, 'roleID'],
      [{ typeUserID: randomUUID() }, 400, 'typeUserID'],
      [{ agenceID: null }, 400, 'agenceID'],
      [{ agenceID: ids.dkr1 }, 400, 'agenceID'],
      [{ telephone: '12ab' }, 400, 'telephone'],
      [{ telephone: '+221 77 123 45 67' }, 400, 'telephone'],
      [{ adresse: 42 }, 400, 'adresse'],
    ];
    for (const [over, status, field] of cases) {
      const res = await t.call('POST', '/api/user/create', { token: t.adminToken, body: newAgent(over) });
      expect(res.status, JSON.stringify(over)).toBe(status);
      if (field) expect(Object.keys(res.body.errors ?? {}), JSON.stringify(over)).toContain(field);
    }
    const db = t.database.db;
    await db.update(agences).set({ isActive: false }).where(eq(agences.id, ids.mrs1));
    try {
      const inactive = await t.call('POST', '/api/user/create', { token: t.adminToken, body: newAgent({ agenceID: ids.mrs1 }) });
      expect(inactive.status).toBe(400);
      expect(inactive.body.errors.agenceID).toBe(USER_MESSAGES.agenceInvalid);
    } finally {
      await db.update(agences).set({ isActive: true }).where(eq(agences.id, ids.mrs1));
    }
    const none = await t.call('POST', '/api/user/create', { token: t.adminToken, body: [1, 2] });
    expect(none.status).toBe(400);
    expect((await t.call('POST', '/api/user/create', { token: null, body: newAgent() })).status).toBe(401);
    expect((await t.call('POST', '/api/user/create', { token: 'forged.token.value', body: newAgent() })).status).toBe(401);
  });
});

describe('escalation and scopes', () => {
  it('only a SUPERADMIN creates, changes, deactivates or deletes an ADMIN or SUPERADMIN', async () => {
    const other = await t.createStaff('ADMIN');
    const sa = await t.createStaff('SUPERADMIN');
    const asAdmin = await t.call('POST', '/api/user/create', {
      token: t.adminToken,
      body: newAgent({ roleID: ids.admin, agenceID: null }),
    });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe(USER_MESSAGES.privilegedRole);
    const asSuper = await t.call('POST', '/api/user/create', {
      token: t.adminToken,
      body: newAgent({ roleID: ids.superadmin, agenceID: null }),
    });
    expect(asSuper.status).toBe(403);
    for (const target of [other.id, sa.id]) {
      expect((await t.call('PUT', `/api/user/update/${target}`, { token: t.adminToken, body: { isActive: false } })).status).toBe(403);
      expect(
        (await t.call('PUT', `/api/user/update/${target}`, { token: t.adminToken, body: { nom: 'X', prenoms: 'Y', adresse: 'Z' } })).status,
      ).toBe(403);
      expect((await t.call('DELETE', `/api/user/delete/${target}`, { token: t.adminToken })).status).toBe(403);
    }
    // An ADMIN does not promote an agent either.
    const { user } = await createAgent();
    const promote = await t.call('PUT', `/api/user/update/${user.id}`, {
      token: t.adminToken,
      body: { nom: 'N', prenoms: 'P', adresse: 'A', paysID: ids.fr, roleID: ids.admin, agenceID: null },
    });
    expect(promote.status).toBe(403);
    // A SUPERADMIN may.
    const byStaff = await t.call('POST', '/api/user/create', { token: sa.token, body: newAgent({ roleID: ids.admin, agenceID: null }) });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.data.roleID.code).toBe('ADMIN');
    expect((await t.call('PUT', `/api/user/update/${other.id}`, { token: sa.token, body: { isActive: false } })).status).toBe(200);
  });

  it('nobody deactivates, deletes, demotes or moves itself', async () => {
    const sa = await t.createStaff('SUPERADMIN');
    const me = (await t.call('POST', '/api/auth/loginAD', { body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword } }))
      .body.data;
    expect((await t.call('PUT', `/api/user/update/${me.id}`, { token: t.adminToken, body: { isActive: false } })).body.message).toBe(
      USER_MESSAGES.selfDeactivate,
    );
    expect((await t.call('DELETE', `/api/user/delete/${me.id}`, { token: t.adminToken })).status).toBe(403);
    const demote = await t.call('PUT', `/api/user/update/${me.id}`, {
      token: t.adminToken,
      body: { nom: me.nom, prenoms: me.prenoms, adresse: me.adresse, paysID: me.paysID.id, roleID: ids.agent, agenceID: ids.par1 },
    });
    expect(demote.status).toBe(403);
    expect(demote.body.message).toBe(USER_MESSAGES.selfRole);
    const superSelf = await t.call('DELETE', `/api/user/delete/${sa.id}`, { token: sa.token });
    expect(superSelf.status).toBe(403);
    // Its own profile still changes.
    const profile = await t.call('PUT', `/api/user/update/${me.id}`, {
      token: t.adminToken,
      body: { nom: me.nom, prenoms: me.prenoms, adresse: 'Nouvelle adresse' },
    });
    expect(profile.status).toBe(200);
  });

  it('an agency role lists and manages its own agency only', async () => {
    // It holds the keys of the role it gives (AGENT): nobody gives a key it does not hold.
    await insertRoleWithKeys(t.database.db, 'CHEF_AGENCE', [
      ...new Set<PermissionKey>([...AGENT_PERMISSION_KEYS, 'user', 'addUser', 'userUpdate', 'userUpdateStatut', 'userDelete', 'profil']),
    ]);
    const chef = await t.createStaff('CHEF_AGENCE', { agenceCode: 'PAR1' });
    const mrs = await createAgent({ agenceID: ids.mrs1 });
    const list = await t.call('GET', '/api/user/liste?_page=1&_perPage=500', { token: chef.token });
    expect(list.status).toBe(200);
    expect(list.body.datas.length).toBeGreaterThan(0);
    expect(list.body.datas.every((u: { agenceID: { code: string } | null }) => u.agenceID?.code === 'PAR1')).toBe(true);
    const admins = await t.call('GET', '/api/user/listeAdmin', { token: chef.token });
    expect(admins.body.datas.every((u: { agenceID: { code: string } | null }) => u.agenceID?.code === 'PAR1')).toBe(true);
    expect((await t.call('GET', `/api/user/getBy/${mrs.user.id}`, { token: chef.token })).status).toBe(403);
    expect((await t.call('GET', `/api/user/historique/${mrs.user.id}`, { token: chef.token })).status).toBe(403);
    expect((await t.call('PUT', `/api/user/update/${mrs.user.id}`, { token: chef.token, body: { isActive: false } })).status).toBe(403);
    expect((await t.call('DELETE', `/api/user/delete/${mrs.user.id}`, { token: chef.token })).status).toBe(403);
    const elsewhere = await t.call('POST', '/api/user/create', { token: chef.token, body: newAgent({ agenceID: ids.mrs1 }) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe(USER_MESSAGES.agenceOther);
    const own = await t.call('POST', '/api/user/create', { token: chef.token, body: newAgent() });
    expect(own.status).toBe(200);
    // It may not move one of its staff to another agency.
    const move = await t.call('PUT', `/api/user/update/${own.body.data.id}`, {
      token: chef.token,
      body: { nom: 'N', prenoms: 'P', adresse: 'A', paysID: ids.fr, roleID: ids.agent, agenceID: ids.mrs1 },
    });
    expect(move.status).toBe(403);
    // An agent without the keys lists nobody.
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    expect((await t.call('GET', '/api/user/liste', { token: agent.token })).status).toBe(403);
    expect((await t.call('POST', '/api/user/create', { token: agent.token, body: newAgent() })).status).toBe(403);
  });
});

describe('user/update, status, delete', () => {
  it('applies a role, agency and country change (once silently dropped) and kills the sessions at once', async () => {
    const { user, body, password } = await createAgent();
    const { token } = await firstSignIn(body.email, password);
    expect((await t.call('GET', '/api/envoi/liste', { token })).status).toBe(200);
    const res = await t.call('PUT', `/api/user/update/${user.id}`, {
      token: t.adminToken,
      body: {
        nom: 'Renommé',
        prenoms: 'Agent',
        adresse: 'Dakar',
        paysID: ids.sn,
        roleID: ids.agent,
        agenceID: ids.dkr1,
        email: body.email,
        telephone: body.telephone,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Mise à jour de l'utilisateur réussie !");
    expect(res.body.data).toMatchObject({ nom: 'Renommé', paysID: { id: ids.sn }, agenceID: { id: ids.dkr1 } });
    expect((await t.call('GET', '/api/envoi/liste', { token })).status).toBe(401);

    await insertRoleWithKeys(t.database.db, 'AUTRE_ROLE', ['profil', 'depart']);
    const [autre] = await t.database.db.select().from(roles).where(eq(roles.code, 'AUTRE_ROLE'));
    const token2 = await t.login(body.email, 'Choisi-Par-Moi-42');
    const role = await t.call('PUT', `/api/user/update/${user.id}`, {
      token: t.adminToken,
      body: { nom: 'Renommé', prenoms: 'Agent', adresse: 'Dakar', paysID: ids.sn, roleID: autre.id, agenceID: ids.dkr1 },
    });
    expect(role.status).toBe(200);
    expect(role.body.data.roleID.code).toBe('AUTRE_ROLE');
    expect((await t.call('GET', '/api/envoi/liste', { token: token2 })).status).toBe(401);

    const history = await t.call('GET', `/api/user/historique/${user.id}`, { token: t.adminToken });
    const update = history.body.datas.find((r: { action: string; apres: { role?: string } }) => r.action === 'update' && r.apres.role);
    expect(update).toMatchObject({ avant: { role: 'AGENT' }, apres: { role: 'AUTRE_ROLE' } });
    expect(update.auteur).toContain('Administrateur');
  });

  it('refuses a changed e-mail or phone, a malformed staff body, and a guessed id', async () => {
    const { user, body } = await createAgent();
    const full = { nom: 'N', prenoms: 'P', adresse: 'A', paysID: ids.fr, roleID: ids.agent, agenceID: ids.par1 };
    const email = await t.call('PUT', `/api/user/update/${user.id}`, { token: t.adminToken, body: { ...full, email: 'autre@test.local' } });
    expect(email.status).toBe(400);
    expect(email.body.errors.email).toBe(USER_MESSAGES.emailReadOnly);
    const phone = await t.call('PUT', `/api/user/update/${user.id}`, { token: t.adminToken, body: { ...full, telephone: '699999999' } });
    expect(phone.status).toBe(400);
    const same = await t.call('PUT', `/api/user/update/${user.id}`, {
      token: t.adminToken,
      body: { ...full, email: body.email.toUpperCase() },
    });
    expect(same.status).toBe(200);
    // A role, agency or country with bad values is refused, not dropped.
    for (const bad of [
      { roleID: 'x' },
      { paysID: 'x' },
      { nom: 'N', prenoms: 'P', adresse: 'A', roleID: ids.agent },
      { nom: 'N', prenoms: 'P', adresse: 'A', isActive: false },
    ]) {
      const res = await t.call('PUT', `/api/user/update/${user.id}`, {
        token: t.adminToken,
        body: 'nom' in bad ? bad : { ...full, ...bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const ghost = randomUUID();
    expect((await t.call('PUT', `/api/user/update/${ghost}`, { token: t.adminToken, body: full })).status).toBe(404);
    expect((await t.call('DELETE', `/api/user/delete/${ghost}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('GET', `/api/user/historique/${ghost}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', '/api/user/delete/pas-un-id', { token: t.adminToken })).status).toBe(400);
  });

  it('deactivation ends the sessions at once; reactivation is recorded too', async () => {
    const { user, body, password } = await createAgent();
    const { token } = await firstSignIn(body.email, password);
    const off = await t.call('PUT', `/api/user/update/${user.id}`, { token: t.adminToken, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect((await t.call('GET', '/api/envoi/liste', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/loginAD', { body: { email: body.email, password: 'Choisi-Par-Moi-42' } })).status).toBe(403);
    expect((await t.call('PUT', `/api/user/update/${user.id}`, { token: t.adminToken, body: { isActive: true } })).status).toBe(200);
    const listed = await t.call('GET', `/api/user/listeAdmin`, { token: t.adminToken });
    expect(listed.body.datas.some((u: { id: string }) => u.id === user.id)).toBe(true);
    const history = await t.call('GET', `/api/user/historique/${user.id}`, { token: t.adminToken });
    expect(history.body.datas.slice(0, 2).map((r: { action: string; apres: unknown }) => [r.action, r.apres])).toEqual([
      ['statut', { isActive: true }],
      ['statut', { isActive: false }],
    ]);
  });

  it('an administrator resets a password: the old sessions die, the new password is mailed and must be changed', async () => {
    const { user, body, password } = await createAgent();
    const { token } = await firstSignIn(body.email, password);
    const res = await t.call('POST', `/api/user/resetPassword/${user.id}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/data-password/);
    expect((await t.call('GET', '/api/envoi/liste', { token })).status).toBe(401);
    const [mail] = await mailsTo(body.email);
    expect(mail.subject).toMatch(/Réinitialisation/);
    const fresh = passwordIn(mail.html);
    expect(fresh).not.toBe(password);
    const login = await t.call('POST', '/api/auth/loginAD', { body: { email: body.email, password: fresh } });
    expect(login.body.mustChangePassword).toBe(true);
    expect((await t.call('GET', '/api/envoi/liste', { token: login.body.token })).status).toBe(403);
    const history = await t.call('GET', `/api/user/historique/${user.id}`, { token: t.adminToken });
    expect(history.body.datas[0]).toMatchObject({ action: 'password', apres: { motif: 'réinitialisé par un administrateur' } });
    // Not one's own (the profile does it), not an ADMIN by an ADMIN, not a guessed id, not without the key.
    const me = (await t.call('POST', '/api/auth/loginAD', { body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword } }))
      .body.data;
    expect((await t.call('POST', `/api/user/resetPassword/${me.id}`, { token: t.adminToken })).status).toBe(403);
    const other = await t.createStaff('ADMIN');
    expect((await t.call('POST', `/api/user/resetPassword/${other.id}`, { token: t.adminToken })).status).toBe(403);
    expect((await t.call('POST', `/api/user/resetPassword/${randomUUID()}`, { token: t.adminToken })).status).toBe(404);
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    expect((await t.call('POST', `/api/user/resetPassword/${user.id}`, { token: agent.token })).status).toBe(403);
  });

  it('deletes a user who authored nothing, and answers 409 in French for one who did', async () => {
    const fresh = await createAgent();
    const del = await t.call('DELETE', `/api/user/delete/${fresh.user.id}`, { token: t.adminToken });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('suppression effectuée');
    expect(await t.database.db.select().from(users).where(eq(users.id, fresh.user.id))).toHaveLength(0);
    const [gone] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entiteID, fresh.user.id), eq(audits.action, 'delete')));
    expect(gone.avant).toMatchObject({ email: fresh.body.email });

    // A SUPERADMIN who created a user authored an audit entry: it cannot be deleted, only deactivated.
    const sa = await t.createStaff('SUPERADMIN');
    await createAgent({}, sa.token);
    const sa2 = await t.createStaff('SUPERADMIN');
    const refused = await t.call('DELETE', `/api/user/delete/${sa.id}`, { token: sa2.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/ne peut pas être supprimé.*Désactivez-le/);
    // A client is not deleted through this call.
    const [client] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
      .where(eq(typeUsers.code, 'CLIENT'))
      .limit(1);
    if (client) expect((await t.call('DELETE', `/api/user/delete/${client.id}`, { token: t.adminToken })).status).not.toBe(200);
  });
});

describe('lists', () => {
  it('user/liste: staff only, paged, searched by name, e-mail and phone; typeUser/getAll', async () => {
    const { body } = await createAgent({ nom: 'Zébulon' });
    const page = await t.call('GET', '/api/user/liste?_page=1&_perPage=2', { token: t.adminToken });
    expect(page.status).toBe(200);
    expect(page.body.datas).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    for (const q of ['Zébulon', body.email.slice(0, 14), body.telephone.slice(2)]) {
      const res = await t.call('GET', `/api/user/liste?q=${encodeURIComponent(q)}`, { token: t.adminToken });
      expect(
        res.body.datas.map((u: { email: string }) => u.email),
        q,
      ).toContain(body.email);
    }
    const all = await t.call('GET', '/api/user/liste', { token: t.adminToken });
    expect(all.body.datas.every((u: { typeUserID: { code: string } }) => u.typeUserID.code === 'ADMIN')).toBe(true);
    expect(JSON.stringify(all.body)).not.toMatch(/argon2|passwordHash/);
    const types = await t.call('GET', '/api/typeUser/getAll', { token: t.adminToken });
    expect(types.body.datas.map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining(['ADMIN', 'CLIENT']));
    expect((await t.call('GET', '/api/typeUser/getAll', { token: null })).status).toBe(401);
    expect((await t.call('GET', '/api/user/liste', { token: null })).status).toBe(401);
    const count = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count[0].n).toBeGreaterThan(0);
  });
});
