/**
 * Two agency administrators, Paris and Dakar, each holding every key the ADMIN holds but bound to their own agency
 * (security probe 2026-12-01 F1, F3, F5; part-001 audit B1): what one may not do to the other's agency, to what every
 * agency shares, and to a user whose role is wider than its own — through the API (the screens send these calls).
 * Every refused call must leave the access and reference tables exactly as they were (snapshot before and after).
 * Rules: docs/decisions/role-identity.md, docs/decisions/reference-scope.md, docs/decisions/staff-accounts.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_RULE_MESSAGES } from '../../common/autorisationRules';
import type { PermissionKey } from '../../common/permissions';
import { agences, autorisations, pays, privileges, roles, users, villes } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, insertRoleWithKeys } from './fixtures';

let t: TestContext;
type Staff = { id: string; token: string };
let chefPar: Staff;
let chefDkr: Staff;
let roleIds: Record<string, string>;
let adminKeys: PermissionKey[];

/** The keys the seeded ADMIN role holds now. */
async function keysOfRole(code: string): Promise<PermissionKey[]> {
  const rows = await t.database.db
    .select({ libelle: privileges.libelle })
    .from(autorisations)
    .innerJoin(privileges, eq(privileges.id, autorisations.privilegeID))
    .innerJoin(roles, eq(roles.id, autorisations.roleID))
    .where(and(eq(roles.code, code), eq(autorisations.isActive, true)));
  return rows.map((r) => r.libelle as PermissionKey);
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  adminKeys = await keysOfRole('ADMIN');
  // The probe's CHEF_PARIS and CHEF_DAKAR: every key of the ADMIN, the reach of their agency.
  await insertRoleWithKeys(db, 'CHEF_PAR', adminKeys);
  await insertRoleWithKeys(db, 'CHEF_DKR', adminKeys);
  // The audit's CONSULTANT (its only user in Paris), a role used in both agencies, a Dakar agents' role.
  await insertRoleWithKeys(db, 'CONSULTANT', ['colis', 'encaissements', 'profil']);
  await insertRoleWithKeys(db, 'MIXTE', ['colis', 'profil']);
  await insertRoleWithKeys(db, 'AGENT_DKR', ['colis', 'addColis', 'profil']);
  chefPar = await t.createStaff('CHEF_PAR', { agenceCode: 'PAR1' });
  chefDkr = await t.createStaff('CHEF_DKR', { agenceCode: 'DKR1' });
  await t.createStaff('CONSULTANT', { agenceCode: 'PAR1' });
  await t.createStaff('MIXTE', { agenceCode: 'PAR1' });
  await t.createStaff('MIXTE', { agenceCode: 'DKR1' });
  await t.createStaff('AGENT_DKR', { agenceCode: 'DKR1' });
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  roleIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

async function privilegeId(libelle: string): Promise<string> {
  const [p] = await t.database.db.select({ id: privileges.id }).from(privileges).where(eq(privileges.libelle, libelle));
  return p.id;
}

/** What decides who may do what, and the agencies' records. */
async function snapshot(): Promise<string> {
  const db = t.database.db;
  const [r, a, u, ag] = await Promise.all([
    db.select().from(roles).orderBy(roles.id),
    db.select().from(autorisations).orderBy(autorisations.id),
    db
      .select({
        id: users.id,
        roleID: users.roleID,
        agenceID: users.agenceID,
        isActive: users.isActive,
        nom: users.nom,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .orderBy(users.id),
    db.select().from(agences).orderBy(agences.id),
  ]);
  return JSON.stringify({ r, a, u, ag });
}

/** Sends a call that must be refused with `status` and change nothing; returns the answer. */
async function refused(method: string, url: string, token: string, body?: unknown, status = 403) {
  const before = await snapshot();
  const res = await t.call(method, url, { token, body });
  expect(res.status, `${method} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.success).toBe(false);
  expect(await snapshot()).toBe(before);
  return res;
}

/** The role form's body for a role as it is, with `over` applied. */
async function roleBody(roleId: string, over: Record<string, unknown> = {}) {
  const [role] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
  return { code: role.code, libelle: role.libelle, description: role.description || 'x', ...over };
}

describe("F1 / B1: a role with users in another agency is not an agency administrator's to change", () => {
  it("Dakar's administrator neither renames, deactivates, deletes, grants to nor revokes from a role used only in Paris", async () => {
    const id = roleIds.CONSULTANT;
    const otherAgency = ACCESS_RULE_MESSAGES.otherAgencyRole;
    const calls: [string, string, unknown][] = [
      ['PUT', `/api/role/update/${id}`, await roleBody(id, { code: 'MATRIX_X' })],
      ['PUT', `/api/role/update/${id}`, { isActive: false }],
      ['DELETE', `/api/role/delete/${id}`, undefined],
      ['POST', '/api/autorisation/create', { roleID: id, privilegeID: await privilegeId('addOperation') }],
      ['PUT', `/api/autorisation/updateMany/${id}`, { privilegeIDs: [await privilegeId('encaissements')], isActive: false }],
      ['PUT', `/api/autorisation/updateMany/${id}`, { privilegeIDs: [await privilegeId('addUser')], isActive: true }],
    ];
    for (const [method, url, body] of calls) {
      const res = await refused(method, url, chefDkr.token, body);
      expect(res.body.message).toBe(otherAgency);
    }
    // Through the link's own id too.
    const link = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${id}/${await privilegeId('colis')}`, {
      token: chefDkr.token,
    });
    expect(link.status).toBe(200);
    const byLink = await refused('PUT', `/api/autorisation/update/${link.body.autorisation.id}`, chefDkr.token, { isActive: false });
    expect(byLink.body.message).toBe(otherAgency);
  });

  it('a role used in both agencies is refused to both administrators; its own agency’s role is the Paris one’s to change', async () => {
    for (const chef of [chefPar, chefDkr]) {
      const res = await refused('PUT', `/api/autorisation/updateMany/${roleIds.MIXTE}`, chef.token, {
        privilegeIDs: [await privilegeId('colis')],
        isActive: false,
      });
      expect(res.body.message).toBe(ACCESS_RULE_MESSAGES.otherAgencyRole);
      await refused('PUT', `/api/role/update/${roleIds.MIXTE}`, chef.token, { isActive: false });
    }
    // Paris's own: Paris revokes and grants back, renames.
    const revoke = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.CONSULTANT}`, {
      token: chefPar.token,
      body: { privilegeIDs: [await privilegeId('encaissements')], isActive: false },
    });
    expect(revoke.status).toBe(200);
    const grant = await t.call('POST', '/api/autorisation/create', {
      token: chefPar.token,
      body: { roleID: roleIds.CONSULTANT, privilegeID: await privilegeId('encaissements') },
    });
    expect(grant.status).toBe(200);
    const rename = await t.call('PUT', `/api/role/update/${roleIds.CONSULTANT}`, {
      token: chefPar.token,
      body: await roleBody(roleIds.CONSULTANT, { libelle: 'Consultant Paris' }),
    });
    expect(rename.status).toBe(200);
    // Paris may not touch the Dakar agents' role, nor Dakar's administrator role.
    await refused('PUT', `/api/autorisation/updateMany/${roleIds.AGENT_DKR}`, chefPar.token, {
      privilegeIDs: [await privilegeId('colis')],
      isActive: false,
    });
    await refused('PUT', `/api/role/update/${roleIds.CHEF_DKR}`, chefPar.token, { isActive: false });
  });

  it('the role list tells the screens which agencies a role’s users belong to', async () => {
    const res = await t.call('GET', '/api/role/liste?_perPage=100', { token: chefDkr.token });
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries((res.body.datas as any[]).map((r) => [r.code, r]));
    const par1 = await idByCode(t.database.db, agences, 'PAR1');
    const dkr1 = await idByCode(t.database.db, agences, 'DKR1');
    expect(byCode.CONSULTANT.agencesUtilisateurs).toEqual([par1]);
    expect([...byCode.MIXTE.agencesUtilisateurs].sort()).toEqual([par1, dkr1].sort());
    const one = await t.call('GET', `/api/role/getBy/${roleIds.AGENT_DKR}`, { token: chefDkr.token });
    expect(one.body.data.agencesUtilisateurs).toEqual([dkr1]);
  });

  it('a SUPERADMIN narrowing a role to one agency while one of its users has none gets the 409', async () => {
    const db = t.database.db;
    const sa = await t.createStaff('SUPERADMIN');
    await db.insert(roles).values({ code: 'DIRECTION_X', libelle: 'Direction', description: 'x', toutesAgences: true });
    const [direction] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'DIRECTION_X'));
    const dir = await t.createStaff('DIRECTION_X', { agenceCode: 'PAR1' });
    await db.update(users).set({ agenceID: null }).where(eq(users.id, dir.id));
    const res = await refused(
      'PUT',
      `/api/role/update/${direction.id}`,
      sa.token,
      await roleBody(direction.id, { toutesAgences: false }),
      409,
    );
    expect(res.body.message).toMatch(/n'ont pas d'agence/);
  });
});

describe('F5: a user whose role is wider than the administrator’s is not the administrator’s to change', () => {
  let dir: Staff;
  let special: Staff;
  let agent: Staff;
  let fr: string;
  let par1: string;

  beforeAll(async () => {
    const db = t.database.db;
    // The probe's DIRECTION (every agency, every key) placed in Paris, and a Paris role holding a key no chef holds.
    await insertRoleWithKeys(db, 'DIRECTION', adminKeys);
    await db.update(roles).set({ toutesAgences: true }).where(eq(roles.code, 'DIRECTION'));
    await db.insert(privileges).values({ libelle: 'cleSpeciale', description: 'Une clé que seul un SUPERADMIN donne' });
    await insertRoleWithKeys(db, 'SPECIAL', ['colis', 'profil']);
    const [cle] = await db.select({ id: privileges.id }).from(privileges).where(eq(privileges.libelle, 'cleSpeciale'));
    const [specialRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'SPECIAL'));
    await db.insert(autorisations).values({ roleID: specialRole.id, privilegeID: cle.id });
    dir = await t.createStaff('DIRECTION', { agenceCode: 'PAR1' });
    special = await t.createStaff('SPECIAL', { agenceCode: 'PAR1' });
    agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    par1 = await idByCode(db, agences, 'PAR1');
    [{ id: fr }] = await db.select({ id: agences.paysID }).from(agences).where(eq(agences.id, par1));
    const rows = await db.select({ id: roles.id, code: roles.code }).from(roles);
    roleIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  });

  const staffBody = (roleID: string) => ({ nom: 'Testeur', prenoms: 'Renommé', adresse: 'Paris', paysID: fr, roleID, agenceID: par1 });

  it('Paris’s administrator neither resets, deactivates, demotes, renames nor deletes a user who sees every agency', async () => {
    const wide = ACCESS_RULE_MESSAGES.wideUser;
    const calls: [string, string, unknown][] = [
      ['POST', `/api/user/resetPassword/${dir.id}`, undefined],
      ['PUT', `/api/user/update/${dir.id}`, { isActive: false }],
      ['PUT', `/api/user/update/${dir.id}`, staffBody(roleIds.AGENT)],
      ['PUT', `/api/user/update/${dir.id}`, staffBody(roleIds.DIRECTION)],
      ['PUT', `/api/user/update/${dir.id}`, { nom: 'Renommé', prenoms: 'Direction', adresse: 'Paris' }],
      ['DELETE', `/api/user/delete/${dir.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await refused(method, url, chefPar.token, body);
      expect(res.body.message).toBe(wide);
    }
  });

  it('nor a user whose role holds a key the administrator lacks; an agent of its agency stays its to manage', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', `/api/user/resetPassword/${special.id}`, undefined],
      ['PUT', `/api/user/update/${special.id}`, { isActive: false }],
      ['PUT', `/api/user/update/${special.id}`, staffBody(roleIds.AGENT)],
      ['PUT', `/api/user/update/${special.id}`, { nom: 'Renommé', prenoms: 'Spécial', adresse: 'Paris' }],
      ['DELETE', `/api/user/delete/${special.id}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const res = await refused(method, url, chefPar.token, body);
      expect(res.body.message).toBe(ACCESS_RULE_MESSAGES.userKeysNotHeld(['cleSpeciale']));
    }
    const renamed = await t.call('PUT', `/api/user/update/${agent.id}`, { token: chefPar.token, body: staffBody(roleIds.AGENT) });
    expect(renamed.status).toBe(200);
    expect((await t.call('PUT', `/api/user/update/${agent.id}`, { token: chefPar.token, body: { isActive: false } })).status).toBe(200);
    expect((await t.call('PUT', `/api/user/update/${agent.id}`, { token: chefPar.token, body: { isActive: true } })).status).toBe(200);
    // The ADMIN sees every agency but lacks cleSpeciale too: the SUPERADMIN alone manages that user.
    const byAdmin = await refused('PUT', `/api/user/update/${special.id}`, t.adminToken, { isActive: false });
    expect(byAdmin.body.message).toBe(ACCESS_RULE_MESSAGES.userKeysNotHeld(['cleSpeciale']));
    const sa = await t.createStaff('SUPERADMIN');
    expect((await t.call('PUT', `/api/user/update/${special.id}`, { token: sa.token, body: { isActive: false } })).status).toBe(200);
    expect((await t.call('PUT', `/api/user/update/${dir.id}`, { token: t.adminToken, body: { isActive: false } })).status).toBe(200);
  });
});

describe('F3: another agency, its own agency’s place and the data every agency shares are not an agency administrator’s', () => {
  /** The agency form's body for an agency as it is, with `over` applied. */
  async function agenceBody(code: string, over: Record<string, unknown> = {}) {
    const [a] = await t.database.db.select().from(agences).where(eq(agences.code, code));
    return {
      code: a.code,
      libelle: a.libelle,
      latitude: Number(a.latitude),
      longitude: Number(a.longitude),
      villeID: a.villeID,
      telephone: a.telephone,
      ...over,
    };
  }

  it('Paris’s administrator neither deactivates, renames, moves nor deletes Dakar’s agency, nor creates one', async () => {
    const db = t.database.db;
    const dkr1 = await idByCode(db, agences, 'DKR1');
    const other = ACCESS_RULE_MESSAGES.agenceOther;
    expect((await refused('PUT', `/api/agence/update/${dkr1}?force=true`, chefPar.token, { isActive: false })).body.message).toBe(
      ACCESS_RULE_MESSAGES.agenceStatut,
    );
    expect(
      (await refused('PUT', `/api/agence/update/${dkr1}`, chefPar.token, await agenceBody('DKR1', { libelle: 'Renommée' }))).body.message,
    ).toBe(other);
    expect((await refused('DELETE', `/api/agence/delete/${dkr1}?force=true`, chefPar.token)).body.message).toBe(
      ACCESS_RULE_MESSAGES.agenceStatut,
    );
    const created = await refused('POST', '/api/agence/create', chefDkr.token, {
      libelle: 'Agence Thiès',
      latitude: 14.79,
      longitude: -16.93,
      villeID: await idByCode(db, villes, 'THS'),
    });
    expect(created.body.message).toBe(ACCESS_RULE_MESSAGES.agenceCreate);
    // Dakar's staff still sign in.
    expect((await t.call('GET', `/api/colis/liste/${chefDkr.id}?_perPage=1`, { token: chefDkr.token })).status).toBe(200);
  });

  it('its own agency: the name and phone are its to change, not the city or country (its reach), nor the status', async () => {
    const db = t.database.db;
    const par1 = await idByCode(db, agences, 'PAR1');
    for (const ville of ['DKR', 'LYS']) {
      const moved = await refused(
        'PUT',
        `/api/agence/update/${par1}`,
        chefPar.token,
        await agenceBody('PAR1', { villeID: await idByCode(db, villes, ville) }),
      );
      expect(moved.body.message).toBe(ACCESS_RULE_MESSAGES.agencePlace);
    }
    expect((await refused('PUT', `/api/agence/update/${par1}?force=true`, chefPar.token, { isActive: false })).body.message).toBe(
      ACCESS_RULE_MESSAGES.agenceStatut,
    );
    const renamed = await t.call('PUT', `/api/agence/update/${par1}`, {
      token: chefPar.token,
      body: await agenceBody('PAR1', { libelle: 'Agence Paris Château-Rouge (rue Doudeauville)' }),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.libelle).toBe('Agence Paris Château-Rouge (rue Doudeauville)');
    // The ADMIN moves an agency.
    const byAdmin = await t.call('PUT', `/api/agence/update/${par1}`, {
      token: t.adminToken,
      body: await agenceBody('PAR1', { villeID: await idByCode(db, villes, 'PAR') }),
    });
    expect(byAdmin.status).toBe(200);
  });

  it('countries, cities, modes, natures and their groups, prices, payment modes and operation types: the ADMIN’s, not a chef’s', async () => {
    const shared: [string, string, Record<string, unknown>][] = [
      [
        'pays',
        ACCESS_RULE_MESSAGES.sharedReference('pays'),
        { code: 'ZZ', libelle: 'Zédie', indicatif: '+999', longueurNumero: 9, devise: 'EUR' },
      ],
      [
        'ville',
        ACCESS_RULE_MESSAGES.sharedReference('villes'),
        { code: 'ZZV', libelle: 'Zédville', paysID: await idByCode(t.database.db, pays, 'SN') },
      ],
      ['modeEnvoi', ACCESS_RULE_MESSAGES.sharedReference('modeEnvoi'), { code: 'ZZ', libelle: 'Zz', description: 'x' }],
      ['modeLivraison', ACCESS_RULE_MESSAGES.sharedReference('modeLivraison'), { code: 'ZZ', libelle: 'Zz', description: 'x' }],
      ['modePaiement', ACCESS_RULE_MESSAGES.sharedReference('modePaiement'), { code: 'ZZ', libelle: 'Zz', description: 'x' }],
      ['groupeNatureColis', ACCESS_RULE_MESSAGES.sharedReference('groupeNatureColis'), { code: 'ZZ', libelle: 'Zz' }],
      ['typeoperation', ACCESS_RULE_MESSAGES.sharedReference('typeOperation'), { code: 'ZZ', libelle: 'Zz' }],
      ['natureColis', ACCESS_RULE_MESSAGES.sharedReference('natureColis'), {}],
      ['paramNatureMode', ACCESS_RULE_MESSAGES.sharedReference('paramNatureMode'), {}],
    ];
    for (const [path, message, createBody] of shared) {
      const list = await t.call('GET', `/api/${path}/liste?_perPage=1&isActive=true`, { token: t.adminToken });
      const id = list.body.datas[0].id as string;
      for (const chef of [chefPar, chefDkr]) {
        expect((await refused('PUT', `/api/${path}/update/${id}?force=true`, chef.token, { isActive: false })).body.message, path).toBe(
          message,
        );
        expect((await refused('DELETE', `/api/${path}/delete/${id}?force=true`, chef.token)).body.message, path).toBe(message);
        if (Object.keys(createBody).length) {
          expect((await refused('POST', `/api/${path}/create`, chef.token, createBody)).body.message, path).toBe(message);
        }
      }
      // The ADMIN sees every agency: its toggle goes through (and back).
      expect(
        (await t.call('PUT', `/api/${path}/update/${id}?force=true`, { token: t.adminToken, body: { isActive: false } })).status,
        path,
      ).toBe(200);
      expect((await t.call('PUT', `/api/${path}/update/${id}`, { token: t.adminToken, body: { isActive: true } })).status, path).toBe(200);
    }
    // A full update of a country too (the probe's deactivation of Côte d'Ivoire, and a rename).
    const ci = await idByCode(t.database.db, pays, 'CI');
    const rename = await refused('PUT', `/api/pays/update/${ci}`, chefDkr.token, {
      code: 'CI',
      libelle: 'Ivoire',
      indicatif: '+225',
      longueurNumero: 10,
    });
    expect(rename.body.message).toBe(ACCESS_RULE_MESSAGES.sharedReference('pays'));
  });
});
