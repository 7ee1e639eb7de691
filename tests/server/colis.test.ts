/**
 * Parcels and payments (spec 000 §2 Parcels, §4 Parcel statuses / payment / deletion, §5, §7; docs/architecture.md §4):
 * pricing on the server, registration with its weight check and advance, edit rules, payments, deletion with
 * one-time codes, end of the journey, details, agency scoping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import {
  agences,
  codesOtp,
  colis,
  encaissements,
  envois,
  groupesNatureColis,
  historiques,
  mailOutbox,
  modesEnvoi,
  modesLivraison,
  modesPaiement,
  naturesColis,
  notifications,
  pays,
  statuts,
  throttles,
  users as usersTable,
  villes,
} from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, deletionCode, idByCode, RELEASE_PROOF } from './fixtures';
import { dispatchNotices } from '../../server/notification/dispatch';

let t: TestContext;
let agent: { id: string; token: string };
let agentDakar: { id: string; token: string };
const id: Record<string, string> = {};

async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison | typeof modesPaiement, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  Object.assign(id, {
    FR: await idByCode(db, pays, 'FR'),
    SN: await idByCode(db, pays, 'SN'),
    CM: await idByCode(db, pays, 'CM'),
    ML: await idByCode(db, pays, 'ML'),
    AERIEN: await idByCode(db, modesEnvoi, 'AERIEN'),
    MARITIME: await idByCode(db, modesEnvoi, 'MARITIME'),
    DKR: await byCode(villes, 'DKR'),
    DLA: await byCode(villes, 'DLA'),
    BKO: await byCode(villes, 'BKO'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    PAGNES: await byCode(naturesColis, 'PAGNES'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
    DOMICILE: await byCode(modesLivraison, 'DOMICILE'),
    ESPECES: await byCode(modesPaiement, 'ESPECES'),
    PAR1: await idByCode(db, agences, 'PAR1'),
    DKR1: await idByCode(db, agences, 'DKR1'),
  });
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
});
afterAll(() => t.close());

/** A departure France → Sénégal by air, 100 kg, unless `over` says otherwise. */
const newEnvoi = (over: Record<string, unknown> = {}) => createEnvoiByApi(t, over);

let phone = 770000000;
const colisBody = (envoiID: string, over: Record<string, unknown> = {}) => ({
  envoiID,
  villeID: id.DKR,
  modeLivraisonID: id.AGENCE,
  naturesColis: [
    { natureColisID: id.VET, poids: 2.5 },
    { natureColisID: id.PAGNES, poids: 1.2 },
  ],
  detailsContenu: 'Vêtements et pagnes',
  montantComplementaire: 2,
  montantExpedition: 1.5,
  montantLivraison: 30, // agency pick-up: ignored
  // Client-computed amounts: ignored by the server.
  montant: 1,
  montantTotal: 1,
  resteAPayer: 1,
  prixUnitaire: 1,
  expediteurNom: 'Diop',
  expediteurPrenom: 'Awa',
  NumeroSaisi: '+33612345678',
  nomDestinataire: 'Fall',
  prenomsDestinataire: 'Moussa',
  adresseDestinataire: 'Médina, Dakar',
  telephoneDestinataire: `+221${phone++}`,
  ...over,
});

async function register(envoiID: string, over: Record<string, unknown> = {}, token = agent.token) {
  return t.call('POST', '/api/colis/create', { token, body: colisBody(envoiID, over) });
}

async function statutOf(colisId: string) {
  const [row] = await t.database.db
    .select({ code: statuts.code })
    .from(colis)
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .where(eq(colis.id, colisId));
  return row.code;
}

describe('pricing and registration', () => {
  it('recomputes every amount: exceptional price, unit price, charges; agency pick-up has no delivery amount', async () => {
    const e = await newEnvoi();
    const res = await register(e.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('colis ajouté avec succès');
    const c = res.body.data;
    // 2.5 kg × 9.00 (unit price Paris → Dakar, Vêtements, air) + 1.2 kg × 7.50 (exceptional) = 31.50
    expect(c).toMatchObject({
      poids: 3.7,
      unite: 'KG',
      montant: 31.5,
      montantLivraison: 0,
      montantTotal: 35,
      reglement: 0,
      resteAPayer: 35,
    });
    expect(c.statutID.code).toBe('EN_ATTENTE');
    expect(c.reference).toMatch(/^PAR1-\d{4}-\d{6}$/);
    expect(c.agenceID.code).toBe('PAR1');
    const detail = await t.call('GET', `/api/colis/getByReference/${c.reference}`, { token: agent.token });
    const lines = detail.body.natureColisDetails;
    expect(
      lines
        .map((l: { natureColisID: { code: string }; poids: string; prixTotal: string }) => [l.natureColisID.code, l.poids, l.prixTotal])
        .sort(),
    ).toEqual([
      ['PAGNES', 1.2, 9],
      ['VET_ADULTE', 2.5, 22.5],
    ]);
    const [envoi] = await t.database.db.select().from(envois).where(eq(envois.id, e.id));
    expect(Number(envoi.poidsReel)).toBe(3.7);
  });

  it("takes the unit price of the parcel's destination city first, then of the agency's city; the preview agrees", async () => {
    const db = t.database.db;
    const ths = await byCode(villes, 'THS');
    const lyon = await t.createStaff('AGENT', { agenceCode: 'LYS1' });
    const e = await newEnvoi();
    /** The line amount of 1 kg of adult clothes to `villeID`, registered by `who`, and the preview's. */
    const priceFor = async (who: { token: string }, villeID: string) => {
      const res = await register(e.id, { villeID, naturesColis: [{ natureColisID: id.VET, poids: 1 }] }, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const preview = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${id.VET}&villeID=${villeID}`, {
        token: who.token,
      });
      expect(preview.body.data.prixLigne).toBe(res.body.data.montant);
      return res.body.data.montant;
    };
    // Seeded air prices of clothes to Dakar: from Paris 9.00, from Lyon and Marseille 9.50; none to Thiès.
    expect(await priceFor(agent, id.DKR)).toBe(9);
    expect(await priceFor(lyon, id.DKR)).toBe(9.5);
    expect(await priceFor(agent, ths)).toBe(9);
    const [vetements] = await db
      .select({ id: groupesNatureColis.id })
      .from(groupesNatureColis)
      .where(eq(groupesNatureColis.code, 'VETEMENTS'));
    const created = await t.call('POST', '/api/paramNatureMode/create', {
      token: t.adminToken,
      body: {
        libelle: 'Vêtements Paris → Thiès Aérien',
        prixUnitaire: 20,
        groupeNatureColisID: vetements.id,
        villeDorigineID: await byCode(villes, 'PAR'),
        villeID: ths,
        modeEnvoiID: id.AERIEN,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // The exact destination city wins, even over the agency's own city (Lyon → Dakar).
    expect(await priceFor(agent, ths)).toBe(20);
    expect(await priceFor(lyon, ths)).toBe(20);
    expect(await priceFor(lyon, id.DKR)).toBe(9.5);
  });

  it('forces KG in air mode and keeps M3 by sea', async () => {
    const air = await register((await newEnvoi()).id, { unite: 'M3' });
    expect(air.body.data.unite).toBe('KG');
    const sea = await register((await newEnvoi({ modeEnvoiID: id.MARITIME })).id, { unite: 'M3' });
    expect(sea.status, JSON.stringify(sea.body)).toBe(200);
    expect(sea.body.data.unite).toBe('M3');
    // 2.5 × 3.00 (sea) + 1.2 × 7.50 = 16.50
    expect(sea.body.data.montant).toBe(16.5);
  });

  it("refuses a nature without unit price on the route: 'Aucun prix unitaire associé à …'", async () => {
    const e = await newEnvoi({ paysID: id.CM });
    const res = await register(e.id, { villeID: id.DLA });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Aucun prix unitaire associé à : Aérien, Cameroun, Vêtements adulte');
    const preview = await t.call('GET', `/api/colis/prixNature?envoiID=${e.id}&natureColisID=${id.PAGNES}`, { token: agent.token });
    expect(preview.body.data.prixLigne).toBe(7.5);
  });

  it('creates the sender and recipient as clients once, then reuses them by phone', async () => {
    const e = await newEnvoi();
    const first = await register(e.id, { NumeroSaisi: '+33 6 99 88 77 66', telephoneDestinataire: '+221770001122' });
    const second = await register(e.id, {
      NumeroSaisi: '+33699887766',
      telephoneDestinataire: '+221770001122',
      expediteurNom: 'Autre nom',
    });
    expect(second.body.data.expediteurID.id).toBe(first.body.data.expediteurID.id);
    expect(second.body.data.destinataireID.id).toBe(first.body.data.destinataireID.id);
    expect(first.body.data.expediteurID).toMatchObject({ nom: 'Diop', telephoneComplet: '+33699887766' });
    const found = await t.call('GET', `/api/user/getByTelephone/${encodeURIComponent('+221770001122')}`, { token: agent.token });
    expect(found.body).toMatchObject({ success: true, data: { nom: 'Fall' } });
    const unknown = await t.call('GET', '/api/user/getByTelephone/+221700000000', { token: agent.token });
    expect(unknown.status).toBe(200);
    expect(unknown.body.success).toBe(false);
    const shipments = await t.call('GET', `/api/colis/ListEnvoisBy/${first.body.data.expediteurID.id}`, { token: agent.token });
    expect(shipments.body.datas).toHaveLength(2);
  });

  it("refuses a phone without digits ('abc', 'n/a') with a French message on its field, and creates no client", async () => {
    const e = await newEnvoi();
    const users = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usersTable))[0].n;
    const before = await users();
    const recipient = await register(e.id, { telephoneDestinataire: 'abc' });
    expect(recipient.status, JSON.stringify(recipient.body)).toBe(400);
    expect(recipient.body.success).toBe(false);
    expect(recipient.body.errors.telephoneDestinataire).toMatch(/^Numéro de téléphone invalide/);
    expect(recipient.body.message).toBe(recipient.body.errors.telephoneDestinataire);
    const sender = await register(e.id, { NumeroSaisi: 'n/a' });
    expect(sender.status).toBe(400);
    expect(sender.body.errors.NumeroSaisi).toMatch(/^Numéro de téléphone invalide/);
    expect(await users()).toBe(before);
    expect(await t.database.db.select().from(usersTable).where(eq(usersTable.telephoneComplet, '+'))).toHaveLength(0);
    expect(await t.database.db.select().from(colis).where(eq(colis.envoiID, e.id))).toHaveLength(0);
    const lookup = await t.call('GET', '/api/user/getByTelephone/abcd', { token: agent.token });
    expect(lookup.status).toBe(400);
    expect(lookup.body.errors.telephone).toMatch(/^Numéro de téléphone invalide/);
  });

  it("completes a national phone with the departure's countries and refuses a wrong length (common/phone.ts)", async () => {
    const e = await newEnvoi();
    // Recipient in Senegal (destination, 9 digits), sender in France (origin, trunk 0 dropped).
    const res = await register(e.id, { telephoneDestinataire: '77 000 11 33', NumeroSaisi: '06 55 44 33 22' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.destinataireID.telephoneComplet).toBe('+221770001133');
    expect(res.body.data.telephoneDestinataire).toBe('+221770001133');
    expect(res.body.data.expediteurID.telephoneComplet).toBe('+33655443322');
    expect(res.body.data.NumeroSaisi).toBe('+33655443322');
    const short = await register(e.id, { telephoneDestinataire: '77 000' });
    expect(short.status).toBe(400);
    expect(short.body.errors.telephoneDestinataire).toBe("Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +221");
  });

  it('records an advance: payment row, RECEPTIONNE, history and notifications', async () => {
    const e = await newEnvoi();
    const res = await register(e.id, { reglement: 20, encaissement: { paymentby: 'expediteur', modePaiementID: id.ESPECES } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ montantTotal: 35, reglement: 20, resteAPayer: 15 });
    expect(c.statutID.code).toBe('RECEPTIONNE');
    const pays = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ montantEncaisse: '20.00', montantRestant: '15.00', paymentby: 'expediteur' });
    const hist = await t.call('GET', `/api/colis/getHistoriqueByReference/${c.reference}`, { token: agent.token });
    expect(hist.body.datas.map((h: { statutApresID: { code: string } }) => h.statutApresID.code)).toEqual(['RECEPTIONNE', 'EN_ATTENTE']);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.colisID, c.id));
    expect(notes.some((n) => n.message.startsWith('un encaissement de 20,00'))).toBe(true);
  });

  it('refuses a settled amount above the total, or without payment mode', async () => {
    const e = await newEnvoi();
    const over = await register(e.id, { reglement: 50, encaissement: { modePaiementID: id.ESPECES } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('montant réglé ne doit pas etre superieur au montant total');
    const noMode = await register(e.id, { reglement: 10 });
    expect(noMode.status).toBe(400);
    expect(noMode.body.errors.modePaiementID).toBe('Le mode de paiement est obligatoire');
    const noNature = await register(e.id, { naturesColis: [] });
    expect(noNature.body.errors.naturesColis).toBe('Ajoutez au moins une nature');
    const noSender = await register(e.id, { expediteurNom: '', expediteurPrenom: '', NumeroSaisi: '' });
    expect(noSender.body.errors.expediteurID).toBeTruthy();
    expect(await t.database.db.select().from(colis).where(eq(colis.envoiID, e.id))).toHaveLength(0);
  });

  it('refuses a parcel heavier than the room left with the weight-check message, and a closed departure', async () => {
    const e = await newEnvoi({ poids: 5 });
    expect((await register(e.id)).status).toBe(200);
    const res = await register(e.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/poids disponible sur le départ .* est insuffisant : 1,3 kg disponibles, 3,7 kg demandés/);
    const contact = await t.call('GET', `/api/colis/contactAdminForEnvoi/${e.id}`, { token: agent.token });
    expect(contact.body).toEqual({ success: true, message: 'opération terminée avec succès' });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${e.reference}%`}`);
    expect(mail.to).toBe('admin@test.local');
    await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { isActive: false } });
    const closed = await register(e.id, { naturesColis: [{ natureColisID: id.VET, poids: 0.5 }] });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/n'est plus ouvert/);
  });

  it('takes a weight that fits to the gram (0,1 + 0,2 kg on 0,3 kg left) and refuses 1 g more', async () => {
    const e = await newEnvoi({ poids: 5 });
    const lines = (...kg: number[]) => ({ naturesColis: kg.map((poids) => ({ natureColisID: id.VET, poids })) });
    expect((await register(e.id, lines(4.7))).status).toBe(200);
    const over = await register(e.id, lines(0.1, 0.201));
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/0,3 kg disponibles, 0,301 kg demandés/);
    const exact = await register(e.id, lines(0.1, 0.2));
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(exact.body.data.poids).toBe(0.3);
    const [row] = await t.database.db.select({ poidsReel: envois.poidsReel }).from(envois).where(eq(envois.id, e.id));
    expect(row.poidsReel).toBe('5.000');
  });

  it("uses the agent's own agency and refuses a departure leaving another country", async () => {
    const e = await newEnvoi();
    const res = await register(e.id, { agenceID: id.DKR1 });
    expect(res.body.data.agenceID.code).toBe('PAR1');
    const dakarToParis = await newEnvoi({ paysEmetteurID: id.SN, paysID: id.FR });
    const refused = await register(dakarToParis.id, { villeID: id.DKR });
    expect(refused.status).toBe(403);
    const admin = await register(e.id, {}, t.adminToken);
    expect(admin.status).toBe(400);
    expect(admin.body.errors.agenceID).toBeTruthy();
  });

  // The registration answers from what it read and wrote (docs/decisions/registration-write.md), not from a re-read:
  // the answer must be the parcel exactly as colis/getByReference shows it afterwards, every field and every populated
  // reference.
  it('answers the registered parcel exactly as colis/getByReference shows it later', async () => {
    const e = await newEnvoi();
    const known = (await register(e.id, { emailDestinataire: `known-${phone}@client.test` })).body.data;
    const cases: { name: string; over: Record<string, unknown>; token: string; check: (c: any) => void }[] = [
      {
        name: 'typed sender, new recipient with a phone',
        over: {},
        token: agent.token,
        check: (c) => expect(c.destinataireID.telephoneComplet).toMatch(/^\+221/),
      },
      {
        name: 'known sender and recipient by id, home delivery, observation, e-mail',
        over: {
          expediteurID: known.expediteurID.id,
          destinataireID: known.destinataireID.id,
          modeLivraisonID: id.DOMICILE,
          montantLivraison: 12.5,
          observation: 'Fragile',
          adresseLivraison: 'Plateau, Dakar',
          emailDestinataire: 'destinataire@client.test',
          receptionneurID: known.destinataireID.id,
        },
        token: agent.token,
        check: (c) => {
          expect(c.expediteurID.id).toBe(known.expediteurID.id);
          expect(c.destinataireID.email).toBe(known.destinataireID.email);
          expect(c.modeLivraisonID.code).toBe('DOMICILE');
          expect(c.montantLivraison).toBe(12.5);
        },
      },
      {
        name: 'recipient without a phone (no client)',
        over: { telephoneDestinataire: '' },
        token: agent.token,
        check: (c) => expect(c.destinataireID).toBeNull(),
      },
      {
        name: 'an advance (payment and RECEPTIONNE)',
        over: { reglement: 20, encaissement: { modePaiementID: id.ESPECES } },
        token: agent.token,
        check: (c) => expect([c.statutID.code, c.reglement, c.resteAPayer]).toEqual(['RECEPTIONNE', 20, 15]),
      },
      {
        name: 'ADMIN choosing the agency, sea freight in M3',
        over: { agenceID: id.PAR1, unite: 'M3' },
        token: t.adminToken,
        check: (c) => expect([c.agenceID.code, c.unite, c.modeEnvoiID.code]).toEqual(['PAR1', 'M3', 'MARITIME']),
      },
    ];
    const byShip = await newEnvoi({ modeEnvoiID: id.MARITIME });
    for (const { name, over, token, check } of cases) {
      const created = await register(token === t.adminToken ? byShip.id : e.id, over, token);
      expect(created.status, `${name}: ${JSON.stringify(created.body)}`).toBe(200);
      check(created.body.data);
      const later = await t.call('GET', `/api/colis/getByReference/${created.body.data.reference}`, { token });
      expect(later.status, name).toBe(200);
      expect(created.body.data, name).toStrictEqual(later.body.data);
      expect(Object.keys(created.body.data), name).toEqual(Object.keys(later.body.data));
    }
  });
});

describe('edit, payments, end of journey', () => {
  it('edits a waiting parcel (weights move between departures) but not a received one', async () => {
    const a = await newEnvoi();
    const b = await newEnvoi();
    const c = (await register(a.id)).body.data;
    const res = await t.call('PUT', `/api/colis/update/${c.id}`, {
      token: agent.token,
      body: colisBody(b.id, { naturesColis: [{ natureColisID: id.VET, poids: 4 }] }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('colis modifié avec succès');
    expect(res.body.data).toMatchObject({ poids: 4, montant: 36, montantTotal: 39.5 });
    const [ea] = await t.database.db.select().from(envois).where(eq(envois.id, a.id));
    const [eb] = await t.database.db.select().from(envois).where(eq(envois.id, b.id));
    expect([Number(ea.poidsReel), Number(eb.poidsReel)]).toEqual([0, 4]);
    const paid = (await register(a.id, { reglement: 5, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    const refused = await t.call('PUT', `/api/colis/update/${paid.id}`, { token: agent.token, body: colisBody(a.id) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Colis non modifiable !!');
  });

  it("keeps the recipient's details typed at registration when an edit sends only the same known recipient's id", async () => {
    const a = await newEnvoi();
    const c = (await register(a.id)).body.data;
    const [before] = await t.database.db.select().from(colis).where(eq(colis.id, c.id));
    expect(before.destinataireID).toBeTruthy();
    // What the edit wizard sends for a known recipient: its id, none of the free-text fields.
    const body: Record<string, unknown> = colisBody(a.id, {
      destinataireID: before.destinataireID,
      naturesColis: [{ natureColisID: id.VET, poids: 3 }],
    });
    for (const field of ['nomDestinataire', 'prenomsDestinataire', 'adresseDestinataire', 'telephoneDestinataire']) delete body[field];
    const res = await t.call('PUT', `/api/colis/update/${c.id}`, { token: agent.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [after] = await t.database.db.select().from(colis).where(eq(colis.id, c.id));
    expect(Number(after.poids)).toBe(3);
    expect(after).toMatchObject({
      nomDestinataire: before.nomDestinataire,
      prenomsDestinataire: before.prenomsDestinataire,
      adresseDestinataire: before.adresseDestinataire,
      telephoneDestinataire: before.telephoneDestinataire,
    });
    expect(after.nomDestinataire).toBe('Fall');
  });

  it('collects the remaining amount once, refuses more and any payment on a waiting parcel', async () => {
    const e = await newEnvoi();
    const waiting = (await register(e.id)).body.data;
    const no = await t.call('POST', '/api/encaissement/create', {
      token: agent.token,
      body: { colisID: waiting.id, modePaiementID: id.ESPECES, paymentby: 'destinateur' },
    });
    expect(no.status).toBe(409);
    const c = (await register(e.id, { reglement: 10, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    const tooMuch = await t.call('POST', '/api/encaissement/create', {
      token: agent.token,
      body: { colisID: c.id, modePaiementID: id.ESPECES, montantEncaisse: 30 },
    });
    expect(tooMuch.status).toBe(409);
    const ok = await t.call('POST', '/api/encaissement/create', {
      token: agent.token,
      body: { colisID: c.id, modePaiementID: id.ESPECES, paymentby: 'destinateur', montantEncaisse: 25, montantRestant: 0 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ message: 'encaissement effectué avec succès', data: { reglement: 35, resteAPayer: 0 } });
    const again = await t.call('POST', '/api/encaissement/create', {
      token: agent.token,
      body: { colisID: c.id, modePaiementID: id.ESPECES },
    });
    expect([again.status, again.body.message]).toEqual([409, "Ce colis vient d'être soldé par un autre encaissement."]);
    const list = await t.call('GET', `/api/encaissement/getByColisID/${c.id}`, { token: agent.token });
    expect(list.body.encaissements.map((p: { montantEncaisse: number }) => p.montantEncaisse)).toEqual([10, 25]);
    expect(list.body.colis).toMatchObject({ reference: c.reference, montantTotal: 35, reglement: 35, resteAPayer: 0 });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.colisID, c.id));
    expect(
      notes.filter(
        (n) => n.message === "un encaissement de 25,00 € vient d'être d'effectué conernant votre colis".replace(' €', '\u00a0€'),
      ),
    ).toHaveLength(2);
  });

  it('picks up an arrived parcel only once paid, collecting the rest in the same step', async () => {
    const e = await newEnvoi();
    const c = (await register(e.id, { reglement: 10, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    const early = await t.call('POST', `/api/colis/retirer/${c.id}`, { token: agentDakar.token, body: { ...RELEASE_PROOF } });
    expect(early.status).toBe(409);
    await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } });
    await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'ARRIVE' } });
    expect(await statutOf(c.id)).toBe('EXPEDIE');
    const unpaid = await t.call('POST', `/api/colis/retirer/${c.id}`, { token: agentDakar.token, body: { ...RELEASE_PROOF } });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toMatch(/entièrement payé/);
    const ok = await t.call('POST', `/api/colis/retirer/${c.id}`, {
      token: agentDakar.token,
      body: { ...RELEASE_PROOF, modePaiementID: id.ESPECES },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ reglement: 35, resteAPayer: 0, statutID: { code: 'RETIRE' } });
    const [payment] = await t.database.db
      .select()
      .from(encaissements)
      .where(eq(encaissements.colisID, c.id))
      .orderBy(desc(encaissements.createdAt))
      .limit(1);
    expect(payment).toMatchObject({ montantEncaisse: '25.00', paymentby: 'destinateur', agenceID: id.DKR1 });
  });
});

describe('deletion (spec 000 §4 Parcel deletion)', () => {
  it('deletes a waiting parcel softly: it leaves the lists, keeps its history, gives its weight back', async () => {
    const e = await newEnvoi();
    const c = (await register(e.id)).body.data;
    const res = await t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: agent.token });
    expect(res.body).toEqual({ success: true, message: 'suppression effectuée' });
    const [row] = await t.database.db.select().from(colis).where(eq(colis.id, c.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.deletedByID).toBe(agent.id);
    expect(await t.database.db.select().from(historiques).where(eq(historiques.colisID, c.id))).toHaveLength(1);
    expect((await t.call('GET', `/api/colis/getByReference/${c.reference}`, { token: agent.token })).status).toBe(404);
    const list = await t.call('GET', `/api/colis/liste/${agent.id}?q=${c.reference}`, { token: agent.token });
    expect(list.body.datas).toHaveLength(0);
    expect((await t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: agent.token })).status).toBe(404);
    const [envoi] = await t.database.db.select().from(envois).where(eq(envois.id, e.id));
    expect(Number(envoi.poidsReel)).toBe(0);
    // The database itself refuses to delete a parcel.
    await expect(t.database.db.delete(colis).where(eq(colis.id, c.id))).rejects.toThrow();
  });

  const lastCode = (reference: string) => deletionCode(t.database.db, reference);
  const mailsAbout = async (reference: string) =>
    (
      await t.database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like ${`%${reference}%`}`)
    ).length;
  /** The back-off of the code throttle has passed (time travel for the test). */
  const backOffPassed = () => t.database.db.update(throttles).set({ lockedUntil: null });

  it('asks for a 4-digit code (202) for a received parcel; one live code; wrong, throttled, expired and right codes', async () => {
    const e = await newEnvoi();
    const c = (await register(e.id, { reglement: 5, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    // Its advance refunded first: a parcel holding collected money is not deleted (tests/server/refund.test.ts).
    const [advance] = (await t.call('GET', `/api/encaissement/getByColisID/${c.id}`, { token: t.adminToken })).body.encaissements;
    const body = { montant: 5, modePaiementID: id.ESPECES, motif: 'Annulation' };
    expect((await t.call('POST', `/api/encaissement/rembourser/${advance.id}`, { token: t.adminToken, body })).status).toBe(200);
    const first = await t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: agent.token });
    expect(first.status).toBe(202);
    expect(JSON.stringify(first.body)).not.toMatch(/\b\d{4}\b/);
    const mails = await mailsAbout(c.reference);
    expect(mails).toBeGreaterThan(0);
    const code = await lastCode(c.reference);
    // Asking again while the code is live mails nothing and hands out no new tries.
    const again = await t.call('DELETE', `/api/colis/delete/${c.reference}`, { token: agent.token });
    expect(again.status).toBe(202);
    expect(again.body.message).toMatch(/attend déjà la décision des administrateurs/);
    expect(await mailsAbout(c.reference)).toBe(mails);
    const wrong = code === '0000' ? '1111' : '0000';
    const bad = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('suppression echouée');
    const malformed = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: '12' } });
    expect(malformed.body.errors.codeOtp).toBe('Le code OTP doit contenir 4 chiffres');
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: wrong } });
    // Five wrong codes on this parcel: even the right one waits for the back-off…
    const throttled = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: code } });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/Trop de codes erronés/);
    // …and then the code itself is spent.
    await backOffPassed();
    const spent = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: code } });
    expect(spent.status).toBe(400);
    expect((await t.database.db.select().from(colis).where(eq(colis.id, c.id)))[0].deletedAt).toBeNull();

    await t.call('DELETE', `/api/colis/delete/${c.reference}`, { token: agent.token });
    const code2 = await lastCode(c.reference);
    expect(code2).not.toBeUndefined();
    await t.database.db
      .update(codesOtp)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(codesOtp.subjectID, c.id));
    await backOffPassed();
    const expired = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: code2 } });
    expect(expired.status).toBe(400);

    await t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: agent.token });
    const code3 = await lastCode(c.reference);
    await backOffPassed();
    const ok = await t.call('POST', '/api/colis/deleteWithOtp', { token: agent.token, body: { colisId: c.id, codeOtp: code3 } });
    expect(ok.body).toEqual({ success: true, message: 'suppression effectuée' });
    // Soft deletion: the parcel's payment, its refund and history stay.
    const [row] = await t.database.db.select().from(colis).where(eq(colis.id, c.id));
    expect(row.deletedByID).toBe(agent.id);
    const payments = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
    expect(payments.map((p) => p.montantEncaisse).sort()).toEqual(['-5.00', '5.00']);
  });
});

describe('lists, details and scoping', () => {
  it('lists parcels with paging, search and the agency filter; details carry their history', async () => {
    const e = await newEnvoi();
    const c = (await register(e.id, { nomDestinataire: 'Zongo-Unique' })).body.data;
    const page = await t.call('GET', `/api/colis/liste/${agent.id}?_page=1&_perPage=2`, { token: agent.token });
    expect(page.body.datas).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const search = await t.call('GET', `/api/colis/liste/${agent.id}?q=Zongo-Unique`, { token: agent.token });
    expect(search.body.datas.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const byAgency = await t.call('GET', `/api/colis/liste/x?agenceID=${id.DKR1}`, { token: t.adminToken });
    expect(byAgency.body.datas.every((x: { agenceID: { id: string } }) => x.agenceID.id === id.DKR1)).toBe(true);
    const toggled = await t.call('PUT', `/api/colis/update/${c.id}`, { token: agent.token, body: { isActive: false } });
    expect(toggled.body.data.isActive).toBe(false);
  });

  it('shows a parcel to the destination country agency, not to another one', async () => {
    const toSenegal = (await register((await newEnvoi()).id)).body.data;
    const toMali = (await register((await newEnvoi({ paysID: id.ML })).id, { villeID: id.BKO })).body.data;
    expect((await t.call('GET', `/api/colis/getByReference/${toSenegal.reference}`, { token: agentDakar.token })).status).toBe(200);
    expect((await t.call('GET', `/api/colis/getByReference/${toMali.reference}`, { token: agentDakar.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/colis/delete/${toMali.id}/AGENT`, { token: agentDakar.token })).status).toBe(403);
    // The destination agency reads the parcel but does not rewrite or delete another agency's registration.
    const del = await t.call('DELETE', `/api/colis/delete/${toSenegal.id}/AGENT`, { token: agentDakar.token });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe("Seule l'agence émettrice peut modifier ou supprimer ce colis.");
    expect((await t.call('PUT', `/api/colis/update/${toSenegal.id}`, { token: agentDakar.token, body: { isActive: false } })).status).toBe(
      403,
    );
    expect(
      (await t.call('PUT', `/api/colis/update/${toSenegal.id}`, { token: agentDakar.token, body: colisBody(toSenegal.envoiID.id) })).status,
    ).toBe(403);
  });

  it("finds a parcel by its free-text recipient's name and phone, after registration, edit and a direct write (colis_termes)", async () => {
    const ids = async (q: string) =>
      (await t.call('GET', `/api/colis/liste/${agent.id}?q=${encodeURIComponent(q)}`, { token: agent.token })).body.datas.map(
        (x: { id: string }) => x.id,
      );
    // No phone: the recipient is no client, only the parcel names it.
    const e = await newEnvoi();
    const c = (await register(e.id, { nomDestinataire: 'Ouédraogo-Sanstel', telephoneDestinataire: undefined })).body.data;
    expect(c.destinataireID).toBeNull();
    expect(await ids('ouédraogo-sans')).toEqual([c.id]);
    const renamed = await t.call('PUT', `/api/colis/update/${c.id}`, {
      token: agent.token,
      body: colisBody(e.id, { nomDestinataire: 'Kaboré-Renomme', telephoneDestinataire: undefined }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await ids('RENOMME')).toEqual([c.id]);
    expect(await ids('Sanstel')).toEqual([]);
    // A phone written on the parcel alone (an import, a script): found by a fragment as well.
    await t.database.db.execute(sql`UPDATE colis SET telephone_destinataire = '+22133987654321' WHERE id = ${c.id}`);
    expect(await ids('987654')).toEqual([c.id]);
    // Every name, first names and phone a parcel holds is among the values searched (migrations 0016, 0030).
    const missing = await t.database.db.execute(sql`
      SELECT v FROM (SELECT nom_destinataire AS v FROM colis UNION SELECT prenoms_destinataire FROM colis
                     UNION SELECT telephone_destinataire FROM colis) x
       WHERE v IS NOT NULL AND NOT EXISTS (SELECT 1 FROM colis_termes WHERE valeur = x.v)`);
    expect((missing as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('clients of a registration (user/service.ts upsertClient)', () => {
  it('reuses a client by its phone as it is, and does not store an e-mail another user has', async () => {
    const e = await newEnvoi();
    const tel = `+221${phone++}`;
    const email = `taken-${tel.slice(1)}@client.test`;
    const first = (await register(e.id, { telephoneDestinataire: tel, emailDestinataire: email, nomDestinataire: 'Premier' })).body.data;
    expect(first.destinataireID).toMatchObject({ telephoneComplet: tel, email, nom: 'Premier' });
    // Same phone: the same client, unchanged (name and e-mail as first stored).
    const again = (await register(e.id, { telephoneDestinataire: tel, emailDestinataire: 'autre@client.test', nomDestinataire: 'Autre' }))
      .body.data;
    expect(again.destinataireID).toEqual(first.destinataireID);
    // A new client whose e-mail another user already has: created without it (case ignored).
    const other = `+221${phone++}`;
    const third = (await register(e.id, { telephoneDestinataire: other, emailDestinataire: email.toUpperCase() })).body.data;
    expect(third.destinataireID).toMatchObject({ telephoneComplet: other, email: null });
    expect(third.destinataireID.id).not.toBe(first.destinataireID.id);
  });
});

describe('parties of a registration (colis/registrationWrite.ts)', () => {
  it("a recipient with the sender's own phone is the sender: one client, a notification each, one mail per address", async () => {
    const e = await newEnvoi();
    const tel = `+221${phone++}`;
    const email = `meme-${tel.slice(1)}@client.test`;
    const res = await register(e.id, { NumeroSaisi: tel, telephoneDestinataire: tel, emailDestinataire: email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const c = res.body.data;
    expect(c.destinataireID).toEqual(c.expediteurID);
    expect(c.expediteurID).toMatchObject({ telephoneComplet: tel, nom: 'Diop' });
    expect(await t.database.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.telephoneComplet, tel))).toHaveLength(1);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.colisID, c.id));
    expect(notes.map((n) => n.receiverID)).toEqual([c.expediteurID.id, c.expediteurID.id]);
    await dispatchNotices(t.database.db);
    // The free-text e-mail once, its subject and body with the parcel's reference and tracking link.
    const [stored] = await t.database.db.select({ token: colis.suiviToken }).from(colis).where(eq(colis.id, c.id));
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Colis ${c.reference}`));
    expect(mails.map((m) => m.to)).toEqual([email]);
    expect(mails[0].html).toContain(`<strong>${c.reference}</strong>`);
    expect(mails[0].html).toContain(`/suivi/${stored.token}"`);
    expect(mails[0].html).not.toMatch(/Mark/);
  });

  it('a known client given by id as recipient: named as it is, notified at its own e-mail, not the typed one', async () => {
    const e = await newEnvoi();
    const tel = `+221${phone++}`;
    const known = (await register(e.id, { telephoneDestinataire: tel, emailDestinataire: `connu-${tel.slice(1)}@client.test` })).body.data
      .destinataireID;
    const res = await register(e.id, { destinataireID: known.id, emailDestinataire: 'autre@client.test' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.destinataireID).toEqual(known);
    await dispatchNotices(t.database.db);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Colis ${res.body.data.reference}`));
    // One notice per client, at its own address (docs/decisions/sms-channel.md "Notices"): the typed one is not a second channel.
    expect(mails.map((m) => m.to)).toEqual([known.email]);
    // A staff member's id is not a client: refused, nothing written.
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n;
    const staff = await register(e.id, { destinataireID: agent.id });
    expect(staff.status).toBe(400);
    expect(staff.body.errors).toEqual({ destinataireID: 'Client introuvable.' });
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n).toBe(before);
  });
});

describe.runIf(process.env.DATABASE_URL)('concurrency on PostgreSQL', () => {
  it('50 simultaneous registrations on a departure with room for 10 leave exactly 10', async () => {
    const e = await newEnvoi({ poids: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        register(e.id, {
          naturesColis: [{ natureColisID: id.VET, poids: 1 }],
          telephoneDestinataire: `+22178${String(i).padStart(7, '0')}`,
        }),
      ),
    );
    const statusCounts = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(statusCounts).toEqual({ 200: 10, 409: 40 });
    const rows = await t.database.db.select().from(colis).where(eq(colis.envoiID, e.id));
    expect(rows).toHaveLength(10);
    const [envoi] = await t.database.db.select().from(envois).where(eq(envois.id, e.id));
    expect(envoi.poidsReel).toBe('10.000');
    // Each accepted parcel made its new recipient; a refused one made no client (refused by the read or by the claim).
    const made = await t.database.db
      .select({ id: usersTable.id })
      .from(usersTable)
      .where(
        sql`${usersTable.telephoneComplet} like '+22178%' AND ${usersTable.telephoneComplet} IN ${results.map((_, i) => `+22178${String(i).padStart(7, '0')}`)}`,
      );
    expect(made).toHaveLength(10);
  });

  it("deletions, edits and the departure's status cascade at once: no deadlock, the weight follows the parcels left", async () => {
    // Each deletion or edit locks the parcel's departure before the parcel, as the cascade does (departure → parcels):
    // the other order deadlocked, and PostgreSQL answered one of them with an error.
    for (let round = 0; round < 3; round++) {
      const e = await newEnvoi();
      const parcels = [];
      for (let i = 0; i < 8; i++) parcels.push((await register(e.id)).body.data);
      const answers = await Promise.all([
        ...parcels.slice(0, 4).map((c) => t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: agent.token })),
        ...parcels.slice(4, 6).map((c) => t.call('PUT', `/api/colis/update/${c.id}`, { token: agent.token, body: colisBody(e.id) })),
        t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } }),
      ]);
      // A deletion after the cascade needs a code (202); an edit after it is refused (409): never a 5xx.
      for (const a of answers) expect([200, 202, 409], JSON.stringify(a.body)).toContain(a.status);
      expect(answers.at(-1)!.status).toBe(200);
      const [row] = (
        (await t.database.db.execute(sql`
          SELECT e.poids_reel::text AS used, coalesce(sum(c.poids), 0)::numeric(10,3)::text AS parcels
            FROM envois e LEFT JOIN colis c ON c.envoi_id = e.id AND c.deleted_at IS NULL
           WHERE e.id = ${e.id} GROUP BY e.poids_reel`)) as unknown as { rows: { used: string; parcels: string }[] }
      ).rows;
      expect(row.used).toBe(row.parcels);
    }
  });

  it('simultaneous registrations with and without an advance, room for some: each accepted one whole, the refused ones nothing', async () => {
    // Written in groups (db/fast/keyedBatches.ts): an accepted parcel with its advance has its payment, its RECEPTIONNE
    // status and its journal row; a refused one (the claim found no room in the group's transaction) leaves nothing.
    const e = await newEnvoi({ poids: 6 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        register(e.id, {
          naturesColis: [{ natureColisID: id.VET, poids: 1 }],
          ...(i % 2 ? { reglement: 5, encaissement: { modePaiementID: id.ESPECES } } : {}),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    const accepted = results.filter((r) => r.status === 200).map((r) => r.body.data);
    const rows = await t.database.db.select().from(colis).where(eq(colis.envoiID, e.id));
    expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((c) => c.id).sort());
    for (const c of accepted) {
      const pays = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
      const stored = rows.find((r) => r.id === c.id)!;
      expect([pays.map((p) => p.montantEncaisse), stored.reglement]).toEqual(c.reglement > 0 ? [['5.00'], '5.00'] : [[], '0.00']);
      expect(await statutOf(c.id)).toBe(c.reglement > 0 ? 'RECEPTIONNE' : 'EN_ATTENTE');
    }
    const [envoi] = await t.database.db.select().from(envois).where(eq(envois.id, e.id));
    expect(envoi.poidsReel).toBe('6.000');
  });

  it('simultaneous registrations of one new recipient create one client, which all of them name', async () => {
    const e = await newEnvoi();
    const tel = `+221${phone++}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => register(e.id, { telephoneDestinataire: tel })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.body.data.destinataireID.id)).size).toBe(1);
    const clients = await t.database.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.telephoneComplet, tel));
    expect(clients).toHaveLength(1);
  });

  it('simultaneous registrations on several departures, one new sender and one new recipient for all: one client each', async () => {
    // Registrations of different departures do not wait on one another's departure; each statement inserts its new
    // sender before its new recipient (clientUpsertCtes `after`, whatever join order the planner picks), so none waits
    // for another that waits for it. The new sender and the new recipient are made once each.
    const departures: { id: string }[] = [];
    for (let i = 0; i < 4; i++) departures.push(await newEnvoi());
    const sender = `+33${phone++}`;
    const recipient = `+221${phone++}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register(departures[i % 4].id, { NumeroSaisi: sender, telephoneDestinataire: recipient })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const tel of [sender, recipient]) {
      const clients = await t.database.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.telephoneComplet, tel));
      expect(clients).toHaveLength(1);
    }
    expect(new Set(results.map((r) => r.body.data.expediteurID.id)).size).toBe(1);
  });

  it('20 simultaneous collections of the remaining amount collect it exactly once', async () => {
    const e = await newEnvoi();
    const c = (await register(e.id, { reglement: 5, encaissement: { modePaiementID: id.ESPECES } })).body.data;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('POST', '/api/encaissement/create', {
          token: agent.token,
          body: { colisID: c.id, modePaiementID: id.ESPECES, paymentby: 'destinateur' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await t.database.db.select().from(encaissements).where(eq(encaissements.colisID, c.id));
    expect(rows.map((p) => p.montantEncaisse).sort()).toEqual(['30.00', '5.00']);
    const [after] = await t.database.db.select().from(colis).where(eq(colis.id, c.id));
    expect([after.reglement, after.resteAPayer]).toEqual(['35.00', '0.00']);
  });
});

describe('unpaged lists of large tables', () => {
  it('cap the rows of an unpaged call and still give the real total', async () => {
    const { UNPAGED_LIMIT } = await import('../../server/http/list');
    const res = await t.call('GET', '/api/colis/liste/x', { token: t.adminToken });
    const [{ n }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from colis where deleted_at is null`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(res.body.total).toBe(n);
    expect(res.body.datas.length).toBe(Math.min(n, UNPAGED_LIMIT));
    const capped = await (
      await import('../../server/http/list')
    ).runList(
      t.database.db,
      {
        table: colis,
        select: (d) => d.select({ id: colis.id, createdAt: colis.createdAt }).from(colis).$dynamic(),
        sortColumns: {},
        filters: {},
        scope: sql`${colis.deletedAt} is null`,
        unpagedLimit: 2,
      },
      {},
    );
    expect(capped.rows).toHaveLength(2);
    expect(capped.total).toBe(n);
  });
});
