/**
 * Server bugs of the conformance audits of 2026-11-26 (spec-conformance-000 B2, B4, B7, B8, hidden case 13;
 * spec-conformance-001 B9, B10): payments and refunds read as payments in a parcel's history, never as status changes
 * (docs/decisions/payment-history.md), and never on the public tracking; French numbers in the 'Contacter Admins'
 * mail; the recovery answer that does not claim a code was sent; 400 summaries without field keys; one message for an
 * array of destination cities; no payment on a deactivated parcel (docs/decisions/inactive-parcel-payments.md);
 * departure dates at most two years ahead; names in one order (nom prénoms).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayIso } from '../../common/dates';
import { envoiFormSchema } from '../../common/schemas/envoi';
import {
  colis,
  encaissements,
  envois,
  historiques,
  mailOutbox,
  modesLivraison,
  modesPaiement,
  naturesColis,
  pays,
  villes,
} from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, inDays, insertColis, insertRoleWithKeys } from './fixtures';

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

describe('000 B2: payments in the parcel history', () => {
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

describe('000 B4: French numbers in the mail to the administrators', () => {
  it("writes '38,3 kg' and '340 kg', never '38.300 kg'", async () => {
    const e = await createEnvoiByApi(t, { poids: 340 });
    await t.database.db.update(envois).set({ poidsReel: '38.300' }).where(eq(envois.id, e.id));
    const res = await t.call('GET', `/api/colis/contactAdminForEnvoi/${e.id}`, { token: agentParis.token });
    expect(res.status).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${e.reference}%`}`);
    expect(mail.html).toContain('(38,3 kg enregistrés sur 340 kg)');
    expect(mail.html).not.toMatch(/\d\.\d{3} kg/);
  });

  it('refuses a guessed departure', async () => {
    const res = await t.call('GET', '/api/colis/contactAdminForEnvoi/00000000-0000-4000-8000-000000000000', { token: agentParis.token });
    expect(res.status).toBe(404);
  });
});

describe('000 B7: the recovery answer does not claim a code was sent', () => {
  it('answers the same cautious message for a wrong pair and for a right one', async () => {
    const wrong = await t.call('POST', '/api/auth/forgotPassword', {
      body: { telephoneComplet: '+33100000001', email: 'admin@test.local' },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual({ success: true, message: 'Si ces informations correspondent à un compte, un code a été envoyé.' });
    const bad = await t.call('POST', '/api/auth/forgotPassword', { body: { telephoneComplet: 12, email: 'x' } });
    expect(bad.status).toBe(400);
  });
});

describe('000 B8: 400 summaries speak French, without field keys', () => {
  it('change password without the old one', async () => {
    const res = await t.call('POST', `/api/auth/changePassword/${agentParis.id}`, {
      token: agentParis.token,
      body: { newPassword: 'Nouveau-Pass-123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Données invalides : L'ancien mot de passe est obligatoire");
    expect(res.body.errors).toHaveProperty('oldPassword');
  });

  it('colis/create with a bad nature line names the line, not its path', async () => {
    const [vet] = await t.database.db.select({ id: naturesColis.id }).from(naturesColis).limit(1);
    const [dkr] = await t.database.db.select({ id: villes.id }).from(villes).where(eq(villes.code, 'DKR'));
    const [agence] = await t.database.db.select({ id: modesLivraison.id }).from(modesLivraison).where(eq(modesLivraison.code, 'AGENCE'));
    const res = await t.call('POST', '/api/colis/create', {
      token: agentParis.token,
      body: {
        envoiID: envoiEur,
        villeID: dkr.id,
        modeLivraisonID: agence.id,
        naturesColis: [{ natureColisID: vet.id, poids: 2 }, { natureColisID: vet.id }],
        detailsContenu: 'Vêtements',
        expediteurNom: 'Diop',
        expediteurPrenom: 'Awa',
        NumeroSaisi: '+33612345678',
        nomDestinataire: 'Fall',
        prenomsDestinataire: 'Moussa',
        telephoneDestinataire: '+221770001122',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).not.toMatch(/naturesColis|\.\d\.|—/);
    expect(res.body.message).toMatch(/^Données invalides : .*\(nature 2\)$/);
    expect(Object.keys(res.body.errors)).toContain('naturesColis.1.poids');
  });

  it('an unknown currency on an exchange rate, and a malformed JSON body', async () => {
    const res = await t.call('POST', '/api/tauxChange/create', {
      token: t.adminToken,
      body: { devise: 'ZZZ', taux: 1, dateDebut: todayIso() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Données invalides : Devise inconnue/);
    expect(res.body.errors).toHaveProperty('devise');
  });
});

describe('001 B10: an array of destination cities', () => {
  it('says one city per price, on the destination field', async () => {
    const db = t.database.db;
    const city = async (code: string) => (await db.select({ id: villes.id }).from(villes).where(eq(villes.code, code)))[0].id;
    const grp = (await t.call('GET', '/api/groupeNatureColis/liste', { token: t.adminToken })).body.datas[0].id;
    const mode = (await t.call('GET', '/api/modeEnvoi/liste', { token: t.adminToken })).body.datas[0].id;
    const res = await t.call('POST', '/api/paramNatureMode/create', {
      token: t.adminToken,
      body: {
        libelle: 'Test',
        prixUnitaire: 10,
        groupeNatureColisID: grp,
        villeDorigineID: await city('PAR'),
        villeID: [await city('DKR'), await city('THS')],
        modeEnvoiID: mode,
      },
    });
    expect(res.status).toBe(400);
    const message = 'Une seule ville de destination par prix unitaire : créez un prix par ville.';
    expect(res.body.errors.villeDestinationID).toBe(message);
    expect(res.body.message).toBe(`Données invalides : ${message}`);
  });
});

describe('000 hidden case 13: a deactivated parcel takes no payment', () => {
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

describe('departure dates at most two years ahead', () => {
  const twoYears = () => {
    const [y, m, d] = todayIso().split('-').map(Number);
    return new Date(Date.UTC(y + 2, m - 1, d)).toISOString().slice(0, 10);
  };

  it('refuses a departure and an arrival beyond two years, and accepts exactly two years', async () => {
    const far = addDays(twoYears(), 1);
    const res = await t.call('POST', '/api/envoi/create', {
      token: t.adminToken,
      body: {
        modeEnvoiID: (await t.call('GET', '/api/modeEnvoi/liste', { token: t.adminToken })).body.datas[0].id,
        paysID: await idByCode(t.database.db, pays, 'SN'),
        paysEmetteurID: await idByCode(t.database.db, pays, 'FR'),
        dateFin: inDays(1),
        dateDebut: far,
        dateArrive: addDays(far, 2),
        poids: 100,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.dateDebut).toBe('La date de départ ne peut pas dépasser deux ans.');
    expect(res.body.errors.dateArrive).toBe("La date d'arrivée ne peut pas dépasser deux ans.");
    expect(res.body.message).toBe('Données invalides : La date de départ ne peut pas dépasser deux ans.');

    const ok = await createEnvoiByApi(t, { dateDebut: addDays(twoYears(), -1), dateArrive: twoYears() });
    expect(ok.id).toBeTruthy();
  });

  it('the departure form refuses the same dates with the same messages (one shared rule)', () => {
    const today = todayIso();
    const form = envoiFormSchema({ mode: 'create', today }).safeParse({
      modeEnvoiID: '11111111-1111-4111-8111-111111111111',
      paysID: '22222222-2222-4222-8222-222222222222',
      paysEmetteurID: '33333333-3333-4333-8333-333333333333',
      dateFin: inDays(1),
      dateDebut: addDays(twoYears(), 1),
      dateArrive: addDays(twoYears(), 3),
      poids: '100',
    });
    const messages = Object.fromEntries((form.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      dateDebut: 'La date de départ ne peut pas dépasser deux ans.',
      dateArrive: "La date d'arrivée ne peut pas dépasser deux ans.",
    });
  });
});

describe('001 B9: names in one order (nom prénoms)', () => {
  it("the user's 'Dernières modifications' and the journal name the author nom first", async () => {
    const staff = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    expect((await t.call('PUT', `/api/user/update/${staff.id}`, { token: t.adminToken, body: { isActive: false } })).status).toBe(200);
    const history = await t.call('GET', `/api/user/historique/${staff.id}`, { token: t.adminToken });
    expect(history.status).toBe(200);
    expect(history.body.datas[0].auteur).toBe('Administrateur Principal');
    const journal = await t.call('GET', `/api/audit/liste?entityId=${staff.id}`, { token: t.adminToken });
    expect(journal.status).toBe(200);
    expect(journal.body.datas[0].auteur).toBe('Administrateur Principal');
    // Another agency's agent reads neither.
    expect((await t.call('GET', `/api/user/historique/${staff.id}`, { token: agentBamako.token })).status).toBe(403);
  });
});
