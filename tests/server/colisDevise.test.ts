/**
 * A parcel priced in its departure's currency, exactly (docs/decisions/currencies.md; spec 000 §9, spec 001 §5 "the
 * currency shown comes from the origin country"): a unit price is in its origin country's currency, a departure's
 * parcels in the departure's, a nature's exceptional price (euros) converted at the day's rate, a line never billed
 * below its unit price's minimum, weights of at least 0,01 kg; the seeded prices leaving Dakar, Abidjan and Bamako in
 * F CFA. Registration, edit and the wizard's price look-up (colis/prixNature) through the API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  agences,
  colis,
  colisNatures,
  encaissements,
  modesEnvoi,
  modesLivraison,
  modesPaiement,
  paramNatureModes,
  pays,
  villes,
  groupesNatureColis,
} from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode } from './fixtures';

let t: TestContext;
let agentDakar: { id: string; token: string };
const id: Record<string, string> = {};

async function byCode(table: typeof villes | typeof modesLivraison | typeof modesPaiement | typeof groupesNatureColis, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

/** An agency inserted in a city (the seed has none in Cameroun nor in Guinée). */
async function insertAgence(code: string, ville: string, paysCode: string) {
  const [a] = await t.database.db
    .insert(agences)
    .values({ code, libelle: `Agence ${code}`, villeID: id[ville], paysID: id[paysCode] })
    .returning({ id: agences.id });
  return a.id;
}

/** A nature group, one nature in it (with an exceptional price in euros or none), created through the API. */
async function newNature(prixExceptionnel: number | null = null) {
  const code = `T${randomUUID().slice(0, 6)}`;
  const groupe = await t.call('POST', '/api/groupeNatureColis/create', { token: t.adminToken, body: { code, libelle: `Groupe ${code}` } });
  expect(groupe.status, JSON.stringify(groupe.body)).toBe(200);
  const nature = await t.call('POST', '/api/natureColis/create', {
    token: t.adminToken,
    body: { code, libelle: `Nature ${code}`, groupeNatureColisID: groupe.body.data.id, prixExceptionnel },
  });
  expect(nature.status, JSON.stringify(nature.body)).toBe(200);
  return { groupe: groupe.body.data.id as string, nature: nature.body.data.id as string };
}

/** A unit price of a group on a route by air, through the API (amounts in the origin city's currency). */
async function newPrix(groupe: string, from: string, to: string, prixUnitaire: number | string, montantMinimum?: number) {
  const res = await t.call('POST', '/api/paramNatureMode/create', {
    token: t.adminToken,
    body: {
      libelle: `Prix ${groupe.slice(0, 8)} ${from} → ${to}`,
      prixUnitaire,
      montantMinimum,
      groupeNatureColisID: groupe,
      villeDorigineID: id[from],
      villeID: id[to],
      modeEnvoiID: id.AERIEN,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

let phone = 771000000;
/** A registration body to Paris, sender typed with a phone of the origin country (dial code `indicatif`). */
const body = (envoiID: string, naturesColis: { natureColisID: string; poids: number | string }[], over: Record<string, unknown> = {}) => ({
  envoiID,
  villeID: id.PAR,
  modeLivraisonID: id.AGENCE,
  naturesColis,
  detailsContenu: 'Carton',
  expediteurNom: 'Ndiaye',
  expediteurPrenom: 'Awa',
  NumeroSaisi: `+221${phone++}`,
  nomDestinataire: 'Martin',
  prenomsDestinataire: 'Paul',
  adresseDestinataire: 'Paris 18e',
  telephoneDestinataire: `+336${String(phone++).slice(1)}`,
  ...over,
});

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  for (const code of ['FR', 'SN', 'CM', 'GN']) id[code] = await idByCode(db, pays, code);
  for (const code of ['PAR', 'DKR', 'DLA', 'CKY']) id[code] = await byCode(villes, code);
  Object.assign(id, {
    AERIEN: await idByCode(db, modesEnvoi, 'AERIEN'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
    ESPECES: await byCode(modesPaiement, 'ESPECES'),
    VETEMENTS: await byCode(groupesNatureColis, 'VETEMENTS'),
  });
  id.DLA1 = await insertAgence('DLA1', 'DLA', 'CM');
  id.CKY1 = await insertAgence('CKY1', 'CKY', 'GN');
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
});
afterAll(() => t.close());

/** A departure by air from a country to France. */
const envoiFrom = (paysCode: string) => createEnvoiByApi(t, { paysEmetteurID: id[paysCode], paysID: id.FR });

/** The stored amounts of a parcel and its lines (numeric texts as Drizzle reads them). */
async function stored(colisID: string) {
  const [c] = await t.database.db.select().from(colis).where(eq(colis.id, colisID));
  const lines = await t.database.db.select().from(colisNatures).where(eq(colisNatures.colisID, colisID));
  return { c, lines };
}

describe("a parcel is priced in its departure's currency", () => {
  it('(a) a Dakar → Paris unit price of 10 (XOF): 2 kg on a Dakar departure total 20, the parcel answers devise XOF', async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DKR', 'PAR', 10);
    const e = await envoiFrom('SN');
    // The wizard's look-up names the currency of the price it answers.
    const look = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${nature}`, { token: agentDakar.token });
    expect(look.body.data).toMatchObject({ prixUnitaire: 10, prixLigne: 10, devise: 'XOF', exceptionnel: false, montantMinimum: null });
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 2 }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ devise: 'XOF', prixUnitaire: 10, montant: 20, montantTotal: 20, resteAPayer: 20 });
    const { c } = await stored(res.body.data.id);
    expect([c.devise, c.montantTotal, c.resteAPayer]).toEqual(['XOF', '20.00', '20.00']);
  });

  it('(b) a 5 000 XAF unit price for 2 kg totals exactly 10 000 XAF, remaining 10 000', async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DLA', 'PAR', 5000);
    const e = await envoiFrom('CM');
    const res = await t.call('POST', '/api/colis/create', {
      token: t.adminToken,
      body: body(e.id, [{ natureColisID: nature, poids: 2 }], { agenceID: id.DLA1, NumeroSaisi: `+237${phone++}` }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ devise: 'XAF', montant: 10000, montantTotal: 10000, resteAPayer: 10000 });
    // Charges and advances are whole francs too: 0,5 F of charges is 1 F (not 0,50), an advance of 2 500,4 F is 2 500 F.
    const more = await t.call('POST', '/api/colis/create', {
      token: t.adminToken,
      body: body(e.id, [{ natureColisID: nature, poids: 2 }], {
        agenceID: id.DLA1,
        NumeroSaisi: `+237${phone++}`,
        montantComplementaire: 0.5,
        reglement: 2500.4,
        encaissement: { modePaiementID: id.ESPECES, paymentby: 'expediteur' },
      }),
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.data).toMatchObject({
      devise: 'XAF',
      montantComplementaire: 1,
      montantTotal: 10001,
      reglement: 2500,
      resteAPayer: 7501,
    });
  });

  it('(c) an exceptional price of 10 € on a Dakar departure gives 6 560 F per kg (655,957 F for 1 €), in the look-up too', async () => {
    const { groupe, nature } = await newNature(10);
    await newPrix(groupe, 'DKR', 'PAR', 5000); // the exceptional price wins over it
    const e = await envoiFrom('SN');
    const look = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${nature}&villeID=${id.PAR}`, {
      token: agentDakar.token,
    });
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.data).toMatchObject({
      prixLigne: 6560,
      prixExceptionnel: 6560,
      prixUnitaire: 5000,
      devise: 'XOF',
      exceptionnel: true,
      prixExceptionnelEuros: 10,
      tauxExceptionnel: '655.957000',
    });
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 1.5 }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ devise: 'XOF', prixUnitaire: 6560, montant: 9840 }); // 1,5 × 6 560
    const { lines } = await stored(res.body.data.id);
    expect(lines.map((l) => [l.prixExceptionnel, l.prixTotal])).toEqual([['6560.00', '9840.00']]);
  });

  it('(d) a line is never billed below the minimum: 0,5 kg at 1 000 F/kg with a minimum of 2 000 F bills 2 000 F', async () => {
    const { groupe, nature } = await newNature();
    const prix = await newPrix(groupe, 'DKR', 'PAR', 1000, 2000);
    expect(prix).toMatchObject({ prixUnitaire: 1000, montantMinimum: 2000 });
    const e = await envoiFrom('SN');
    const look = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${nature}`, { token: agentDakar.token });
    expect(look.body.data).toMatchObject({ prixLigne: 1000, montantMinimum: 2000, devise: 'XOF', exceptionnel: false });
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 0.5 }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ montant: 2000, montantTotal: 2000 });
    // 3 kg: 3 000 F, above the minimum.
    const more = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 3 }]),
    });
    expect(more.body.data.montant).toBe(3000);
  });

  it("(e) a weight below 0,01 kg is refused: 'Le poids doit être d'au moins 0,01 kg'", async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DKR', 'PAR', 1000);
    const e = await envoiFrom('SN');
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 0.005 }]),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Le poids doit être d'au moins 0,01 kg");
    const ok = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 0.01 }]),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.montant).toBe(10);
  });

  it('(f) every amount of an XOF parcel is a whole number of francs: lines, charges, advance, payment, remainder', async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DKR', 'PAR', '6550.4'); // rounded to 6 550 F on its way in
    const e = await envoiFrom('SN');
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 0.333 }], {
        montantComplementaire: 10.5,
        montantExpedition: 0.49,
        reglement: 500.5,
        encaissement: { modePaiementID: id.ESPECES, paymentby: 'expediteur' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 0,333 kg × 6 550 F = 2 181,15 F → 2 181 F; + 11 F + 0 F = 2 192 F; 501 F paid; 1 691 F left.
    expect(res.body.data).toMatchObject({
      montant: 2181,
      montantComplementaire: 11,
      montantExpedition: 0,
      montantTotal: 2192,
      reglement: 501,
      resteAPayer: 1691,
    });
    const { c, lines } = await stored(res.body.data.id);
    const amounts = [c.prixUnitaire, c.montant, c.montantComplementaire, c.montantExpedition, c.montantTotal, c.reglement, c.resteAPayer];
    for (const l of lines) amounts.push(l.prixUnitaire, l.prixTotal);
    const [payment] = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
    amounts.push(payment.montantEncaisse, payment.montantRestant);
    for (const a of amounts) expect(a, String(a)).toMatch(/^\d+(\.00)?$/);
    expect(payment.montantEncaisse).toBe('501.00');
  });

  it("(g) an amount typed with decimals is rounded once, to the franc: '10,495' F CFA is 10 F, never 10,50 then 11 F", async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DKR', 'PAR', 1000);
    const e = await envoiFrom('SN');
    const res = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 1 }], {
        montantComplementaire: '10,495',
        montantExpedition: 2.495,
        reglement: '100,495',
        encaissement: { modePaiementID: id.ESPECES, paymentby: 'expediteur' },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1 kg × 1 000 F + 10 F + 2 F = 1 012 F; 100 F paid.
    expect(res.body.data).toMatchObject({ montantComplementaire: 10, montantExpedition: 2, montantTotal: 1012, reglement: 100 });
    const { c } = await stored(res.body.data.id);
    expect([c.montantComplementaire, c.montantExpedition, c.montantTotal, c.reglement, c.resteAPayer]).toEqual([
      '10.00',
      '2.00',
      '1012.00',
      '100.00',
      '912.00',
    ]);
  });

  it("an edit prices the parcel again in its departure's currency", async () => {
    const { groupe, nature } = await newNature();
    await newPrix(groupe, 'DKR', 'PAR', 1000);
    const e = await envoiFrom('SN');
    const created = await t.call('POST', '/api/colis/create', {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 1 }]),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const edit = await t.call('PUT', `/api/colis/update/${created.body.data.id}`, {
      token: agentDakar.token,
      body: body(e.id, [{ natureColisID: nature, poids: 2.0005 }], { montantComplementaire: 99.5 }),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const { c } = await stored(created.body.data.id);
    // 2,001 kg × 1 000 F = 2 001 F; + 100 F.
    expect([c.devise, c.montant, c.montantComplementaire, c.montantTotal]).toEqual(['XOF', '2001.00', '100.00', '2101.00']);
  });

  it('an exceptional price on a departure whose currency has no rate: the look-up and the registration answer 409', async () => {
    const { nature } = await newNature(10);
    const e = await envoiFrom('GN');
    const look = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${nature}`, { token: t.adminToken });
    expect(look.status).toBe(409);
    expect(look.body.message).toMatch(/^Aucun taux de change pour GNF au \d\d\/\d\d\/\d{4}/);
    const res = await t.call('POST', '/api/colis/create', {
      token: t.adminToken,
      body: body(e.id, [{ natureColisID: nature, poids: 1 }], { agenceID: id.CKY1, NumeroSaisi: `+224${phone++}` }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toMatch(/^Aucun taux de change pour GNF/);
  });

  it('a parcel of a euro departure keeps its euro prices and an exceptional price is not converted', async () => {
    const { nature } = await newNature(7.5);
    const e = await createEnvoiByApi(t); // France → Sénégal
    const look = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${nature}`, { token: t.adminToken });
    expect(look.body.data).toMatchObject({ prixLigne: 7.5, devise: 'EUR', exceptionnel: true, tauxExceptionnel: '1' });
  });
});

describe('seeded unit prices leaving a CFA franc country are in F CFA', () => {
  it('Dakar → Paris, Vêtements by air: 10 € restated as 6 550 F (655,957 F for 1 €, to a whole 50 F)', async () => {
    const [p] = await t.database.db
      .select({ prixUnitaire: paramNatureModes.prixUnitaire })
      .from(paramNatureModes)
      .where(
        and(
          eq(paramNatureModes.groupeNatureColisID, id.VETEMENTS),
          eq(paramNatureModes.villeOrigineID, id.DKR),
          eq(paramNatureModes.villeDestinationID, id.PAR),
          eq(paramNatureModes.modeEnvoiID, id.AERIEN),
        ),
      );
    expect(p.prixUnitaire).toBe('6550.00');
    // Every seeded price leaving Dakar, Abidjan or Bamako is a whole multiple of 50 F; Paris → Dakar stays 9 €.
    const seeded = ['VETEMENTS', 'ALIMENTAIRE', 'ELECTRONIQUE', 'DOCUMENTS', 'COSMETIQUES'];
    const rows = (
      await t.database.db
        .select({ prixUnitaire: paramNatureModes.prixUnitaire, origine: villes.code, groupe: groupesNatureColis.code })
        .from(paramNatureModes)
        .innerJoin(villes, eq(villes.id, paramNatureModes.villeOrigineID))
        .innerJoin(groupesNatureColis, eq(groupesNatureColis.id, paramNatureModes.groupeNatureColisID))
    ).filter((r) => seeded.includes(r.groupe));
    const cfa = rows.filter((r) => ['DKR', 'ABJ', 'BKO'].includes(r.origine));
    expect(cfa.length).toBeGreaterThan(0);
    for (const r of cfa) expect(Number(r.prixUnitaire) % 50, `${r.origine} ${r.prixUnitaire}`).toBe(0);
    expect(rows.some((r) => r.origine === 'PAR' && r.prixUnitaire === '9.00')).toBe(true);
  });
});
