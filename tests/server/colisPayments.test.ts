/**
 * A parcel's payments (spec 000 §5 "Make payment"): payments and refunds read as payments in the parcel's history,
 * never as status changes, and never on the public tracking (docs/decisions/payment-history.md); no payment on a
 * deactivated parcel, a refund still allowed (docs/decisions/inactive-parcel-payments.md). Each call is also tried by an
 * agent of another agency, with a guessed id and with a malformed body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { colis, encaissements, historiques, modesPaiement, pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let ESPECES = '';
let envoiEur = '';
let agentParis: { id: string; token: string };
let agentBamako: { id: string; token: string };
let caissier: { id: string; token: string };

/** The no-break space Intl writes before a currency symbol. */
const NBSP = '\u00a0';

/** A received parcel of PAR1 on the euro departure whose total and remaining amount are `montant`. */
async function parcel(montant = '50.00'): Promise<string> {
  const id = await insertColis(t.database.db, { envoiID: envoiEur, statut: 'RECEPTIONNE', agence: 'PAR1' });
  await t.database.db.update(colis).set({ montantTotal: montant, reglement: '0', resteAPayer: montant }).where(eq(colis.id, id));
  return id;
}

/** POST encaissement/create of `montant` as `token`. */
const pay = (token: string, colisID: string, montant: number) =>
  t.call('POST', '/api/encaissement/create', {
    token,
    body: { colisID, modePaiementID: ESPECES, paymentby: 'expediteur', montantEncaisse: montant },
  });

/** The parcel's reference and public tracking token. */
async function refOf(id: string) {
  const [row] = await t.database.db
    .select({ reference: colis.reference, suiviToken: colis.suiviToken })
    .from(colis)
    .where(eq(colis.id, id));
  return row;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  [{ id: ESPECES }] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  envoiEur = (await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'FR'), paysID: await idByCode(db, pays, 'SN') })).id;
  await insertRoleWithKeys(db, 'CAISSE_AUDIT', ['colis', 'colisDetails', 'encaissements', 'encaissementMake', 'encaissementRembourser']);
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
  caissier = await t.createStaff('CAISSE_AUDIT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

describe('payments in the parcel history (docs/decisions/payment-history.md)', () => {
  it('labels a payment and a refund with their amount, and keeps them off the public tracking', async () => {
    const id = await parcel('50.00');
    const paid = await pay(caissier.token, id, 20);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refund = await t.call('POST', `/api/encaissement/rembourser/${paid.body.data.id}`, {
      token: caissier.token,
      body: { montant: 5.5, modePaiementID: ESPECES, motif: 'Erreur de caisse' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const { reference, suiviToken } = await refOf(id);

    const res = await t.call('GET', `/api/colis/getHistoriqueByReference/${reference}`, { token: caissier.token });
    expect(res.status).toBe(200);
    const rows = res.body.datas as any[];
    // Two rows, both written with the same status before and after, now read as money events (newest first).
    expect(rows).toHaveLength(2);
    expect(rows[0].paiement).toEqual({ type: 'remboursement', montant: 5.5, devise: 'EUR', annule: false });
    expect(rows[1].paiement).toEqual({ type: 'encaissement', montant: 20, devise: 'EUR', annule: false });
    expect(rows.map((r) => r.libelle)).toEqual([`Remboursement de 5,50${NBSP}€`, `Encaissement de 20,00${NBSP}€`]);
    // The rows are those in the database: same status before and after, written by the cashier.
    const stored = await t.database.db.select().from(historiques).where(eq(historiques.colisID, id));
    expect(stored.every((h) => h.statutAvantID === h.statutApresID && h.auteurID === caissier.id)).toBe(true);

    // The public tracking shows no status step for them (a parcel inserted without history: no step at all).
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/suivi/${suiviToken}`, remoteAddress: '10.9.0.1' });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.etapes).toEqual([]);
  });

  it('keeps a status change a status change, and matches each payment to its own row', async () => {
    const id = await parcel('90.00');
    expect((await pay(caissier.token, id, 30)).status).toBe(200);
    expect((await pay(agentParis.token, id, 40)).status).toBe(200);
    const db = t.database.db;
    // A status change written as the status moves write it (before ≠ after), between the two payments in time.
    const [recu] = await db.select({ statutID: colis.statutID }).from(colis).where(eq(colis.id, id));
    const [attente] = await db.execute(sql`SELECT id FROM statuts WHERE code = 'EN_ATTENTE'`).then((r: any) => r.rows);
    await db.insert(historiques).values({ colisID: id, statutAvantID: attente.id, statutApresID: recu.statutID, dateAction: new Date(0) });
    const { reference } = await refOf(id);
    const rows = (await t.call('GET', `/api/colis/getHistoriqueByReference/${reference}`, { token: t.adminToken })).body.datas as any[];
    expect(rows.map((r) => r.paiement?.montant ?? null)).toEqual([40, 30, null]);
    expect(rows[2].libelle).toBeUndefined();
    expect(rows[2].statutAvantID.code).toBe('EN_ATTENTE');
  });

  it('refuses the history of a parcel of another agency and a guessed reference', async () => {
    const id = await parcel();
    const { reference } = await refOf(id);
    expect((await t.call('GET', `/api/colis/getHistoriqueByReference/${reference}`, { token: agentBamako.token })).status).toBe(404);
    expect((await t.call('GET', '/api/colis/getHistoriqueByReference/PAR1-0000-999999', { token: agentParis.token })).status).toBe(404);
  });
});

describe('a deactivated parcel takes no payment (docs/decisions/inactive-parcel-payments.md)', () => {
  it('refuses a payment with 409 and writes nothing; a refund stays allowed', async () => {
    const id = await parcel('60.00');
    const paid = await pay(caissier.token, id, 10);
    expect(paid.status).toBe(200);
    const off = await t.call('PUT', `/api/colis/update/${id}`, { token: agentParis.token, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    const refused = await pay(caissier.token, id, 5);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Ce colis est désactivé : réactivez-le avant de l'encaisser.");
    const rows = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, id));
    expect(rows).toHaveLength(1);
    const [p] = await t.database.db.select({ reglement: colis.reglement }).from(colis).where(eq(colis.id, id));
    expect(p.reglement).toBe('10.00');

    const refund = await t.call('POST', `/api/encaissement/rembourser/${paid.body.data.id}`, {
      token: caissier.token,
      body: { montant: 10, modePaiementID: ESPECES, motif: 'Colis annulé' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    expect((await t.call('PUT', `/api/colis/update/${id}`, { token: agentParis.token, body: { isActive: true } })).status).toBe(200);
    expect((await pay(caissier.token, id, 5)).status).toBe(200);
  });

  it('an agent of another agency, a guessed parcel and a malformed body are refused', async () => {
    const id = await parcel();
    expect((await pay(agentBamako.token, id, 5)).status).toBe(403);
    expect((await pay(caissier.token, '00000000-0000-4000-8000-000000000000', 5)).status).toBe(404);
    const bad = await t.call('POST', '/api/encaissement/create', {
      token: caissier.token,
      body: { colisID: id, montantEncaisse: 'beaucoup' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).not.toMatch(/montantEncaisse|modePaiementID/);
  });
});
