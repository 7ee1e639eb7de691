/**
 * colis/liste and encaissement/liste answer `byAgence` for a role that sees every agency (spec 000 §7, 001 §3 and §7,
 * docs/decisions/list-by-agence.md): the page's rows grouped by their agency, on the fast page and on the whole list;
 * an agent of another agency gets no groups and none of those rows; `_byAgence=0` (our client's lists) the same rows
 * without groups; a malformed query is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agences, modesPaiement } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
let agentDakar: { id: string; token: string };
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
  const envoi = await createEnvoiByApi(t, { contenu: 'Fret byAgence', poids: 500 });
  await paidParcel(envoi.id, 'PAR1');
  await paidParcel(envoi.id, 'PAR1');
  await paidParcel(envoi.id, 'DKR1');
});
afterAll(() => t.close());

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

  it('_byAgence=0 answers the same rows without their groups, on the fast page and on the whole list', async () => {
    for (const path of ['colis', 'encaissement']) {
      for (const query of ['_page=1&_perPage=50', '']) {
        const grouped = await t.call('GET', `/api/${path}/liste/x?${query}`, { token: t.adminToken });
        const plain = await t.call('GET', `/api/${path}/liste/x?${query}${query ? '&' : ''}_byAgence=0`, { token: t.adminToken });
        expect(plain.status).toBe(200);
        expect(plain.body.byAgence).toBeUndefined();
        expect(grouped.body.byAgence.length).toBeGreaterThan(0);
        const { byAgence: _groups, ...rest } = grouped.body;
        expect(plain.body).toEqual(rest);
        // _byAgence=1 is the default answer.
        const explicit = await t.call('GET', `/api/${path}/liste/x?${query}${query ? '&' : ''}_byAgence=1`, { token: t.adminToken });
        expect(explicit.body).toEqual(grouped.body);
      }
    }
  });

  it('a malformed query is 400, signed out 401', async () => {
    const badGroups = await t.call('GET', '/api/colis/liste/x?_byAgence=non', { token: t.adminToken });
    expect(badGroups.status).toBe(400);
    expect(JSON.stringify(badGroups.body)).toContain('Paramètre _byAgence invalide');
    const bad = await t.call('GET', '/api/colis/liste/x?_page=abc', { token: t.adminToken });
    expect(bad.status).toBe(400);
    const badEnc = await t.call('GET', '/api/encaissement/liste/x?_perPage=-5', { token: t.adminToken });
    expect(badEnc.status).toBe(400);
    const anonymous = await t.call('GET', '/api/colis/liste/x', { token: null });
    expect(anonymous.status).toBe(401);
  });
});
