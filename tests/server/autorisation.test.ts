/**
 * Role–permission assignment (spec 001 §2, §7; docs/decisions/permission-assignment.md): grant and revoke take effect
 * on the very next call of a user of the role; who may change what (ADMIN and SUPERADMIN roles, 'superadmin' keys, the
 * keys of one's own role that this screen needs); the key `autorisation` guards every call; unknown ids are 404,
 * malformed bodies 400; every change is audited in the same transaction and listed by autorisation/historique.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { audits, autorisations, privileges, roles } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { insertRoleWithKeys } from './fixtures';
import { ACCESS_RULE_MESSAGES } from '../../common/autorisationRules';

let t: TestContext;
let agent: { id: string; token: string };
let superadmin: { id: string; token: string };
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await setupTestApp();
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  superadmin = await t.createStaff('SUPERADMIN');
  const rows = await t.database.db.select({ id: roles.id, code: roles.code }).from(roles);
  roleIds = Object.fromEntries(rows.map((r) => [r.code, r.id]));
});
afterAll(() => t.close());

const admin = () => ({ token: t.adminToken });

async function privilegeId(libelle: string): Promise<string> {
  const [p] = await t.database.db.select({ id: privileges.id }).from(privileges).where(eq(privileges.libelle, libelle));
  if (!p) throw new Error(`permission inconnue ${libelle}`);
  return p.id;
}

async function grantState(roleId: string, libelle: string): Promise<boolean | undefined> {
  const [row] = await t.database.db
    .select({ isActive: autorisations.isActive })
    .from(autorisations)
    .where(and(eq(autorisations.roleID, roleId), eq(autorisations.privilegeID, await privilegeId(libelle))));
  return row?.isActive;
}

describe('effect at once', () => {
  it('a revoked key answers 403 on the next call of a user of the role, a granted one 200, both audited', async () => {
    const list = () => t.call('GET', `/api/encaissement/liste/${agent.id}`, { token: agent.token });
    expect((await list()).status).toBe(200);

    const privId = await privilegeId('encaissements');
    const found = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${privId}`, admin());
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ success: true, autorisation: { roleID: roleIds.AGENT, privilegeID: privId, isActive: true } });
    const autorisationId = found.body.autorisation.id;

    const revoke = await t.call('PUT', `/api/autorisation/update/${autorisationId}`, { ...admin(), body: { isActive: false } });
    expect(revoke.status).toBe(200);
    expect(revoke.body.message).toBe('Permission retirée avec succès !');
    const refused = await list();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/permission/);

    // Revoking again changes nothing and writes no audit row.
    const again = await t.call('PUT', `/api/autorisation/update/${autorisationId}`, { ...admin(), body: { isActive: false } });
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/Aucun changement/);

    const grant = await t.call('POST', '/api/autorisation/create', { ...admin(), body: { roleID: roleIds.AGENT, privilegeID: privId } });
    expect(grant.status).toBe(200);
    expect(grant.body.data).toMatchObject({ id: autorisationId, isActive: true });
    expect((await list()).status).toBe(200);

    const history = await t.call('GET', `/api/autorisation/historique/${roleIds.AGENT}`, admin());
    expect(history.status).toBe(200);
    const mine = history.body.datas.filter((r: { entiteID: string }) => r.entiteID === autorisationId);
    expect(mine.map((r: { action: string }) => r.action)).toEqual(['grant', 'revoke']);
    expect(mine[1]).toMatchObject({
      entite: 'autorisation',
      roleID: roleIds.AGENT,
      avant: { privilege: 'encaissements', isActive: true },
      apres: { privilege: 'encaissements', isActive: false },
    });
    expect(mine[1].auteur).not.toBe('');
  });

  it('creates a link the role never had, then the key opens its call', async () => {
    const call = () => t.call('GET', '/api/securite/verrous', { token: agent.token });
    expect((await call()).status).toBe(403);
    const privId = await privilegeId('securiteVerrous');
    const before = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${privId}`, admin());
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ success: false, autorisation: null });

    const grant = await t.call('POST', '/api/autorisation/create', { ...admin(), body: { roleID: roleIds.AGENT, privilegeID: privId } });
    expect(grant.status).toBe(200);
    expect((await call()).status).toBe(200);
    const [row] = await t.database.db.select().from(audits).where(eq(audits.entiteID, grant.body.data.id));
    expect(row).toMatchObject({ action: 'grant', avant: null, apres: { privilege: 'securiteVerrous', isActive: true } });

    const revoke = await t.call('PUT', `/api/autorisation/update/${grant.body.data.id}`, { ...admin(), body: { isActive: false } });
    expect(revoke.status).toBe(200);
    expect((await call()).status).toBe(403);
  });

  it("'Tout accorder' / 'Tout retirer' change a group in one call, one audit row per change", async () => {
    // The staff group's keys (countries, which every agency shares, are not an agent's to create whatever its keys).
    const keys = ['user', 'addUser', 'userUpdate'];
    const ids = await Promise.all(keys.map(privilegeId));
    const grant = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, {
      ...admin(),
      body: { privilegeIDs: ids, isActive: true },
    });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ changed: 3, message: '3 permissions accordées avec succès !' });
    for (const k of keys) expect(await grantState(roleIds.AGENT, k)).toBe(true);
    expect((await t.call('GET', '/api/user/liste', { token: agent.token })).status).toBe(200);

    const revoke = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, {
      ...admin(),
      body: { privilegeIDs: ids, isActive: false },
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body.changed).toBe(3);
    for (const k of keys) expect(await grantState(roleIds.AGENT, k)).toBe(false);
    expect((await t.call('GET', '/api/user/liste', { token: agent.token })).status).toBe(403);
    const rows = await t.database.db.select().from(audits).where(eq(audits.roleID, roleIds.AGENT));
    for (const action of ['grant', 'revoke']) {
      const touched = rows.filter((r) => r.action === action && keys.includes((r.apres as { privilege: string }).privilege));
      expect(touched.map((r) => (r.apres as { privilege: string }).privilege).sort()).toEqual([...keys].sort());
    }
    const history = await t.call('GET', `/api/autorisation/historique/${roleIds.AGENT}`, admin());
    expect(history.body.datas.slice(0, 3).map((r: { action: string }) => r.action)).toEqual(['revoke', 'revoke', 'revoke']);
  });
});

describe('who may change what', () => {
  it('an ADMIN cannot edit the ADMIN nor the SUPERADMIN role', async () => {
    const privId = await privilegeId('stats');
    for (const code of ['ADMIN', 'SUPERADMIN']) {
      const res = await t.call('POST', '/api/autorisation/create', { ...admin(), body: { roleID: roleIds[code], privilegeID: privId } });
      expect(res.status).toBe(403);
      const many = await t.call('PUT', `/api/autorisation/updateMany/${roleIds[code]}`, {
        ...admin(),
        body: { privilegeIDs: [privId], isActive: false },
      });
      expect(many.status).toBe(403);
      const found = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds[code]}/${privId}`, admin());
      const upd = await t.call('PUT', `/api/autorisation/update/${found.body.autorisation.id}`, { ...admin(), body: { isActive: false } });
      expect(upd.status).toBe(403);
      expect(upd.body.message).toMatch(code === 'ADMIN' ? /Seul un SUPERADMIN/ : /SUPERADMIN ne se modifie pas/);
      expect(await grantState(roleIds[code], 'stats')).toBe(true);
    }
  });

  it("only a SUPERADMIN grants a key containing 'superadmin'; a refused batch writes nothing", async () => {
    const created = await t.call('POST', '/api/privilege/create', {
      ...admin(),
      body: { libelle: 'gererSuperAdmin', description: 'Réservée', groupe: 'autres' },
    });
    expect(created.status).toBe(200);
    const special = created.body.data.id;
    const other = await privilegeId('villes');
    expect(await grantState(roleIds.AGENT, 'villes')).toBeUndefined();

    const one = await t.call('POST', '/api/autorisation/create', { ...admin(), body: { roleID: roleIds.AGENT, privilegeID: special } });
    expect(one.status).toBe(403);
    expect(one.body.message).toBe('Seul un SUPERADMIN peut accorder la permission « gererSuperAdmin ».');
    const batch = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, {
      ...admin(),
      body: { privilegeIDs: [other, special], isActive: true },
    });
    expect(batch.status).toBe(403);
    expect(await grantState(roleIds.AGENT, 'villes')).toBeUndefined();
    expect(await grantState(roleIds.AGENT, 'gererSuperAdmin')).toBeUndefined();

    const bySuper = await t.call('POST', '/api/autorisation/create', {
      token: superadmin.token,
      body: { roleID: roleIds.AGENT, privilegeID: special },
    });
    expect(bySuper.status).toBe(200);
    // An ADMIN may still revoke it.
    const revoke = await t.call('PUT', `/api/autorisation/update/${bySuper.body.data.id}`, { ...admin(), body: { isActive: false } });
    expect(revoke.status).toBe(200);
  });

  it('a SUPERADMIN edits the ADMIN role but never the SUPERADMIN role', async () => {
    const privId = await privilegeId('mailOutbox');
    const off = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.ADMIN}`, {
      token: superadmin.token,
      body: { privilegeIDs: [privId], isActive: false },
    });
    expect(off.status).toBe(200);
    expect(await grantState(roleIds.ADMIN, 'mailOutbox')).toBe(false);
    const on = await t.call('POST', '/api/autorisation/create', {
      token: superadmin.token,
      body: { roleID: roleIds.ADMIN, privilegeID: privId },
    });
    expect(on.status).toBe(200);
    expect(await grantState(roleIds.ADMIN, 'mailOutbox')).toBe(true);
    const own = await t.call('PUT', `/api/autorisation/updateMany/${roleIds.SUPERADMIN}`, {
      token: superadmin.token,
      body: { privilegeIDs: [privId], isActive: false },
    });
    expect(own.status).toBe(403);
  });

  it('nobody changes the grants of their own role, neither to add nor to remove', async () => {
    await insertRoleWithKeys(t.database.db, 'GESTACCES', ['autorisation', 'pays', 'villes']);
    const gest = await t.createStaff('GESTACCES');
    const [role] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'GESTACCES'));
    const autoId = await privilegeId('autorisation');
    const found = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${role.id}/${autoId}`, { token: gest.token });
    expect(found.status).toBe(200);
    const single = await t.call('PUT', `/api/autorisation/update/${found.body.autorisation.id}`, {
      token: gest.token,
      body: { isActive: false },
    });
    expect(single.status).toBe(403);
    expect(single.body.message).toBe(ACCESS_RULE_MESSAGES.ownRole);
    const revoke = await t.call('PUT', `/api/autorisation/updateMany/${role.id}`, {
      token: gest.token,
      body: { privilegeIDs: [await privilegeId('pays')], isActive: false },
    });
    expect(revoke.status).toBe(403);
    const grant = await t.call('POST', '/api/autorisation/create', {
      token: gest.token,
      body: { roleID: role.id, privilegeID: await privilegeId('userDelete') },
    });
    expect(grant.status).toBe(403);
    expect(await grantState(role.id, 'pays')).toBe(true);
    expect(await grantState(role.id, 'autorisation')).toBe(true);
    expect(await grantState(role.id, 'userDelete')).toBeUndefined();
    // Another user (ADMIN) may change it.
    const other = await t.call('PUT', `/api/autorisation/update/${found.body.autorisation.id}`, { ...admin(), body: { isActive: false } });
    expect(other.status).toBe(200);
    expect((await t.call('GET', `/api/autorisation/historique/${role.id}`, { token: gest.token })).status).toBe(403);
  });
});

describe('access and input', () => {
  const routes = async () => {
    const privId = await privilegeId('stats');
    const found = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${privId}`, admin());
    return [
      ['GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${privId}`, undefined],
      ['POST', '/api/autorisation/create', { roleID: roleIds.AGENT, privilegeID: privId }],
      ['PUT', `/api/autorisation/update/${found.body.autorisation.id}`, { isActive: false }],
      ['PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, { privilegeIDs: [privId], isActive: false }],
      ['GET', `/api/autorisation/historique/${roleIds.AGENT}`, undefined],
    ] as const;
  };

  it('another role (an agent, even on its own role) gets 403; no token or a forged one 401', async () => {
    for (const [method, url, body] of await routes()) {
      expect((await t.call(method, url, { token: agent.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body })).status).toBe(401);
      expect((await t.call(method, url, { token: `${t.adminToken}x`, body })).status).toBe(401);
    }
    expect(await grantState(roleIds.AGENT, 'stats')).toBe(true);
  });

  it('guessed ids answer 404', async () => {
    const privId = await privilegeId('stats');
    const guess = randomUUID();
    const cases = [
      ['GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${guess}/${privId}`, undefined],
      ['GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${guess}`, undefined],
      ['POST', '/api/autorisation/create', { roleID: guess, privilegeID: privId }],
      ['POST', '/api/autorisation/create', { roleID: roleIds.AGENT, privilegeID: guess }],
      ['PUT', `/api/autorisation/update/${guess}`, { isActive: true }],
      ['PUT', `/api/autorisation/updateMany/${guess}`, { privilegeIDs: [privId], isActive: true }],
      ['PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, { privilegeIDs: [privId, guess], isActive: false }],
      ['GET', `/api/autorisation/historique/${guess}`, undefined],
    ] as const;
    for (const [method, url, body] of cases) {
      const res = await t.call(method, url, { ...admin(), body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(404);
      expect(res.body.success).toBe(false);
    }
    expect(await grantState(roleIds.AGENT, 'stats')).toBe(true);
  });

  it('malformed bodies and ids answer 400 with a French message', async () => {
    const privId = await privilegeId('stats');
    const found = await t.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleIds.AGENT}/${privId}`, admin());
    const cases = [
      ['GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/abc/${privId}`, undefined],
      ['POST', '/api/autorisation/create', {}],
      ['POST', '/api/autorisation/create', { roleID: 'x', privilegeID: privId }],
      ['POST', '/api/autorisation/create', { roleID: roleIds.AGENT, privilegeID: privId, isActive: false }],
      ['PUT', `/api/autorisation/update/${found.body.autorisation.id}`, { isActive: 'non' }],
      ['PUT', `/api/autorisation/update/${found.body.autorisation.id}`, { isActive: false, roleID: roleIds.ADMIN }],
      ['PUT', `/api/autorisation/update/${found.body.autorisation.id}`, {}],
      ['PUT', `/api/autorisation/update/123`, { isActive: false }],
      ['PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, { privilegeIDs: [], isActive: true }],
      ['PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, { privilegeIDs: 'tous', isActive: true }],
      ['PUT', `/api/autorisation/updateMany/${roleIds.AGENT}`, { privilegeIDs: [privId] }],
      ['GET', '/api/autorisation/historique/nope', undefined],
    ] as const;
    for (const [method, url, body] of cases) {
      const res = await t.call(method, url, { ...admin(), body });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await grantState(roleIds.AGENT, 'stats')).toBe(true);
  });
});
