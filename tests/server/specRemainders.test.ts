/**
 * The spec's remainders on the API: role/getBy answers `role` and privilege/getBy `privilege` beside `data` (spec 001
 * §7); the role form's Statut is accepted by role/create and role/update with the status key's rule and the system
 * roles' (spec 001 §2 "Roles form fields: Code, Libelle, Statut", docs/decisions/role-statut.md); colis/liste and
 * encaissement/liste answer `byAgence` for a role that sees every agency (spec 000 §7, 001 §3 and §7,
 * docs/decisions/list-by-agence.md). Each call is also tried by an agent of another agency, with a malformed body and
 * with a guessed id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { agences, modesPaiement, privileges, roles } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { AGENCY_ADMIN_KEYS, createEnvoiByApi, idByCode, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let agentDakar: { id: string; token: string };
/** An agency administrator holding roleUpdate but not roleUpdateStatut. */
let sansStatut: { id: string; token: string };
const id: Record<string, string> = {};

/** A parcel of `agence` on the test departure, with a payment of 10 € collected by the administrator. */
async function paidParcel(envoiID: string, agence: string): Promise<string> {
  const colisID = await insertColis(t.database.db, { envoiID, statut: 'RECEPTIONNE', agence });
  const res = await t.call('POST', '/api/encaissement/create', {
    token: t.adminToken,
    body: { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 10 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return colisID;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  id.ESPECES = mode.id;
  id.PAR1 = await idByCode(db, agences, 'PAR1');
  id.DKR1 = await idByCode(db, agences, 'DKR1');
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  await insertRoleWithKeys(
    db,
    'ADMIN_SANS_STATUT',
    AGENCY_ADMIN_KEYS.filter((k) => k !== 'roleUpdateStatut'),
  );
  sansStatut = await t.createStaff('ADMIN_SANS_STATUT', { agenceCode: 'PAR1' });
  const envoi = await createEnvoiByApi(t, { contenu: 'Fret byAgence', poids: 500 });
  await paidParcel(envoi.id, 'PAR1');
  await paidParcel(envoi.id, 'PAR1');
  await paidParcel(envoi.id, 'DKR1');
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

describe('byAgence of colis/liste and encaissement/liste (spec 000 §7, 001 §3 and §7)', () => {
  /** Checks ADMIN's groups against `datas`: every row in the group of its agency, groups by name, nothing else. */
  function expectGroups(body: any, rowsKey: 'colis' | 'datas') {
    const groups = body.byAgence as { id: string | null; _id: string | null; agenceLibelle: string; [k: string]: unknown }[];
    expect(Array.isArray(groups)).toBe(true);
    const grouped = groups.flatMap((g) => (g[rowsKey] as { id: string; agenceID: { id: string } | null }[]).map((r) => ({ g, r })));
    expect(grouped.map(({ r }) => r.id).sort()).toEqual((body.datas as { id: string }[]).map((r) => r.id).sort());
    for (const { g, r } of grouped) {
      expect(g._id).toBe(g.id);
      expect(r.agenceID?.id ?? null).toBe(g.id);
    }
    return groups;
  }

  it('ADMIN gets the page grouped by agency (colis: id, agenceLibelle, colis), on the fast page and on the whole list', async () => {
    for (const query of ['_page=1&_perPage=50', '']) {
      const res = await t.call('GET', `/api/colis/liste/x?${query}`, { token: t.adminToken });
      expect(res.status).toBe(200);
      const groups = expectGroups(res.body, 'colis');
      const paris = groups.find((g) => g.id === id.PAR1);
      const dakar = groups.find((g) => g.id === id.DKR1);
      expect((paris?.colis as unknown[]).length).toBe(2);
      expect((dakar?.colis as unknown[]).length).toBe(1);
      expect(paris?.agenceLibelle).toBeTruthy();
    }
  });

  it('ADMIN gets the payments grouped by agency (_id, agenceLibelle, datas)', async () => {
    for (const query of ['_page=1&_perPage=50', '']) {
      const res = await t.call('GET', `/api/encaissement/liste/x?${query}`, { token: t.adminToken });
      expect(res.status).toBe(200);
      const groups = expectGroups(res.body, 'datas');
      expect((groups.find((g) => g._id === id.PAR1)?.datas as unknown[]).length).toBe(2);
      expect((groups.find((g) => g._id === id.DKR1)?.datas as unknown[]).length).toBe(1);
    }
  });

  it('an agent of another agency (Bamako, outside France → Sénégal) gets no byAgence and none of those rows', async () => {
    const agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
    for (const path of ['colis', 'encaissement']) {
      const res = await t.call('GET', `/api/${path}/liste/${agentBamako.id}?_page=1&_perPage=50&agenceID=${id.PAR1}`, {
        token: agentBamako.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.byAgence).toBeUndefined();
      expect(res.body.datas).toEqual([]);
    }
    // The Dakar agent sees the parcels travelling to its country (docs/architecture.md §3 agency scoping), still without byAgence.
    const dakar = await t.call('GET', `/api/colis/liste/${agentDakar.id}?_page=1&_perPage=50`, { token: agentDakar.token });
    expect(dakar.status).toBe(200);
    expect(dakar.body.datas.length).toBeGreaterThan(0);
    expect(dakar.body.byAgence).toBeUndefined();
  });

  it('a malformed query is 400, signed out 401', async () => {
    const bad = await t.call('GET', '/api/colis/liste/x?_page=abc', { token: t.adminToken });
    expect(bad.status).toBe(400);
    const badEnc = await t.call('GET', '/api/encaissement/liste/x?_perPage=-5', { token: t.adminToken });
    expect(badEnc.status).toBe(400);
    const anonymous = await t.call('GET', '/api/colis/liste/x', { token: null });
    expect(anonymous.status).toBe(401);
  });
});
