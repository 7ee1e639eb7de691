/**
 * Stock inventories (spec 001 §2 'Etats de stocks', §3, §7 GET inventaire/liste; docs/api-contract.md "Inventories"):
 * the statements of the demo data as the list answers them (counts equal a recount of inventaire_colis, agency scope,
 * status filter), the expected parcels computed on the server (checked against an independent query and against parcels
 * placed in every case), taking an inventory (found, expected, not found, unknown references stored as typed, a retried
 * send stored once), the check of one scanned reference, and the refusals: another agency's agent, no token, a guessed
 * id, a role without the key, malformed bodies. Then the parcels' agency scope (security probe 2026-11-26 F2, F9): an
 * agent scanning another agency's parcels stores and reads back only unknown references, `verifier` answers such a
 * parcel exactly as a reference of no parcel and never tells an id, and a statement or the list shows a reader only the
 * parcels of its own scope, while ADMIN still links and reads every parcel. A parcel of another agency of the same
 * country is named 'hors de votre agence' with that agency (docs/decisions/inventory-other-agency.md), still unlinked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed/demo';
import {
  agences,
  colis,
  envois,
  inventaireColis,
  inventaireInconnues,
  inventaires,
  modesEnvoi,
  pays,
  statuts,
  users,
} from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, inDays, insertClient, insertColis } from './fixtures';

type Staff = { id: string; token: string };
let t: TestContext;
const staff: Record<'paris' | 'dakar' | 'noKey', Staff> = {} as never;
const agence: Record<'PAR1' | 'DKR1', { id: string; villeID: string }> = {} as never;
/** Parcels placed for the expected-list cases (ids and references). */
const placed: Record<string, { id: string; reference: string }> = {};

async function refOf(id: string) {
  const [row] = await t.database.db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, id));
  return { id, reference: row.reference };
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  await seedDemo(db, { colisCount: 300 });
  for (const code of ['PAR1', 'DKR1'] as const) {
    const [a] = await db.select({ id: agences.id, villeID: agences.villeID }).from(agences).where(eq(agences.code, code));
    agence[code] = a;
  }
  staff.paris = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  staff.dakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  staff.noKey = await t.createStaff('CLIENT', { agenceCode: 'PAR1' });

  // One parcel of each case, on a departure France → Sénégal.
  const envoi = await createEnvoiByApi(t);
  const put = async (name: string, statut: string, agenceCode: string, villeID?: string) => {
    const id = await insertColis(db, { envoiID: envoi.id, statut, agence: agenceCode });
    // References are upper case (PAR1-2611-000123); the fixture's are not.
    await db
      .update(colis)
      .set({ reference: sql`upper(${colis.reference})`, ...(villeID ? { villeID } : {}) })
      .where(eq(colis.id, id));
    placed[name] = await refOf(id);
  };
  await put('parisEnAttente', 'EN_ATTENTE', 'PAR1'); // expected at PAR1 (registered, not shipped)
  await put('parisReceptionne', 'RECEPTIONNE', 'PAR1'); // expected at PAR1
  await put('parisEnCours', 'EN_COURS_ENVOI', 'PAR1'); // travelling: expected nowhere
  await put('parisRetire', 'RETIRE', 'PAR1'); // handed over: expected nowhere
  await put('arriveDakar', 'EXPEDIE', 'PAR1', agence.DKR1.villeID); // arrived in Dakar: expected at DKR1, not PAR1
  await put('retireDakar', 'RETIRE', 'PAR1', agence.DKR1.villeID); // handed over in Dakar: expected nowhere
  await put('parisSupprime', 'EN_ATTENTE', 'PAR1'); // deleted: expected nowhere, unknown when scanned
  await db.update(colis).set({ deletedAt: new Date() }).where(eq(colis.id, placed.parisSupprime.id));
});
afterAll(() => t.close());

/** An independent recount of the parcels an agency should hold (status codes joined by name, not by id). */
async function recountAttendus(agenceId: string): Promise<string[]> {
  const rows = (await t.database.db.execute(sql`
    SELECT c.id FROM colis c JOIN statuts s ON s.id = c.statut_id JOIN agences a ON a.id = ${agenceId}
    WHERE c.deleted_at IS NULL AND (
      (c.agence_id = a.id AND s.code IN ('EN_ATTENTE', 'RECEPTIONNE')) OR (c.ville_id = a.ville_id AND s.code = 'EXPEDIE'))`)) as unknown as {
    rows: unknown[];
  };
  return (rows.rows as { id: string }[]).map((r) => r.id).sort();
}

describe('GET inventaire/liste on the demo statements', () => {
  it('answers the spec shape, counts equal to a recount, newest first', async () => {
    const res = await t.call('GET', '/api/inventaire/liste?auteur=x&_page=1&_perPage=50', { token: t.adminToken });
    expect(res.status).toBe(200);
    const rows = res.body.data as any[];
    expect(rows.length).toBeGreaterThan(0);
    expect(res.body.total).toBe((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n);
    for (const row of rows.slice(0, 5)) {
      expect(row._id).toBe(row.id);
      expect(typeof row.auteur.nom).toBe('string');
      expect(row.auteur.prenom).toBe(row.auteur.prenoms);
      const ic = await t.database.db.select().from(inventaireColis).where(eq(inventaireColis.inventaireID, row.id));
      expect([...row.colisId].sort()).toEqual(
        ic
          .filter((r) => r.trouve)
          .map((r) => r.colisID)
          .sort(),
      );
      expect([...row.colisAttendus].sort()).toEqual(
        ic
          .filter((r) => r.attendu)
          .map((r) => r.colisID)
          .sort(),
      );
      expect([...row.colisNonTrouve].sort()).toEqual(
        ic
          .filter((r) => r.attendu && !r.trouve)
          .map((r) => r.colisID)
          .sort(),
      );
    }
    const dates = rows.map((r) => new Date(r.dateInventaire).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("scopes an agent to its agency's statements; ADMIN filters by agency", async () => {
    const mine = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&_page=1&_perPage=100`, { token: staff.paris.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((r: any) => r.agenceID.id === agence.PAR1.id)).toBe(true);
    const filtered = await t.call('GET', `/api/inventaire/liste?agenceID=${agence.PAR1.id}&_page=1&_perPage=100`, { token: t.adminToken });
    expect(filtered.body.total).toBe(mine.body.total);
    // An agent asking for another agency's statements gets none.
    const other = await t.call('GET', `/api/inventaire/liste?agenceID=${agence.DKR1.id}&_page=1`, { token: staff.paris.token });
    expect(other.body.data).toEqual([]);
  });

  it('the status filter keeps the parcels currently in that status', async () => {
    const res = await t.call('GET', '/api/inventaire/liste?statut=EXPEDIE&_page=1&_perPage=100', { token: t.adminToken });
    expect(res.status).toBe(200);
    const ids = res.body.data.flatMap((r: any) => [...r.colisId, ...r.colisAttendus]);
    expect(ids.length).toBeGreaterThan(0);
    const statuses = (await t.database.db.execute(
      sql`SELECT DISTINCT s.code FROM colis c JOIN statuts s ON s.id = c.statut_id WHERE c.id IN ${sql.raw(`('${[...new Set(ids)].join("','")}')`)}`,
    )) as unknown as { rows: unknown[] };
    expect((statuses.rows as { code: string }[]).map((r) => r.code)).toEqual(['EXPEDIE']);
    expect((await t.call('GET', '/api/inventaire/liste?statut=NIMPORTE', { token: t.adminToken })).status).toBe(400);
  });
});

describe('GET inventaire/attendus', () => {
  it('equals an independent recount, for each case of parcel', async () => {
    const paris = await t.call('GET', '/api/inventaire/attendus', { token: staff.paris.token });
    expect(paris.status).toBe(200);
    expect(paris.body.agence.id).toBe(agence.PAR1.id);
    const parisIds = (paris.body.datas as any[]).map((c) => c.id).sort();
    expect(parisIds).toEqual(await recountAttendus(agence.PAR1.id));
    expect(parisIds).toContain(placed.parisEnAttente.id);
    expect(parisIds).toContain(placed.parisReceptionne.id);
    for (const absent of ['parisEnCours', 'parisRetire', 'arriveDakar', 'retireDakar', 'parisSupprime'])
      expect(parisIds, absent).not.toContain(placed[absent].id);

    const dakar = await t.call('GET', `/api/inventaire/attendus?agenceID=${agence.PAR1.id}`, { token: staff.dakar.token });
    expect(dakar.body.agence.id).toBe(agence.DKR1.id); // an agent's own agency, whatever it asks
    const dakarIds = (dakar.body.datas as any[]).map((c) => c.id).sort();
    expect(dakarIds).toEqual(await recountAttendus(agence.DKR1.id));
    expect(dakarIds).toContain(placed.arriveDakar.id);
    expect(dakarIds).not.toContain(placed.retireDakar.id);
  });

  it('ADMIN must name the agency', async () => {
    const none = await t.call('GET', '/api/inventaire/attendus', { token: t.adminToken });
    expect(none.status).toBe(400);
    expect(none.body.errors.agenceID).toBeTruthy();
    const some = await t.call('GET', `/api/inventaire/attendus?agenceID=${agence.DKR1.id}`, { token: t.adminToken });
    expect(some.status).toBe(200);
    expect((some.body.datas as any[]).map((c) => c.id).sort()).toEqual(await recountAttendus(agence.DKR1.id));
    expect((await t.call('GET', '/api/inventaire/attendus?agenceID=pas-un-id', { token: t.adminToken })).status).toBe(400);
  });
});

describe('GET inventaire/verifier', () => {
  it('tells expected, not expected here, and unknown (deleted parcels are unknown)', async () => {
    const check = async (reference: string) =>
      (await t.call('GET', `/api/inventaire/verifier?reference=${encodeURIComponent(reference)}`, { token: staff.paris.token })).body.data;
    expect((await check(` ${placed.parisEnAttente.reference.toLowerCase()} `)).etat).toBe('TROUVE');
    expect((await check(placed.arriveDakar.reference)).etat).toBe('NON_ATTENDU');
    expect((await check('INCONNU-0000')).etat).toBe('INCONNU');
    expect((await check(placed.parisSupprime.reference)).etat).toBe('INCONNU');
    expect((await t.call('GET', '/api/inventaire/verifier?reference=', { token: staff.paris.token })).status).toBe(400);
  });
});

describe('POST inventaire/create', () => {
  let statementId: string;
  const clientId = randomUUID();

  it('stores found, expected and not found in one statement; unknown references stored as typed', async () => {
    const expected = await recountAttendus(agence.PAR1.id);
    const references = [
      ` ${placed.parisEnAttente.reference.toLowerCase()} `,
      placed.parisEnAttente.reference, // scanned twice: counted once
      placed.parisReceptionne.reference,
      placed.arriveDakar.reference, // exists, not expected at PAR1
      'INCONNU-42',
      placed.parisSupprime.reference, // deleted: unknown
    ];
    const res = await t.call('POST', '/api/inventaire/create', { token: staff.paris.token, body: { id: clientId, references } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Inventaire enregistré avec succès');
    const d = res.body.data;
    statementId = d.id;
    expect(d.id).toBe(clientId);
    expect(d.dejaEnregistre).toBe(false);
    expect(d.nbColisTrouves).toBe(3);
    expect(d.nbColisAttendus).toBe(expected.length);
    expect(d.nbColisNonTrouves).toBe(expected.length - 2);
    expect(d.nbColisNonAttendus).toBe(1);
    expect(d.inconnues.sort()).toEqual(['INCONNU-42', placed.parisSupprime.reference.toUpperCase()].sort());

    const rows = await t.database.db.select().from(inventaireColis).where(eq(inventaireColis.inventaireID, statementId));
    expect(rows.length).toBe(expected.length + 1);
    expect(rows.some((r) => r.colisID === placed.parisSupprime.id)).toBe(false);
    const [stored] = await t.database.db.select().from(inventaires).where(eq(inventaires.id, statementId));
    expect(stored.agenceID).toBe(agence.PAR1.id);
    expect(stored.auteurID).toBe(staff.paris.id);
    const unknown = await t.database.db.select().from(inventaireInconnues).where(eq(inventaireInconnues.inventaireID, statementId));
    expect(unknown.map((u) => u.reference).sort()).toEqual(d.inconnues);

    const one = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&id=${statementId}`, { token: staff.paris.token });
    expect(one.status).toBe(200);
    const found = (one.body.data.colisId as any[]).map((c) => c.reference).sort();
    expect(found).toEqual([placed.parisEnAttente.reference, placed.parisReceptionne.reference, placed.arriveDakar.reference].sort());
    expect(one.body.data.colisAttendus.length).toBe(expected.length);
    expect(one.body.colisNonTrouve.length).toBe(expected.length - 2);
    expect(one.body.colisNonTrouve.map((c: any) => c.id)).not.toContain(placed.parisEnAttente.id);
    const hors = (one.body.data.colisId as any[]).find((c) => c.id === placed.arriveDakar.id);
    expect(hors).toMatchObject({ attendu: false, trouve: true, statutID: { code: 'EXPEDIE' } });
    expect(typeof hors.poids).toBe('number');
    expect(typeof hors.montantTotal).toBe('number');
    expect(one.body.data.referencesInconnues).toEqual(d.inconnues);
  });

  it('a retried send with the same id stores nothing new', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n;
    const res = await t.call('POST', '/api/inventaire/create', {
      token: staff.paris.token,
      body: { id: clientId, references: [placed.parisEnAttente.reference] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: clientId, dejaEnregistre: true, nbColisTrouves: 3 });
    // The stored unknown references, not those of the retried body.
    expect(res.body.data.inconnues).toEqual(['INCONNU-42', placed.parisSupprime.reference.toUpperCase()].sort());
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n).toBe(before);
    // Another author cannot reuse the id.
    const other = await t.call('POST', '/api/inventaire/create', { token: staff.dakar.token, body: { id: clientId, references: [] } });
    expect(other.status).toBe(409);
  });

  it("another agency's agent cannot read the statement; a guessed id is 404; no token 401; no key 403", async () => {
    const url = `/api/inventaire/liste?id=${statementId}`;
    const dakar = await t.call('GET', url, { token: staff.dakar.token });
    expect(dakar.status).toBe(403);
    expect(dakar.body.success).toBe(false);
    expect(JSON.stringify(dakar.body)).not.toContain(placed.parisEnAttente.reference);
    const list = await t.call('GET', '/api/inventaire/liste?_page=1&_perPage=500', { token: staff.dakar.token });
    expect(list.body.data.map((r: any) => r.id)).not.toContain(statementId);
    expect((await t.call('GET', url, { token: t.adminToken })).status).toBe(200);
    expect((await t.call('GET', `/api/inventaire/liste?id=${randomUUID()}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('GET', '/api/inventaire/liste?id=123', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', url, { token: null })).status).toBe(401);
    expect((await t.call('GET', url, { token: 'forged.token.value' })).status).toBe(401);
    expect((await t.call('GET', url, { token: staff.noKey.token })).status).toBe(403);
    expect((await t.call('POST', '/api/inventaire/create', { token: staff.noKey.token, body: { references: [] } })).status).toBe(403);
    expect((await t.call('GET', '/api/inventaire/attendus', { token: staff.noKey.token })).status).toBe(403);
  });

  it('refuses malformed bodies with 400 and writes nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n;
    for (const body of [
      {},
      { references: 'PAR1-1' },
      { references: [123] },
      { references: [{ reference: 'x' }] },
      { references: ['x'.repeat(65)] },
      { references: [], extra: true },
      { references: [], id: 'pas-un-uuid' },
      { references: [], agenceID: 'pas-un-uuid' },
      null,
      [],
    ]) {
      const res = await t.call('POST', '/api/inventaire/create', { token: staff.paris.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const admin = await t.call('POST', '/api/inventaire/create', { token: t.adminToken, body: { references: [] } });
    expect(admin.status).toBe(400);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n).toBe(before);
  });

  it('ADMIN takes one for a chosen agency; an empty scan finds nothing and loses every expected parcel', async () => {
    const res = await t.call('POST', '/api/inventaire/create', { token: t.adminToken, body: { agenceID: agence.DKR1.id, references: [] } });
    expect(res.status).toBe(200);
    const expected = await recountAttendus(agence.DKR1.id);
    expect(res.body.data).toMatchObject({ nbColisTrouves: 0, nbColisAttendus: expected.length, nbColisNonTrouves: expected.length });
    const [stored] = await t.database.db.select().from(inventaires).where(eq(inventaires.id, res.body.data.id));
    expect(stored.agenceID).toBe(agence.DKR1.id);
    const dakar = await t.call('GET', `/api/inventaire/liste?id=${res.body.data.id}`, { token: staff.dakar.token });
    expect(dakar.status).toBe(200);
  });
});

/** Every key of a JSON value, at any depth. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysDeep(v)]);
  return [];
}

describe("another agency's parcels through inventories (security probe 2026-11-26 F2, F9)", () => {
  /** Parcels registered by Bamako on a departure Mali → Sénégal: nothing of them is the Paris agent's business. */
  const mali: { id: string; reference: string }[] = [];
  /** Their ids, references, recipients' names and phones: none may reach the Paris agent. */
  const secrets: string[] = [];
  const typo = ' par1-2611-00o123 ';

  /** The JSON of an answer, the unknown references of a statement (the agent's own typed texts) left out. */
  const withoutTypedTexts = (body: any) => {
    const { referencesInconnues, ...data } = body.data;
    expect(Array.isArray(referencesInconnues)).toBe(true);
    return JSON.stringify({ ...body, data });
  };

  beforeAll(async () => {
    const db = t.database.db;
    const [envoi] = await db
      .insert(envois)
      .values({
        reference: 'DEP-MALI-INVENTAIRE',
        modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
        paysEmetteurID: await idByCode(db, pays, 'ML'),
        paysID: await idByCode(db, pays, 'SN'),
        statutID: await idByCode(db, statuts, 'OUVERT'),
        dateFin: inDays(1),
        dateDebut: inDays(2),
        dateArrive: inDays(3),
        poids: '100.000',
      })
      .returning({ id: envois.id });
    for (const [i, statut] of (['RECEPTIONNE', 'EN_ATTENTE'] as const).entries()) {
      const destinataireID = await insertClient(db, `SecretClientMali${i}`);
      const id = await insertColis(db, { envoiID: envoi.id, statut, agence: 'BKO1', destinataireID });
      await db
        .update(colis)
        .set({
          reference: sql`upper(${colis.reference})`,
          nomDestinataire: `SecretNomMali${i}`,
          prenomsDestinataire: `SecretPrenomMali${i}`,
          telephoneDestinataire: `+2237000000${i}`,
        })
        .where(eq(colis.id, id));
      const [client] = await db.select({ telephoneComplet: users.telephoneComplet }).from(users).where(eq(users.id, destinataireID));
      const parcel = await refOf(id);
      mali.push(parcel);
      secrets.push(
        id,
        parcel.reference,
        `SecretNomMali${i}`,
        `SecretPrenomMali${i}`,
        `+2237000000${i}`,
        `SecretClientMali${i}`,
        client.telephoneComplet!,
      );
    }
  });

  it("F2: an agent's statement holds another agency's scanned parcels as unknown references only, and reads back nothing of them", async () => {
    const db = t.database.db;
    const references = [mali[0].reference.toLowerCase(), ` ${mali[1].reference} `, placed.parisReceptionne.reference, typo];
    const res = await t.call('POST', '/api/inventaire/create', { token: staff.paris.token, body: { references } });
    expect(res.status).toBe(200);
    const d = res.body.data;
    const unknown = [mali[0].reference, mali[1].reference, 'PAR1-2611-00O123'].sort();
    expect(d.inconnues).toEqual(unknown);
    expect(d.nbColisTrouves).toBe(1);
    expect(d.nbColisNonAttendus).toBe(0);

    // No row links the statement to a parcel of Bamako; the unknown references are stored as typed (normalised).
    const links = await db.select().from(inventaireColis).where(eq(inventaireColis.inventaireID, d.id));
    expect(links.filter((r) => mali.some((m) => m.id === r.colisID))).toEqual([]);
    expect(links.filter((r) => r.trouve).map((r) => r.colisID)).toEqual([placed.parisReceptionne.id]);
    const stored = await db.select().from(inventaireInconnues).where(eq(inventaireInconnues.inventaireID, d.id));
    expect(stored.map((r) => r.reference).sort()).toEqual(unknown);

    // Read back: the typed texts among the unknown references, nothing else of the other agency's parcels.
    const one = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&id=${d.id}`, { token: staff.paris.token });
    expect(one.status).toBe(200);
    expect(one.body.data.referencesInconnues).toEqual(unknown);
    expect(one.body.data.colisId.map((c: any) => c.id)).toEqual([placed.parisReceptionne.id]);
    const text = withoutTypedTexts(one.body);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    for (const secret of secrets.filter((s) => !mali.some((m) => m.reference === s)))
      expect(JSON.stringify(one.body)).not.toContain(secret);

    // A retried send answers the stored unknown references.
    const again = await t.call('POST', '/api/inventaire/create', { token: staff.paris.token, body: { id: d.id, references: [] } });
    expect(again.body.data).toMatchObject({ id: d.id, dejaEnregistre: true, inconnues: unknown, nbColisTrouves: 1 });
  });

  it("F9: verifier answers another agency's parcel exactly as a reference of no parcel, and never an id", async () => {
    const ask = (reference: string) =>
      t.call('GET', `/api/inventaire/verifier?reference=${encodeURIComponent(reference)}`, { token: staff.paris.token });
    const outside = await ask(mali[0].reference);
    const nothing = await ask('BKO1-2611-999999');
    expect(outside.status).toBe(200);
    expect(nothing.status).toBe(200);
    expect(outside.body).toEqual({ success: true, data: { reference: mali[0].reference, etat: 'INCONNU', colis: null } });
    expect(nothing.body).toEqual({ success: true, data: { reference: 'BKO1-2611-999999', etat: 'INCONNU', colis: null } });
    expect(keysDeep(outside.body)).toEqual(keysDeep(nothing.body));
    expect((await ask(` ${mali[1].reference.toLowerCase()} `)).body).toEqual({
      success: true,
      data: { reference: mali[1].reference, etat: 'INCONNU', colis: null },
    });

    const own = await ask(placed.parisEnAttente.reference);
    expect(own.body).toEqual({
      success: true,
      data: {
        reference: placed.parisEnAttente.reference,
        etat: 'TROUVE',
        colis: { reference: placed.parisEnAttente.reference, statut: 'EN_ATTENTE' },
      },
    });
    for (const body of [outside.body, nothing.body, own.body]) {
      expect(keysDeep(body)).not.toContain('id');
      expect(keysDeep(body)).not.toContain('_id');
    }
    expect(JSON.stringify(own.body)).not.toContain(placed.parisEnAttente.id);
    expect(JSON.stringify(outside.body)).not.toContain(mali[0].id);
  });

  it("the agent's statements list holds no id of a parcel outside its scope, even in a statement stored before the scope", async () => {
    const db = t.database.db;
    // A statement as inventaire/create wrote it before the parcels' scope: Bamako's parcels linked as found.
    const [legacy] = await db
      .insert(inventaires)
      .values({ auteurID: staff.paris.id, agenceID: agence.PAR1.id })
      .returning({ id: inventaires.id });
    await db
      .insert(inventaireColis)
      .values([
        ...mali.map((m) => ({ inventaireID: legacy.id, colisID: m.id, attendu: false, trouve: true })),
        { inventaireID: legacy.id, colisID: placed.parisReceptionne.id, attendu: true, trouve: true },
      ]);
    const maliIds = mali.map((m) => m.id);
    for (const query of ['_page=1&_perPage=500', '_page=1&_perPage=500&statut=RECEPTIONNE', '_page=1&_perPage=500&statut=EN_ATTENTE']) {
      const list = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&${query}`, { token: staff.paris.token });
      expect(list.status, query).toBe(200);
      const ids = (list.body.data as any[]).flatMap((r) => [...r.colisId, ...r.colisAttendus, ...r.colisNonTrouve]);
      for (const id of maliIds) expect(ids, query).not.toContain(id);
    }
    const list = await t.call('GET', '/api/inventaire/liste?_page=1&_perPage=500', { token: staff.paris.token });
    const row = (list.body.data as any[]).find((r) => r.id === legacy.id);
    expect(row).toMatchObject({ colisId: [placed.parisReceptionne.id], colisAttendus: [placed.parisReceptionne.id], colisNonTrouve: [] });
    const one = await t.call('GET', `/api/inventaire/liste?id=${legacy.id}`, { token: staff.paris.token });
    expect(one.status).toBe(200);
    expect(one.body.data.colisId.map((c: any) => c.id)).toEqual([placed.parisReceptionne.id]);
    for (const secret of secrets) expect(JSON.stringify(one.body), secret).not.toContain(secret);
    // ADMIN sees every parcel of the statement.
    const admin = await t.call('GET', `/api/inventaire/liste?agenceID=${agence.PAR1.id}&_page=1&_perPage=500`, { token: t.adminToken });
    const adminRow = (admin.body.data as any[]).find((r) => r.id === legacy.id);
    expect([...adminRow.colisId].sort()).toEqual([...maliIds, placed.parisReceptionne.id].sort());
  });

  it('ADMIN taking an inventory of an agency links every parcel it scans; an agent of that agency reads only its own scope in it', async () => {
    const db = t.database.db;
    const references = [mali[0].reference, placed.parisReceptionne.reference, 'ZZZ-0'];
    const res = await t.call('POST', '/api/inventaire/create', { token: t.adminToken, body: { agenceID: agence.PAR1.id, references } });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ nbColisTrouves: 2, nbColisNonAttendus: 1, inconnues: ['ZZZ-0'] });
    const links = await db.select().from(inventaireColis).where(eq(inventaireColis.inventaireID, d.id));
    expect(links.find((r) => r.colisID === mali[0].id)).toMatchObject({ attendu: false, trouve: true });
    expect(links.find((r) => r.colisID === placed.parisReceptionne.id)).toMatchObject({ attendu: true, trouve: true });
    expect((await db.select().from(inventaireInconnues).where(eq(inventaireInconnues.inventaireID, d.id))).map((r) => r.reference)).toEqual(
      ['ZZZ-0'],
    );

    const asAdmin = await t.call('GET', `/api/inventaire/liste?id=${d.id}`, { token: t.adminToken });
    expect(asAdmin.status).toBe(200);
    const maliRow = (asAdmin.body.data.colisId as any[]).find((c) => c.id === mali[0].id);
    expect(maliRow).toMatchObject({ reference: mali[0].reference, nomDestinataire: 'SecretNomMali0', attendu: false, trouve: true });
    expect(asAdmin.body.data.referencesInconnues).toEqual(['ZZZ-0']);

    // The statement is of the agent's agency: it reads it, without the parcel outside its scope.
    const asAgent = await t.call('GET', `/api/inventaire/liste?id=${d.id}`, { token: staff.paris.token });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.data.colisId.map((c: any) => c.id)).toEqual([placed.parisReceptionne.id]);
    expect(asAgent.body.data.referencesInconnues).toEqual(['ZZZ-0']);
    for (const secret of secrets) expect(JSON.stringify(asAgent.body), secret).not.toContain(secret);
  });
});

describe("the amounts of a statement's parcels, in their currency", () => {
  it('answers each parcel’s devise with its montantTotal: F CFA for a parcel from Dakar, euros from Paris', async () => {
    const db = t.database.db;
    const fromDakar = await createEnvoiByApi(t, {
      paysEmetteurID: await idByCode(db, pays, 'SN'),
      paysID: await idByCode(db, pays, 'FR'),
      contenu: 'Fret Dakar',
    });
    const id = await insertColis(db, { envoiID: fromDakar.id, statut: 'RECEPTIONNE', agence: 'DKR1' });
    await db
      .update(colis)
      .set({ reference: sql`upper(${colis.reference})`, montantTotal: '6560', resteAPayer: '6560' })
      .where(eq(colis.id, id));
    const { reference } = await refOf(id);

    const attendus = await t.call('GET', '/api/inventaire/attendus', { token: staff.dakar.token });
    expect(attendus.status).toBe(200);
    expect((attendus.body.datas as any[]).find((c) => c.id === id)).toMatchObject({ montantTotal: 6560, devise: 'XOF' });

    const created = await t.call('POST', '/api/inventaire/create', {
      token: staff.dakar.token,
      body: { references: [reference, placed.arriveDakar.reference] },
    });
    expect(created.status).toBe(200);
    const one = await t.call('GET', `/api/inventaire/liste?auteur=${staff.dakar.id}&id=${created.body.data.id}`, {
      token: staff.dakar.token,
    });
    expect(one.status).toBe(200);
    const found = one.body.data.colisId as any[];
    expect(found.find((c) => c.id === id)).toMatchObject({ montantTotal: 6560, devise: 'XOF' });
    // The parcel from Paris that arrived in Dakar keeps its own currency.
    expect(found.find((c) => c.id === placed.arriveDakar.id)).toMatchObject({ montantTotal: 50, devise: 'EUR' });
  });
});

describe("a parcel of another agency of the same country is 'hors de votre agence' (docs/decisions/inventory-other-agency.md)", () => {
  /** A parcel registered by Lyon on a departure France → Sénégal: outside the Paris agent's scope, in its country. */
  let lyon: { id: string; reference: string };
  const typo = 'PAR1-2611-00Q999';

  beforeAll(async () => {
    const db = t.database.db;
    const envoi = await createEnvoiByApi(t, { contenu: 'Fret Lyon' });
    const id = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'LYS1' });
    await db
      .update(colis)
      .set({ reference: sql`upper(${colis.reference})` })
      .where(eq(colis.id, id));
    lyon = await refOf(id);
  });

  const ask = (reference: string) =>
    t.call('GET', `/api/inventaire/verifier?reference=${encodeURIComponent(reference)}`, { token: staff.paris.token });

  it('verifier names the agency (when active), never an id nor anything else of the parcel', async () => {
    const res = await ask(` ${lyon.reference.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { reference: lyon.reference, etat: 'HORS_AGENCE', colis: null, agence: 'Agence Lyon Guillotière' },
    });
    expect(JSON.stringify(res.body)).not.toContain(lyon.id);
    // An inactive agency's name is not listed to everyone (agence/getAgenceByPaysID): the parcel is still named so.
    const db = t.database.db;
    await db.update(agences).set({ isActive: false }).where(eq(agences.code, 'LYS1'));
    try {
      expect((await ask(lyon.reference)).body.data).toEqual({ reference: lyon.reference, etat: 'HORS_AGENCE', colis: null, agence: null });
    } finally {
      await db.update(agences).set({ isActive: true }).where(eq(agences.code, 'LYS1'));
    }
    // A reference of no parcel stays unknown; so does the Lyon parcel to an Abidjan agent (another country, out of scope).
    expect((await ask('BKO1-2611-999999')).body.data.etat).toBe('INCONNU');
    const abidjan = await t.createStaff('AGENT', { agenceCode: 'ABJ1' });
    const fromAbidjan = await t.call('GET', `/api/inventaire/verifier?reference=${lyon.reference}`, { token: abidjan.token });
    expect(fromAbidjan.body).toEqual({ success: true, data: { reference: lyon.reference, etat: 'INCONNU', colis: null } });
  });

  it('a statement lists it apart from the unknown references, answered and read back, linked to nothing', async () => {
    const db = t.database.db;
    const res = await t.call('POST', '/api/inventaire/create', {
      token: staff.paris.token,
      body: { references: [lyon.reference, typo, placed.parisReceptionne.reference] },
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.inconnues).toEqual([typo]);
    expect(d.horsAgence).toEqual([{ reference: lyon.reference, agence: 'Agence Lyon Guillotière' }]);
    const links = await db.select().from(inventaireColis).where(eq(inventaireColis.inventaireID, d.id));
    expect(links.map((r) => r.colisID)).not.toContain(lyon.id);
    const one = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&id=${d.id}`, { token: staff.paris.token });
    expect(one.body.data.referencesInconnues).toEqual([typo]);
    expect(one.body.data.referencesHorsAgence).toEqual([{ reference: lyon.reference, agence: 'Agence Lyon Guillotière' }]);
    expect(JSON.stringify(one.body)).not.toContain(lyon.id);
    // ADMIN reads the same statement the same way (the statement's agency's country decides).
    const asAdmin = await t.call('GET', `/api/inventaire/liste?auteur=${staff.paris.id}&id=${d.id}`, { token: t.adminToken });
    expect(asAdmin.body.data.referencesHorsAgence).toEqual([{ reference: lyon.reference, agence: 'Agence Lyon Guillotière' }]);
    // A retried send answers the same split.
    const again = await t.call('POST', '/api/inventaire/create', { token: staff.paris.token, body: { id: d.id, references: [] } });
    expect(again.body.data).toMatchObject({ dejaEnregistre: true, inconnues: [typo], horsAgence: d.horsAgence });
  });
});
