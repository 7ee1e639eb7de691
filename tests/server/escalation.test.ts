/**
 * Access that no administration can break (docs/decisions/role-identity.md, docs/decisions/no-lock-out.md;
 * common/autorisationRules.ts): as an agency-scoped role holding the keys of access administration (autorisation,
 * role, roleUpdate, user, permission…), every escalation of the outside probe (security-probe F1) and every lock-out of
 * the part-001 audit (B1–B3) is tried through the API; each must be refused and leave the access tables exactly as
 * they were. Then what the ADMIN itself may not break, and the database's own guard against a lock-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_RULE_MESSAGES } from '../../common/autorisationRules';
import { agences, autorisations, privileges, roles, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { AGENCY_ADMIN_KEYS, createEnvoiByApi, idByCode, insertColis, insertRoleWithKeys } from './fixtures';
import { TEST_STAFF_PASSWORD } from './testConfig';

let t: TestContext;
let chef: { id: string; token: string };
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await setupTestApp();
  await insertRoleWithKeys(t.database.db, 'CHEF_AGENCE', AGENCY_ADMIN_KEYS);
  chef = await t.createStaff('CHEF_AGENCE', { agenceCode: 'PAR1' });
  const rows = await t.database.db.select({ id: roles.id, code: roles.code }).from(roles);
  roleIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  // One parcel in Paris, one in Dakar (France → Sénégal): what each side sees tells who reaches every agency.
  const db = t.database.db;
  const envoi = await createEnvoiByApi(t);
  for (const agence of ['PAR1', 'DKR1']) await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence });
});
afterAll(() => t.close());

const as = (token: string) => ({ token });

async function privilegeId(libelle: string): Promise<string> {
  const [p] = await t.database.db.select({ id: privileges.id }).from(privileges).where(eq(privileges.libelle, libelle));
  if (!p) throw new Error(`permission inconnue ${libelle}`);
  return p.id;
}

/** Everything that decides who may do what: roles, authorisations, permissions, and the staff's role, agency and flag. */
async function accessSnapshot(): Promise<string> {
  const db = t.database.db;
  const [r, a, p, u, ag] = await Promise.all([
    db.select().from(roles).orderBy(roles.id),
    db.select().from(autorisations).orderBy(autorisations.id),
    db.select().from(privileges).orderBy(privileges.id),
    db
      .select({ id: users.id, roleID: users.roleID, agenceID: users.agenceID, isActive: users.isActive, typeUserID: users.typeUserID })
      .from(users)
      .orderBy(users.id),
    db.select({ id: agences.id, isActive: agences.isActive }).from(agences).orderBy(agences.id),
  ]);
  return JSON.stringify({ r, a, p, u, ag });
}

/** Sends a call that must be refused (status `status`) and leave the access tables unchanged; returns the answer. */
async function refused(method: string, url: string, token: string, body: unknown, status = 403) {
  const before = await accessSnapshot();
  const res = await t.call(method, url, { token, body });
  expect(res.status, `${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.success).toBe(false);
  expect(await accessSnapshot()).toBe(before);
  return res;
}

/** The parcels list's total as seen by a token. */
async function colisTotal(token: string, userId: string): Promise<number> {
  const res = await t.call('GET', `/api/colis/liste/${userId}?_page=1&_perPage=5`, { token });
  expect(res.status).toBe(200);
  return res.body.total;
}

describe('F1: escalation by renaming role codes, as an agency administrator holding autorisation and roleUpdate', () => {
  it("the probe's four steps are each refused, and nobody's reach moves", async () => {
    const adminMe = (await t.call('GET', '/api/colis/liste/x?_page=1&_perPage=1', as(t.adminToken))).body.total as number;
    const chefBefore = await colisTotal(chef.token, chef.id);
    // 1. It grants itself a key it does not hold (auditListe), or any key (its own role).
    await refused('POST', '/api/autorisation/create', chef.token, {
      roleID: roleIds.CHEF_AGENCE,
      privilegeID: await privilegeId('auditListe'),
    });
    const own = await refused('POST', '/api/autorisation/create', chef.token, {
      roleID: roleIds.CHEF_AGENCE,
      privilegeID: await privilegeId('roleUpdate'),
    });
    expect(own.body.message).toBe(ACCESS_RULE_MESSAGES.ownRole);
    // 2.–3. It renames the SUPERADMIN and ADMIN roles away.
    const sup = await refused('PUT', `/api/role/update/${roleIds.SUPERADMIN}`, chef.token, {
      code: 'OLDSUPER',
      libelle: 'x',
      description: 'x',
    });
    expect(sup.body.message).toBe(ACCESS_RULE_MESSAGES.superadminRole);
    await refused('PUT', `/api/role/update/${roleIds.ADMIN}`, chef.token, { code: 'OLDADMIN', libelle: 'x', description: 'x' });
    // 4. It renames its own role SUPERADMIN.
    await refused('PUT', `/api/role/update/${roleIds.CHEF_AGENCE}`, chef.token, { code: 'SUPERADMIN', libelle: 'x', description: 'x' });
    // Nobody's reach moved: the administrator sees what it saw, the chef only its agency.
    expect((await t.call('GET', '/api/colis/liste/x?_page=1&_perPage=1', as(t.adminToken))).body.total).toBe(adminMe);
    expect(await colisTotal(chef.token, chef.id)).toBe(chefBefore);
    expect(chefBefore).toBeLessThan(adminMe);
  });

  it('even an ADMIN cannot take a system code or rename a system role (the code ADMIN → SUPERADMIN route)', async () => {
    const r = await refused('PUT', `/api/role/update/${roleIds.ADMIN}`, t.adminToken, {
      code: 'SUPERADMIN',
      libelle: 'x',
      description: 'x',
    });
    expect(r.body.message).toBe(ACCESS_RULE_MESSAGES.adminRole);
    await refused('PUT', `/api/role/update/${roleIds.AGENT}`, t.adminToken, { code: 'AGENT2', libelle: 'Agent', description: 'x' });
    await refused('POST', '/api/role/create', t.adminToken, { code: 'superadmin', libelle: 'Faux', description: 'x' });
    // A new role, renamed ADMIN afterwards.
    const created = await t.call('POST', '/api/role/create', {
      token: t.adminToken,
      body: { code: 'CAISSE', libelle: 'Caisse', description: 'x' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.toutesAgences).toBe(false);
    expect(created.body.data.systeme).toBe(null);
    const rename = await refused('PUT', `/api/role/update/${created.body.data.id}`, t.adminToken, {
      code: 'ADMIN',
      libelle: 'x',
      description: 'x',
    });
    expect(rename.body.message).toBe(ACCESS_RULE_MESSAGES.reservedCode('ADMIN'));
    // Its reach is a SUPERADMIN's choice.
    await refused('PUT', `/api/role/update/${created.body.data.id}`, t.adminToken, {
      code: 'CAISSE',
      libelle: 'Caisse',
      description: 'x',
      toutesAgences: true,
    });
    await refused('POST', '/api/role/create', t.adminToken, {
      code: 'INSPECTION',
      libelle: 'Inspection',
      description: 'x',
      toutesAgences: true,
    });
  });
});

describe('nobody raises their own power, nor that of roles beyond their agency', () => {
  it('the shared AGENT role, system roles and roles reaching every agency stay out of an agency administrator’s hands', async () => {
    const toAgent = await refused('POST', '/api/autorisation/create', chef.token, {
      roleID: roleIds.AGENT,
      privilegeID: await privilegeId('userDelete'),
    });
    expect(toAgent.body.message).toBe(ACCESS_RULE_MESSAGES.sharedRole);
    await refused('PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, chef.token, {
      privilegeIDs: [await privilegeId('colis')],
      isActive: false,
    });
    await refused('PUT', `/api/role/update/${roleIds.AGENT}`, chef.token, { isActive: false });
    await refused('DELETE', `/api/role/delete/${roleIds.CLIENT}`, chef.token, undefined);
    await refused('PUT', `/api/role/update/${roleIds.CHEF_AGENCE}`, chef.token, { isActive: false });
  });

  it('a role of its own agency: created, given only keys the chef holds, and given only to its staff', async () => {
    const created = await t.call('POST', '/api/role/create', {
      token: chef.token,
      body: { code: 'CAISSIER_PAR', libelle: 'Caissier', description: 'x' },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    const held = await t.call('POST', '/api/autorisation/create', {
      token: chef.token,
      body: { roleID: id, privilegeID: await privilegeId('colis') },
    });
    expect(held.status).toBe(200);
    const notHeld = await refused('POST', '/api/autorisation/create', chef.token, {
      roleID: id,
      privilegeID: await privilegeId('auditListe'),
    });
    expect(notHeld.body.message).toBe(ACCESS_RULE_MESSAGES.notHeld('auditListe'));
    // A role holding a key the chef lacks (granted by the ADMIN) cannot be given by the chef.
    expect(
      (
        await t.call('POST', '/api/autorisation/create', {
          token: t.adminToken,
          body: { roleID: id, privilegeID: await privilegeId('auditListe') },
        })
      ).status,
    ).toBe(200);
    const [fr] = await t.database.db.select({ id: agences.paysID }).from(agences).where(eq(agences.code, 'PAR1'));
    const par1 = await idByCode(t.database.db, agences, 'PAR1');
    const newUser = (roleID: string) => ({
      nom: 'Nouvelle',
      prenoms: 'Recrue',
      email: `recrue-${Math.random().toString(36).slice(2, 8)}@test.local`,
      adresse: 'Paris',
      telephone: `6${Math.floor(10000000 + Math.random() * 89999999)}`,
      paysID: fr.id,
      roleID,
      agenceID: par1,
    });
    const assign = await refused('POST', '/api/user/create', chef.token, newUser(id));
    expect(assign.body.message).toMatch(/auditListe/);
    // SUPERADMIN and ADMIN accounts are not made through the API by anyone but a SUPERADMIN.
    await refused('POST', '/api/user/create', chef.token, { ...newUser(roleIds.SUPERADMIN), agenceID: null });
    await refused('POST', '/api/user/create', t.adminToken, { ...newUser(roleIds.SUPERADMIN), agenceID: null });
    await refused('POST', '/api/user/create', t.adminToken, { ...newUser(roleIds.ADMIN), agenceID: null });
    // Once the ADMIN took auditListe back, the chef gives the role to one of its staff.
    const link = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${id}/${await privilegeId('auditListe')}`, {
      token: t.adminToken,
    });
    expect(
      (await t.call('PUT', `/api/autorisation/update/${link.body.autorisation.id}`, { token: t.adminToken, body: { isActive: false } }))
        .status,
    ).toBe(200);
    const ok = await t.call('POST', '/api/user/create', { token: chef.token, body: newUser(id) });
    expect(ok.status).toBe(200);
  });
});

describe('B1–B3: no key of the product can be deleted, renamed or switched off so as to lock everyone out', () => {
  it('as the ADMIN: deleting a key in use, renaming it, switching off an access key are refused; the screens stay open', async () => {
    const encaissements = await privilegeId('encaissements');
    const del = await refused('DELETE', `/api/privilege/delete/${encaissements}`, t.adminToken, undefined);
    expect(del.body.message).toBe(ACCESS_RULE_MESSAGES.productKeyDelete('encaissements'));
    expect((await t.call('GET', '/api/encaissement/liste/x', as(t.adminToken))).status).toBe(200);
    const staut = await privilegeId('permissionUpdateStaut');
    await refused('PUT', `/api/privilege/update/${staut}`, t.adminToken, { isActive: false });
    for (const key of ['autorisation', 'permission', 'role', 'roleUpdate', 'user', 'userUpdate', 'permissionUpdate']) {
      await refused('PUT', `/api/privilege/update/${await privilegeId(key)}`, t.adminToken, { isActive: false });
    }
    const agence = await privilegeId('agence');
    const rename = await refused('PUT', `/api/privilege/update/${agence}`, t.adminToken, {
      libelle: 'agenceRenamed',
      description: 'Voir la liste des agences',
    });
    expect(rename.body.message).toBe(ACCESS_RULE_MESSAGES.productKeyRename('agence'));
    expect((await t.call('GET', '/api/agence/liste', as(t.adminToken))).status).toBe(200);
    // The description stays editable; another key may still be switched off and back on.
    const describe = await t.call('PUT', `/api/privilege/update/${agence}`, {
      token: t.adminToken,
      body: { libelle: 'agence', description: 'Voir la liste des agences du réseau' },
    });
    expect(describe.status).toBe(200);
    const stats = await privilegeId('stats');
    expect((await t.call('PUT', `/api/privilege/update/${stats}`, { token: t.adminToken, body: { isActive: false } })).status).toBe(200);
    expect((await t.call('PUT', `/api/privilege/update/${stats}`, { token: t.adminToken, body: { isActive: true } })).status).toBe(200);
  });

  it('as an agency administrator: the catalogue, shared by every agency, is not its to change', async () => {
    const stats = await privilegeId('stats');
    const off = await refused('PUT', `/api/privilege/update/${stats}`, chef.token, { isActive: false });
    expect(off.body.message).toBe(ACCESS_RULE_MESSAGES.catalogueWide);
    await refused('POST', '/api/privilege/create', chef.token, { libelle: 'cle', description: 'x' });
  });

  it('a change that leaves nobody able to reach autorisation is refused with a French 409, and nothing of it is written', async () => {
    const db = t.database.db;
    const sa = await t.createStaff('SUPERADMIN');
    const autorisationKey = await privilegeId('autorisation');
    // The SUPERADMIN takes autorisation from ADMIN, then leaves (its account closed): the chef of Paris is the last one.
    const revoke = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.ADMIN}`, {
      token: sa.token,
      body: { privilegeIDs: [autorisationKey], isActive: false },
    });
    expect(revoke.status).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, sa.id));
    // The ADMIN (agenceUpdateStatut, userUpdateStatut) closes the chef's agency, or the chef's account: refused.
    const par1 = await idByCode(db, agences, 'PAR1');
    const agence = await refused('PUT', `/api/agence/update/${par1}?force=true`, t.adminToken, { isActive: false }, 409);
    expect(agence.body.message).toMatch(/plus aucun utilisateur actif ne pourrait attribuer les permissions/);
    // The chef's account: the ADMIN no longer holds autorisation, the chef's role does, so the ADMIN may not change
    // that user at all (common/autorisationRules.ts userManageRefusal), before the database's own guard.
    await refused('PUT', `/api/user/update/${chef.id}`, t.adminToken, { isActive: false }, 403);
    await refused('PUT', `/api/role/update/${roleIds.CHEF_AGENCE}`, t.adminToken, { isActive: false }, 409);
    // Directly in the database, the guard refuses at commit too.
    await expect(db.update(users).set({ isActive: false }).where(eq(users.id, chef.id))).rejects.toMatchObject({
      cause: { code: 'CL002' },
    });
    const [still] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, chef.id));
    expect(still.isActive).toBe(true);
    // The SUPERADMIN back, the ADMIN gets its key back.
    await db.update(users).set({ isActive: true }).where(eq(users.id, sa.id));
    const back = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.ADMIN}`, {
      token: sa.token,
      body: { privilegeIDs: [autorisationKey], isActive: true },
    });
    expect(back.status).toBe(200);
  });
});

describe('B5: the route-name keys open their routes', () => {
  it('a role holding only addGroupeNatureColis and groupeNatureColisUpdate adds and edits a nature group', async () => {
    await insertRoleWithKeys(t.database.db, 'GROUPES', ['groupeNatureColis', 'addGroupeNatureColis', 'groupeNatureColisUpdate']);
    // Nature groups are shared by every agency: written by a role that sees every agency (docs/decisions/reference-scope.md).
    await t.database.db.update(roles).set({ toutesAgences: true }).where(eq(roles.code, 'GROUPES'));
    const user = await t.createStaff('GROUPES');
    const created = await t.call('POST', '/api/groupeNatureColis/create', {
      token: user.token,
      body: { code: 'GRPB5', libelle: 'Groupe B5', description: 'x' },
    });
    expect(created.status).toBe(200);
    const edited = await t.call('PUT', `/api/groupeNatureColis/update/${created.body.data.id}`, {
      token: user.token,
      body: { code: 'GRPB5', libelle: 'Groupe B5 bis', description: 'x' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.libelle).toBe('Groupe B5 bis');
    // Deleting still needs groupeDelete.
    expect((await t.call('DELETE', `/api/groupeNatureColis/delete/${created.body.data.id}`, { token: user.token })).status).toBe(403);
  });
});

describe('deactivation means something', () => {
  it('a user of a deactivated role or agency is refused at sign-in and on its next call', async () => {
    const db = t.database.db;
    await insertRoleWithKeys(db, 'TEMPO', ['colis', 'profil']);
    const tempo = await t.createStaff('TEMPO', { agenceCode: 'LYS1' });
    expect((await t.call('GET', `/api/colis/liste/${tempo.id}`, as(tempo.token))).status).toBe(200);
    const [tempoRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'TEMPO'));
    const role = await t.call('PUT', `/api/role/update/${tempoRole.id}`, {
      token: t.adminToken,
      body: { isActive: false },
    });
    expect(role.status).toBe(200);
    const next = await t.call('GET', `/api/colis/liste/${tempo.id}`, as(tempo.token));
    expect(next.status).toBe(401);
    expect(next.body.message).toBe('Votre rôle est désactivé.');
    const login = await t.call('POST', '/api/auth/loginAD', { body: { email: tempo.email, password: TEST_STAFF_PASSWORD, type: 'ADMIN' } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Votre rôle est désactivé.');

    const agent = await t.createStaff('AGENT', { agenceCode: 'MRS1' });
    expect((await t.call('GET', `/api/colis/liste/${agent.id}`, as(agent.token))).status).toBe(200);
    const mrs1 = await idByCode(db, agences, 'MRS1');
    const off = await t.call('PUT', `/api/agence/update/${mrs1}?force=true`, { token: t.adminToken, body: { isActive: false } });
    expect(off.status).toBe(200);
    const after = await t.call('GET', `/api/colis/liste/${agent.id}`, as(agent.token));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Votre agence est désactivée.');
    const signIn = await t.call('POST', '/api/auth/loginAD', {
      body: { email: agent.email, password: TEST_STAFF_PASSWORD, type: 'ADMIN' },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe('Votre agence est désactivée.');
  });
});
