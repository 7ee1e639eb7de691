/**
 * The collections list's calls (spec 001 §2 Collections list, §4 active flag, §6 encaissementDelete, §7
 * encaissement/liste/{userId}, encaissement/update/{id}, encaissement/delete/{id}; 000 §4 Parcel payment): the agency
 * scope of the list and ADMIN's agency filter, the active toggle with its key (and only within the scope), the
 * deletion for ADMIN alone, which cancels the payment softly and gives its amount back to the parcel; malformed ids
 * and bodies answer 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agences, colis, encaissements, modesEnvoi, modesPaiement, pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let agentParis: { id: string; token: string };
let agentDakar: { id: string; token: string };
const id: Record<string, string> = {};
/** A parcel of PAR1 and one of DKR1 (both France → Sénégal), each with one payment of 20 €. */
const p: Record<'paris' | 'dakar', { colisID: string; payment: string; reference: string }> = {
  paris: { colisID: '', payment: '', reference: '' },
  dakar: { colisID: '', payment: '', reference: '' },
};

/** Inserts a received parcel of `agence` (50 € to pay) and collects 20 € on it with `token`; returns the ids. */
async function paidParcel(envoiID: string, agence: string, token: string) {
  const db = t.database.db;
  const colisID = await insertColis(db, { envoiID, statut: 'RECEPTIONNE', agence });
  const res = await t.call('POST', '/api/encaissement/create', {
    token,
    body: { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 20 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, colisID));
  return { colisID, payment: res.body.data.id as string, reference: row.reference };
}

/** A row of encaissement/liste as these tests read it (its parcel populated one level). */
interface EncaissementRow {
  colisID: { reference: string };
  [field: string]: unknown;
}

/** The payment rows a token lists with `query`. */
async function listed(token: string, query: string) {
  const res = await t.call('GET', `/api/encaissement/liste/x?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { datas: EncaissementRow[]; total: number };
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  id.ESPECES = mode.id;
  id.PAR1 = await idByCode(db, agences, 'PAR1');
  id.DKR1 = await idByCode(db, agences, 'DKR1');
  const envoi = await t.call('POST', '/api/envoi/create', {
    token: t.adminToken,
    body: {
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysEmetteurID: await idByCode(db, pays, 'FR'),
      paysID: await idByCode(db, pays, 'SN'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      contenu: 'Fret encaissements',
      poids: 500,
    },
  });
  expect(envoi.status).toBe(200);
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  p.paris = await paidParcel(envoi.body.data.id, 'PAR1', agentParis.token);
  p.dakar = await paidParcel(envoi.body.data.id, 'DKR1', agentDakar.token);
});
afterAll(() => t.close());

describe('encaissement/liste — scope, filter, search, sort', () => {
  it('an agent lists the payments of its scope only; ADMIN every one, narrowed by the agency filter', async () => {
    const refs = (rows: EncaissementRow[]) => rows.map((r) => r.colisID.reference);
    const mine = await listed(agentParis.token, '_page=1&_perPage=100');
    expect(refs(mine.datas)).toContain(p.paris.reference);
    expect(refs(mine.datas)).not.toContain(p.dakar.reference);
    // The agency filter does not widen an agent's scope.
    expect((await listed(agentParis.token, `agenceID=${id.DKR1}`)).datas).toHaveLength(0);

    const all = await listed(t.adminToken, '_page=1&_perPage=100');
    expect(refs(all.datas)).toEqual(expect.arrayContaining([p.paris.reference, p.dakar.reference]));
    const dakar = await listed(t.adminToken, `agenceID=${id.DKR1}&_page=1&_perPage=100`);
    expect(refs(dakar.datas)).toEqual([p.dakar.reference]);
    expect(dakar.datas[0]).toMatchObject({
      paymentby: 'expediteur',
      montantEncaisse: 20,
      montantRestant: 30,
      isActive: true,
      modePaiementID: { libelle: 'Espèces' },
      agenceID: { id: id.DKR1 },
      colisID: { id: p.dakar.colisID, reference: p.dakar.reference, montantTotal: 50, reglement: 20, resteAPayer: 30, deletedAt: null },
    });
  });

  it('searches by parcel reference and sorts by the columns of the screen', async () => {
    const found = await listed(t.adminToken, `q=${encodeURIComponent(p.paris.reference)}&_page=1&_perPage=10`);
    expect(found.total).toBe(1);
    for (const sort of ['createdAt', 'montantEncaisse', 'montantRestant', 'modePaiementID']) {
      const res = await t.call('GET', `/api/encaissement/liste/x?_sort=${sort}&_order=ASC&_page=1&_perPage=5`, { token: t.adminToken });
      expect(res.status, sort).toBe(200);
    }
  });
});

describe('encaissement/update — the active toggle', () => {
  it('needs encaissementUpdateStatut, and stays within the scope', async () => {
    const body = { isActive: false };
    expect((await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: agentParis.token, body })).status).toBe(403);
    await insertRoleWithKeys(t.database.db, 'CAISSE_PARIS', ['encaissements', 'encaissementUpdateStatut']);
    const cashier = await t.createStaff('CAISSE_PARIS', { agenceCode: 'PAR1' });
    const other = await t.call('PUT', `/api/encaissement/update/${p.dakar.payment}`, { token: cashier.token, body });
    expect(other.status).toBe(404);
    const ok = await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: cashier.token, body });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Statut mis à jour avec succès !');
    const [row] = (await listed(cashier.token, `q=${encodeURIComponent(p.paris.reference)}`)).datas;
    expect(row.isActive).toBe(false);
    // An inactive payment still counts: the parcel's amounts do not move.
    const [parcel] = await t.database.db.select().from(colis).where(eq(colis.id, p.paris.colisID));
    expect([parcel.reglement, parcel.resteAPayer]).toEqual(['20.00', '30.00']);
    expect(
      (await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: t.adminToken, body: { isActive: true } })).status,
    ).toBe(200);
  });

  it('answers 400 to a malformed id or body', async () => {
    const admin = t.adminToken;
    expect((await t.call('PUT', '/api/encaissement/update/abc', { token: admin, body: { isActive: false } })).status).toBe(400);
    for (const body of [{ isActive: 'non' }, { isActive: false, montantEncaisse: 1 }, { montantEncaisse: 1 }, {}]) {
      const res = await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, p.paris.payment));
    expect(row).toMatchObject({ isActive: true, montantEncaisse: '20.00' });
  });
});

describe('encaissement/delete — ADMIN only, a soft cancellation that gives the amount back', () => {
  it('an agency role refused even with encaissementDelete; ADMIN cancels and the parcel owes the amount again', async () => {
    await insertRoleWithKeys(t.database.db, 'CAISSE_SUPPR', ['encaissements', 'encaissementDelete']);
    const agency = await t.createStaff('CAISSE_SUPPR', { agenceCode: 'DKR1' });
    const refused = await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: agency.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Seul un administrateur peut supprimer un encaissement.');
    expect((await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: agentDakar.token })).status).toBe(403);

    const ok = await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: t.adminToken });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('suppression effectuée');
    const [parcel] = await t.database.db.select().from(colis).where(eq(colis.id, p.dakar.colisID));
    expect([parcel.reglement, parcel.resteAPayer]).toEqual(['0.00', '50.00']);
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, p.dakar.payment));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isActive).toBe(false);
    expect((await listed(t.adminToken, `q=${encodeURIComponent(p.dakar.reference)}`)).datas).toHaveLength(0);
    // Twice: nothing more is given back.
    expect((await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', '/api/encaissement/delete/abc', { token: t.adminToken })).status).toBe(400);
  });
});
