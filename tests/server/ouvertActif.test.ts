/**
 * GET envoi/ouvertActif, the departures the parcel wizard offers (spec 000 §2 CHOIX DU DEPART, §7;
 * docs/decisions/wizard-departures.md): only those open for registration (OUVERT, active, closing date not passed),
 * each with its exact remaining weight `poidsDisponible` (kg) and `complet` when no kg is left; a full departure is
 * still answered (the wizard shows it disabled), a closed one is not. Also what an agent of another country, a
 * malformed query and a guessed departure id get, and that the registration refuses a full or closed departure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { colis, envois, modesLivraison, naturesColis, villes } from '../../server/db/schema';
import { createEnvoiByApi, inDays } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let agentParis: string;
let agentDakar: string;
const id: Record<string, string> = {};

/** Id of a seeded row by code. */
async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  Object.assign(id, {
    DKR: await byCode(villes, 'DKR'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    PAGNES: await byCode(naturesColis, 'PAGNES'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
  });
  agentParis = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  agentDakar = (await t.createStaff('AGENT', { agenceCode: 'DKR1' })).token;
});
afterAll(() => t.close());

let phone = 771000000;
/** Registers a parcel of the given nature lines (kg) on a departure as the Paris agent (POST colis/create). */
function register(envoiID: string, lines: number[], token = agentParis) {
  return t.call('POST', '/api/colis/create', {
    token,
    body: {
      envoiID,
      villeID: id.DKR,
      modeLivraisonID: id.AGENCE,
      naturesColis: lines.map((poids, i) => ({ natureColisID: i % 2 ? id.PAGNES : id.VET, poids })),
      detailsContenu: 'Vêtements',
      expediteurNom: 'Diop',
      expediteurPrenom: 'Awa',
      NumeroSaisi: '+33612345678',
      nomDestinataire: 'Fall',
      prenomsDestinataire: 'Moussa',
      adresseDestinataire: 'Médina, Dakar',
      telephoneDestinataire: `+221${phone++}`,
    },
  });
}

/** The departures envoi/ouvertActif answers to a token, by id. */
async function offered(token = t.adminToken) {
  const res = await t.call('GET', '/api/envoi/ouvertActif', { token });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return new Map<string, Record<string, any>>(res.body.data.map((d: { id: string }) => [d.id, d]));
}

/** Number of parcels stored on a departure. */
async function colisOn(envoiID: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(colis)
    .where(eq(colis.envoiID, envoiID));
  return row.n;
}

describe('envoi/ouvertActif: the remaining weight and the full flag', () => {
  it('answers poidsDisponible = poids − the weights of its parcels, exact to the gram, complet false while room is left', async () => {
    const e = await createEnvoiByApi(t, { poids: 10 });
    expect((await offered()).get(e.id)).toMatchObject({ poids: 10, poidsReel: 0, poidsDisponible: 10, complet: false });

    expect((await register(e.id, [2.345, 1.2])).status).toBe(200);
    expect((await register(e.id, [0.25])).status).toBe(200);
    const d = (await offered()).get(e.id);
    expect(d).toMatchObject({ poids: 10, poidsReel: 3.795, poidsDisponible: 6.205, complet: false });
    // The same figure as the database's own sum of the parcels.
    const [stored] = await t.database.db
      .select({ left: sql<string>`(${envois.poids} - (SELECT sum(poids) FROM colis WHERE envoi_id = ${e.id}))::text` })
      .from(envois)
      .where(eq(envois.id, e.id));
    expect(Number(stored.left)).toBe(d!.poidsDisponible);
  });

  it('still answers a full departure, with complet true and 0 kg left; the registration on it is refused (409), nothing written', async () => {
    const e = await createEnvoiByApi(t, { poids: 5 });
    expect((await register(e.id, [3, 2])).status).toBe(200);
    const full = (await offered()).get(e.id);
    expect(full).toMatchObject({ poidsReel: 5, poidsDisponible: 0, complet: true });
    expect((await offered(agentParis)).get(e.id)?.complet).toBe(true);

    const before = await colisOn(e.id);
    const refused = await register(e.id, [0.5]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Le poids disponible sur le départ ${e.reference} est insuffisant : 0 kg disponibles, 0,5 kg demandés. Contactez les administrateurs pour augmenter la capacité.`,
    );
    expect(refused.body.errors).toMatchObject({ poids: expect.any(String) });
    expect(await colisOn(e.id)).toBe(before);
  });

  it('leaves out a departure closed, deactivated, past its closing date or not yet open; the registration on a closed one is refused', async () => {
    const open = await createEnvoiByApi(t);
    const closed = await createEnvoiByApi(t);
    const inactive = await createEnvoiByApi(t);
    const pastClosing = await createEnvoiByApi(t);
    const waiting = await createEnvoiByApi(t);
    expect((await t.call('PUT', `/api/envoi/update/${closed.id}`, { token: t.adminToken, body: { statutID: 'CLOTURE' } })).status).toBe(
      200,
    );
    expect((await t.call('PUT', `/api/envoi/update/${inactive.id}`, { token: t.adminToken, body: { isActive: false } })).status).toBe(200);
    await t.database.db
      .update(envois)
      .set({ dateFin: inDays(-1) })
      .where(eq(envois.id, pastClosing.id));
    await t.database.db
      .update(envois)
      .set({ statutID: sql`(SELECT id FROM statuts WHERE code = 'EN_ATTENTE')` })
      .where(eq(envois.id, waiting.id));

    const got = await offered();
    expect(got.has(open.id)).toBe(true);
    for (const gone of [closed, inactive, pastClosing, waiting]) expect(got.has(gone.id), gone.reference).toBe(false);

    const refused = await register(closed.id, [1]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: `Le départ ${closed.reference} n'est plus ouvert aux enregistrements.`,
      errors: { envoiID: 'Départ fermé' },
    });
    expect(await colisOn(closed.id)).toBe(0);
  });

  it('every departure answered is open, scoped and flagged as its weight says', async () => {
    await createEnvoiByApi(t, { poids: 1 });
    for (const d of (await offered()).values()) {
      expect(d.statutID.code).toBe('OUVERT');
      expect(d.isActive).toBe(true);
      expect(d.complet).toBe(d.poidsDisponible <= 0);
    }
  });
});

describe('envoi/ouvertActif: other agencies, malformed calls, guessed ids', () => {
  it("an agent of another country is not offered the departure (it registers only on departures leaving its agency's country)", async () => {
    const e = await createEnvoiByApi(t); // France → Sénégal
    expect((await offered(agentParis)).has(e.id)).toBe(true);
    const dakar = await offered(agentDakar);
    expect(dakar.has(e.id)).toBe(false);
    expect([...dakar.values()].every((d) => d.paysEmetteurID.code === 'SN')).toBe(true);
    // Nor can it register on it by id: refused, nothing written.
    const refused = await register(e.id, [1], agentDakar);
    expect(refused.status).toBe(403);
    expect(await colisOn(e.id)).toBe(0);
  });

  it('refuses a call without a token (401) and a control character in the query (400); unknown query fields change nothing', async () => {
    expect((await t.call('GET', '/api/envoi/ouvertActif')).status).toBe(401);
    const bad = await t.call('GET', '/api/envoi/ouvertActif?q=%00', { token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    const plain = [...(await offered()).keys()];
    const res = await t.call('GET', '/api/envoi/ouvertActif?complet=true&poids=abc', { token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(plain);
  });

  it('a guessed departure id: the registration answers 400 "Départ introuvable." and writes nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n;
    const res = await register('01900000-0000-7000-8000-000000000000', [1]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Départ introuvable/);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(colis))[0].n).toBe(before);
  });
});
