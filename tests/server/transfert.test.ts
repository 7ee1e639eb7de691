/**
 * A departure ships only what the counter received (docs/decisions/departure-ships-received.md; spec 000 §4 Departure
 * statuses): 'en cours d'envoi' moves the RECEPTIONNE parcels and leaves the EN_ATTENTE ones waiting, 'arrivé' is
 * refused while one waits, GET colis/enAttente lists them with the departures they may go to, and POST
 * colis/transferer moves them (route, capacity, agency, history, audit journal, weights, counters), or refuses with
 * nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { audits, colis, envois, historiques, mailOutbox, modesEnvoi, notifications, pays, statuts } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis, insertRoleWithKeys, listDaysDrift } from './fixtures';

let t: TestContext;
let agentParis: string;
let agentMarseille: string;
let agentDakar: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  ids = {
    ML: await idByCode(db, pays, 'ML'),
    MARITIME: await idByCode(db, modesEnvoi, 'MARITIME'),
  };
  agentParis = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  agentMarseille = (await t.createStaff('AGENT', { agenceCode: 'MRS1' })).token;
  agentDakar = (await t.createStaff('AGENT', { agenceCode: 'DKR1' })).token;
});
afterAll(() => t.close());

async function statutOf(table: typeof envois | typeof colis, id: string) {
  const [row] = await t.database.db
    .select({ code: statuts.code })
    .from(table)
    .innerJoin(statuts, eq(table.statutID, statuts.id))
    .where(eq(table.id, id));
  return row.code;
}

/** What a refused move must leave untouched: where the parcels are, the departures' weights, history and journal. */
async function snapshot(colisIds: string[], envoiIds: string[]) {
  const db = t.database.db;
  return JSON.stringify({
    colis: await db
      .select({ id: colis.id, envoiID: colis.envoiID, updatedAt: colis.updatedAt })
      .from(colis)
      .where(inArray(colis.id, colisIds))
      .orderBy(colis.id),
    envois: await db
      .select({ id: envois.id, poidsReel: envois.poidsReel })
      .from(envois)
      .where(inArray(envois.id, envoiIds))
      .orderBy(envois.id),
    historiques: (await db.select().from(historiques).where(inArray(historiques.colisID, colisIds))).length,
    audits: (
      await db
        .select()
        .from(audits)
        .where(inArray(audits.entiteID, [...colisIds, ...envoiIds]))
    ).length,
  });
}

const move = (token: string, body: unknown) => t.call('POST', '/api/colis/transferer', { token, body });
const setStatut = (envoiId: string, statutID: string) =>
  t.call('PUT', `/api/envoi/update/${envoiId}`, { token: t.adminToken, body: { statutID } });

describe("'en cours d'envoi' ships only the received parcels; 'arrivé' waits for the waiting ones", () => {
  it('moves RECEPTIONNE, leaves EN_ATTENTE without history nor mail, refuses the arrival, then arrives once they are moved', async () => {
    const db = t.database.db;
    const e = await createEnvoiByApi(t);
    const other = await createEnvoiByApi(t);
    const recu = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });
    const attente = await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE' });
    const [{ reference: refAttente }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, attente));

    const shipped = await setStatut(e.id, 'EN_COURS_ENVOI');
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.colisMoved).toBe(1);
    expect(await statutOf(colis, recu)).toBe('EN_COURS_ENVOI');
    expect(await statutOf(colis, attente)).toBe('EN_ATTENTE');
    expect(await db.select().from(historiques).where(eq(historiques.colisID, attente))).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.colisID, attente))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.html} like ${`%${refAttente}%`}`),
    ).toHaveLength(0);
    const [{ dateEnvoi }] = await db.select({ dateEnvoi: colis.dateEnvoi }).from(colis).where(eq(colis.id, attente));
    expect(dateEnvoi).toBeNull();

    // The spec's arrival guard now fires: 409 with its message, nothing moves.
    const blocked = await setStatut(e.id, 'ARRIVE');
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(
      "Certains colis de ce départ sont encore en attente : l'arrivée du départ est impossible tant qu'ils ne sont pas traités.",
    );
    expect(await statutOf(envois, e.id)).toBe('EN_COURS_ENVOI');
    expect(await statutOf(colis, recu)).toBe('EN_COURS_ENVOI');

    // The dialog's read lists the waiting parcel and the open departure of the same route.
    const listed = await t.call('GET', `/api/colis/enAttente/${e.id}`, { token: t.adminToken });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.datas.map((c: { id: string }) => c.id)).toEqual([attente]);
    expect(listed.body.datas[0]).toMatchObject({ reference: refAttente, resteAPayer: 50, devise: 'EUR', deplacable: true });
    expect(listed.body.departs.map((d: { id: string }) => d.id)).toContain(other.id);
    expect(listed.body.departs.map((d: { id: string }) => d.id)).not.toContain(e.id);

    const moved = await move(t.adminToken, { colisIDs: [attente], envoiID: other.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toBe(`1 colis transféré vers le départ ${other.reference}.`);

    const arrived = await setStatut(e.id, 'ARRIVE');
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
    expect(arrived.body.colisMoved).toBe(1);
    expect(await statutOf(colis, recu)).toBe('EXPEDIE');
    expect(await statutOf(colis, attente)).toBe('EN_ATTENTE');
    expect((await t.call('GET', `/api/colis/enAttente/${e.id}`, { token: t.adminToken })).body.datas).toEqual([]);
  });
});

describe('GET colis/enAttente', () => {
  it('offers only open, active departures of the same route with their weight left; scopes parcels and departures', async () => {
    const db = t.database.db;
    const e = await createEnvoiByApi(t);
    const sameRoute = await createEnvoiByApi(t, { poids: 40 });
    const otherCountry = await createEnvoiByApi(t, { paysID: ids.ML });
    const otherMode = await createEnvoiByApi(t, { modeEnvoiID: ids.MARITIME });
    const closed = await createEnvoiByApi(t);
    await setStatut(closed.id, 'CLOTURE');
    const inactive = await createEnvoiByApi(t);
    await t.call('PUT', `/api/envoi/update/${inactive.id}`, { token: t.adminToken, body: { isActive: false } });
    await insertColis(db, { envoiID: sameRoute.id, statut: 'RECEPTIONNE', poids: 12.5 });
    const mine = await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE', agence: 'PAR1' });
    const theirs = await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE', agence: 'MRS1' });
    await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });

    const res = await t.call('GET', `/api/colis/enAttente/${e.id}`, { token: agentParis });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byId = new Map(res.body.datas.map((c: { id: string; deplacable: boolean }) => [c.id, c.deplacable]));
    // An agent sees its own agency's parcels on a departure leaving its country (colisScope): Marseille's is not listed.
    expect(byId).toEqual(new Map([[mine, true]]));
    const offered = res.body.departs.map((d: { id: string }) => d.id);
    expect(offered).toContain(sameRoute.id);
    for (const no of [e.id, otherCountry.id, otherMode.id, closed.id, inactive.id]) expect(offered).not.toContain(no);
    expect(res.body.departs.find((d: { id: string }) => d.id === sameRoute.id)).toMatchObject({ poids: 40, poidsDisponible: 27.5 });

    // A Dakar agent sees the parcels travelling to Sénégal, may move none of them, and is offered no departure (none
    // leaves from Sénégal on this route).
    const dakar = await t.call('GET', `/api/colis/enAttente/${e.id}`, { token: agentDakar });
    expect(dakar.status).toBe(200);
    expect(new Map(dakar.body.datas.map((c: { id: string; deplacable: boolean }) => [c.id, c.deplacable]))).toEqual(
      new Map([
        [mine, false],
        [theirs, false],
      ]),
    );
    expect(dakar.body.departs).toEqual([]);
    // A guessed departure id, a malformed one.
    expect((await t.call('GET', `/api/colis/enAttente/${randomUUID()}`, { token: agentParis })).status).toBe(404);
    expect((await t.call('GET', '/api/colis/enAttente/pas-un-id', { token: agentParis })).status).toBe(400);
  });
});

describe('POST colis/transferer', () => {
  it('moves waiting parcels: departure, weights, history, audit journal, list counters; no mail', async () => {
    const db = t.database.db;
    const from = await createEnvoiByApi(t);
    const to = await createEnvoiByApi(t, { poids: 50 });
    const a = await insertColis(db, { envoiID: from.id, statut: 'EN_ATTENTE', poids: 4 });
    const b = await insertColis(db, { envoiID: from.id, statut: 'EN_ATTENTE', poids: 6.25 });
    const stays = await insertColis(db, { envoiID: from.id, statut: 'RECEPTIONNE', poids: 3 });
    await insertColis(db, { envoiID: to.id, statut: 'RECEPTIONNE', poids: 10 });
    const notesBefore = (
      await db
        .select()
        .from(notifications)
        .where(inArray(notifications.colisID, [a, b]))
    ).length;

    const res = await move(agentParis, { colisIDs: [a, b], envoiID: to.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`2 colis transférés vers le départ ${to.reference}.`);
    expect(res.body.data).toMatchObject({ envoi: { id: to.id, reference: to.reference, poidsDisponible: 29.75 }, colisDeplaces: 2 });

    const rows = await db
      .select({ id: colis.id, envoiID: colis.envoiID })
      .from(colis)
      .where(inArray(colis.id, [a, b, stays]));
    expect(new Map(rows.map((r) => [r.id, r.envoiID]))).toEqual(
      new Map([
        [a, to.id],
        [b, to.id],
        [stays, from.id],
      ]),
    );
    const weights = await db
      .select({ id: envois.id, poidsReel: envois.poidsReel })
      .from(envois)
      .where(inArray(envois.id, [from.id, to.id]));
    expect(new Map(weights.map((w) => [w.id, w.poidsReel]))).toEqual(
      new Map([
        [from.id, '3.000'],
        [to.id, '20.250'],
      ]),
    );
    // The departures' weights are their parcels' sums.
    const drift = (await db.execute(sql`
      SELECT e.id FROM envois e LEFT JOIN colis c ON c.envoi_id = e.id AND c.deleted_at IS NULL
       WHERE e.id IN (${from.id}::uuid, ${to.id}::uuid) GROUP BY e.id, e.poids_reel
      HAVING e.poids_reel <> coalesce(sum(c.poids), 0)`)) as unknown as { rows: unknown[] };
    expect(drift.rows).toEqual([]);

    const enAttente = await idByCode(db, statuts, 'EN_ATTENTE');
    const hist = await db
      .select()
      .from(historiques)
      .where(inArray(historiques.colisID, [a, b]));
    expect(hist).toHaveLength(2);
    for (const h of hist) expect(h).toMatchObject({ statutAvantID: enAttente, statutApresID: enAttente });
    // The parcel's history reads the move as a plain entry, never as a payment (a same-status entry usually is one).
    const [{ reference: refA }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, a));
    const read = await t.call('GET', `/api/colis/getHistoriqueByReference/${refA}`, { token: agentParis });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toMatch(/Encaissement|"paiement"/);
    const journal = await db
      .select()
      .from(audits)
      .where(and(inArray(audits.entiteID, [a, b]), eq(audits.entite, 'colis')));
    expect(journal).toHaveLength(2);
    for (const j of journal) {
      expect(j).toMatchObject({ action: 'update', avant: { envoi: from.reference }, apres: { envoi: to.reference } });
    }
    expect(
      (
        await db
          .select()
          .from(notifications)
          .where(inArray(notifications.colisID, [a, b]))
      ).length,
    ).toBe(notesBefore);
    const { counted, recounted } = await listDaysDrift(db);
    expect(counted).toEqual(recounted);
    // The parcel lists of both departures follow.
    const listOf = async (envoiId: string) =>
      (await t.call('GET', `/api/colis/getColisByEnvoiId/${envoiId}`, { token: t.adminToken })).body.data
        .map((c: { id: string }) => c.id)
        .sort();
    expect(await listOf(from.id)).toEqual([stays]);
    expect(await listOf(to.id)).toEqual(expect.arrayContaining([a, b]));
  });

  it('refuses a full target with the registration message, and writes nothing', async () => {
    const db = t.database.db;
    const from = await createEnvoiByApi(t);
    const to = await createEnvoiByApi(t, { poids: 10 });
    await insertColis(db, { envoiID: to.id, statut: 'RECEPTIONNE', poids: 8 });
    const c = await insertColis(db, { envoiID: from.id, statut: 'EN_ATTENTE', poids: 5 });
    const before = await snapshot([c], [from.id, to.id]);
    const res = await move(t.adminToken, { colisIDs: [c], envoiID: to.id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Le poids disponible sur le départ ${to.reference} est insuffisant : 2 kg disponibles, 5 kg demandés. Contactez les administrateurs pour augmenter la capacité.`,
    );
    expect(await snapshot([c], [from.id, to.id])).toBe(before);
  });

  it('refuses another route (country or mode), a closed or inactive target, a parcel not waiting, the same departure', async () => {
    const db = t.database.db;
    const from = await createEnvoiByApi(t);
    const c = await insertColis(db, { envoiID: from.id, statut: 'EN_ATTENTE' });
    const [{ reference: ref }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, c));
    const recu = await insertColis(db, { envoiID: from.id, statut: 'RECEPTIONNE' });
    const toMali = await createEnvoiByApi(t, { paysID: ids.ML });
    const byBoat = await createEnvoiByApi(t, { modeEnvoiID: ids.MARITIME });
    const closed = await createEnvoiByApi(t);
    await setStatut(closed.id, 'CLOTURE');
    const inactive = await createEnvoiByApi(t);
    await t.call('PUT', `/api/envoi/update/${inactive.id}`, { token: t.adminToken, body: { isActive: false } });
    const open = await createEnvoiByApi(t);
    const all = [from.id, toMali.id, byBoat.id, closed.id, inactive.id, open.id];
    const before = await snapshot([c, recu], all);

    for (const target of [toMali, byBoat]) {
      const res = await move(agentParis, { colisIDs: [c], envoiID: target.id });
      expect(res.status, target.reference).toBe(409);
      expect(res.body.message).toBe(
        `Le départ ${target.reference} ne suit pas le même trajet que le colis ${ref} (même pays d'origine, même pays de destination et même mode d'envoi requis).`,
      );
    }
    for (const target of [closed, inactive]) {
      const res = await move(agentParis, { colisIDs: [c], envoiID: target.id });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Le départ ${target.reference} n'est plus ouvert aux enregistrements.`);
    }
    const notWaiting = await move(agentParis, { colisIDs: [c, recu], envoiID: open.id });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.body.message).toMatch(/« Réceptionné » : seul un colis en attente peut changer de départ\.$/);
    const same = await move(agentParis, { colisIDs: [c], envoiID: from.id });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(`Le colis ${ref} est déjà sur le départ ${from.reference}.`);
    expect(await snapshot([c, recu], all)).toBe(before);
  });

  it("refuses another agency's parcel, a target outside the agent's country, guessed ids and malformed bodies", async () => {
    const db = t.database.db;
    const from = await createEnvoiByApi(t);
    const to = await createEnvoiByApi(t);
    const paris = await insertColis(db, { envoiID: from.id, statut: 'EN_ATTENTE', agence: 'PAR1' });
    const before = await snapshot([paris], [from.id, to.id]);

    // Another French agency's agent: it sees the departure, not the right to move Paris's parcel.
    const other = await move(agentMarseille, { colisIDs: [paris], envoiID: to.id });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("Seule l'agence émettrice peut transférer ce colis.");
    // A Dakar agent: the target does not leave from Sénégal.
    const dakar = await move(agentDakar, { colisIDs: [paris], envoiID: to.id });
    expect(dakar.status).toBe(403);
    expect(dakar.body.message).toBe('Vous ne pouvez transférer que vers un départ partant du pays de votre agence.');
    // Guessed ids: 404, the same whether the parcel or the departure is unknown.
    expect((await move(agentParis, { colisIDs: [randomUUID()], envoiID: to.id })).status).toBe(404);
    expect((await move(agentParis, { colisIDs: [paris], envoiID: randomUUID() })).status).toBe(404);
    // Malformed bodies: 400 with French messages.
    for (const [body, message] of [
      [{ envoiID: to.id }, 'Choisissez au moins un colis à transférer.'],
      [{ colisIDs: [], envoiID: to.id }, 'Choisissez au moins un colis à transférer.'],
      [{ colisIDs: ['abc'], envoiID: to.id }, 'Identifiant de colis invalide'],
      [{ colisIDs: [paris, paris], envoiID: to.id }, 'Un colis est donné deux fois.'],
      [{ colisIDs: [paris] }, 'Le départ de destination est obligatoire'],
      [{ colisIDs: 'abc', envoiID: 5 }, undefined],
    ] as const) {
      const res = await move(agentParis, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    // Without the parcel edit key (a role holding the departures' keys only).
    await insertRoleWithKeys(db, 'DEPARTS_SEULS', ['depart', 'enCoursEnvoiDepart', 'colis']);
    const sansCle = (await t.createStaff('DEPARTS_SEULS', { agenceCode: 'PAR1' })).token;
    expect((await move(sansCle, { colisIDs: [paris], envoiID: to.id })).status).toBe(403);
    expect(await snapshot([paris], [from.id, to.id])).toBe(before);

    // Its own agency's agent moves it.
    expect((await move(agentParis, { colisIDs: [paris], envoiID: to.id })).status).toBe(200);
  });
});
