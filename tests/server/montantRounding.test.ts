/**
 * Amounts typed with a third decimal are stored as the wizard shows them, rounded once, half away from zero, to their
 * currency's minor unit (common/schemas/fields.ts montant keeps them exact; common/devises.ts rounds them): 1,005 € is
 * 1,01 €, never the 1,00 € a float `toFixed(2)` gives (1.005 is 1.00499… as a double), and '2,495' F CFA is 2 F, never
 * 2,50 then 3 F. Through the API on a real database: a parcel's amounts and its advance, a payment, a unit price, a
 * cash operation; and a weight with a fourth decimal rounded to 3 (poidsKg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  colis,
  encaissements,
  modesLivraison,
  modesPaiement,
  naturesColis,
  operations,
  paramNatureModes,
  typesOperation,
  villes,
} from '../../server/db/schema';
import { todayIso } from '../../common/dates';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi } from './fixtures';

let t: TestContext;
let agent: { token: string };
const id: Record<string, string> = {};

async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison | typeof modesPaiement, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  Object.assign(id, {
    DKR: await byCode(villes, 'DKR'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
    ESPECES: await byCode(modesPaiement, 'ESPECES'),
  });
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

/** Registers a parcel of 2 kg of adult clothes (9,00 €/kg Paris → Dakar by air) with the given amounts. */
async function register(over: Record<string, unknown>) {
  const envoi = await createEnvoiByApi(t);
  return t.call('POST', '/api/colis/create', {
    token: agent.token,
    body: {
      envoiID: envoi.id,
      villeID: id.DKR,
      modeLivraisonID: id.AGENCE,
      naturesColis: [{ natureColisID: id.VET, poids: 2 }],
      detailsContenu: 'Vêtements',
      expediteurNom: 'Diop',
      expediteurPrenom: 'Awa',
      NumeroSaisi: '+33612345670',
      nomDestinataire: 'Fall',
      prenomsDestinataire: 'Moussa',
      adresseDestinataire: 'Médina, Dakar',
      ...over,
    },
  });
}

describe('1,005 € is stored 1,01 € (half away from zero), as the wizard shows it', () => {
  it("a parcel's complementary amount and advance, in the answer and in the database", async () => {
    const res = await register({
      montantComplementaire: 1.005,
      montantExpedition: '2,675',
      reglement: 1.005,
      encaissement: { modePaiementID: id.ESPECES },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2 kg × 9,00 € = 18,00 € + 1,01 € + 2,68 € = 21,69 €; 1,01 € paid.
    expect(res.body.data).toMatchObject({
      montantComplementaire: 1.01,
      montantExpedition: 2.68,
      montantTotal: 21.69,
      reglement: 1.01,
      resteAPayer: 20.68,
    });
    const [row] = await t.database.db.select().from(colis).where(eq(colis.id, res.body.data.id));
    expect(row).toMatchObject({
      montantComplementaire: '1.01',
      montantExpedition: '2.68',
      montantTotal: '21.69',
      reglement: '1.01',
      resteAPayer: '20.68',
    });
    const [advance] = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, row.id));
    expect(advance.montantEncaisse).toBe('1.01');
  });

  it('a payment of 1,005 € collects 1,01 €', async () => {
    const c = (await register({ reglement: 10, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    const res = await t.call('POST', '/api/encaissement/create', {
      token: agent.token,
      body: { colisID: c.id, modePaiementID: id.ESPECES, montantEncaisse: 1.005 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ reglement: 11.01, resteAPayer: 6.99 });
    const rows = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
    expect(rows.map((p) => p.montantEncaisse).sort()).toEqual(['1.01', '10.00']);
  });

  it('a unit price of 1,005 € is 1,01 €', async () => {
    const rows = async (path: string) =>
      (await t.call('GET', `/api/${path}`, { token: t.adminToken })).body.datas as { id: string; code: string }[];
    const code = async (path: string, c: string) => (await rows(path)).find((r) => r.code === c)!.id;
    const res = await t.call('POST', '/api/paramNatureMode/create', {
      token: t.adminToken,
      body: {
        libelle: 'Documents Paris → Thiès Aérien',
        prixUnitaire: 1.005,
        groupeNatureColisID: await code('groupeNatureColis/liste', 'DOCUMENTS'),
        villeDorigineID: await code('ville/liste?_perPage=500&_page=1', 'PAR'),
        villeID: await code('ville/liste?_perPage=500&_page=1', 'THS'),
        modeEnvoiID: await code('modeEnvoi/liste', 'AERIEN'),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.prixUnitaire).toBe(1.01);
    const [row] = await t.database.db.select().from(paramNatureModes).where(eq(paramNatureModes.id, res.body.data.id));
    expect(row.prixUnitaire).toBe('1.01');
  });
});

describe('a weight is stored with 3 decimals, rounded half away from zero', () => {
  it('2,0005 kg is 2,001 kg', async () => {
    const res = await register({ naturesColis: [{ natureColisID: id.VET, poids: '2,0005' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.database.db.select().from(colis).where(eq(colis.id, res.body.data.id));
    expect(row.poids).toBe('2.001');
    // 2,001 kg × 9,00 € = 18,009 € → 18,01 €.
    expect(row.montant).toBe('18.01');
  });
});

describe('a cash operation is rounded once, to its own currency', () => {
  it("'2,495' in a Dakar agency (F CFA) is stored 2 F, 1,005 € in Paris 1,01 €", async () => {
    const [motif] = await t.database.db.select({ id: typesOperation.id }).from(typesOperation).where(eq(typesOperation.code, 'COMMISSION'));
    const create = async (agenceCode: string, montant: string) => {
      const staff = await t.createStaff('AGENT', { agenceCode });
      const res = await t.call('POST', '/api/operation/create', {
        token: t.adminToken,
        body: { date: todayIso(), montant, description: 'Arrondi', userID: staff.id, motif: motif.id, type: 'entrée' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [row] = await t.database.db.select().from(operations).where(eq(operations.id, res.body.data.id));
      return [row.devise, row.montant, res.body.data.montant];
    };
    expect(await create('DKR1', '2,495')).toEqual(['XOF', '2.00', 2]);
    expect(await create('PAR1', '1,005')).toEqual(['EUR', '1.01', 1.01]);
  });
});
