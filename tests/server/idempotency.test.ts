/**
 * Idempotent writes (docs/decisions/idempotent-writes.md, server/http/idempotency.ts): a retried POST with the same
 * Idempotency-Key answers the first answer again and writes nothing; another body is a 422; another user's same key
 * runs on its own; concurrent copies write once; a malformed key is a 400; a 5xx or a 429 is not kept; public POSTs ignore the
 * header; the states a killed process leaves (written with the answer lost, claimed without writing) are simulated in
 * the database; keys older than 24 h are pruned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { todayIso } from '../../common/dates';
import {
  agences,
  colis,
  encaissements,
  envois,
  idempotencyKeys,
  inventaires,
  mailOutbox,
  modesEnvoi,
  modesPaiement,
  operations,
  pays,
  tauxChange,
  typesOperation,
  users,
} from '../../server/db/schema';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_MESSAGES as M, markIdempotentWrite, pruneIdempotencyKeys } from '../../server/http/idempotency';
import { AppError } from '../../server/http/errors';
import { buildApp } from '../../server/app';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';
import {
  colisBody as registrationBody,
  colisRefs,
  createEnvoiByApi,
  idByCode,
  insertClient,
  insertColis,
  type ColisRefs,
  RELEASE_PROOF,
} from './fixtures';

let t: TestContext;
let agent: { id: string; token: string };
let adminId: string;
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  Object.assign(id, {
    ...(await colisRefs(db)),
    ESPECES: await idByCode(db, modesPaiement, 'ESPECES'),
    PAR1: await idByCode(db, agences, 'PAR1'),
    COMMISSION: await idByCode(db, typesOperation, 'COMMISSION'),
  });
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.local'));
  adminId = admin.id;
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Record<string, unknown>;
}

/** POST `url` with `body` as `token`, with the Idempotency-Key `key` when given. */
async function post(url: string, body: unknown, token: string, key?: string, extra: Record<string, string> = {}): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }), ...extra },
    payload: body as never,
  });
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed, text: res.body, headers: res.headers };
}

/** A parcel registration on `envoiID`, without advance (fixtures.ts colisBody). */
const colisBody = (envoiID: string, over: Record<string, unknown> = {}) =>
  registrationBody(id as ColisRefs & Record<string, string>, envoiID, over);

/** An operation of the administrator, told apart by its description. */
const operationBody = (description: string, montant = 12) => ({
  date: todayIso(),
  montant,
  description,
  userID: adminId,
  motif: id.COMMISSION,
  type: 'entrée',
});

const colisCount = async (envoiID: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(colis)
      .where(eq(colis.envoiID, envoiID))
  )[0].n;
const operationCount = async (description: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(operations)
      .where(eq(operations.description, description))
  )[0].n;
const encaissementCount = async (colisID: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(encaissements)
      .where(eq(encaissements.colisID, colisID))
  )[0].n;
const keyRow = async (userID: string, key: string) =>
  (
    await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userID, userID), eq(idempotencyKeys.key, key)))
  )[0];

/** Rows of `table` where `where` holds. */
const rowCount = async (table: PgTable, where: SQL | undefined) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where)
  )[0].n;

/** A parcel of PAR1 that can be paid: 50 due. */
async function payableColis(): Promise<string> {
  const envoi = await createEnvoiByApi(t);
  const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'PAR1' });
  await t.database.db.update(colis).set({ montantTotal: '50.00', reglement: '0', resteAPayer: '50.00' }).where(eq(colis.id, colisID));
  return colisID;
}

describe('a retry with the same key answers the first answer and writes nothing', () => {
  it('colis/create: one parcel, the same answer, replayed; another body is a 422', async () => {
    const envoi = await createEnvoiByApi(t);
    const key = randomUUID();
    const body = colisBody(envoi.id);
    const first = await post('/api/colis/create', body, agent.token, key);
    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await post('/api/colis/create', body, agent.token, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await colisCount(envoi.id)).toBe(1);

    const other = await post('/api/colis/create', { ...body, detailsContenu: 'Autre chose' }, agent.token, key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ success: false, message: M.mismatch });
    expect(await colisCount(envoi.id)).toBe(1);
    // Without a key nothing changes: a second registration is a second parcel.
    expect((await post('/api/colis/create', body, agent.token)).status).toBe(200);
    expect(await colisCount(envoi.id)).toBe(2);
  });

  it('encaissement/create: one payment of 10, the parcel still owing 40', async () => {
    const colisID = await payableColis();
    const body = { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 10 };
    const key = randomUUID();
    const first = await post('/api/encaissement/create', body, t.adminToken, key);
    expect(first.status, first.text).toBe(200);
    const again = await post('/api/encaissement/create', body, t.adminToken, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await encaissementCount(colisID)).toBe(1);
    const [row] = await t.database.db.select({ reste: colis.resteAPayer }).from(colis).where(eq(colis.id, colisID));
    expect(Number(row.reste)).toBe(40);
    expect((await post('/api/encaissement/create', { ...body, montantEncaisse: 11 }, t.adminToken, key)).status).toBe(422);
    expect(await encaissementCount(colisID)).toBe(1);
  });

  it('operation/create: one operation; the same key on another call is a 422', async () => {
    const description = `idem ${randomUUID()}`;
    const key = randomUUID();
    const first = await post('/api/operation/create', operationBody(description), t.adminToken, key);
    expect(first.status, first.text).toBe(200);
    const again = await post('/api/operation/create', operationBody(description), t.adminToken, key);
    expect(again.text).toBe(first.text);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await operationCount(description)).toBe(1);
    // A valid body on another call (a body that call refuses is its 400, checked before the key).
    const envoi = await createEnvoiByApi(t);
    const elsewhere = await post('/api/colis/create', colisBody(envoi.id, { agenceID: id.PAR1 }), t.adminToken, key);
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.message).toBe(M.mismatch);
    expect(await operationCount(description)).toBe(1);
    expect(await colisCount(envoi.id)).toBe(0);
  });

  it('a refusal (4xx) is kept and replayed too, without running again', async () => {
    const key = randomUUID();
    const body = { ...operationBody(`idem ${randomUUID()}`), userID: randomUUID() }; // an unknown staff member: 400
    const first = await post('/api/operation/create', body, t.adminToken, key);
    expect(first.status).toBe(400);
    const again = await post('/api/operation/create', body, t.adminToken, key);
    expect(again.status).toBe(400);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });
});

describe('keys belong to their user', () => {
  it('another user with the same key runs on its own and never reads the first answer', async () => {
    const envoi = await createEnvoiByApi(t);
    const key = `partagee-${randomUUID()}`;
    const mineBody = colisBody(envoi.id);
    const theirsBody = colisBody(envoi.id, { agenceID: id.PAR1 });
    const mine = await post('/api/colis/create', mineBody, agent.token, key);
    expect(mine.status).toBe(200);
    const theirs = await post('/api/colis/create', theirsBody, t.adminToken, key);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.text).not.toBe(mine.text);
    expect(await colisCount(envoi.id)).toBe(2);
    // Each has its row; a replay for each answers its own first answer.
    const mineAgain = await post('/api/colis/create', mineBody, agent.token, key);
    expect(mineAgain.headers['idempotency-replayed']).toBe('true');
    expect(mineAgain.text).toBe(mine.text);
    const theirsAgain = await post('/api/colis/create', theirsBody, t.adminToken, key);
    expect(theirsAgain.headers['idempotency-replayed']).toBe('true');
    expect(theirsAgain.text).toBe(theirs.text);
    expect(await colisCount(envoi.id)).toBe(2);
  });

  it('a forged or missing session with a key is still a 401, nothing claimed', async () => {
    const key = randomUUID();
    const res = await post('/api/operation/create', operationBody('x'), 'forged.token.here', key);
    expect(res.status).toBe(401);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });
});

describe('concurrent copies of one submission', () => {
  it('five identical colis/create at once write one parcel; the others are replays or 409', async () => {
    const envoi = await createEnvoiByApi(t);
    const key = randomUUID();
    const body = colisBody(envoi.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/colis/create', body, agent.token, key)));
    expect(await colisCount(envoi.id)).toBe(1);
    const ran = answers.filter((a) => a.status === 200 && a.headers['idempotency-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 200) expect(a.text).toBe(ran[0].text);
      else {
        expect(a.status).toBe(409);
        expect(a.body.message).toBe(M.inFlight);
        expect(a.headers['retry-after']).toBe('1');
      }
    }
  });

  it('registrations of one departure with their own keys, at once (grouped): each written once, each replayed', async () => {
    const envoi = await createEnvoiByApi(t);
    const subs = Array.from({ length: 4 }, (_, i) => ({ key: randomUUID(), body: colisBody(envoi.id), keyed: i % 2 === 0 }));
    const firsts = await Promise.all(subs.map((s) => post('/api/colis/create', s.body, agent.token, s.keyed ? s.key : undefined)));
    expect(firsts.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await colisCount(envoi.id)).toBe(4);
    for (const [i, s] of subs.entries()) {
      if (!s.keyed) continue;
      expect(await keyRow(agent.id, s.key)).toMatchObject({ statusCode: 200 });
      const again = await post('/api/colis/create', s.body, agent.token, s.key);
      expect(again.text).toBe(firsts[i].text);
    }
    expect(await colisCount(envoi.id)).toBe(4);
  });

  it('four identical operation/create at once write one operation', async () => {
    const description = `idem ${randomUUID()}`;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/operation/create', operationBody(description), t.adminToken, key)),
    );
    expect(await operationCount(description)).toBe(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && !a.headers['idempotency-replayed'])).toHaveLength(1);
  });
});

describe('malformed keys', () => {
  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(201)],
    ['with a space', 'ma clé'.replace('é', 'e')],
    ['with a tab', 'a\tb'],
  ])('%s: 400 in French, nothing written', async (_label, key) => {
    const description = `idem ${randomUUID()}`;
    const res = await post('/api/operation/create', operationBody(description), t.adminToken, key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: M.invalidKey });
    expect(await operationCount(description)).toBe(0);
  });

  it('200 visible characters are accepted', async () => {
    const description = `idem ${randomUUID()}`;
    const key = '~!'.repeat(100);
    expect((await post('/api/operation/create', operationBody(description), t.adminToken, key)).status).toBe(200);
    expect(await keyRow(adminId, key)).toMatchObject({ statusCode: 200 });
  });
});

describe('failures', () => {
  it('a 429 (a per-user limit) is not kept: the retry after Retry-After runs', async () => {
    const limited = await buildApp({
      db: t.database.db,
      config: { ...testConfig(), usageLimits: { ...testConfig().usageLimits, inventoriesPerMinute: 1 } },
      logger: false,
      uiDir: '/none',
    });
    await limited.ready();
    try {
      const inventory = (key: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/inventaire/create',
          headers: { authorization: `Bearer ${agent.token}`, 'idempotency-key': key },
          payload: { references: ['PAR1-2611-999998'] },
        });
      expect((await inventory(randomUUID())).statusCode).toBe(200);
      const key = randomUUID();
      const refused = await inventory(key);
      expect(refused.statusCode).toBe(429);
      expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });

  it('a 5xx is not kept: the key is freed and a retry runs', async () => {
    const db = t.database.db;
    await db.execute(sql`create function idem_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'panne simulée'; end $$`);
    await db.execute(sql`create trigger idem_test_fail before insert on operations for each row execute function idem_test_fail()`);
    const description = `idem ${randomUUID()}`;
    const key = randomUUID();
    try {
      const failed = await post('/api/operation/create', operationBody(description), t.adminToken, key);
      expect(failed.status).toBe(500);
      expect(await keyRow(adminId, key)).toBeUndefined();
    } finally {
      await db.execute(sql`drop trigger idem_test_fail on operations`);
      await db.execute(sql`drop function idem_test_fail()`);
    }
    const retried = await post('/api/operation/create', operationBody(description), t.adminToken, key);
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotency-replayed']).toBeUndefined();
    expect(await operationCount(description)).toBe(1);
  });

  /**
   * The answer's storage fails after the write committed (what a process killed between the two leaves): the write's
   * transaction marked the key, so the retry answers 409 "already recorded" and never writes again.
   */
  describe('written, answer lost', () => {
    beforeAll(async () => {
      await t.database.db.execute(sql`create function idem_test_lose() returns trigger language plpgsql as $$
        begin if new.status_code is not null then raise exception 'réponse perdue'; end if; return new; end $$`);
    });
    afterAll(() => t.database.db.execute(sql`drop function idem_test_lose()`));

    /** Runs `write` while answers cannot be stored. */
    async function losingAnswers<T>(write: () => Promise<T>): Promise<T> {
      const db = t.database.db;
      await db.execute(sql`create trigger idem_test_lose before update on idempotency_keys for each row execute function idem_test_lose()`);
      try {
        return await write();
      } finally {
        await db.execute(sql`drop trigger idem_test_lose on idempotency_keys`);
      }
    }

    /** A write whose retry is checked: the call and how many rows it made. */
    interface Write {
      url: string;
      body: unknown;
      token: string;
      userID: string;
      count: () => Promise<number>;
    }

    it.each([
      [
        'colis/create',
        async () => {
          const envoi = await createEnvoiByApi(t);
          return {
            url: '/api/colis/create',
            body: colisBody(envoi.id),
            token: agent.token,
            userID: agent.id,
            count: () => colisCount(envoi.id),
          };
        },
      ],
      [
        'colis/create with an advance',
        async () => {
          const envoi = await createEnvoiByApi(t);
          return {
            url: '/api/colis/create',
            body: colisBody(envoi.id, { reglement: 5, encaissement: { paymentby: 'expediteur', modePaiementID: id.ESPECES } }),
            token: agent.token,
            userID: agent.id,
            count: () => colisCount(envoi.id),
          };
        },
      ],
      [
        'encaissement/create',
        async () => {
          const colisID = await payableColis();
          return {
            url: '/api/encaissement/create',
            body: { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 10 },
            token: t.adminToken,
            userID: adminId,
            count: () => encaissementCount(colisID),
          };
        },
      ],
      [
        'operation/create',
        async () => {
          const description = `idem ${randomUUID()}`;
          return {
            url: '/api/operation/create',
            body: operationBody(description),
            token: t.adminToken,
            userID: adminId,
            count: () => operationCount(description),
          };
        },
      ],
      // Every other POST that writes is marked by its transaction (security probe 2026-12-01 F4: a refund and a
      // message ran twice when retried after the lease).
      [
        'encaissement/rembourser',
        async () => {
          const colisID = await payableColis();
          const paid = await post(
            '/api/encaissement/create',
            { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 20 },
            t.adminToken,
          );
          const paymentID = paid.body.data.id as string;
          return {
            url: `/api/encaissement/rembourser/${paymentID}`,
            body: { montant: 3, modePaiementID: id.ESPECES, motif: 'Trop perçu' },
            token: t.adminToken,
            userID: adminId,
            count: () => rowCount(encaissements, eq(encaissements.rembourseID, paymentID)),
          };
        },
      ],
      ...(['retirer', 'livrer'] as const).map((action) => [
        `colis/${action} collecting the remainder`,
        async () => {
          const envoi = await createEnvoiByApi(t);
          const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EXPEDIE', agence: 'PAR1' });
          return {
            url: `/api/colis/${action}/${colisID}`,
            body: { ...RELEASE_PROOF, modePaiementID: id.ESPECES, paymentby: 'destinateur' },
            token: t.adminToken,
            userID: adminId,
            count: () => encaissementCount(colisID),
          };
        },
      ]),
      [
        'notification/contactClients',
        async () => {
          const clientID = await insertClient(t.database.db);
          const [client] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, clientID));
          return {
            url: '/api/notification/contactClients',
            body: { typeDestinataire: 'individuel', destinataires: clientID, sujet: 'Bonjour', message: 'Votre colis vous attend' },
            token: t.adminToken,
            userID: adminId,
            count: () => rowCount(mailOutbox, eq(mailOutbox.to, client.email!)),
          };
        },
      ],
      [
        'message/sendbyEmail',
        async () => {
          // A known person: sendbyEmail writes to the active users the caller may reach.
          const [{ email }] = await t.database.db
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, await insertClient(t.database.db)));
          return {
            url: '/api/message/sendbyEmail',
            body: { email, subject: 'Bonjour', htmlContent: 'Votre colis est arrivé' },
            token: t.adminToken,
            userID: adminId,
            count: () => rowCount(mailOutbox, eq(mailOutbox.to, email!)),
          };
        },
      ],
      [
        'envoi/create',
        async () => {
          const contenu = `idem ${randomUUID()}`;
          const db = t.database.db;
          return {
            url: '/api/envoi/create',
            body: {
              modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
              paysID: await idByCode(db, pays, 'SN'),
              paysEmetteurID: await idByCode(db, pays, 'FR'),
              dateFin: todayIso(),
              dateDebut: todayIso(),
              dateArrive: todayIso(),
              contenu,
              poids: 50,
            },
            token: t.adminToken,
            userID: adminId,
            count: () => rowCount(envois, eq(envois.contenu, contenu)),
          };
        },
      ],
      [
        'inventaire/create',
        async () => {
          const before = await rowCount(inventaires, eq(inventaires.agenceID, id.PAR1));
          return {
            url: '/api/inventaire/create',
            body: { agenceID: id.PAR1, references: [`INCONNU-${randomUUID().slice(0, 6)}`] },
            token: t.adminToken,
            userID: adminId,
            count: async () => (await rowCount(inventaires, eq(inventaires.agenceID, id.PAR1))) - before,
          };
        },
      ],
      [
        'tauxChange/create',
        async () => ({
          url: '/api/tauxChange/create',
          body: { devise: 'USD', taux: 1.08, dateDebut: todayIso() },
          token: t.adminToken,
          userID: adminId,
          count: () => rowCount(tauxChange, eq(tauxChange.devise, 'USD')),
        }),
      ],
    ] as [string, () => Promise<Write>][])('%s: the retry answers 409 "already recorded", one write', async (_label, make) => {
      const c = await make();
      const key = randomUUID();
      const first = await losingAnswers(() => post(c.url, c.body, c.token, key));
      expect(first.status, first.text).toBe(200); // the answer still leaves
      expect(await c.count()).toBe(1);
      const row = await keyRow(c.userID, key);
      expect(row.statusCode).toBeNull();
      expect(row.completedAt).not.toBeNull();
      // Within the lease its claimer may still be storing the answer: the retry waits.
      const early = await post(c.url, c.body, c.token, key);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(M.inFlight);
      // Past the lease the claimer is gone: the write stands, its answer is lost.
      await t.database.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000) })
        .where(and(eq(idempotencyKeys.userID, c.userID), eq(idempotencyKeys.key, key)));
      const retry = await post(c.url, c.body, c.token, key);
      expect(retry.status).toBe(409);
      expect(retry.body.message).toBe(M.alreadyWritten);
      expect(await c.count()).toBe(1);
    });
  });

  describe('claimed, process gone before writing', () => {
    /** A key row in flight for the administrator's operation `description`, claimed `ageMs` ago. */
    async function inFlight(description: string, ageMs: number) {
      // The body's hash as the server computes it: read from a first use of the same body under another key.
      const probe = randomUUID();
      expect((await post('/api/operation/create', operationBody(description), t.adminToken, probe)).status).toBe(200);
      const { requestHash, route } = await keyRow(adminId, probe);
      const key = randomUUID();
      await t.database.db
        .insert(idempotencyKeys)
        .values({ userID: adminId, key, route, requestHash, createdAt: new Date(Date.now() - ageMs) });
      return key;
    }

    it('within the lease: 409 with Retry-After, nothing written', async () => {
      const description = `idem ${randomUUID()}`;
      const key = await inFlight(description, 10_000);
      const res = await post('/api/operation/create', operationBody(description), t.adminToken, key);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(M.inFlight);
      expect(res.headers['retry-after']).toBe('1');
      expect(await operationCount(description)).toBe(1); // the probe's only
    });

    it('past the lease: the retry takes the key over and writes once', async () => {
      const description = `idem ${randomUUID()}`;
      const key = await inFlight(description, IDEMPOTENCY_LEASE_MS + 5_000);
      const res = await post('/api/operation/create', operationBody(description), t.adminToken, key);
      expect(res.status, res.text).toBe(200);
      expect(await operationCount(description)).toBe(2); // the probe's and this one
      expect(await keyRow(adminId, key)).toMatchObject({ statusCode: 200 });
      const again = await post('/api/operation/create', operationBody(description), t.adminToken, key);
      expect(again.headers['idempotency-replayed']).toBe('true');
      expect(await operationCount(description)).toBe(2);
    });

    it('an owner whose lease was taken over cannot mark its write: its transaction fails with a 409', async () => {
      const db = t.database.db;
      const key = randomUUID();
      const lease = new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1_000);
      await db
        .insert(idempotencyKeys)
        .values({ userID: adminId, key, route: 'POST /api/operation/create', requestHash: 'x', createdAt: lease });
      await db.update(idempotencyKeys).set({ createdAt: new Date() }).where(eq(idempotencyKeys.key, key)); // taken over
      const stale = db.transaction((tx) => markIdempotentWrite(tx, { userID: adminId, key, lease }));
      await expect(stale).rejects.toBeInstanceOf(AppError);
      await expect(stale).rejects.toMatchObject({ statusCode: 409 });
      expect((await keyRow(adminId, key)).completedAt).toBeNull();
      // The owner of the lease marks it.
      const current = (await keyRow(adminId, key)).createdAt;
      await db.transaction((tx) => markIdempotentWrite(tx, { userID: adminId, key, lease: current }));
      expect((await keyRow(adminId, key)).completedAt).not.toBeNull();
    });
  });
});

describe('public POSTs ignore the header', () => {
  it('the sign-in answers as without it, keeps nothing, and takes no malformed-key 400', async () => {
    const body = { email: 'personne@test.local', password: 'Mauvais123!', type: 'ADMIN' };
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: body });
    for (const key of ['une-cle', 'une-cle', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: body, headers: { 'idempotency-key': key } });
      expect(res.statusCode).toBe(plain.statusCode);
      expect(res.body).toBe(plain.body);
      expect(res.headers['idempotency-replayed']).toBeUndefined();
    }
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'une-cle'))).toHaveLength(0);
  });
});

describe('pruning', () => {
  it('removes the keys older than 24 h only', async () => {
    const db = t.database.db;
    const now = Date.now();
    const old = randomUUID();
    const young = randomUUID();
    const base = { userID: adminId, route: 'POST /api/operation/create', requestHash: 'x', statusCode: 200, responseBody: '{}' };
    await db.insert(idempotencyKeys).values([
      { ...base, key: old, createdAt: new Date(now - 25 * 3_600_000) },
      { ...base, key: young, createdAt: new Date(now - 23 * 3_600_000) },
    ]);
    expect(await pruneIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(adminId, old)).toBeUndefined();
    expect(await keyRow(adminId, young)).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the header and the 422 on the signed-in POSTs only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    const create = doc.paths['/api/operation/create'].post;
    expect(create.parameters.some((p: any) => p.in === 'header' && p.name === 'idempotency-key' && !p.required)).toBe(true);
    expect(create.responses['422']).toBeDefined();
    expect(create.responses['409'].description).toMatch(/idempotence/);
    const login = doc.paths['/api/auth/loginAD'].post;
    expect((login.parameters ?? []).some((p: any) => p.name === 'idempotency-key')).toBe(false);
    const list = doc.paths['/api/operation/liste/{userId}']?.get ?? Object.values<any>(doc.paths).find((p) => p.get)?.get;
    expect((list.parameters ?? []).some((p: any) => p.name === 'idempotency-key')).toBe(false);
  });
});
