/**
 * What the API writes for people to read: French numbers in the 'Contacter Admins' mail; the recovery answer that does
 * not claim a code was sent; 400 summaries in French without field keys; one message for an array of destination
 * cities; names in one order (nom prénoms) in a user's history and the journal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { envois, mailOutbox, modesLivraison, naturesColis, pays, villes } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode } from './fixtures';

let t: TestContext;
let envoiEur = '';
let agentParis: { id: string; token: string };
let agentBamako: { id: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  envoiEur = (await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'FR'), paysID: await idByCode(db, pays, 'SN') })).id;
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
});
afterAll(() => t.close());

describe('French numbers in the mail to the administrators (spec 000 §2 Contacter Admins)', () => {
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

describe('the recovery answer does not claim a code was sent', () => {
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

describe('400 summaries speak French, without field keys', () => {
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

describe('an array of destination cities', () => {
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

describe('names in one order (nom prénoms)', () => {
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
