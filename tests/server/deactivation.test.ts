/**
 * Deactivation of reference data (spec 001 §4 active toggle; docs/decisions/deactivation-dependants.md): a city,
 * agency, nature group, sending mode or pick-up mode that active records still depend on is deactivated only once
 * confirmed (409 with the counts, then `force=true`, nothing cascaded); a deactivated agency records no parcel,
 * payment or cash operation; the natures of a deactivated group are not offered by the parcel wizard's lists and are
 * refused by the price look-up and the registration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import {
  agences,
  colis,
  encaissements,
  envois,
  groupesNatureColis,
  modesEnvoi,
  modesLivraison,
  modesPaiement,
  naturesColis,
  operations,
  paramNatureModes,
  pays,
  statuts,
  typesOperation,
  users,
  villes,
} from '../../server/db/schema';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
const id: Record<string, string> = {};

/** Id of a seeded row by code, for the tables idByCode does not take. */
async function codeId(
  table: typeof villes | typeof naturesColis | typeof groupesNatureColis | typeof modesLivraison | typeof modesPaiement,
  code: string,
) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  Object.assign(id, {
    FR: await idByCode(db, pays, 'FR'),
    SN: await idByCode(db, pays, 'SN'),
    GN: await idByCode(db, pays, 'GN'),
    BE: await idByCode(db, pays, 'BE'),
    AERIEN: await idByCode(db, modesEnvoi, 'AERIEN'),
    PAR: await codeId(villes, 'PAR'),
    DKR: await codeId(villes, 'DKR'),
    VETEMENTS: await codeId(groupesNatureColis, 'VETEMENTS'),
    VET: await codeId(naturesColis, 'VET_ADULTE'),
    PAGNES: await codeId(naturesColis, 'PAGNES'),
    AGENCE: await codeId(modesLivraison, 'AGENCE'),
    ESPECES: await codeId(modesPaiement, 'ESPECES'),
  });
});
afterAll(() => t.close());

const admin = () => ({ token: t.adminToken });
const post = (path: string, body: Record<string, unknown>) => t.call('POST', `/api/${path}/create`, { ...admin(), body });
const toggle = (path: string, rowId: string, isActive: boolean, query = '') =>
  t.call('PUT', `/api/${path}/update/${rowId}${query}`, { ...admin(), body: { isActive } });

/** Creates a record through the API as the administrator and returns its id (fails the test on a refusal). */
async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await post(path, body);
  expect(res.status, `${path}/create ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data.id;
}

let code = 0;
/** A fresh code for a created record. */
const nextCode = (prefix: string) => `${prefix}${++code}`;

/** The active flag of a row as stored. */
async function activeOf(
  table: typeof villes | typeof agences | typeof groupesNatureColis | typeof modesEnvoi | typeof modesLivraison,
  rowId: string,
) {
  const [row] = await t.database.db.select({ isActive: table.isActive }).from(table).where(eq(table.id, rowId));
  return row.isActive;
}

/** A unit price of `groupe` from `origine` to `destination` by `mode` (default air), created through the API. */
const priceOf = (groupe: string, origine: string, destination: string, mode = id.AERIEN) =>
  created('paramNatureMode', {
    libelle: nextCode('Prix test '),
    prixUnitaire: 5,
    groupeNatureColisID: groupe,
    villeDorigineID: origine,
    villeID: destination,
    modeEnvoiID: mode,
  });

/** Closes a departure (CLOTURE) through the API. */
async function closeEnvoi(envoiId: string) {
  const res = await t.call('PUT', `/api/envoi/update/${envoiId}`, { ...admin(), body: { statutID: 'CLOTURE' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * Checks the confirmation walk of a record with active dependants: 409 with the message and counts, still active;
 * then `force=true` deactivates it; then reactivating needs no confirmation.
 */
async function expectConfirmation(
  path: string,
  table: Parameters<typeof activeOf>[0],
  rowId: string,
  message: string,
  dependances: Record<string, number>,
) {
  const refused = await toggle(path, rowId, false);
  expect(refused.status, JSON.stringify(refused.body)).toBe(409);
  expect(refused.body).toMatchObject({ success: false, message, dependances });
  expect(await activeOf(table, rowId)).toBe(true);

  const forced = await toggle(path, rowId, false, '?force=true');
  expect(forced.status, JSON.stringify(forced.body)).toBe(200);
  expect(forced.body.data.isActive).toBe(false);
  expect(await activeOf(table, rowId)).toBe(false);

  // Deactivating again an inactive record, and reactivating it, need no confirmation.
  expect((await toggle(path, rowId, false)).status).toBe(200);
  const back = await toggle(path, rowId, true);
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  expect(await activeOf(table, rowId)).toBe(true);
}

describe('deactivating reference data with active dependants asks for confirmation', () => {
  it('a city: its active agencies, the departures in progress to its country, its active unit prices', async () => {
    // A city of Guinée, where no other test sends anything.
    const ville = await created('ville', { code: nextCode('GVT'), libelle: 'Villetest', paysID: id.GN });
    const agence1 = await created('agence', { libelle: 'Agence Villetest 1', latitude: 9.5, longitude: -13.7, villeID: ville });
    await created('agence', { libelle: 'Agence Villetest 2', latitude: 9.5, longitude: -13.7, villeID: ville });
    const inactiveAgence = await created('agence', { libelle: 'Agence Villetest 3', latitude: 9.5, longitude: -13.7, villeID: ville });
    expect((await toggle('agence', inactiveAgence, false)).status).toBe(200);
    // Prices to and from the city; an inactive one does not count.
    const to = await priceOf(id.VETEMENTS, id.PAR, ville);
    await priceOf(id.VETEMENTS, ville, id.PAR);
    const inactivePrice = await priceOf(id.VETEMENTS, id.DKR, ville);
    expect((await toggle('paramNatureMode', inactivePrice, false)).status).toBe(200);
    // One departure to Guinée open, one closed (not counted).
    await createEnvoiByApi(t, { paysID: id.GN });
    await closeEnvoi((await createEnvoiByApi(t, { paysID: id.GN })).id);

    await expectConfirmation(
      'ville',
      villes,
      ville,
      'Cette ville a encore 2 agences actives, 1 départ en cours et 2 prix unitaires actifs. Confirmez pour la désactiver quand même.',
      { agences: 2, departs: 1, prix: 2 },
    );
    // Nothing was cascaded by the forced deactivation.
    expect(await activeOf(agences, agence1)).toBe(true);
    const [price] = await t.database.db
      .select({ isActive: paramNatureModes.isActive })
      .from(paramNatureModes)
      .where(eq(paramNatureModes.id, to));
    expect(price.isActive).toBe(true);
  });

  it('a city nothing active depends on is deactivated at once', async () => {
    const ville = await created('ville', { code: nextCode('BVT'), libelle: 'Villevide', paysID: id.BE });
    const res = await toggle('ville', ville, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Statut mis à jour avec succès !');
    expect(await activeOf(villes, ville)).toBe(false);
  });

  it('an agency: its active staff and its parcels not yet shipped', async () => {
    const agence = await created('agence', { libelle: 'Agence Dépendances', latitude: 48.85, longitude: 2.35, villeID: id.PAR });
    const [{ code: agenceCode }] = await t.database.db.select({ code: agences.code }).from(agences).where(eq(agences.id, agence));
    const staff1 = await t.createStaff('AGENT', { agenceCode });
    await t.createStaff('AGENT', { agenceCode });
    const gone = await t.createStaff('AGENT', { agenceCode });
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const envoi = await createEnvoiByApi(t);
    // Counted: waiting and received; not counted: shipped, finished, deleted.
    await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: agenceCode });
    await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: agenceCode });
    await insertColis(t.database.db, { envoiID: envoi.id, statut: 'LIVRE', agence: agenceCode });
    const deleted = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: agenceCode });
    await t.database.db.update(colis).set({ deletedAt: new Date() }).where(eq(colis.id, deleted));

    await expectConfirmation(
      'agence',
      agences,
      agence,
      "Cette agence a encore 2 utilisateurs actifs et 2 colis en attente d'expédition. Confirmez pour la désactiver quand même.",
      { utilisateurs: 2, colis: 2 },
    );
    const [member] = await t.database.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, staff1.id));
    expect(member.isActive).toBe(true);
  });

  it('an agency nothing active depends on is deactivated at once', async () => {
    const agence = await created('agence', { libelle: 'Agence Vide', latitude: 48.85, longitude: 2.35, villeID: id.PAR });
    expect((await toggle('agence', agence, false)).status).toBe(200);
    expect(await activeOf(agences, agence)).toBe(false);
  });

  it('a nature group: its active natures and its active unit prices', async () => {
    const groupe = await created('groupeNatureColis', { code: nextCode('GRPD'), libelle: 'Groupe dépendances' });
    await created('natureColis', { code: nextCode('NATD'), libelle: 'Nature active', groupeNatureColisID: groupe });
    const inactive = await created('natureColis', { code: nextCode('NATD'), libelle: 'Nature inactive', groupeNatureColisID: groupe });
    expect((await toggle('natureColis', inactive, false)).status).toBe(200);
    await priceOf(groupe, id.PAR, id.DKR);

    await expectConfirmation(
      'groupeNatureColis',
      groupesNatureColis,
      groupe,
      'Ce groupe a encore 1 nature active et 1 prix unitaire actif. Confirmez pour le désactiver quand même.',
      { natures: 1, prix: 1 },
    );
  });

  it('a nature group nothing active depends on is deactivated at once', async () => {
    const groupe = await created('groupeNatureColis', { code: nextCode('GRPV'), libelle: 'Groupe vide' });
    expect((await toggle('groupeNatureColis', groupe, false)).status).toBe(200);
    expect(await activeOf(groupesNatureColis, groupe)).toBe(false);
  });

  it('a sending mode: its departures in progress and its active unit prices', async () => {
    const mode = await created('modeEnvoi', { code: nextCode('ROUTE'), libelle: 'Routier', description: 'Par camion' });
    await createEnvoiByApi(t, { modeEnvoiID: mode });
    const inFlight = await createEnvoiByApi(t, { modeEnvoiID: mode });
    await t.database.db
      .update(envois)
      .set({ statutID: await idByCode(t.database.db, statuts, 'EN_COURS_ENVOI') })
      .where(eq(envois.id, inFlight.id));
    await closeEnvoi((await createEnvoiByApi(t, { modeEnvoiID: mode })).id);
    await priceOf(id.VETEMENTS, id.PAR, id.DKR, mode);

    await expectConfirmation(
      'modeEnvoi',
      modesEnvoi,
      mode,
      "Ce mode d'envoi a encore 2 départs en cours et 1 prix unitaire actif. Confirmez pour le désactiver quand même.",
      { departs: 2, prix: 1 },
    );
  });

  it('a sending mode nothing active depends on is deactivated at once', async () => {
    const mode = await created('modeEnvoi', { code: nextCode('VIDE'), libelle: 'Mode vide', description: 'Aucun usage' });
    expect((await toggle('modeEnvoi', mode, false)).status).toBe(200);
    expect(await activeOf(modesEnvoi, mode)).toBe(false);
  });

  it('a pick-up mode: its parcels still on their journey', async () => {
    const mode = await created('modeLivraison', { code: nextCode('RELAIS'), libelle: 'Point relais', description: 'Retrait en relais' });
    const envoi = await createEnvoiByApi(t);
    const onTheWay = [
      await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EN_ATTENTE' }),
      await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EXPEDIE' }),
      await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RETIRE' }),
    ];
    for (const c of onTheWay) await t.database.db.update(colis).set({ modeLivraisonID: mode }).where(eq(colis.id, c));

    await expectConfirmation(
      'modeLivraison',
      modesLivraison,
      mode,
      'Ce mode de récupération a encore 2 colis en cours. Confirmez pour le désactiver quand même.',
      { colis: 2 },
    );
  });

  it('a pick-up mode nothing active depends on is deactivated at once', async () => {
    const mode = await created('modeLivraison', { code: nextCode('VIDE'), libelle: 'Mode vide', description: 'Aucun usage' });
    expect((await toggle('modeLivraison', mode, false)).status).toBe(200);
    expect(await activeOf(modesLivraison, mode)).toBe(false);
  });

  it('answers the 409 with its declared refusal schema (dependances named)', async () => {
    const route = t.app.apiRoutes.find((r) => r.method === 'PUT' && r.url === '/api/ville/update/:id')!;
    const schema = route.response!['409'] as unknown as { shape: Record<string, unknown>; safeParse(v: unknown): { success: boolean } };
    expect(Object.keys(schema.shape)).toContain('dependances');
    const refused = await toggle('agence', await idByCode(t.database.db, agences, 'PAR1'), false);
    expect(refused.status).toBe(409);
    expect(schema.safeParse(refused.body).success).toBe(true);
    expect(refused.body.dependances.utilisateurs).toBeGreaterThan(0);
  });
});

describe('a deactivated agency records nothing', () => {
  let agence: string;
  let agenceLibelle: string;
  let staff: { id: string; token: string };
  const refusal = () => `L'agence « ${agenceLibelle} » est désactivée : aucun enregistrement n'est possible pour elle.`;
  const count = async (table: typeof colis | typeof encaissements | typeof operations) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

  beforeAll(async () => {
    agenceLibelle = 'Agence Fermée';
    agence = await created('agence', { libelle: agenceLibelle, latitude: 48.85, longitude: 2.35, villeID: id.PAR });
    const [{ code: agenceCode }] = await t.database.db.select({ code: agences.code }).from(agences).where(eq(agences.id, agence));
    staff = await t.createStaff('AGENT', { agenceCode });
    // Staff belong to it: the deactivation is confirmed.
    expect((await toggle('agence', agence, false, '?force=true')).status).toBe(200);
  });

  it('refuses a parcel an administrator registers for it, and writes no row', async () => {
    const envoi = await createEnvoiByApi(t);
    const before = await count(colis);
    const res = await t.call('POST', '/api/colis/create', {
      ...admin(),
      body: {
        envoiID: envoi.id,
        agenceID: agence,
        villeID: id.DKR,
        modeLivraisonID: id.AGENCE,
        naturesColis: [{ natureColisID: id.VET, poids: 2 }],
        detailsContenu: 'Vêtements',
        expediteurNom: 'Diop',
        expediteurPrenom: 'Awa',
        NumeroSaisi: '+33612345600',
        nomDestinataire: 'Fall',
        prenomsDestinataire: 'Moussa',
        adresseDestinataire: 'Médina, Dakar',
        telephoneDestinataire: '+221770000900',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(refusal());
    expect(res.body.errors).toEqual({ agenceID: refusal() });
    expect(await count(colis)).toBe(before);
    const [e] = await t.database.db.select({ poidsReel: envois.poidsReel }).from(envois).where(eq(envois.id, envoi.id));
    expect(Number(e.poidsReel)).toBe(0);
  });

  it('refuses a payment an administrator collects on one of its parcels, and writes no row', async () => {
    const envoi = await createEnvoiByApi(t);
    const [{ code: agenceCode }] = await t.database.db.select({ code: agences.code }).from(agences).where(eq(agences.id, agence));
    const parcel = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: agenceCode });
    const before = await count(encaissements);
    const res = await t.call('POST', '/api/encaissement/create', {
      ...admin(),
      body: { colisID: parcel, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(refusal());
    expect(await count(encaissements)).toBe(before);
    const [c] = await t.database.db
      .select({ reglement: colis.reglement, resteAPayer: colis.resteAPayer })
      .from(colis)
      .where(eq(colis.id, parcel));
    expect(c).toEqual({ reglement: '0.00', resteAPayer: '50.00' });
  });

  it('refuses a cash operation an administrator records for one of its staff, and writes no row', async () => {
    const [motif] = await t.database.db
      .select({ id: typesOperation.id })
      .from(typesOperation)
      .where(eq(typesOperation.isActive, true))
      .limit(1);
    const before = await count(operations);
    const res = await t.call('POST', '/api/operation/create', {
      ...admin(),
      body: { date: todayIso(), montant: 25, description: 'Fournitures', userID: staff.id, motif: motif.id, type: 'sortie' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(refusal());
    expect(await count(operations)).toBe(before);
  });

  it('records again once the agency is reactivated', async () => {
    expect((await toggle('agence', agence, true)).status).toBe(200);
    const [motif] = await t.database.db
      .select({ id: typesOperation.id })
      .from(typesOperation)
      .where(eq(typesOperation.isActive, true))
      .limit(1);
    const res = await t.call('POST', '/api/operation/create', {
      ...admin(),
      body: { date: todayIso(), montant: 25, description: 'Fournitures', userID: staff.id, motif: motif.id, type: 'sortie' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.database.db
      .select()
      .from(operations)
      .where(and(eq(operations.userID, staff.id), eq(operations.agenceID, agence)));
    expect(rows).toHaveLength(1);
  });
});

describe('the natures of a deactivated group are not offered (parcel wizard)', () => {
  it('leaves them out of the lists and refuses them in the price look-up and the registration', async () => {
    const groupe = await created('groupeNatureColis', { code: nextCode('PIECES'), libelle: 'Pièces auto' });
    const nature = await created('natureColis', { code: nextCode('JANTES'), libelle: 'Jantes et pneus', groupeNatureColisID: groupe });
    await priceOf(groupe, id.PAR, id.DKR);
    const envoi = await createEnvoiByApi(t);
    const groupesOf = async () =>
      (await t.call('GET', `/api/groupeNatureColis/listeByDepart/${envoi.id}`, admin())).body.datas.map((g: { id: string }) => g.id);
    const naturesOf = async () =>
      (await t.call('GET', `/api/natureColis/liste?envoieId=${envoi.id}`, admin())).body.datas.map((n: { id: string }) => n.id);
    const naturesOfGroupe = async () => {
      const res = await t.call('GET', `/api/natureColis/liste/${groupe}`, admin());
      expect(res.status).toBe(200);
      return res.body.datas.map((n: { id: string }) => n.id);
    };
    const prix = () => t.call('GET', `/api/colis/prixNature?envoiID=${envoi.id}&natureColisID=${nature}&villeID=${id.DKR}`, admin());

    // Active: offered and priced.
    expect(await groupesOf()).toContain(groupe);
    expect(await naturesOf()).toContain(nature);
    expect(await naturesOfGroupe()).toEqual([nature]);
    expect((await prix()).body.data.prixLigne).toBe(5);

    expect((await toggle('groupeNatureColis', groupe, false, '?force=true')).status).toBe(200);
    // The nature itself stays active; its group is not.
    const [n] = await t.database.db.select({ isActive: naturesColis.isActive }).from(naturesColis).where(eq(naturesColis.id, nature));
    expect(n.isActive).toBe(true);
    expect(await groupesOf()).not.toContain(groupe);
    expect(await naturesOf()).not.toContain(nature);
    expect(await naturesOf()).toContain(id.VET);
    expect(await naturesOfGroupe()).toEqual([]);

    const message = "La nature « Jantes et pneus » n'est plus proposée : son groupe « Pièces auto » est désactivé.";
    const refused = await prix();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message, errors: { naturesColis: message } });

    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n;
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const registered = await t.call('POST', '/api/colis/create', {
      token: agent.token,
      body: {
        envoiID: envoi.id,
        villeID: id.DKR,
        modeLivraisonID: id.AGENCE,
        naturesColis: [{ natureColisID: nature, poids: 2 }],
        detailsContenu: 'Jantes',
        expediteurNom: 'Diop',
        expediteurPrenom: 'Awa',
        NumeroSaisi: '+33612345601',
        nomDestinataire: 'Fall',
        prenomsDestinataire: 'Moussa',
        adresseDestinataire: 'Médina, Dakar',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(409);
    expect(registered.body.message).toBe(message);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n).toBe(before);

    // Reactivated, the group's natures are offered again.
    expect((await toggle('groupeNatureColis', groupe, true)).status).toBe(200);
    expect(await naturesOf()).toContain(nature);
    expect((await prix()).status).toBe(200);
  });
});
