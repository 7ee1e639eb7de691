/**
 * envoi/manifest (docs/decisions/departure-manifest.md): the parcels of a departure page by page, by
 * reference, with what the manifest and labels print (natures, amounts, destination, pick-up agency), scoped as the
 * parcels list; an unknown or foreign departure is 404, a bad page 400. (401/403 are walked by access.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { colis, colisNatures, modesLivraison, naturesColis, villes } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
let agentParis: string;
let agentDakar: string;
let agentBamako: string;

beforeAll(async () => {
  t = await setupTestApp();
  agentParis = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  agentDakar = (await t.createStaff('AGENT', { agenceCode: 'DKR1' })).token;
  agentBamako = (await t.createStaff('AGENT', { agenceCode: 'BKO1' })).token;
});
afterAll(() => t.close());

type Row = { reference: string; natures: string; agenceRetrait: string | null; villeID: { libelle: string } | null; montantTotal: number };

describe('envoi/manifest', () => {
  it('pages the parcels by reference with natures, destination and pick-up agency, scoped by agency', async () => {
    const db = t.database.db;
    const envoi = await createEnvoiByApi(t, { poids: 1000 });
    const paris = await Promise.all([0, 1, 2, 3, 4].map(() => insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE' })));
    const bamako = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'BKO1' });
    const [dakar] = await db.select({ id: villes.id }).from(villes).where(eq(villes.code, 'DKR'));
    await db
      .update(colis)
      .set({ villeID: dakar!.id, modeLivraisonID: await idByCode(db, modesLivraison, 'AGENCE') })
      .where(eq(colis.id, paris[0]!));
    const natures = await db.select({ id: naturesColis.id, libelle: naturesColis.libelle }).from(naturesColis).limit(2);
    await db.insert(colisNatures).values(natures.map((n) => ({ colisID: paris[0]!, natureColisID: n.id, poids: '2.000' })));

    const page1 = await t.call('GET', `/api/envoi/manifest/${envoi.id}?_page=1&_perPage=2`, { token: t.adminToken });
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body.total).toBe(6);
    expect(page1.body.envoi.reference).toBe(envoi.reference);
    expect(page1.body.envoi.paysID.libelle).toBeTruthy();
    expect(page1.body.envoi.modeEnvoiID.code).toBe('AERIEN');
    const all: Row[] = [...page1.body.datas];
    for (const page of [2, 3, 4]) {
      const res = await t.call('GET', `/api/envoi/manifest/${envoi.id}?_page=${page}&_perPage=2`, { token: t.adminToken });
      all.push(...res.body.datas);
    }
    const refs = all.map((r) => r.reference);
    expect(refs).toHaveLength(6);
    expect(refs).toEqual([...refs].sort());
    const [first] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, paris[0]!));
    const row = all.find((r) => r.reference === first!.reference)!;
    expect(row.natures.split(', ').sort()).toEqual(natures.map((n) => n.libelle).sort());
    expect(row.villeID?.libelle).toBe('Dakar');
    expect(row.agenceRetrait).toBeTruthy();
    expect(row.montantTotal).toBe(50);
    expect(all.filter((r) => r.reference !== first!.reference).every((r) => r.agenceRetrait === null && r.natures === '')).toBe(true);

    // The Paris agent sees only its agency's parcels (colisScope), not Bamako's.
    const parisView = await t.call('GET', `/api/envoi/manifest/${envoi.id}`, { token: agentParis });
    expect(parisView.status).toBe(200);
    expect(parisView.body.total).toBe(5);
    const [bko] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, bamako));
    expect(parisView.body.datas.map((r: Row) => r.reference)).not.toContain(bko!.reference);
    // Dakar's agent (destination country) sees the parcels travelling to it.
    expect((await t.call('GET', `/api/envoi/manifest/${envoi.id}`, { token: agentDakar })).body.total).toBeGreaterThan(0);
  });

  it("answers 404 for a departure outside the user's countries or unknown, 400 for a bad id or page", async () => {
    const db = t.database.db;
    const franceSenegal = await createEnvoiByApi(t);
    await insertColis(db, { envoiID: franceSenegal.id, statut: 'RECEPTIONNE' });
    const foreign = await t.call('GET', `/api/envoi/manifest/${franceSenegal.id}`, { token: agentBamako });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Départ introuvable.');
    expect(foreign.body.datas).toBeUndefined();
    const unknown = await t.call('GET', '/api/envoi/manifest/00000000-0000-4000-8000-000000000000', { token: t.adminToken });
    expect(unknown.status).toBe(404);
    expect((await t.call('GET', '/api/envoi/manifest/abc', { token: t.adminToken })).status).toBe(400);
    for (const q of ['_perPage=501', '_perPage=0', '_page=0', '_page=x']) {
      const res = await t.call('GET', `/api/envoi/manifest/${franceSenegal.id}?${q}`, { token: t.adminToken });
      expect(res.status, q).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
