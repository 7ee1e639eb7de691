/**
 * Stock inventories (spec 001 §2 'Etats de stocks', §3, §7 GET inventaire/liste; docs/api-contract.md "Inventories"):
 * the statements of the demo data as the list answers them (counts equal a recount of inventaire_colis, agency scope,
 * status filter), the expected parcels computed on the server (checked against an independent query and against parcels
 * placed in every case), taking an inventory (found, expected, not found, unknown references not stored, a retried send
 * stored once), the check of one scanned reference, and the refusals: another agency's agent, no token, a guessed id, a
 * role without the key, malformed bodies.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed/demo';
import { agences, colis, inventaireColis, inventaires } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, insertColis } from './fixtures';

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

  it('stores found, expected and not found in one statement; unknown references answered, not stored', async () => {
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
  });

  it('a retried send with the same id stores nothing new', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(inventaires))[0].n;
    const res = await t.call('POST', '/api/inventaire/create', {
      token: staff.paris.token,
      body: { id: clientId, references: [placed.parisEnAttente.reference] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: clientId, dejaEnregistre: true, nbColisTrouves: 3 });
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
