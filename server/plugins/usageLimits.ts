/**
 * Per-user limits of expensive calls (docs/decisions/usage-limits.md): one signed-in user repeating exports, manifests,
 * dashboard statistics or heavy searches over the large lists slowed every other user down (security probe
 * 2026-11-26, F3: a normal call at 1,9 s under repeated CSV exports, 3,4 s under sorted 500-row searches). Each kind is
 * counted per user in the database (server/auth/throttle.ts takeAttempt, a 'clock' window of a minute, keys
 * '<kind>:user:<id>'), so every API process shares the count; past the limit the call answers 429 in French with
 * Retry-After (the end of the minute). The numbers (config.usageLimits, env EXPORTS_PER_MINUTE…) are far above what
 * an agent does by hand; 0 turns one off.
 * - exports (format=csv|xlsx of any list, http/export.ts): counted, and at most `exportsAtOnce` running per user in a
 *   process (released when the answer is sent or its client gone);
 * - manifests and statistics: every call of the routes of USAGE_ROUTES;
 * - searches: only the heavy calls of the large lists of USAGE_ROUTES (heavyListCall): a plain page costs no write.
 * Each is a route's own preHandler, added when the route is registered (onRoute, docs/decisions/request-path.md),
 * after authentication and permission: an unsigned or forbidden call counts nothing.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { routeKey } from '../access/routeAccess';
import { currentUser } from '../auth/currentUser';
import { takeAttempt, type ThrottlePolicy } from '../auth/throttle';
import type { UsageLimits } from '../config';
import type { Db } from '../db/client';
import { AppError, tooManyAttempts } from '../http/errors';
import { wantsExport } from '../http/export';

/** What is counted: its key is '<kind>:user:<user id>'. */
type UsageKind = 'export' | 'manifest' | 'stats' | 'search' | 'inventaire';

/** The end of the French 429 message: 'Trop de <what>. Veuillez réessayer dans 40 secondes.' (http/errors.ts tooManyAttempts). */
const WHAT: Record<UsageKind, string> = {
  export: "demandes d'export",
  manifest: 'pages de manifeste',
  stats: 'demandes de statistiques',
  search: 'recherches sur les grandes listes',
  inventaire: "relevés d'inventaire",
};

/** The 429 of a user whose heavy calls of one kind already run and wait (Retry-After: BUSY_RETRY_S). */
export const BUSY_MESSAGE = 'Une recherche ou un inventaire est déjà en cours : attendez son résultat avant de relancer.';
const BUSY_RETRY_S = 2;
/**
 * Heavy searches and inventories of one user run one at a time per process; up to QUEUED more wait their turn (a
 * search box typed into fires a new search while the previous one runs), the next ones answer 429 BUSY_MESSAGE.
 */
const QUEUED = 2;

/** The 429 of a user starting an export while its previous ones still run (Retry-After: EXPORT_BUSY_RETRY_S). */
export const EXPORT_BUSY_MESSAGE = "Un export est déjà en cours : attendez qu'il se termine avant d'en lancer un autre.";
const EXPORT_BUSY_RETRY_S = 5;

/**
 * The routes whose calls are counted, by route key (access/routeAccess.ts routeKey): 'stats' and 'manifest' count
 * every call; 'list' counts its heavy calls only (heavyListCall) as 'search'. Exports are counted on every list,
 * whatever the route (usageLimitsPlugin).
 */
export const USAGE_ROUTES: Readonly<Record<string, 'stats' | 'manifest' | 'list' | 'inventaire'>> = {
  'POST /api/inventaire/create': 'inventaire',
  'GET /api/colis/getAllData/:userId': 'stats',
  'GET /api/colis/colisEnvoyesParMois/:userId': 'stats',
  'GET /api/colis/circularStatistiques/:userId': 'stats',
  'GET /api/envoi/manifest/:envoiId': 'manifest',
  'GET /api/colis/liste/:userId': 'list',
  'GET /api/encaissement/liste/:userId': 'list',
  'GET /api/user/listeClients': 'list',
  'GET /api/user/liste': 'list',
  'GET /api/envoi/liste': 'list',
  'GET /api/operation/liste/:userId': 'list',
  'GET /api/mail/liste': 'list',
  'GET /api/message/liste': 'list',
};

/** Rows of a page above which a list call is heavy (the lists' default pages are 10 to 25 rows). */
const HEAVY_PAGE_SIZE = 100;

/** Sorts the large lists answer from an index: the creation date (migration 0011), the id (react-admin's default). */
const CHEAP_SORTS = new Set(['', 'createdAt', 'id']);

/**
 * Whether a list call is heavy (docs/decisions/usage-limits.md): a text search (`q`), a page of more than
 * HEAVY_PAGE_SIZE rows, no page at all (up to UNPAGED_LIMIT rows, http/list.ts), or a sort other than CHEAP_SORTS
 * (the creation date, the one order the large tables keep an index for, migration 0011; or the id). An export is
 * counted as such, not here.
 * @param query the call's query string, as validated by listQuerySchema (numbers coerced) or raw
 */
export function heavyListCall(query: unknown): boolean {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.format === 'csv' || q.format === 'xlsx') return false;
  if (typeof q.q === 'string' && q.q.trim() !== '') return true;
  if (q._page === undefined || q._page === '') return true;
  if (Number(q._perPage) > HEAVY_PAGE_SIZE) return true;
  return typeof q._sort === 'string' && !CHEAP_SORTS.has(q._sort);
}

/** A limit of `perMinute` calls per minute of the clock: the next one refused until the minute ends. */
const perMinute = (free: number): ThrottlePolicy => ({ free, baseMs: 60_000, maxMs: 60_000, windowMs: 60_000, window: 'clock' });

/** Heavy calls of one user and kind running in this process, and those waiting their turn. */
interface Lane {
  running: number;
  waiting: (() => void)[];
}

/**
 * What the plugin keeps per app: the database, the limits, the exports running per user in this process, the heavy
 * calls running and waiting per user and kind, and the keys known refused until a time (ms), so that a client
 * hammering past its limit is refused from memory, without a database write per call (a count's refusal lasts until
 * its minute ends: nothing can shorten it but an administrator lifting the key on the locks screen, seen here at the
 * latest when that minute ends).
 */
interface UsageState {
  db: Db;
  limits: UsageLimits;
  running: Map<string, number>;
  lanes: Map<string, Lane>;
  refusedUntil: Map<string, number>;
}

/** The count per minute of a kind (0: no limit). */
function limitOf(limits: UsageLimits, kind: UsageKind): number {
  if (kind === 'export') return limits.exportsPerMinute;
  if (kind === 'manifest') return limits.manifestsPerMinute;
  if (kind === 'stats') return limits.statsPerMinute;
  if (kind === 'inventaire') return limits.inventoriesPerMinute;
  return limits.heavySearchesPerMinute;
}

/**
 * Counts one call of `kind` for a user, in the database (key '<kind>:user:<id>', a minute of the clock).
 * @throws 429 'Trop de <…>. Veuillez réessayer dans N secondes.' with Retry-After (seconds to the minute's end) past
 *   the limit; nothing when the limit is 0
 */
async function takeUsage(state: UsageState, userId: string, kind: UsageKind): Promise<void> {
  const free = limitOf(state.limits, kind);
  if (free <= 0) return;
  const key = `${kind}:user:${userId}`;
  const until = state.refusedUntil.get(key);
  if (until !== undefined) {
    if (until > Date.now()) throw tooManyAttempts(until - Date.now(), WHAT[kind]);
    state.refusedUntil.delete(key);
  }
  try {
    await takeAttempt(state.db, [{ key, policy: perMinute(free) }], WHAT[kind]);
  } catch (err) {
    const seconds = err instanceof AppError && err.statusCode === 429 ? Number(err.headers?.['retry-after']) : NaN;
    if (seconds > 0) state.refusedUntil.set(key, Date.now() + seconds * 1000);
    throw err;
  }
}

/**
 * Takes a turn for a heavy call of `kind` of a user (heavy searches, inventories): runs at once when none of the
 * user's runs in this process, waits behind it when fewer than QUEUED wait.
 * @returns the release of the turn (hands it to the next waiting call; calling it again does nothing)
 * @throws 429 BUSY_MESSAGE (Retry-After BUSY_RETRY_S) when QUEUED calls already wait
 */
async function takeTurn(state: UsageState, userId: string, kind: UsageKind): Promise<() => void> {
  const id = `${kind}:${userId}`;
  const lane = state.lanes.get(id) ?? { running: 0, waiting: [] };
  state.lanes.set(id, lane);
  if (lane.running > 0) {
    if (lane.waiting.length >= QUEUED) {
      throw new AppError(429, BUSY_MESSAGE, undefined, { 'retry-after': String(BUSY_RETRY_S) });
    }
    await new Promise<void>((resolve) => lane.waiting.push(resolve));
  } else lane.running = 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = lane.waiting.shift();
    if (next)
      next(); // the turn passes on: still one running
    else {
      lane.running = 0;
      state.lanes.delete(id);
    }
  };
}

/**
 * A heavy call of `kind`: its turn (takeTurn), then its count (takeUsage); the turn is given back when the count
 * refuses. Nothing when the kind's limit is 0.
 * @returns the release of the turn
 */
async function startHeavy(state: UsageState, userId: string, kind: UsageKind): Promise<(() => void) | undefined> {
  if (limitOf(state.limits, kind) <= 0) return undefined;
  const release = await takeTurn(state, userId, kind);
  try {
    await takeUsage(state, userId, kind);
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/**
 * Starts an export of a user: refuses it while the user's `exportsAtOnce` exports run in this process, then counts it
 * (takeUsage 'export').
 * @returns the release of its slot, to call once the file is sent or abandoned (calling it again does nothing)
 * @throws 429 EXPORT_BUSY_MESSAGE (Retry-After 5 s) while the user's exports run; 429 past the exports of the minute
 */
async function startExport(state: UsageState, userId: string): Promise<() => void> {
  const atOnce = state.limits.exportsAtOnce;
  if (atOnce > 0 && (state.running.get(userId) ?? 0) >= atOnce) {
    throw new AppError(429, EXPORT_BUSY_MESSAGE, undefined, { 'retry-after': String(EXPORT_BUSY_RETRY_S) });
  }
  state.running.set(userId, (state.running.get(userId) ?? 0) + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const n = (state.running.get(userId) ?? 1) - 1;
    if (n > 0) state.running.set(userId, n);
    else state.running.delete(userId);
  };
  try {
    await takeUsage(state, userId, 'export');
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/**
 * Registers the limits: gives each GET route with a query schema a preHandler that counts its exports (a list's
 * `format=csv|xlsx`; a schema that does not know `format` drops it), and each route of USAGE_ROUTES one that counts
 * its calls. Register it after the access plugin and before the routes.
 */
export const usageLimitsPlugin = fp<{ db: Db; limits: UsageLimits }>(
  async (app: FastifyInstance, { db, limits }) => {
    const state: UsageState = { db, limits, running: new Map(), lanes: new Map(), refusedUntil: new Map() };
    /** The export slot or heavy call's turn each request holds, released once its answer is sent or its client gone. */
    const slots = new WeakMap<FastifyRequest, () => void>();
    /** Holds `release` for the request until its response closes or its onResponse hook runs. */
    const hold = (request: FastifyRequest, reply: FastifyReply, release: () => void) => {
      slots.set(request, release);
      // The response's 'close': written, or its connection gone (a client leaving mid-file answers no 'finish').
      reply.raw.once('close', release);
    };
    // Callback-style: most calls of a list ask for no file and cost no promise (docs/decisions/request-path.md).
    const countExport: preHandlerHookHandler = (request, reply, done) => {
      if (!wantsExport(request.query)) return done();
      startExport(state, currentUser(request).id).then((release) => {
        hold(request, reply, release);
        done();
      }, done);
    };
    const releaseOnResponse: onResponseHookHandler = (request, _reply, done) => {
      slots.get(request)?.();
      done();
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (methods.length !== 1 || !route.url.startsWith('/api/')) return;
      const handlers: (preHandlerHookHandler | preHandlerAsyncHookHandler)[] = [];
      if (methods[0] === 'GET' && route.schema?.querystring) handlers.push(countExport);
      const use = USAGE_ROUTES[routeKey(methods[0], route.url)];
      if (use === 'list' || use === 'inventaire') {
        const kind: UsageKind = use === 'list' ? 'search' : 'inventaire';
        const countHeavy: preHandlerAsyncHookHandler = async (request, reply) => {
          if (kind === 'search' && !heavyListCall(request.query)) return;
          const release = await startHeavy(state, currentUser(request).id, kind);
          if (release) hold(request, reply, release);
        };
        handlers.push(countHeavy);
      } else if (use) {
        const countCall: preHandlerAsyncHookHandler = async (request) => takeUsage(state, currentUser(request).id, use);
        handlers.push(countCall);
      }
      if (!handlers.length) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), ...handlers];
      route.onResponse = [...[route.onResponse ?? []].flat(), releaseOnResponse];
    });
  },
  { name: 'usageLimits' },
);
