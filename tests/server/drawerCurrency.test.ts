/**
 * The cash drawer in the currency it holds (docs/decisions/currencies.md "Payments in another currency", "The last
 * minor units"; refunds-and-cash.md): a payment keeps the amount and currency received beside its value in the
 * parcel's currency, and the closing's expected amounts (caisse/attendu) are per payment mode and per currency
 * received; the hand-over and the delivery collect the remainder in a currency chosen as the payment does; any parcel
 * is settled in the counter's currency, the final conversion rounded so the parcel closes at exactly 0 with the
 * difference booked and shown; a refund is given back in the currency chosen (by default the one received); the
 * payer is recorded as chosen and the export says it as the screen does; the notice says what was received.
 * Rates: the CFA francs' 655,957 F for 1 €, and 9 350 GNF for 1 € entered for the day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { agences, colis, encaissements, modesPaiement, notifications, pays, tauxChange } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertAgence, insertColis, RELEASE_PROOF } from './fixtures';

let t: TestContext;
const mode: Record<string, string> = {};
const agence: Record<string, string> = {};
/** Departures whose parcels are in F CFA (Dakar → Paris), euros (Paris → Dakar) and Guinean francs (Conakry → Paris). */
const envoi = { xof: '', eur: '', gnf: '' };
let agentParis: { id: string; token: string };
let agentDakar: { id: string; token: string };
let agentLyon: { id: string; token: string };
/** An administrator working at the Paris counter (refunds need encaissementRembourser). */
let adminParis: { id: string; token: string };
const today = todayIso();

/** A parcel of `agenceCode` on `envoiID`, in `statut`, whose total and remaining amount are `montant`. */
async function parcel(envoiID: string, agenceCode: string, montant: string, statut = 'RECEPTIONNE'): Promise<string> {
  const id = await insertColis(t.database.db, { envoiID, statut, agence: agenceCode });
  await t.database.db.update(colis).set({ montantTotal: montant, reglement: '0', resteAPayer: montant }).where(eq(colis.id, id));
  return id;
}

/** POST encaissement/create as `token`. */
const pay = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/encaissement/create', { token, body });

/** The expected lines of an agency's day as 'libelle|devise' → amount text, and its conversion differences. */
async function drawer(agenceCode: string) {
  const res = await t.call('GET', `/api/caisse/attendu?agenceID=${agence[agenceCode]}&date=${today}`, { token: t.adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const lignes = new Map<string, number>();
  for (const l of res.body.lignes as { libelle: string; devise: string; attendu: string }[]) {
    lignes.set(`${l.libelle}|${l.devise}`, Number(l.attendu));
  }
  const ecarts = new Map<string, number>();
  for (const e of (res.body.ecartsConversion ?? []) as { devise: string; ecart: string }[]) ecarts.set(e.devise, Number(e.ecart));
  return { lignes, ecarts };
}

/** What changed in an agency's drawer between two readings, as sorted 'libelle|devise amount' texts (zeros left out). */
function delta(before: Map<string, number>, after: Map<string, number>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((k) => [k, Math.round(((after.get(k) ?? 0) - (before.get(k) ?? 0)) * 100) / 100] as const)
    .filter(([, d]) => d !== 0)
    .map(([k, d]) => `${k} ${d}`)
    .sort();
}

/** The parcel's stored settled and remaining amounts. */
async function amounts(id: string) {
  const [row] = await t.database.db
    .select({ reglement: colis.reglement, resteAPayer: colis.resteAPayer })
    .from(colis)
    .where(eq(colis.id, id));
  return row;
}

/** The parcel's payment rows (not the refunds), oldest first, as stored. */
async function rows(colisID: string) {
  const all = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, colisID));
  return all.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  for (const row of await db.select().from(modesPaiement)) mode[row.code] = row.id;
  agence.CKY1 = await insertAgence(db, 'CKY1', 'Agence Conakry Kaloum', 'CKY');
  for (const code of ['PAR1', 'DKR1', 'LYS1']) agence[code] = await idByCode(db, agences, code);
  await db.insert(tauxChange).values({ devise: 'GNF', taux: '9350', dateDebut: today });
  const [SN, FR, GN] = [await idByCode(db, pays, 'SN'), await idByCode(db, pays, 'FR'), await idByCode(db, pays, 'GN')];
  envoi.xof = (await createEnvoiByApi(t, { paysEmetteurID: SN, paysID: FR, contenu: 'Fret Dakar' })).id;
  envoi.eur = (await createEnvoiByApi(t, { paysEmetteurID: FR, paysID: SN, contenu: 'Fret Paris' })).id;
  envoi.gnf = (await createEnvoiByApi(t, { paysEmetteurID: GN, paysID: FR, contenu: 'Fret Conakry' })).id;
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  agentLyon = await t.createStaff('AGENT', { agenceCode: 'LYS1' });
  adminParis = await t.createStaff('ADMIN', { agenceCode: 'PAR1' });
});

afterAll(async () => {
  await t?.close();
});

describe('the closing expects each payment in the currency received', () => {
  it('20 € by card at Paris on a F CFA parcel: 20,00 € by card expected, no F CFA', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '30000');
    const before = await drawer('PAR1');
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: mode.CB, montantTendu: '20', deviseTendue: 'EUR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montantEncaisse: 13119, devise: 'XOF', montantTendu: 20, deviseTendue: 'EUR' });
    expect(delta(before.lignes, (await drawer('PAR1')).lignes)).toEqual(['Carte bancaire|EUR 20']);
  });

  it('50 000 F CFA cash at Dakar on a euro parcel: 50 000 F CFA expected, no euro', async () => {
    const id = await parcel(envoi.eur, 'PAR1', '100.00');
    const before = await drawer('DKR1');
    const res = await pay(agentDakar.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: '50 000', deviseTendue: 'XOF' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montantEncaisse: 76.22, devise: 'EUR', resteAPayer: 23.78 });
    expect(delta(before.lignes, (await drawer('DKR1')).lignes)).toEqual(['Espèces|XOF 50000']);
  });

  it('a closing counted as the drawer holds it records no difference', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '100000');
    expect((await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 5, deviseTendue: 'EUR' })).status).toBe(
      200,
    );
    const parisDay = await t.call('GET', `/api/caisse/attendu?agenceID=${agence.PAR1}&date=${today}`, { token: t.adminToken });
    const comptes = (parisDay.body.lignes as { modePaiementID: string; devise: string; attendu: string }[]).map((l) => ({
      modePaiementID: l.modePaiementID,
      devise: l.devise,
      montant: l.attendu,
    }));
    expect(comptes.map((c) => c.devise)).not.toContain('GNF');
    expect(comptes.map((c) => c.devise)).not.toContain('XOF');
    const closed = await t.call('POST', '/api/caisse/cloture', {
      token: t.adminToken,
      body: { agenceID: agence.PAR1, date: today, comptes, commentaire: 'Compté' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.ecarts).toEqual([{ devise: 'EUR', ecart: '0.00' }]);
    const reopened = await t.call('POST', `/api/caisse/rouvrir/${closed.body.data.id}`, {
      token: t.adminToken,
      body: { motif: 'Suite des essais' },
    });
    expect(reopened.status).toBe(200);
  });
});

describe('the last francs a euro cannot reach (1 € = 9 350 GNF)', () => {
  it('the remainder converted settles the parcel at exactly 0, the difference booked and shown', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '260375');
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=EUR`, { token: agentParis.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    // 260 375 GNF ÷ 9 350 = 27,8476 € → 27,85 €, worth 260 397,5 → 260 398 GNF: 23 GNF above the remainder.
    expect(preview.body.data).toMatchObject({ resteTendu: 27.85, montantTendu: 27.85, montant: 260375, ecartConversion: 23 });
    const before = await drawer('PAR1');
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: '27,85', deviseTendue: 'EUR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montantEncaisse: 260375, resteAPayer: 0, montantTendu: 27.85, ecartConversion: 23 });
    const [row] = await rows(id);
    expect(row).toMatchObject({ montantEncaisse: '260375.00', montantTendu: '27.850', deviseTendue: 'EUR', ecartConversion: '23.00' });
    expect(await amounts(id)).toEqual({ reglement: '260375.00', resteAPayer: '0.00' });
    const after = await drawer('PAR1');
    expect(delta(before.lignes, after.lignes)).toEqual(['Espèces|EUR 27.85']);
    expect(delta(before.ecarts, after.ecarts)).toEqual(['GNF 23']);
    // The payments of the parcel show it.
    const listed = await t.call('GET', `/api/encaissement/getByColisID/${id}`, { token: agentParis.token });
    expect(listed.body.encaissements[0]).toMatchObject({ montantTendu: 27.85, ecartConversion: 23 });
    // The closing of the day keeps the day's differences as it found them, beside lines that balance.
    const day = await t.call('GET', `/api/caisse/attendu?agenceID=${agence.PAR1}&date=${today}`, { token: t.adminToken });
    const comptes = (day.body.lignes as { modePaiementID: string; devise: string; attendu: string }[]).map((l) => ({
      modePaiementID: l.modePaiementID,
      devise: l.devise,
      montant: l.attendu,
    }));
    const closed = await t.call('POST', '/api/caisse/cloture', {
      token: t.adminToken,
      body: { agenceID: agence.PAR1, date: today, comptes, commentaire: 'Arrondis' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.ecartsConversion).toEqual([{ devise: 'GNF', ecart: '23' }]);
    expect(closed.body.data.ecarts).toEqual([{ devise: 'EUR', ecart: '0.00' }]);
    expect(
      (await t.call('POST', `/api/caisse/rouvrir/${closed.body.data.id}`, { token: t.adminToken, body: { motif: 'Suite' } })).status,
    ).toBe(200);
  });

  it('71 GNF left by 27,84 €: 0,01 € settles them', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '260375');
    const first = await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 27.84, deviseTendue: 'EUR' });
    expect(first.body.data).toMatchObject({ montantEncaisse: 260304, resteAPayer: 71, ecartConversion: 0 });
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=EUR`, { token: agentParis.token });
    expect(preview.body.data).toMatchObject({ resteTendu: 0.01, montant: 71, ecartConversion: 23 });
    const last = await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 0.01, deviseTendue: 'EUR' });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data).toMatchObject({ montantEncaisse: 71, resteAPayer: 0, ecartConversion: 23 });
    expect(await amounts(id)).toEqual({ reglement: '260375.00', resteAPayer: '0.00' });
  });

  it('an amount above the settling one is still refused', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '260375');
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 27.86, deviseTendue: 'EUR' });
    expect(res.status).toBe(409);
    expect(await amounts(id)).toEqual({ reglement: '0.00', resteAPayer: '260375.00' });
  });
});

describe('hand-over and delivery collect the remainder in the currency chosen', () => {
  it("'Retiré' at Lyon on a F CFA parcel, collected in euros: the Lyon drawer expects euros", async () => {
    const id = await parcel(envoi.xof, 'DKR1', '29358', 'EXPEDIE');
    const before = await drawer('LYS1');
    const res = await t.call('POST', `/api/colis/retirer/${id}`, {
      token: agentLyon.token,
      body: { ...RELEASE_PROOF, modePaiementID: mode.ESPECES, deviseTendue: 'EUR' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 29 358 F ÷ 655,957 = 44,756 € → 44,76 €, worth 29 360,6 → 29 361 F: the parcel closes at 0, 3 F booked.
    const [row] = await rows(id);
    expect(row).toMatchObject({
      montantEncaisse: '29358.00',
      devise: 'XOF',
      montantTendu: '44.760',
      deviseTendue: 'EUR',
      ecartConversion: '3.00',
      paymentby: 'destinateur',
    });
    expect(await amounts(id)).toEqual({ reglement: '29358.00', resteAPayer: '0.00' });
    expect(delta(before.lignes, (await drawer('LYS1')).lignes)).toEqual(['Espèces|EUR 44.76']);
  });

  it("'Livré' with the amount shown and the payer chosen: recorded as shown, paid by the sender", async () => {
    const id = await parcel(envoi.xof, 'DKR1', '29358', 'EXPEDIE');
    const res = await t.call('POST', `/api/colis/livrer/${id}`, {
      token: agentLyon.token,
      body: { ...RELEASE_PROOF, modePaiementID: mode.CB, deviseTendue: 'EUR', montantTendu: '44,76', paymentby: 'expediteur' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await rows(id);
    expect(row).toMatchObject({ montantTendu: '44.760', deviseTendue: 'EUR', paymentby: 'expediteur', modePaiementID: mode.CB });
  });

  it('an amount that does not settle the parcel is refused, nothing recorded', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '29358', 'EXPEDIE');
    const res = await t.call('POST', `/api/colis/retirer/${id}`, {
      token: agentLyon.token,
      body: { ...RELEASE_PROOF, modePaiementID: mode.ESPECES, deviseTendue: 'EUR', montantTendu: 40 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(await rows(id)).toEqual([]);
    expect(await amounts(id)).toEqual({ reglement: '0.00', resteAPayer: '29358.00' });
  });
});

describe('a refund is given back in the currency chosen, by default the one received', () => {
  it('10 € then the rest of a 27,85 € payment on a GNF parcel: the euro drawer back to 0, the parcel owing it all', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '260375');
    const before = await drawer('PAR1');
    const paid = await pay(adminParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 27.85, deviseTendue: 'EUR' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const refund = (body: Record<string, unknown>) =>
      t.call('POST', `/api/encaissement/rembourser/${paid.body.data.id}`, {
        token: adminParis.token,
        body: { modePaiementID: mode.ESPECES, motif: 'Erreur de caisse', ...body },
      });
    // 10 € at the payment's own rates: 93 500 GNF.
    const first = await refund({ montant: '10' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ montant: 93500, devise: 'GNF', montantTendu: 10, deviseTendue: 'EUR', remboursable: 166875 });
    // The rest in euros, 17,85 € (166 875 GNF ÷ 9 350 = 17,8476 €), gives back exactly what is left.
    const rest = await refund({ montant: '17,85', deviseTendue: 'EUR' });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ montant: 166875, remboursable: 0, ecartConversion: -23 });
    expect(await amounts(id)).toEqual({ reglement: '0.00', resteAPayer: '260375.00' });
    const after = await drawer('PAR1');
    expect(delta(before.lignes, after.lignes)).toEqual([]);
    expect(delta(before.ecarts, after.ecarts)).toEqual([]);
  });

  it("in a third currency at another counter: at today's rates, in that counter's line", async () => {
    const adminDakar = await t.createStaff('ADMIN', { agenceCode: 'DKR1' });
    const id = await parcel(envoi.gnf, 'CKY1', '200000');
    const paid = await pay(adminParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 20, deviseTendue: 'EUR' });
    expect(paid.body.data).toMatchObject({ montantEncaisse: 187000 });
    const before = await drawer('DKR1');
    const res = await t.call('POST', `/api/encaissement/rembourser/${paid.body.data.id}`, {
      token: adminDakar.token,
      body: { montant: '6 560', deviseTendue: 'XOF', modePaiementID: mode.ESPECES, motif: 'Rendu à Dakar' },
    });
    // 6 560 F ÷ 655,957 × 9 350 = 93 506,1 GNF → 93 506 GNF.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montant: 93506, devise: 'GNF', montantTendu: 6560, deviseTendue: 'XOF', remboursable: 93494 });
    expect(delta(before.lignes, (await drawer('DKR1')).lignes)).toEqual(['Espèces|XOF -6560']);
  });

  it("in the parcel's currency when chosen: counted in that currency's line", async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '100000');
    const paid = await pay(adminParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 5, deviseTendue: 'EUR' });
    const before = await drawer('PAR1');
    const res = await t.call('POST', `/api/encaissement/rembourser/${paid.body.data.id}`, {
      token: adminParis.token,
      body: { montant: 1000, deviseTendue: 'GNF', modePaiementID: mode.ESPECES, motif: 'Reste en francs' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montant: 1000, devise: 'GNF', montantTendu: null, deviseTendue: null });
    expect(delta(before.lignes, (await drawer('PAR1')).lignes)).toEqual(['Espèces|GNF -1000']);
  });
});

describe('who paid, and what the notice says', () => {
  it('the payer chosen is recorded; the export says Expéditeur / Destinataire as the screen does', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '30000');
    const bySender = await pay(agentDakar.token, {
      colisID: id,
      modePaiementID: mode.ESPECES,
      montantEncaisse: 1000,
      paymentby: 'expediteur',
    });
    const byRecipient = await pay(agentDakar.token, { colisID: id, modePaiementID: mode.ESPECES, montantEncaisse: 2000 });
    expect([bySender.status, byRecipient.status]).toEqual([200, 200]);
    const stored = await rows(id);
    expect(stored.map((r) => r.paymentby)).toEqual(['expediteur', 'destinateur']);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/encaissement/liste/x?format=csv',
      headers: { authorization: `Bearer ${agentDakar.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const by = header.split(';').indexOf('Effectué par');
    expect(by).toBeGreaterThanOrEqual(0);
    const said = new Set(lines.map((l) => l.split(';')[by]));
    expect(said).toContain('Expéditeur');
    expect(said).toContain('Destinataire');
    expect(said).not.toContain('expediteur');
    expect(said).not.toContain('destinateur');
  });

  it('the notice of a payment in euros on a GNF parcel says the euros received', async () => {
    const id = await parcel(envoi.gnf, 'CKY1', '260375');
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: mode.ESPECES, montantTendu: 27.84, deviseTendue: 'EUR' });
    expect(res.status).toBe(200);
    const sent = await t.database.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.colisID, id));
    expect(sent.length).toBeGreaterThan(0);
    for (const n of sent) expect(n.message.replace(/\s/g, ' ')).toContain('un encaissement de 27,84 € (260 304 GNF)');
  });
});
