/**
 * Payment modes as a reference resource (payment modes of spec 000 §3, the five calls of 001 §7 like the other modes):
 * the list pages, searches, sorts and filters on the server (the payment dialogs ask `isActive=true`); create, update,
 * toggle and delete need their keys (modePaiement…), which agency agents do not hold; malformed bodies and ids are
 * refused with French messages; a mode used by a payment cannot be deleted (409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agences, encaissements, envois, modesEnvoi, modesPaiement, pays, statuts } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertColis } from './fixtures';

let t: TestContext;
let agentParis: { token: string };
let agentDakar: { token: string };
beforeAll(async () => {
  t = await setupTestApp();
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
});
afterAll(() => t.close());

const admin = () => ({ token: t.adminToken });

async function create(body: Record<string, unknown>, token = t.adminToken) {
  return t.call('POST', '/api/modePaiement/create', { token, body });
}

describe('modePaiement/liste', () => {
  it('pages, sorts the French way, searches and filters on the server', async () => {
    const all = await t.call('GET', '/api/modePaiement/liste', admin());
    expect(all.status).toBe(200);
    expect(all.body.datas.length).toBe(all.body.total);
    expect(all.body.total).toBeGreaterThanOrEqual(5);

    const page = await t.call('GET', '/api/modePaiement/liste?_page=1&_perPage=2&_sort=libelle&_order=ASC', admin());
    expect(page.body.datas.map((m: { libelle: string }) => m.libelle)).toEqual(['Carte bancaire', 'Espèces']);
    expect(page.body.total).toBe(all.body.total);

    const found = await t.call('GET', '/api/modePaiement/liste?q=wave', admin());
    expect(found.body.datas.map((m: { code: string }) => m.code)).toEqual(['WAVE']);
  });

  it('is readable by any signed-in user (the payment dialogs of an agency), not by a stranger', async () => {
    expect((await t.call('GET', '/api/modePaiement/liste?isActive=true', { token: agentDakar.token })).status).toBe(200);
    expect((await t.call('GET', '/api/modePaiement/liste', { token: null })).status).toBe(401);
  });
});

describe('modePaiement create, update, toggle, delete', () => {
  it('an administrator adds a mode (code in upper case), edits it, deactivates it, and deletes it', async () => {
    const res = await create({ code: 'cheque', libelle: 'Chèque', description: 'Chèque bancaire' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Mode de paiement ajouté avec succès !');
    expect(res.body.data).toMatchObject({ code: 'CHEQUE', libelle: 'Chèque', isActive: true });
    const id = res.body.data.id as string;

    const got = await t.call('GET', `/api/modePaiement/getBy/${id}`, admin());
    expect(got.body.data).toMatchObject({ id, code: 'CHEQUE' });

    const upd = await t.call('PUT', `/api/modePaiement/update/${id}`, {
      ...admin(),
      body: { code: 'CHQ', libelle: 'Chèque', description: 'Chèque de banque' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Mise à jour du mode de paiement réussie !');
    expect(upd.body.data.code).toBe('CHQ');

    const off = await t.call('PUT', `/api/modePaiement/update/${id}`, { ...admin(), body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    const active = await t.call('GET', '/api/modePaiement/liste?isActive=true', admin());
    expect(active.body.datas.some((m: { id: string }) => m.id === id)).toBe(false);
    const inactive = await t.call('GET', '/api/modePaiement/liste?isActive=false', admin());
    expect(inactive.body.datas.map((m: { id: string }) => m.id)).toContain(id);

    const del = await t.call('DELETE', `/api/modePaiement/delete/${id}`, admin());
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('suppression effectuée');
    expect((await t.call('GET', `/api/modePaiement/getBy/${id}`, admin())).status).toBe(404);
  });

  it('refuses a missing field, a wrong type, a duplicate code and a malformed id', async () => {
    const missing = await create({ code: 'X1', libelle: 'Sans description' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('La description est obligatoire');

    const blank = await create({ code: '   ', libelle: 'Blanc', description: 'd' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Le code est obligatoire');

    const typed = await create({ code: ['A'], libelle: 12, description: { a: 1 } });
    expect(typed.status).toBe(400);

    const dup = await create({ code: 'especes', libelle: 'Espèces bis', description: 'Doublon' });
    expect([400, 409]).toContain(dup.status);
    expect(dup.body.success).toBe(false);

    expect((await t.call('GET', '/api/modePaiement/getBy/pas-un-uuid', admin())).status).toBe(400);
    expect((await t.call('PUT', '/api/modePaiement/update/pas-un-uuid', { ...admin(), body: { isActive: true } })).status).toBe(400);
    expect((await t.call('DELETE', '/api/modePaiement/delete/pas-un-uuid', admin())).status).toBe(400);
  });

  it('agency agents (of any agency) may not add, edit, toggle or delete a mode', async () => {
    const [cb] = await t.database.db.select().from(modesPaiement).where(eq(modesPaiement.code, 'CB'));
    for (const agent of [agentParis, agentDakar]) {
      const add = await create({ code: 'AG', libelle: 'Agent', description: 'refusé' }, agent.token);
      expect(add.status).toBe(403);
      const upd = await t.call('PUT', `/api/modePaiement/update/${cb.id}`, {
        token: agent.token,
        body: { code: 'CB', libelle: 'Carte', description: 'x' },
      });
      expect(upd.status).toBe(403);
      const toggle = await t.call('PUT', `/api/modePaiement/update/${cb.id}`, { token: agent.token, body: { isActive: false } });
      expect(toggle.status).toBe(403);
      expect((await t.call('DELETE', `/api/modePaiement/delete/${cb.id}`, { token: agent.token })).status).toBe(403);
    }
    const [still] = await t.database.db.select().from(modesPaiement).where(eq(modesPaiement.code, 'CB'));
    expect(still).toMatchObject({ libelle: cb.libelle, isActive: true });
  });

  it('a mode used by a payment cannot be deleted (409 with the reason)', async () => {
    const db = t.database.db;
    const [envoi] = await db
      .insert(envois)
      .values({
        reference: 'T-MP-1',
        modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
        paysEmetteurID: await idByCode(db, pays, 'FR'),
        paysID: await idByCode(db, pays, 'SN'),
        statutID: await idByCode(db, statuts, 'OUVERT'),
        dateFin: inDays(1),
        dateDebut: inDays(2),
        dateArrive: inDays(3),
        poids: '100.000',
        contenu: 'Fret',
      })
      .returning({ id: envois.id });
    const colisID = await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE' });
    const [wave] = await db.select().from(modesPaiement).where(eq(modesPaiement.code, 'WAVE'));
    await db.insert(encaissements).values({
      colisID,
      agenceID: await idByCode(db, agences, 'PAR1'),
      montantEncaisse: '10.00',
      montantRestant: '40.00',
      modePaiementID: wave.id,
    });
    const del = await t.call('DELETE', `/api/modePaiement/delete/${wave.id}`, admin());
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('Ce mode de paiement est utilisé par des colis ou des encaissements : suppression impossible.');
  });
});
