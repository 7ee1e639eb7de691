/**
 * The roles' and permissions' own answers and form: role/getBy answers `role` and privilege/getBy `privilege` beside
 * `data` (spec 001 §7); the role form's Statut is accepted by role/create and role/update with the status key's rule
 * and the system roles' (spec 001 §2 "Roles form fields: Code, Libelle, Statut", docs/decisions/role-statut.md). Each
 * call is also tried by an agent of another agency, with a malformed body and with a guessed id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { privileges, roles } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { AGENCY_ADMIN_KEYS, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let agentDakar: { id: string; token: string };
/** An agency administrator holding roleUpdate but not roleUpdateStatut. */
let sansStatut: { id: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  await insertRoleWithKeys(
    t.database.db,
    'ADMIN_SANS_STATUT',
    AGENCY_ADMIN_KEYS.filter((k) => k !== 'roleUpdateStatut'),
  );
  sansStatut = await t.createStaff('ADMIN_SANS_STATUT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

describe('role/getBy and privilege/getBy (spec 001 §7)', () => {
  it('role/getBy answers the role under `role` and under `data`', async () => {
    const [admin] = await t.database.db.select().from(roles).where(eq(roles.code, 'ADMIN'));
    const res = await t.call('GET', `/api/role/getBy/${admin.id}`, { token: agentDakar.token });
    expect(res.status).toBe(200);
    expect(res.body.role).toMatchObject({ id: admin.id, code: 'ADMIN', libelle: admin.libelle, isActive: true });
    expect(res.body.data).toEqual(res.body.role);
  });

  it('privilege/getBy answers the permission under `privilege` and under `data`', async () => {
    const [p] = await t.database.db.select().from(privileges).where(eq(privileges.libelle, 'addColis'));
    const res = await t.call('GET', `/api/privilege/getBy/${p.id}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.privilege).toMatchObject({ id: p.id, libelle: 'addColis', isActive: true });
    expect(res.body.data).toEqual(res.body.privilege);
  });

  it('a guessed id is 404 and a malformed one 400, with a French message; signed out is 401', async () => {
    for (const path of ['role', 'privilege']) {
      const guessed = await t.call('GET', `/api/${path}/getBy/${randomUUID()}`, { token: t.adminToken });
      expect(guessed.status).toBe(404);
      expect(guessed.body.message).toMatch(/introuvable/);
      expect(guessed.body.role ?? guessed.body.privilege).toBeUndefined();
      const malformed = await t.call('GET', `/api/${path}/getBy/1%20OR%201=1`, { token: t.adminToken });
      expect(malformed.status).toBe(400);
      const anonymous = await t.call('GET', `/api/${path}/getBy/${randomUUID()}`, { token: null });
      expect(anonymous.status).toBe(401);
    }
  });
});

describe('the role form’s Statut (spec 001 §2, docs/decisions/role-statut.md)', () => {
  const body = { code: 'STATUT_T', libelle: 'Rôle statut', description: 'test du statut' };

  it('role/create takes the Statut; role/update changes it with the rest of the form', async () => {
    const created = await t.call('POST', '/api/role/create', { token: t.adminToken, body: { ...body, isActive: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roleId = created.body.data.id as string;
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
    expect(row.isActive).toBe(false);

    const updated = await t.call('PUT', `/api/role/update/${roleId}`, {
      token: t.adminToken,
      body: { ...body, libelle: 'Rôle statut actif', isActive: true },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [after] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
    expect(after).toMatchObject({ isActive: true, libelle: 'Rôle statut actif' });

    // Left out, the Statut is unchanged.
    const kept = await t.call('PUT', `/api/role/update/${roleId}`, { token: t.adminToken, body: { ...body, libelle: 'Sans statut' } });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ isActive: true, libelle: 'Sans statut' });
  });

  it('a Statut that is not a boolean is 400 with a French message, nothing written', async () => {
    const res = await t.call('POST', '/api/role/create', { token: t.adminToken, body: { ...body, code: 'STATUT_BAD', isActive: 'oui' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/statut/i);
    expect(await t.database.db.select().from(roles).where(eq(roles.code, 'STATUT_BAD'))).toHaveLength(0);
  });

  it('without roleUpdateStatut the form may save a role but not change its Statut (403, role unchanged)', async () => {
    const created = await t.call('POST', '/api/role/create', { token: t.adminToken, body: { ...body, code: 'STATUT_CLE' } });
    expect(created.status).toBe(200);
    const roleId = created.body.data.id as string;

    const refused = await t.call('PUT', `/api/role/update/${roleId}`, {
      token: sansStatut.token,
      body: { ...body, code: 'STATUT_CLE', libelle: 'changé', isActive: false },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Vous n'avez pas la permission de modifier le statut.");
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
    expect(row).toMatchObject({ isActive: true, libelle: body.libelle });

    // The same Statut sent back with the form is no change: saved.
    const same = await t.call('PUT', `/api/role/update/${roleId}`, {
      token: sansStatut.token,
      body: { ...body, code: 'STATUT_CLE', libelle: 'changé', isActive: true },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({ isActive: true, libelle: 'changé' });

    // Creating an inactive role needs the key too.
    const inactive = await t.call('POST', '/api/role/create', {
      token: sansStatut.token,
      body: { ...body, code: 'STATUT_INACTIF', isActive: false },
    });
    expect(inactive.status).toBe(403);
    expect(await t.database.db.select().from(roles).where(eq(roles.code, 'STATUT_INACTIF'))).toHaveLength(0);
  });

  it('a system role cannot be made inactive through the form; an agent cannot save a role; a guessed id is 404', async () => {
    const [admin] = await t.database.db.select().from(roles).where(eq(roles.code, 'ADMIN'));
    const system = await t.call('PUT', `/api/role/update/${admin.id}`, {
      token: t.adminToken,
      body: { code: 'ADMIN', libelle: admin.libelle, description: admin.description || 'Administrateur', isActive: false },
    });
    expect([403, 409]).toContain(system.status);
    const [still] = await t.database.db.select().from(roles).where(eq(roles.id, admin.id));
    expect(still.isActive).toBe(true);

    const agent = await t.call('POST', '/api/role/create', { token: agentDakar.token, body: { ...body, code: 'STATUT_AGENT' } });
    expect(agent.status).toBe(403);

    const guessed = await t.call('PUT', `/api/role/update/${randomUUID()}`, { token: t.adminToken, body: { ...body, isActive: false } });
    expect(guessed.status).toBe(404);
  });
});
