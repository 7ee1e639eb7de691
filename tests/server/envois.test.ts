/**
 * Departures (spec 000 §2 Departures, §4 Departure statuses, §5 Add departure, §7 envoi/…; docs/architecture.md §4):
 * references, date and weight rules, the transition table with its cascades in one transaction, deletion,
 * open departures, clients of a departure and agency scoping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { colis, envois, historiques, mailOutbox, modesEnvoi, notifications, pays, statuts } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertClient, insertColis } from './fixtures';

let t: TestContext;
let ids: Record<string, string>;
let agentParis: string;
let agentDakar: string;
let agentBamako: string;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  ids = {
    FR: await idByCode(db, pays, 'FR'),
    SN: await idByCode(db, pays, 'SN'),
    ML: await idByCode(db, pays, 'ML'),
    CI: await idByCode(db, pays, 'CI'),
    AERIEN: await idByCode(db, modesEnvoi, 'AERIEN'),
    MARITIME: await idByCode(db, modesEnvoi, 'MARITIME'),
  };
  agentParis = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  agentDakar = (await t.createStaff('AGENT', { agenceCode: 'DKR1' })).token;
  agentBamako = (await t.createStaff('AGENT', { agenceCode: 'BKO1' })).token;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  modeEnvoiID: ids.AERIEN,
  paysID: ids.SN,
  paysEmetteurID: ids.FR,
  dateFin: inDays(2),
  dateDebut: inDays(3),
  dateArrive: inDays(4),
  contenu: 'Fret aérien',
  poids: 100,
  ...over,
});

async function createEnvoi(over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function statutOf(table: typeof envois | typeof colis, id: string) {
  const [row] = await t.database.db
    .select({ code: statuts.code })
    .from(table)
    .innerJoin(statuts, eq(table.statutID, statuts.id))
    .where(eq(table.id, id));
  return row.code;
}

describe('envoi/create', () => {
  it('numbers the departure from the sequence and opens it', async () => {
    const a = await createEnvoi();
    const b = await createEnvoi();
    expect(a.reference).toMatch(/^DEP-\d{4}-\d{4}$/);
    expect(b.reference).not.toBe(a.reference);
    expect(Number(b.reference.slice(-4))).toBe(Number(a.reference.slice(-4)) + 1);
    expect(a.statutID.code).toBe('OUVERT');
    expect(a).toMatchObject({ poids: 100, poidsReel: 0, poidsDisponible: 100, isActive: true });
    expect(a.paysID.libelle).toBe('Sénégal');
    expect(a.paysEmetteurID.libelle).toBe('France');
    expect(a.modeEnvoiID.code).toBe('AERIEN');
  });

  it('refuses past dates, a wrong date order, equal countries and a weight of 0', async () => {
    const past = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body({ dateFin: inDays(-1) }) });
    expect(past.status).toBe(400);
    expect(past.body.errors.dateFin).toBe("La date ne peut pas être antérieure à aujourd'hui");
    const order = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body({ dateFin: inDays(5) }) });
    expect(order.status).toBe(400);
    expect(order.body.errors.dateFin).toMatch(/clôture/);
    const arrival = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body({ dateArrive: inDays(1) }) });
    expect(arrival.body.errors.dateArrive).toMatch(/arrivée/);
    const same = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body({ paysID: ids.FR }) });
    expect(same.body.errors.paysID).toBeTruthy();
    const zero = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: body({ poids: 0 }) });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.poids).toBe('Le poids global doit être supérieur à 0');
    const missing = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: { poids: 10 } });
    expect(missing.body.errors.modeEnvoiID).toBe("Le mode d'envoi est obligatoire");
    expect(missing.body.errors.dateDebut).toBe('La date de départ est obligatoire');
  });

  it('is refused to an agency role without addDepart', async () => {
    expect((await t.call('POST', '/api/envoi/create', { token: agentParis, body: body() })).status).toBe(403);
  });
});

describe('envoi/liste, getBy, ouvertActif', () => {
  it('lists newest first under the envois key, searches and filters by status code', async () => {
    const e = await createEnvoi({ contenu: 'Conteneur unique XYZ' });
    const res = await t.call('GET', '/api/envoi/liste?_page=1&_perPage=5', { token: t.adminToken });
    expect(res.body.envois[0].id).toBe(e.id);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    const search = await t.call('GET', `/api/envoi/liste?q=${e.reference}`, { token: t.adminToken });
    expect(search.body.envois.map((x: { id: string }) => x.id)).toEqual([e.id]);
    const open = await t.call('GET', '/api/envoi/liste?statut=OUVERT', { token: t.adminToken });
    expect(open.body.envois.every((x: { statutID: { code: string } }) => x.statutID.code === 'OUVERT')).toBe(true);
  });

  it('searches the countries’ and the sending mode’s names, case ignored, and filters by status code, as the database says', async () => {
    await createEnvoi();
    /** The ids the list answers (one page of 500, enough here), and those the database has for the same condition. */
    const listed = async (query: string) =>
      ((await t.call('GET', `/api/envoi/liste?${query}&_page=1&_perPage=500`, { token: t.adminToken })).body.envois as { id: string }[])
        .map((x) => x.id)
        .sort();
    const stored = async (where: ReturnType<typeof sql>) =>
      (
        (await t.database.db.execute(sql`
        SELECT e.id FROM envois e JOIN pays d ON d.id = e.pays_id JOIN pays o ON o.id = e.pays_emetteur_id
          JOIN modes_envoi m ON m.id = e.mode_envoi_id JOIN statuts s ON s.id = e.statut_id WHERE ${where} ORDER BY e.id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows
        .map((r) => r.id)
        .sort();
    const senegal = await stored(sql`d.libelle ILIKE '%sÉnÉgal%' OR o.libelle ILIKE '%sÉnÉgal%'`);
    expect(senegal.length).toBeGreaterThan(0);
    expect(await listed(`q=${encodeURIComponent('sÉnÉgal')}`)).toEqual(senegal);
    const air = await stored(sql`m.libelle ILIKE '%aÉrien%'`);
    expect(air.length).toBeGreaterThan(0);
    expect(await listed(`q=${encodeURIComponent('aÉrien')}`)).toEqual(air);
    const open = await stored(sql`s.code = 'OUVERT'`);
    expect(open.length).toBeGreaterThan(0);
    expect(await listed('statut=OUVERT')).toEqual(open);
  });

  it('offers only open, active departures whose closing date has not passed', async () => {
    const open = await createEnvoi();
    const inactive = await createEnvoi();
    await t.call('PUT', `/api/envoi/update/${inactive.id}`, { token: t.adminToken, body: { isActive: false } });
    const closed = await createEnvoi();
    await t.database.db
      .update(envois)
      .set({ dateFin: inDays(-1) })
      .where(eq(envois.id, closed.id));
    const res = await t.call('GET', '/api/envoi/ouvertActif', { token: t.adminToken });
    const got = res.body.data.map((x: { id: string }) => x.id);
    expect(got).toContain(open.id);
    expect(got).not.toContain(inactive.id);
    expect(got).not.toContain(closed.id);
    const dates = res.body.data.map((x: { dateFin: string }) => x.dateFin);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('envoi/update', () => {
  it('updates the fields, keeps an unchanged past date, refuses a weight below the registered one', async () => {
    const e = await createEnvoi();
    await insertColis(t.database.db, { envoiID: e.id, statut: 'EN_ATTENTE', poids: 30 });
    await t.database.db
      .update(envois)
      .set({ dateFin: inDays(-2) })
      .where(eq(envois.id, e.id));
    const ok = await t.call('PUT', `/api/envoi/update/${e.id}`, {
      token: t.adminToken,
      body: body({ dateFin: inDays(-2), contenu: 'Nouveau contenu', poids: 80 }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe('Mise à jour du départ réussie !');
    expect(ok.body.data).toMatchObject({ contenu: 'Nouveau contenu', poids: 80, poidsReel: 30, poidsDisponible: 50 });
    const low = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: body({ dateFin: inDays(-2), poids: 20 }) });
    expect(low.status).toBe(409);
    expect(low.body.message).toMatch(/inférieur au poids déjà enregistré/);
    const noContenu = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: body({ contenu: '' }) });
    expect(noContenu.status).toBe(400);
    expect(noContenu.body.errors.contenu).toBe('Le contenu est obligatoire');
  });

  it('checks the weight left for a parcel', async () => {
    const e = await createEnvoi({ poids: 10 });
    await insertColis(t.database.db, { envoiID: e.id, statut: 'EN_ATTENTE', poids: 8 });
    const fits = await t.call('GET', `/api/envoi/checkEnvoiPoids/${e.id}?poids=2`, { token: agentParis });
    expect(fits.body).toMatchObject({ success: true, poidsDisponible: 2 });
    const over = await t.call('GET', `/api/envoi/checkEnvoiPoids/${e.id}?poids=2.5`, { token: agentParis });
    expect(over.body.success).toBe(false);
    expect(over.body.message).toMatch(/insuffisant/);
  });

  it('checks the weight exactly: 0,1 + 0,2 kg (sent as 0.30000000000000004) fit in 0,3 kg left, 1 g more does not', async () => {
    const e = await createEnvoi({ poids: 10 });
    await insertColis(t.database.db, { envoiID: e.id, statut: 'EN_ATTENTE', poids: 9.7 });
    const fits = await t.call('GET', `/api/envoi/checkEnvoiPoids/${e.id}?poids=${0.1 + 0.2}`, { token: agentParis });
    expect(fits.body).toMatchObject({ success: true, poidsDisponible: 0.3 });
    const over = await t.call('GET', `/api/envoi/checkEnvoiPoids/${e.id}?poids=0.301`, { token: agentParis });
    expect(over.body).toMatchObject({ success: false, poidsDisponible: 0.3 });
    // A departure's global weight may come down to exactly what is registered, not 1 g below.
    const lowest = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: body({ poids: 9.7 }) });
    expect(lowest.status, JSON.stringify(lowest.body)).toBe(200);
    const below = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: body({ poids: 9.699 }) });
    expect(below.status).toBe(409);
  });
});

describe('status transitions (spec 000 §4)', () => {
  it("refuses 'arrivé' from OUVERT and closing twice", async () => {
    const e = await createEnvoi();
    const res = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'ARRIVE' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/ne peut pas passer/);
    expect(await statutOf(envois, e.id)).toBe('OUVERT');
    expect((await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'CLOTURE' } })).status).toBe(200);
    expect((await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'CLOTURE' } })).status).toBe(409);
  });

  it("'en cours d'envoi' moves the received parcels with a history entry and notifications, 'arrivé' waits for none EN_ATTENTE", async () => {
    // Only the parcels received at the counter leave (docs/decisions/departure-ships-received.md): the waiting one stays.
    const db = t.database.db;
    const e = await createEnvoi();
    const expediteur = await insertClient(db, 'Ndiaye');
    const c1 = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE', expediteurID: expediteur });
    const c2 = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });
    const late = await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE' });
    const enCoursId = await idByCode(db, statuts, 'EN_COURS_ENVOI');

    // The spec's client sends the status id.
    const res = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: enCoursId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Statut de départ mis à jour avec succès !', colisMoved: 2 });
    expect(await statutOf(colis, c1)).toBe('EN_COURS_ENVOI');
    expect(await statutOf(colis, c2)).toBe('EN_COURS_ENVOI');
    expect(await statutOf(colis, late)).toBe('EN_ATTENTE');
    const hist = await db.select().from(historiques).where(eq(historiques.colisID, c1));
    expect(hist).toHaveLength(1);
    expect(hist[0].statutApresID).toBe(enCoursId);
    expect(await db.select().from(historiques).where(eq(historiques.colisID, late))).toHaveLength(0);
    const notes = await db.select().from(notifications).where(eq(notifications.colisID, c1));
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.receiverID)).toContain(expediteur);
    expect(await db.select().from(notifications).where(eq(notifications.colisID, late))).toHaveLength(0);

    // A parcel still waiting blocks the arrival.
    const blocked = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'ARRIVE' } });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/encore en attente/);
    expect(await statutOf(envois, e.id)).toBe('EN_COURS_ENVOI');

    await db
      .update(colis)
      .set({ statutID: await idByCode(db, statuts, 'RECEPTIONNE') })
      .where(eq(colis.id, late));
    const arrived = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'ARRIVE' } });
    expect(arrived.status).toBe(200);
    expect(arrived.body.colisMoved).toBe(3);
    for (const id of [c1, c2, late]) expect(await statutOf(colis, id)).toBe('EXPEDIE');
    const arrivedNotes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.colisID, c1), eq(notifications.message, 'votre colis est arrivé à destination')));
    expect(arrivedNotes).toHaveLength(2);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.html} like ${'%arrivé à destination%'}`);
    expect(mails.length).toBeGreaterThanOrEqual(6);
    expect(await statutOf(envois, e.id)).toBe('ARRIVE');
    expect((await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'CLOTURE' } })).status).toBe(200);
  });

  it('moves nothing when one parcel update fails (one transaction)', async () => {
    const db = t.database.db;
    const e = await createEnvoi();
    const ok = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });
    const bad = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });
    await db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_colis() RETURNS trigger AS $$
      BEGIN IF NEW.id = '${bad}' THEN RAISE EXCEPTION 'panne simulée'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await db.execute(sql.raw('CREATE TRIGGER refuse_colis BEFORE UPDATE ON colis FOR EACH ROW EXECUTE FUNCTION refuse_colis()'));
    try {
      const res = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } });
      expect(res.status).toBe(500);
      expect(await statutOf(colis, ok)).toBe('RECEPTIONNE');
      expect(await statutOf(envois, e.id)).toBe('OUVERT');
      expect(await db.select().from(historiques).where(eq(historiques.colisID, ok))).toHaveLength(0);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_colis ON colis'));
      await db.execute(sql.raw('DROP FUNCTION refuse_colis()'));
    }
  });

  it('needs the key of each transition', async () => {
    const e = await createEnvoi();
    const res = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: agentParis, body: { statutID: 'EN_COURS_ENVOI' } });
    expect(res.status).toBe(403);
    const toggle = await t.call('PUT', `/api/envoi/update/${e.id}`, { token: agentParis, body: { isActive: false } });
    expect(toggle.status).toBe(403);
  });
});

describe('deletion, clients and scoping', () => {
  it('deletes an empty departure, refuses one with parcels', async () => {
    const empty = await createEnvoi();
    expect((await t.call('DELETE', `/api/envoi/delete/${empty.id}`, { token: t.adminToken })).body.message).toBe('suppression effectuée');
    expect(await t.database.db.select().from(envois).where(eq(envois.id, empty.id))).toHaveLength(0);
    const full = await createEnvoi();
    await insertColis(t.database.db, { envoiID: full.id, statut: 'EN_ATTENTE' });
    const res = await t.call('DELETE', `/api/envoi/delete/${full.id}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce départ contient des colis : il ne peut pas être supprimé.');
  });

  it('lists the clients of a departure with their parcels, and the shipments of a client', async () => {
    const db = t.database.db;
    const e = await createEnvoi();
    const sender = await insertClient(db, 'Sow');
    const a = await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE', expediteurID: sender });
    await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE', expediteurID: sender });
    await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE' });
    const res = await t.call('GET', `/api/colis/ListClientsBy/${e.id}`, { token: agentParis });
    expect(res.status).toBe(200);
    expect(res.body.envoi.reference).toBe(e.reference);
    expect(res.body.datas).toHaveLength(2);
    const sow = res.body.datas.find((c: { nom: string }) => c.nom === 'Sow');
    expect(sow.colis).toHaveLength(2);
    expect(sow.colis.map((c: { statutID: { code: string } }) => c.statutID.code).sort()).toEqual(['EN_ATTENTE', 'RECEPTIONNE']);
    const shipments = await t.call('GET', `/api/colis/ListEnvoisBy/${sender}`, { token: agentParis });
    expect(shipments.body.datas.map((c: { id: string }) => c.id)).toContain(a);
    expect(shipments.body.client.nom).toBe('Sow');
  });

  it("scopes a non-ADMIN role to departures of its agency's country", async () => {
    const franceSenegal = await createEnvoi();
    const franceMali = await createEnvoi({ paysID: ids.ML });
    const dakar = (await t.call('GET', '/api/envoi/liste', { token: agentDakar })).body.envois.map((x: { id: string }) => x.id);
    expect(dakar).toContain(franceSenegal.id);
    expect(dakar).not.toContain(franceMali.id);
    expect((await t.call('GET', `/api/envoi/getBy/${franceMali.id}`, { token: agentDakar })).status).toBe(404);
    const bamakoOpen = (await t.call('GET', '/api/envoi/ouvertActif', { token: agentBamako })).body.data;
    expect(bamakoOpen.every((x: { paysEmetteurID: { id: string } }) => x.paysEmetteurID.id === ids.ML)).toBe(true);
  });

  it('lists statuses and finds one by code', async () => {
    const list = await t.call('GET', '/api/statut/liste', { token: agentParis });
    expect(list.body.datas.map((s: { code: string }) => s.code)).toContain('RECEPTIONNE');
    const one = await t.call('GET', '/api/statut/getByCode/OUVERT', { token: agentParis });
    expect(one.body.data._id).toBe(await idByCode(t.database.db, statuts, 'OUVERT'));
  });
});
