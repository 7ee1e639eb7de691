/**
 * Idempotent writes (docs/decisions/idempotent-writes.md, docs/api-contract.md "Envelopes"): every POST of a signed-in
 * user (every route of access/routeAccess.ts under /api/ that is not public) accepts an `Idempotency-Key` header. The
 * first request with a key claims it (a row of `idempotency_keys`, scoped to the user), runs, and its answer (status
 * < 500, but not a 429) is kept 24 h; a retry with the same key and the same body gets that answer again, with
 * `Idempotency-Replayed: true`, without running. Without the header nothing changes.
 *
 * States of a key row (user_id, key):
 * - in flight: status_code null, completed_at null. Another request with the key answers 409 (Retry-After) while
 *   the row is younger than the lease (IDEMPOTENCY_LEASE_MS); past it, the process that claimed it is taken for dead
 *   and the next request takes the row over (created_at, the lease, renewed).
 * - written, answer lost: status_code null, completed_at set. The write's own transaction sets completed_at (every
 *   transaction of a keyed request that writes, markInTransactions; a registration's route hands the key to the
 *   service, which records it with its write, takeWriteMark), so a process killed between that commit and the
 *   answer's storage leaves this state: past the lease a retry answers 409 "already recorded", never writes again
 *   (within it, 409 in flight: the claimer may be storing its answer that very moment).
 * - done: status_code set: replayed.
 * A 5xx (or an answer that cannot be kept, e.g. a stream) removes a row not marked written: the retry may run again.
 * The same key with another body (sha256 of the validated body) or on another route: 422.
 *
 * The row's created_at is the lease token: set from this process' clock (milliseconds, as a JS Date keeps them), every
 * later write of the row by its owner (mark, answer, removal) is conditional on it, so an owner whose lease was taken
 * over changes nothing (and its write transaction fails with a 409).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client';
import type { WriteMark } from '../db/writeMarks';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest, conflict } from './errors';
import { rowsOf } from '../db/rows';

/** The request header carrying the key (lower case, as Node gives headers). */
const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The answer header of a replayed answer. */
const REPLAYED_HEADER = 'idempotency-replayed';
/** How long a key and its answer are kept (ms): 24 h. */
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a key in flight is held for the request that claimed it before another may take it over (ms): 2 min. */
export const IDEMPOTENCY_LEASE_MS = 120_000;
/** Retry-After (seconds) of the 409 answered while the first request with the key runs. */
const IN_FLIGHT_RETRY_AFTER_S = 1;

/** A key: 1 to 200 visible ASCII characters (no space). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The French messages of the refusals: malformed key (400), other request (422), in flight and written (409). */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'En-tête Idempotency-Key invalide : de 1 à 200 caractères ASCII visibles, sans espace.',
  mismatch: "Cette clé d'idempotence a déjà servi pour une autre requête : générez une nouvelle clé pour cette saisie.",
  inFlight: 'Cette saisie est déjà en cours de traitement. Veuillez patienter un instant.',
  alreadyWritten: 'Cette saisie a déjà été enregistrée, mais sa réponse a été perdue. Rechargez la page pour la voir avant de recommencer.',
} as const;

/** A key claimed by the request running: who, which key, and the lease (the row's created_at). */
interface KeyOwner {
  userID: string;
  key: string;
  lease: Date;
}

/**
 * A claimed key as its write's mark (db/writeMarks.ts): what a service records in its write's transaction when the
 * route handed it the key (takeWriteMark).
 */
type PendingIdempotentWrite = KeyOwner & WriteMark;

/** A request's key as its write's mark (recordAll: markIdempotentWrites, the one statement for all the keys). */
const keyMark = (key: KeyOwner): PendingIdempotentWrite => ({
  ...key,
  recordAll: (tx, marks) => markIdempotentWrites(tx, marks as readonly PendingIdempotentWrite[]),
});

/** Where `owner` still holds its key. */
const ownedBy = (owner: KeyOwner) =>
  and(eq(idempotencyKeys.userID, owner.userID), eq(idempotencyKeys.key, owner.key), eq(idempotencyKeys.createdAt, owner.lease));

/**
 * The key the running request holds, and how its write is marked: `marked` once a transaction of the request that
 * wrote has committed with the mark; `explicit` once the route took the key for its service to mark it itself
 * (takeWriteMark: the registrations, whose grouped transactions hold the writes of several requests).
 */
interface RequestKey {
  owner: PendingIdempotentWrite;
  marked: boolean;
  explicit: boolean;
}
const pending = new AsyncLocalStorage<RequestKey>();
/** The key each request owns (claimed or taken over), for its answer's storage. */
const owned = new WeakMap<FastifyRequest, PendingIdempotentWrite>();

/**
 * The mark of the request's write, for the route that hands it to a service marking its write itself (a registration,
 * whose departure's group writes several requests in one transaction: colis/registrationWrite.ts
 * registerOnDeparture): the request's key when it carries one it owns, else undefined. To be taken where the request's handler runs, before its
 * transactions; once taken, the request's transactions no longer mark it on their own (markInTransactions), the
 * service records it (db/writeMarks.ts recordWriteMarks) in the transaction of its write.
 */
export function takeWriteMark(request: FastifyRequest): WriteMark | undefined {
  const state = pending.getStore();
  if (!state || owned.get(request) !== state.owner) return undefined;
  state.explicit = true;
  return state.owner;
}

/**
 * Marks, inside the write's own transaction, that the request's key has written (completed_at set): a process killed
 * after this commit and before the answer is stored leaves a key that a retry answers 409 "already recorded" instead
 * of writing twice (docs/decisions/idempotent-writes.md). To be called after the write, only when it wrote.
 * @param tx the write's transaction
 * @param key the request's key
 * @throws 409 when the key is no longer this request's (its lease was taken over, or another request wrote with it):
 *   the transaction must then roll back
 */
export async function markIdempotentWrite(tx: Tx, key: KeyOwner): Promise<void> {
  await markIdempotentWrites(tx, [key]);
}

/**
 * markIdempotentWrite for several writes of one transaction (a departure's group of registrations), in one statement.
 * @throws 409 when any of the keys is no longer its request's (the transaction must then roll back)
 */
async function markIdempotentWrites(tx: Tx, keys: readonly KeyOwner[]): Promise<void> {
  if (keys.length === 0) return;
  const marked = await tx
    .update(idempotencyKeys)
    .set({ completedAt: sql`now()` })
    .where(and(isNull(idempotencyKeys.completedAt), or(...keys.map(ownedBy))))
    .returning({ key: idempotencyKeys.key });
  if (marked.length !== keys.length) throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
}

/** Whether the transaction has written anything yet: PostgreSQL assigns a transaction id at its first write. */
async function hasWritten(tx: Tx): Promise<boolean> {
  const rows = await rowsOf<{ wrote: boolean }>(tx, sql`select txid_current_if_assigned() is not null as wrote`);
  return rows[0]?.wrote === true;
}

/** The handles whose transactions mark keys already (markInTransactions is idempotent per handle). */
const marking = new WeakSet<object>();

/**
 * Makes every transaction opened on `db` by a request that owns an Idempotency-Key mark that key written, inside the
 * transaction, after its work and only if it wrote (docs/decisions/idempotent-writes.md): every POST that writes in a
 * transaction is then exactly-once for a client that retries with its key, even across a process killed between the
 * commit and the answer's storage, without its service knowing about keys. The first committed transaction that wrote
 * marks it; later ones of the same request do not mark again. Nested transactions (savepoints, `tx.transaction`) are
 * the outer one's. A key the route handed to its service (takeWriteMark) is marked where that service records it.
 * @throws (from the wrapped transaction) 409 when the key is no longer the request's (its lease was taken over): the
 *   transaction rolls back
 */
function markInTransactions(db: Db): void {
  if (marking.has(db)) return;
  marking.add(db);
  const open = db.transaction.bind(db) as Db['transaction'];
  const transaction: Db['transaction'] = async (fn, config) => {
    const state = pending.getStore();
    if (!state || state.marked || state.explicit) return open(fn, config);
    let markedHere = false;
    const result = await open(async (tx) => {
      const value = await fn(tx);
      if (!state.explicit && (await hasWritten(tx))) {
        await markIdempotentWrites(tx, [state.owner]);
        markedHere = true;
      }
      return value;
    }, config);
    if (markedHere) state.marked = true;
    return result;
  };
  Object.assign(db, { transaction });
}

/**
 * Deletes the keys older than 24 h (housekeeping, every hour from server/main.ts).
 * @param now the clock (tests)
 * @returns how many rows were deleted
 */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The route of a request as keys name it: 'POST /api/colis/create' (as access/routeAccess.ts names rules). */
const routeName = (method: string, url: string) => `${method} ${url}`;

/**
 * The OpenAPI schema of a route that takes the header (a POST that is not public: plugins/swagger.ts transform) with
 * the optional `Idempotency-Key` header, the 422 answer and the key's cases of the 409 documented.
 */
export function documentIdempotency<S extends { headers?: unknown; response?: unknown }>(schema: S): S {
  const headers = (schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const conflictAnswer = response[409] as { description?: string } | undefined;
  return {
    ...schema,
    headers: {
      ...headers,
      properties: {
        ...headers.properties,
        [IDEMPOTENCY_HEADER]: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          description:
            'Optionnel. Clé unique par saisie (ex. UUID) : une nouvelle tentative avec la même clé et le même corps reçoit la première réponse (en-tête Idempotency-Replayed: true) sans rien écrire, pendant 24 h. 409 tant que la première est en cours (Retry-After) ou si elle a écrit sans que sa réponse soit gardée ; 422 avec un autre corps.',
        },
      },
    },
    response: {
      ...response,
      ...(conflictAnswer && {
        409: {
          ...conflictAnswer,
          description: `${conflictAnswer.description ?? 'Conflit'} ; clé d'idempotence : première requête en cours (Retry-After) ou déjà enregistrée sans réponse gardée (recharger)`,
        },
      }),
      422: {
        description: "Clé d'idempotence déjà utilisée pour une autre requête (autre corps ou autre appel)",
        type: 'object',
        properties: { success: { type: 'boolean', enum: [false] }, message: { type: 'string' } },
        required: ['success', 'message'],
      },
    },
  };
}

/** sha256 (hex) of the validated body (a bigint written as its digits). */
function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');
}

/** The lease token of a new claim: now, to the millisecond (a JS Date's precision, given back exactly by the column). */
const newLease = () => new Date();

type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Claims `key` for the request, or decides what answers it instead.
 * @returns `{own}` when the request runs (a new row, or one taken over past its lease), `{replay}` with the stored answer
 * @throws 422 another body or route, 409 in flight (Retry-After) or written with its answer lost
 */
async function claim(
  db: Db,
  userID: string,
  key: string,
  route: string,
  requestHash: string,
): Promise<{ own: KeyOwner } | { replay: KeyRow }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const lease = newLease();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userID, key, route, requestHash, createdAt: lease })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { own: { userID, key, lease } };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userID, userID), eq(idempotencyKeys.key, key)));
    if (!row) continue; // removed meanwhile (a 5xx, the pruning): claim again
    if (row.route !== route || row.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_MESSAGES.mismatch);
    if (row.statusCode !== null) return { replay: row };
    // Within the lease the claimer may still be running, or storing its answer right after its write committed: a
    // concurrent copy waits (409, Retry-After) and then gets the replay.
    if (Date.now() - row.createdAt.getTime() < IDEMPOTENCY_LEASE_MS) {
      throw new AppError(409, IDEMPOTENCY_MESSAGES.inFlight, undefined, { 'retry-after': String(IN_FLIGHT_RETRY_AFTER_S) });
    }
    if (row.completedAt !== null) throw conflict(IDEMPOTENCY_MESSAGES.alreadyWritten);
    // The claimer died without writing (nothing marked): take the row over, if nobody else did first.
    const takenOver = await db
      .update(idempotencyKeys)
      .set({ createdAt: lease })
      .where(
        and(
          eq(idempotencyKeys.userID, userID),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.createdAt, row.createdAt),
          isNull(idempotencyKeys.statusCode),
          isNull(idempotencyKeys.completedAt),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (takenOver.length) return { own: { userID, key, lease } };
  }
  throw new AppError(409, IDEMPOTENCY_MESSAGES.inFlight, undefined, { 'retry-after': String(IN_FLIGHT_RETRY_AFTER_S) });
}

/**
 * Keeps the answer of the request that owns its key (status < 500 but 429, and a text or bytes payload), or removes
 * the key when the answer cannot be replayed (5xx, 429, a stream) and nothing was marked written. Failures are logged, never
 * answered: the answer leaves anyway.
 */
async function keepAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const owner = owned.get(request);
  if (!owner) return;
  owned.delete(request);
  const status = reply.statusCode;
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
  try {
    // A 429 (a limit, a heavy call already running) is no answer to the request: its retry after Retry-After runs.
    if (status >= 500 || status === 429 || body === null) {
      await db.delete(idempotencyKeys).where(and(ownedBy(owner), isNull(idempotencyKeys.completedAt)));
      return;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        statusCode: status,
        contentType: contentType === undefined ? null : String(contentType),
        responseBody: body,
        completedAt: sql`coalesce(${idempotencyKeys.completedAt}, now())`,
      })
      .where(ownedBy(owner));
  } catch (err) {
    request.log.warn({ err }, "réponse d'une clé d'idempotence non gardée");
  }
}

/** What the plugin needs: the database. */
export interface IdempotencyOptions {
  db: Db;
}

/**
 * The hooks of the POST routes under /api/, added when each is registered (onRoute, as plugins/access.ts does): a
 * preHandler (after authentication, permission and validation) that, for a signed-in caller (request.user: public
 * routes have none and ignore the header), checks the header and claims the key or answers instead; the handler run
 * with the key in the request's AsyncLocalStorage (markInTransactions, takeWriteMark); an onSend hook that keeps the answer. Registered after the access plugin
 * (server/app.ts).
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, { db }) => {
    markInTransactions(db);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') || ![route.method].flat().includes('POST')) return;

      const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = request.headers[IDEMPOTENCY_HEADER];
        const user = request.user;
        // Without the header, on a public route (no user) or another method of the route: as without this plugin.
        if (raw === undefined || !user || request.method !== 'POST') return;
        if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
        const outcome = await claim(db, user.id, raw, routeName(request.method, route.url), bodyHash(request.body));
        if ('own' in outcome) {
          owned.set(request, keyMark(outcome.own));
          return;
        }
        const row = outcome.replay;
        reply.code(row.statusCode!).header(REPLAYED_HEADER, 'true');
        if (row.contentType) reply.header('content-type', row.contentType);
        return reply.send(row.responseBody ?? '');
      };

      const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        await keepAnswer(db, request, reply, payload);
        return payload;
      };

      const handler = route.handler;
      route.handler = function idempotentHandler(this: unknown, request, reply) {
        const owner = owned.get(request);
        return owner
          ? pending.run({ owner, marked: false, explicit: false }, () => handler.call(this as never, request, reply))
          : handler.call(this as never, request, reply);
      };
      route.preHandler = [preHandler, ...[route.preHandler ?? []].flat()];
      route.onSend = [...[route.onSend ?? []].flat(), onSend];
    });
  },
  { name: 'idempotency', dependencies: ['access'] },
);
