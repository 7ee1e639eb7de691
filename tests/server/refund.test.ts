/**
 * Refunds of payments and the deletion of a parcel that collected money (docs/decisions/refunds-and-cash.md; POST
 * encaissement/rembourser/{id}, key encaissementRembourser; DELETE colis/delete, POST colis/deleteWithOtp): a partial
 * refund (a negative row linked to its payment, the parcel's amounts moved, history and audit), exact to the
 * currency's minor unit (euros and F CFA); the refusals (above what is left refundable, a refund of a refund, a
 * cancelled payment, the cancellation of a refunded payment, another agency, no key, malformed bodies, a closed cash
 * day); the deletion refused while the parcel holds money, by both ways, then done after a full refund, its payments
 * and refunds still listed; a refund of a parcel deleted before this rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { agences, audits, caisseClotures, colis, encaissements, historiques, modesPaiement, pays, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, deletionCode, idByCode, insertColis, insertRoleWithKeys } from './fixtures';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
let ESPECES = '';
let VIREMENT = '';
/** A departure Paris → Dakar (euros) and one Dakar → Paris (F CFA). */
const envoi = { eur: '', xof: '' };
/** Cashiers holding the refund key: Paris and Dakar (the destination of the euro departure) and Bamako (neither). */
const caissier: Record<'paris' | 'dakar' | 'bamako', { id: string; token: string }> = {} as never;
let agentParis: { id: string; token: string };

/** The no-break space Intl writes before a currency symbol. */
const NBSP = '\u00a0';

/** A received parcel of `agence` on `envoiID` whose total and remaining amount are `montant` (its departure's currency). */
async function parcel(envoiID: string, agence: string, montant = '50.00'): Promise<string> {
  const id = await insertColis(t.database.db, { envoiID, statut: 'RECEPTIONNE', agence });
  await t.database.db.update(colis).set({ montantTotal: montant, reglement: '0', resteAPayer: montant }).where(eq(colis.id, id));
  return id;
}

/** Collects `montant` on a parcel as `token`; returns the payment's id. */
async function pay(token: string, colisID: string, montant: number): Promise<string> {
  const res = await t.call('POST', '/api/encaissement/create', {
    token,
    body: { colisID, modePaiementID: ESPECES, paymentby: 'expediteur', montantEncaisse: montant },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** POST encaissement/rembourser/{id} as `token`. */
const refund = (token: string, paymentID: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/encaissement/rembourser/${paymentID}`, { token, body });

/** The parcel's settled and remaining amounts, as stored. */
async function amounts(id: string) {
  const [row] = await t.database.db
    .select({ reglement: colis.reglement, resteAPayer: colis.resteAPayer, deletedAt: colis.deletedAt })
    .from(colis)
    .where(eq(colis.id, id));
  return row;
}

/** The parcel's reference. */
async function referenceOf(id: string): Promise<string> {
  const [row] = await t.database.db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, id));
  return row.reference;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  [{ id: ESPECES }] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  [{ id: VIREMENT }] = await db
    .select({ id: modesPaiement.id })
    .from(modesPaiement)
    .where(sql`${modesPaiement.id} <> ${ESPECES}`)
    .limit(1);
  const SN = await idByCode(db, pays, 'SN');
  const FR = await idByCode(db, pays, 'FR');
  envoi.eur = (await createEnvoiByApi(t, { paysEmetteurID: FR, paysID: SN, contenu: 'Fret Paris' })).id;
  envoi.xof = (await createEnvoiByApi(t, { paysEmetteurID: SN, paysID: FR, contenu: 'Fret Dakar' })).id;
  await insertRoleWithKeys(db, 'CAISSE_REMB', ['encaissements', 'encaissementMake', 'encaissementRembourser', 'colisDelete']);
  caissier.paris = await t.createStaff('CAISSE_REMB', { agenceCode: 'PAR1' });
  caissier.dakar = await t.createStaff('CAISSE_REMB', { agenceCode: 'DKR1' });
  caissier.bamako = await t.createStaff('CAISSE_REMB', { agenceCode: 'BKO1' });
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

describe('encaissement/rembourser — a negative collection linked to its payment', () => {
  it('refunds a part of a payment: the row, the parcel, the answer, the history and the audit', async () => {
    const db = t.database.db;
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 40);
    const [{ n: historyBefore }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(historiques)
      .where(eq(historiques.colisID, colisID));

    // '10,005' is rounded once, half away from zero, to the cent.
    const res = await refund(caissier.paris.token, paymentID, { montant: '10,005', modePaiementID: VIREMENT, motif: '  Colis abîmé  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Remboursement enregistré.');
    expect(res.body.data).toEqual({
      id: expect.any(String),
      montant: 10.01,
      devise: 'EUR',
      montantTendu: null,
      deviseTendue: null,
      ecartConversion: 0,
      rembourseID: paymentID,
      remboursable: 29.99,
      reglement: 29.99,
      resteAPayer: 20.01,
    });
    const [row] = await db.select().from(encaissements).where(eq(encaissements.id, res.body.data.id));
    const [caissierParis] = await db.select({ agenceID: users.agenceID }).from(users).where(eq(users.id, caissier.paris.id));
    expect(row).toMatchObject({
      colisID,
      montantEncaisse: '-10.01',
      montantRestant: '20.01',
      devise: 'EUR',
      rembourseID: paymentID,
      motif: 'Colis abîmé',
      modePaiementID: VIREMENT,
      auteurID: caissier.paris.id,
      agenceID: caissierParis.agenceID,
      paymentby: 'expediteur',
      deletedAt: null,
    });
    // The payment itself is unchanged.
    const [payment] = await db.select().from(encaissements).where(eq(encaissements.id, paymentID));
    expect(payment).toMatchObject({ montantEncaisse: '40.00', isActive: true, deletedAt: null, rembourseID: null });
    expect(await amounts(colisID)).toMatchObject({ reglement: '29.99', resteAPayer: '20.01' });
    const [{ n: historyAfter }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(historiques)
      .where(eq(historiques.colisID, colisID));
    expect(historyAfter).toBe(historyBefore + 1);
    const [audit] = await db.select().from(audits).where(eq(audits.entiteID, row.id));
    expect(audit).toMatchObject({ entite: 'encaissement', action: 'create', auteurID: caissier.paris.id });
    expect(audit.apres).toMatchObject({ rembourseID: paymentID, montantEncaisse: '-10.01', devise: 'EUR', motif: 'Colis abîmé' });

    // Listed: the refund with its payment and reason; the payment with what it gave back.
    const list = await t.call('GET', `/api/encaissement/liste/x?colisID=${colisID}&_page=1&_perPage=10`, { token: caissier.paris.token });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.datas.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(row.id)).toMatchObject({ montantEncaisse: -10.01, rembourseID: paymentID, motif: 'Colis abîmé', montantRembourse: 0 });
    expect(byId.get(paymentID)).toMatchObject({ montantEncaisse: 40, rembourseID: null, motif: null, montantRembourse: 10.01 });

    // The rest, then nothing more: 'what is left refundable' is said in the payment's currency.
    const over = await refund(caissier.paris.token, paymentID, { montant: 30, modePaiementID: ESPECES, motif: 'Trop' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Le remboursement dépasse ce qui reste remboursable (29,99${NBSP}€).`);
    expect(over.body.errors).toEqual({ montant: over.body.message });
    const rest = await refund(caissier.paris.token, paymentID, { montant: 29.99, modePaiementID: ESPECES, motif: 'Annulation' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ montant: 29.99, remboursable: 0, reglement: 0, resteAPayer: 50 });
    const none = await refund(caissier.paris.token, paymentID, { montant: 0.01, modePaiementID: ESPECES, motif: 'Encore' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`Le remboursement dépasse ce qui reste remboursable (0,00${NBSP}€).`);
  });

  it('in F CFA, to the franc; a destination agency refunds too', async () => {
    const colisID = await parcel(envoi.xof, 'DKR1', '10000');
    const paymentID = await pay(caissier.dakar.token, colisID, 6560);
    const res = await refund(caissier.dakar.token, paymentID, { montant: '1 000,4', modePaiementID: ESPECES, motif: 'Geste commercial' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montant: 1000, devise: 'XOF', remboursable: 5560, reglement: 5560, resteAPayer: 4440 });
    const over = await refund(caissier.dakar.token, paymentID, { montant: 5561, modePaiementID: ESPECES, motif: 'Trop' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`Le remboursement dépasse ce qui reste remboursable (5\u202f560${NBSP}F\u202fCFA).`);
    // A euro parcel of Paris travelling to Dakar: Dakar's cashier sees its payment, and refunds it for Dakar.
    const eur = await parcel(envoi.eur, 'PAR1');
    const euroPayment = await pay(caissier.paris.token, eur, 20);
    const atDestination = await refund(caissier.dakar.token, euroPayment, { montant: 5, modePaiementID: ESPECES, motif: 'Retard' });
    expect(atDestination.status, JSON.stringify(atDestination.body)).toBe(200);
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, atDestination.body.data.id));
    expect(row.agenceID).toBe(await idByCode(t.database.db, agences, 'DKR1'));
  });

  it('refuses a refund of a refund, of a cancelled payment, and the cancellation of a refunded payment', async () => {
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 30);
    const first = await refund(caissier.paris.token, paymentID, { montant: 10, modePaiementID: ESPECES, motif: 'Erreur de saisie' });
    expect(first.status).toBe(200);

    const ofRefund = await refund(caissier.paris.token, first.body.data.id, { montant: 1, modePaiementID: ESPECES, motif: 'x' });
    expect(ofRefund.status).toBe(409);
    expect(ofRefund.body.message).toBe('Cette ligne est un remboursement : seul un encaissement peut être remboursé.');

    // A refunded payment is not cancelled (its refunds first); once its refund is cancelled, it is.
    const cancel = await t.call('DELETE', `/api/encaissement/delete/${paymentID}`, { token: t.adminToken });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe("Cet encaissement a été remboursé : annulez d'abord ses remboursements.");
    expect(await amounts(colisID)).toMatchObject({ reglement: '20.00', resteAPayer: '30.00' });
    expect((await t.call('DELETE', `/api/encaissement/delete/${first.body.data.id}`, { token: t.adminToken })).status).toBe(200);
    expect(await amounts(colisID)).toMatchObject({ reglement: '30.00', resteAPayer: '20.00' });
    expect((await t.call('DELETE', `/api/encaissement/delete/${paymentID}`, { token: t.adminToken })).status).toBe(200);
    expect(await amounts(colisID)).toMatchObject({ reglement: '0.00', resteAPayer: '50.00' });

    const ofCancelled = await refund(caissier.paris.token, paymentID, { montant: 1, modePaiementID: ESPECES, motif: 'x' });
    expect(ofCancelled.status).toBe(409);
    expect(ofCancelled.body.message).toBe('Cet encaissement a été annulé : il ne peut pas être remboursé.');
    expect(await amounts(colisID)).toMatchObject({ reglement: '0.00', resteAPayer: '50.00' });
  });

  it('a refund whose amount was paid again since is not cancelled (the parcel would owe less than nothing)', async () => {
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 50);
    const back = await refund(caissier.paris.token, paymentID, { montant: 20, modePaiementID: ESPECES, motif: 'Avoir' });
    expect(back.status).toBe(200);
    await pay(caissier.paris.token, colisID, 20);
    const cancel = await t.call('DELETE', `/api/encaissement/delete/${back.body.data.id}`, { token: t.adminToken });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Ce remboursement ne peut plus être annulé : le colis a été réglé depuis.');
    expect(await amounts(colisID)).toMatchObject({ reglement: '50.00', resteAPayer: '0.00' });
  });

  it('needs the key, stays within the payments scope, and refuses malformed bodies and ids', async () => {
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 20);
    const body = { montant: 5, modePaiementID: ESPECES, motif: 'Motif' };
    expect((await refund(agentParis.token, paymentID, body)).status).toBe(403);
    const other = await refund(caissier.bamako.token, paymentID, body);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("Cet encaissement concerne un colis d'une autre agence.");
    expect((await refund(caissier.paris.token, '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70', body)).status).toBe(404);
    expect((await refund(caissier.paris.token, 'abc', body)).status).toBe(400);

    const malformed: Record<string, unknown>[] = [
      {},
      { ...body, montant: undefined },
      { ...body, montant: 'abc' },
      { ...body, montant: true },
      { ...body, montant: [5] },
      { ...body, montant: -5 },
      { ...body, montant: 0 },
      { ...body, montant: 0.001 },
      { ...body, modePaiementID: '' },
      { ...body, modePaiementID: 'espèces' },
      { ...body, modePaiementID: '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70' },
      { ...body, motif: undefined },
      { ...body, motif: '   ' },
      { ...body, motif: 12 },
      { ...body, motif: 'x'.repeat(501) },
    ];
    for (const b of malformed) {
      const res = await refund(caissier.paris.token, paymentID, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
    }
    const missingMotif = await refund(caissier.paris.token, paymentID, { ...body, motif: ' ' });
    expect(missingMotif.body.errors).toEqual({ motif: 'Le motif du remboursement est obligatoire' });
    const zero = await refund(caissier.paris.token, paymentID, { ...body, montant: 0.004 });
    expect(zero.body.message).toBe('Le montant remboursé doit être supérieur à 0.');
    // Nothing was written.
    const rows = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, colisID));
    expect(rows).toHaveLength(1);
    expect(await amounts(colisID)).toMatchObject({ reglement: '20.00', resteAPayer: '30.00' });
  });

  it("refuses on a closed cash day of the refunding agency (the database's 409), and refunds once it is reopened", async () => {
    const db = t.database.db;
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 20);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.adminEmail));
    const [me] = await db.select({ agenceID: users.agenceID }).from(users).where(eq(users.id, caissier.paris.id));
    const jour = todayIso();
    const [closed] = await db
      .insert(caisseClotures)
      .values({ agenceID: me.agenceID!, jour, auteurID: admin.id })
      .returning({ id: caisseClotures.id });
    const res = await refund(caissier.paris.token, paymentID, { montant: 5, modePaiementID: ESPECES, motif: 'Motif' });
    expect(res.status).toBe(409);
    const [y, m, d] = jour.split('-');
    expect(res.body.message).toBe(`La caisse du ${d}/${m}/${y} est clôturée pour cette agence.`);
    expect(await amounts(colisID)).toMatchObject({ reglement: '20.00', resteAPayer: '30.00' });
    // Another agency's cash is not closed: Dakar's cashier refunds it for Dakar.
    expect((await refund(caissier.dakar.token, paymentID, { montant: 5, modePaiementID: ESPECES, motif: 'Motif' })).status).toBe(200);
    await db
      .update(caisseClotures)
      .set({ rouverteAt: new Date(), rouverteParID: admin.id, motifReouverture: 'test' })
      .where(eq(caisseClotures.id, closed.id));
    expect((await refund(caissier.paris.token, paymentID, { montant: 5, modePaiementID: ESPECES, motif: 'Motif' })).status).toBe(200);
  });
});

describe('deleting a parcel that collected money', () => {
  it('by code: refused while it holds money (no code mailed), a code once refunded, refused again if paid meanwhile', async () => {
    const db = t.database.db;
    const colisID = await parcel(envoi.eur, 'PAR1');
    const reference = await referenceOf(colisID);
    const first = await pay(caissier.paris.token, colisID, 40);
    const back = await refund(caissier.paris.token, first, { montant: 10, modePaiementID: ESPECES, motif: 'Partiel' });
    expect(back.status).toBe(200);

    const refused = await t.call('DELETE', `/api/colis/delete/${colisID}/AGENT`, { token: caissier.paris.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: `Ce colis a encaissé 30,00${NBSP}€ : remboursez-le avant de le supprimer.`,
      encaisse: 30,
      devise: 'EUR',
    });
    expect((await t.call('DELETE', `/api/colis/delete/${reference}`, { token: caissier.paris.token })).status).toBe(409);
    await expect(deletionCode(db, reference)).rejects.toThrow();

    // Refunded in full: the code is mailed; a payment collected before the code is typed stops the deletion again.
    expect((await refund(caissier.paris.token, first, { montant: 30, modePaiementID: ESPECES, motif: 'Solde' })).status).toBe(200);
    const asked = await t.call('DELETE', `/api/colis/delete/${colisID}/AGENT`, { token: caissier.paris.token });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const code = await deletionCode(db, reference);
    const again = await pay(caissier.paris.token, colisID, 5);
    const late = await t.call('POST', '/api/colis/deleteWithOtp', {
      token: caissier.paris.token,
      body: { colisId: colisID, codeOtp: code },
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: `Ce colis a encaissé 5,00${NBSP}€ : remboursez-le avant de le supprimer.`, encaisse: 5 });
    expect((await amounts(colisID)).deletedAt).toBeNull();

    // Refunded again: the same code deletes it; its payments and refunds stay listed, marked with the deleted parcel.
    expect((await refund(caissier.paris.token, again, { montant: 5, modePaiementID: ESPECES, motif: 'Solde' })).status).toBe(200);
    const ok = await t.call('POST', '/api/colis/deleteWithOtp', { token: caissier.paris.token, body: { colisId: colisID, codeOtp: code } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await amounts(colisID)).deletedAt).toBeInstanceOf(Date);
    const list = await t.call('GET', `/api/encaissement/liste/x?colisID=${colisID}&_page=1&_perPage=10`, { token: caissier.paris.token });
    expect(list.body.total).toBe(5);
    expect(list.body.datas.map((r: { montantEncaisse: number }) => r.montantEncaisse).sort((a: number, b: number) => a - b)).toEqual([
      -30, -10, -5, 5, 40,
    ]);
    for (const r of list.body.datas) expect(r.colisID.deletedAt).not.toBeNull();
  });

  it('directly (a parcel EN_ATTENTE with an advance): refused, then deleted once refunded', async () => {
    const db = t.database.db;
    const colisID = await insertColis(db, { envoiID: envoi.eur, statut: 'EN_ATTENTE', agence: 'PAR1' });
    // An advance collected at registration (as colis/create records it).
    const [advance] = await db
      .insert(encaissements)
      .values({ colisID, montantEncaisse: '15.00', montantRestant: '35.00', modePaiementID: ESPECES, paymentby: 'expediteur' })
      .returning({ id: encaissements.id });
    await db.update(colis).set({ reglement: '15.00', resteAPayer: '35.00' }).where(eq(colis.id, colisID));
    const refused = await t.call('DELETE', `/api/colis/delete/${colisID}/AGENT`, { token: caissier.paris.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: `Ce colis a encaissé 15,00${NBSP}€ : remboursez-le avant de le supprimer.`,
      encaisse: 15,
    });
    expect((await refund(caissier.paris.token, advance.id, { montant: 15, modePaiementID: ESPECES, motif: 'Annulé' })).status).toBe(200);
    const ok = await t.call('DELETE', `/api/colis/delete/${colisID}/AGENT`, { token: caissier.paris.token });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe('suppression effectuée');
  });

  it('a payment of a parcel deleted before this rule is refunded, and the deleted parcel’s amounts follow', async () => {
    const db = t.database.db;
    const colisID = await parcel(envoi.eur, 'PAR1');
    const paymentID = await pay(caissier.paris.token, colisID, 25);
    await db.update(colis).set({ deletedAt: new Date(), isActive: false }).where(eq(colis.id, colisID));
    const res = await refund(caissier.paris.token, paymentID, { montant: 25, modePaiementID: ESPECES, motif: 'Colis supprimé' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ remboursable: 0, reglement: 0, resteAPayer: 50 });
    expect(await amounts(colisID)).toMatchObject({ reglement: '0.00', resteAPayer: '50.00' });
    // The refund of a deleted parcel is not cancelled: the parcel would hold money again.
    const cancel = await t.call('DELETE', `/api/encaissement/delete/${res.body.data.id}`, { token: t.adminToken });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Le colis de ce remboursement a été supprimé : le remboursement ne peut plus être annulé.');
    const [last] = await db
      .select()
      .from(encaissements)
      .where(and(eq(encaissements.colisID, colisID)))
      .orderBy(desc(encaissements.createdAt));
    expect(last.deletedAt).toBeNull();
  });
});
