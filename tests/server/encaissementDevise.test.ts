/**
 * Payments of a part of what is due, in the parcel's currency or tendered in another (spec 000 §4 Parcel payment, §7
 * encaissement/create; docs/decisions/currencies.md "Payments in another currency"): partial payments then the rest,
 * exact to the currency's minor unit; 10 € tendered for a parcel in F CFA (6 560 F at 655,957); the refusals (above
 * the remaining, a parcel another payment just settled, another agency, malformed bodies, an unknown currency, a
 * currency without a rate); the preview (encaissement/equivalent) and the currencies offered (encaissement/devises).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { montantDepasseMessage } from '../../common/schemas/encaissement';
import { agences, colis, encaissements, modesPaiement, pays, tauxChange } from '../../server/db/schema';
import { tauxManquantMessage } from '../../server/tauxChange/rates';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
let ESPECES = '';
/** A departure Dakar → Paris (priced in F CFA, XOF) and one Paris → Dakar (in euros). */
const envoi = { xof: '', eur: '' };
let agentDakar: { id: string; token: string };
let agentParis: { id: string; token: string };
let agentAbidjan: { id: string; token: string };

const DEJA_SOLDE = "Ce colis vient d'être soldé par un autre encaissement.";

/** A received parcel of `agence` on `envoiID` whose total and remaining amount are `montant` (its departure's currency). */
async function parcel(envoiID: string, agence: string, montant: string): Promise<string> {
  const id = await insertColis(t.database.db, { envoiID, statut: 'RECEPTIONNE', agence });
  await t.database.db.update(colis).set({ montantTotal: montant, reglement: '0', resteAPayer: montant }).where(eq(colis.id, id));
  return id;
}

/** POST encaissement/create as `token`. */
const pay = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/encaissement/create', { token, body });

/** The parcel's settled and remaining amounts and currency, as stored. */
async function amounts(id: string) {
  const [row] = await t.database.db
    .select({ reglement: colis.reglement, resteAPayer: colis.resteAPayer, devise: colis.devise })
    .from(colis)
    .where(eq(colis.id, id));
  return row;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  [{ id: ESPECES }] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  const SN = await idByCode(db, pays, 'SN');
  const FR = await idByCode(db, pays, 'FR');
  envoi.xof = (await createEnvoiByApi(t, { paysEmetteurID: SN, paysID: FR, contenu: 'Fret Dakar' })).id;
  envoi.eur = (await createEnvoiByApi(t, { paysEmetteurID: FR, paysID: SN, contenu: 'Fret Paris' })).id;
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentAbidjan = await t.createStaff('AGENT', { agenceCode: 'ABJ1' });
  // The agencies' countries, as the offered currencies read them.
  const [abj] = await db.select({ paysID: agences.paysID }).from(agences).where(eq(agences.code, 'ABJ1'));
  expect(abj.paysID).toBe(await idByCode(db, pays, 'CI'));
});

afterAll(async () => {
  await t?.close();
});

describe('a part of what is due, then the rest', () => {
  it('in F CFA: rounded to the franc, settled and remaining exact, 0 at the end', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '10000');
    expect((await amounts(id)).devise).toBe('XOF');
    const first = await pay(agentDakar.token, { colisID: id, modePaiementID: ESPECES, montantEncaisse: '3 500,4' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      montantEncaisse: 3500,
      devise: 'XOF',
      montantTendu: null,
      deviseTendue: null,
      taux: null,
      reglement: 3500,
      resteAPayer: 6500,
    });
    const rest = await pay(agentDakar.token, { colisID: id, modePaiementID: ESPECES });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ montantEncaisse: 6500, devise: 'XOF', reglement: 10000, resteAPayer: 0 });
    expect(await amounts(id)).toEqual({ reglement: '10000.00', resteAPayer: '0.00', devise: 'XOF' });
    const rows = await t.database.db
      .select({
        montantEncaisse: encaissements.montantEncaisse,
        montantRestant: encaissements.montantRestant,
        devise: encaissements.devise,
      })
      .from(encaissements)
      .where(eq(encaissements.colisID, id));
    expect(rows.sort((a, b) => Number(a.montantEncaisse) - Number(b.montantEncaisse))).toEqual([
      { montantEncaisse: '3500.00', montantRestant: '6500.00', devise: 'XOF' },
      { montantEncaisse: '6500.00', montantRestant: '0.00', devise: 'XOF' },
    ]);
  });

  it('in euros: rounded half away from zero to the cent (12,345 → 12,35), then the exact rest', async () => {
    const id = await parcel(envoi.eur, 'PAR1', '50.00');
    const first = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantEncaisse: 12.345 });
    expect(first.body.data).toMatchObject({ montantEncaisse: 12.35, devise: 'EUR', reglement: 12.35, resteAPayer: 37.65 });
    const rest = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES });
    expect(rest.body.data).toMatchObject({ montantEncaisse: 37.65, reglement: 50, resteAPayer: 0 });
    expect(await amounts(id)).toEqual({ reglement: '50.00', resteAPayer: '0.00', devise: 'EUR' });
  });
});

describe('tendered in another currency', () => {
  it('10 € for a parcel in F CFA: 6 560 F at 655,957, the tendered amount, its currency and both rates kept', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '6560');
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=EUR`, { token: agentParis.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({
      devise: 'XOF',
      montant: 6560,
      ecartConversion: 0,
      deviseTendue: 'EUR',
      montantTendu: 10,
      taux: '655.957000',
      tauxTendu: '1',
      tauxColis: '655.957000',
      resteAPayer: 6560,
      resteTendu: 10,
    });
    const half = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=EUR&montantTendu=5`, {
      token: agentParis.token,
    });
    expect(half.body.data).toMatchObject({ montant: 3280, montantTendu: 5 }); // 3 279,785 F → 3 280 F

    const res = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantTendu: 10, deviseTendue: 'EUR' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      montantEncaisse: 6560,
      devise: 'XOF',
      montantTendu: 10,
      deviseTendue: 'EUR',
      taux: '655.957000',
      tauxTendu: '1',
      tauxColis: '655.957000',
      reglement: 6560,
      resteAPayer: 0,
    });
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, id));
    expect(row).toMatchObject({
      montantEncaisse: '6560.00',
      montantRestant: '0.00',
      devise: 'XOF',
      montantTendu: '10.000',
      deviseTendue: 'EUR',
      tauxTendu: '1.000000',
      tauxColis: '655.957000',
    });
    expect(await amounts(id)).toEqual({ reglement: '6560.00', resteAPayer: '0.00', devise: 'XOF' });
    // The payments of the parcel carry what was tendered and the rates (the receipt prints them).
    const listed = await t.call('GET', `/api/encaissement/getByColisID/${id}`, { token: agentParis.token });
    expect(listed.body.encaissements[0]).toMatchObject({
      montantEncaisse: 6560,
      montantTendu: 10,
      deviseTendue: 'EUR',
      tauxColis: '655.957000',
    });
  });

  it('6 560 F for a parcel in euros settles 10,00 € exactly; the Dakar agent is offered its franc', async () => {
    const id = await parcel(envoi.eur, 'PAR1', '10.00');
    const offered = await t.call('GET', `/api/encaissement/devises/${id}`, { token: agentDakar.token });
    expect(offered.body).toMatchObject({ devise: 'EUR', devises: ['EUR', 'XOF'] });
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=XOF`, { token: agentDakar.token });
    expect(preview.body.data).toMatchObject({ resteTendu: 6560, montant: 10, taux: '0.001524' });
    const res = await pay(agentDakar.token, { colisID: id, modePaiementID: ESPECES, montantTendu: '6560', deviseTendue: 'XOF' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montantEncaisse: 10, devise: 'EUR', montantTendu: 6560, deviseTendue: 'XOF', resteAPayer: 0 });
  });

  it('offers the parcel currency alone when it is the agency’s, the agency’s besides it otherwise', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '1000');
    expect((await t.call('GET', `/api/encaissement/devises/${id}`, { token: agentDakar.token })).body).toMatchObject({ devises: ['XOF'] });
    expect((await t.call('GET', `/api/encaissement/devises/${id}`, { token: agentParis.token })).body).toMatchObject({
      devises: ['XOF', 'EUR'],
    });
  });

  it('a rate entered for the day converts through the euro: 10 $ at 1,08 $ for 1 € = 6 074 F', async () => {
    const db = t.database.db;
    await db.insert(tauxChange).values({ devise: 'CAD', taux: '1.080000', dateDebut: todayIso() });
    const id = await parcel(envoi.xof, 'DKR1', '10000');
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantTendu: 10, deviseTendue: 'CAD' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10 ÷ 1,08 × 655,957 = 6 073,676 F → 6 074 F; 655,957 ÷ 1,08 = 607,3675926 F for 1 $.
    expect(res.body.data).toMatchObject({ montantEncaisse: 6074, taux: '607.367593', tauxTendu: '1.080000', resteAPayer: 3926 });
  });
});

describe('refusals', () => {
  it('above the remaining: 409 with the remaining in the parcel currency, whether in it or tendered in another', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '6560');
    const message = montantDepasseMessage('6560', 'XOF');
    expect(message.replace(/\s/g, ' ')).toBe('Le montant dépasse le reste à payer (6 560 F CFA).');
    const over = await pay(agentDakar.token, { colisID: id, modePaiementID: ESPECES, montantEncaisse: 6561 });
    expect([over.status, over.body.message]).toEqual([409, message]);
    // 10,01 € = 6 566 F.
    const tendered = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantTendu: 10.01, deviseTendue: 'EUR' });
    expect([tendered.status, tendered.body.message]).toEqual([409, message]);
    expect(tendered.body.errors).toEqual({ montantTendu: message });
    expect(await amounts(id)).toMatchObject({ reglement: '0.00', resteAPayer: '6560.00' });
  });

  it('two agents paying the whole remainder at once: one payment; the other is told the parcel was just settled', async () => {
    const id = await parcel(envoi.xof, 'DKR1', '5000');
    const results = await Promise.all([
      pay(agentDakar.token, { colisID: id, modePaiementID: ESPECES }),
      pay(agentParis.token, { colisID: id, modePaiementID: ESPECES }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(DEJA_SOLDE);
    const rows = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, id));
    expect(rows.map((r) => r.montantEncaisse)).toEqual(['5000.00']);
    // Later, with an amount or tendered in another currency: the same answer, before any rate is looked up.
    const late = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantTendu: 1, deviseTendue: 'USD' });
    expect([late.status, late.body.message]).toEqual([409, DEJA_SOLDE]);
  });

  it("another agency's agent cannot pay nor preview", async () => {
    const id = await parcel(envoi.xof, 'DKR1', '1000');
    const res = await pay(agentAbidjan.token, { colisID: id, modePaiementID: ESPECES });
    expect([res.status, res.body.message]).toEqual([403, 'Ce colis appartient à une autre agence.']);
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=EUR`, { token: agentAbidjan.token });
    expect(preview.status).toBe(404);
    expect((await t.call('GET', `/api/encaissement/devises/${id}`, { token: agentAbidjan.token })).status).toBe(404);
    expect(await amounts(id)).toMatchObject({ resteAPayer: '1000.00' });
  });

  it('malformed bodies and an unknown currency: 400 with the field', async () => {
    const id = await parcel(envoi.eur, 'PAR1', '20.00');
    const cases: [Record<string, unknown>, string][] = [
      [{ colisID: id, modePaiementID: ESPECES, montantEncaisse: 'beaucoup' }, 'montantEncaisse'],
      [{ colisID: id, modePaiementID: ESPECES, montantEncaisse: -5 }, 'montantEncaisse'],
      [{ colisID: id, modePaiementID: ESPECES, montantEncaisse: true }, 'montantEncaisse'],
      [{ colisID: 'x', modePaiementID: ESPECES }, 'colisID'],
      [{ colisID: id, modePaiementID: ESPECES, montantTendu: 10 }, 'deviseTendue'],
      [{ colisID: id, modePaiementID: ESPECES, montantTendu: 10, deviseTendue: 'ZZZ' }, 'deviseTendue'],
      [{ colisID: id, modePaiementID: ESPECES, montantTendu: [10], deviseTendue: 'XOF' }, 'montantTendu'],
      [{ colisID: id, modePaiementID: ESPECES, montantEncaisse: 5, montantTendu: 10, deviseTendue: 'XOF' }, 'montantEncaisse'],
    ];
    for (const [body, field] of cases) {
      const res = await pay(agentParis.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const unknown = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=ZZZ`, { token: agentParis.token });
    expect(unknown.status).toBe(400);
    expect(await amounts(id)).toMatchObject({ resteAPayer: '20.00' });
  });

  it('a currency without a rate (USD): 409 asking for one, nothing recorded', async () => {
    const db = t.database.db;
    expect(
      await db
        .select()
        .from(tauxChange)
        .where(and(eq(tauxChange.devise, 'USD'))),
    ).toEqual([]);
    const id = await parcel(envoi.xof, 'DKR1', '1000');
    const message = tauxManquantMessage('USD', todayIso());
    const res = await pay(agentParis.token, { colisID: id, modePaiementID: ESPECES, montantTendu: 1, deviseTendue: 'USD' });
    expect([res.status, res.body.message]).toEqual([409, message]);
    const preview = await t.call('GET', `/api/encaissement/equivalent?colisID=${id}&deviseTendue=USD`, { token: agentParis.token });
    expect([preview.status, preview.body.message]).toEqual([409, message]);
    expect(await db.select().from(encaissements).where(eq(encaissements.colisID, id))).toEqual([]);
  });
});
