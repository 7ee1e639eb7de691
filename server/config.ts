/**
 * Runtime configuration read from the environment (DESIGN.md §1).
 * PORT (default 3000), DATA_DIR (default ./data, embedded PGlite), DATABASE_URL (PostgreSQL server, wins over DATA_DIR),
 * ADMIN_EMAIL / ADMIN_PASSWORD (first administrator), JWT_SECRET (token signing; else kept in the database),
 * TOKEN_TTL_SECONDS (default 12 h), SMTP_URL / MAIL_FROM / OUTBOX_INTERVAL_MS (outbox worker, polling period in ms,
 * default 5000), MAIL_MAX_ATTEMPTS (default 8) / MAIL_RETRY_BASE_MS (first retry delay, doubled each time, default
 * 60 000), DEMO_DATA ('0' to skip the demo set),
 * PUBLIC_URL (public address of the server, e.g. https://colis.example.fr: the tracking links of the receipt's QR code and
 * of the clients' mails; unset: the receipt uses the address the back-office was opened at, mails http://localhost:PORT),
 * SUIVI_RATE_LIMIT (public tracking lookups allowed per minute and per address, default 30),
 * TRUST_PROXY (the proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges, or
 * 'loopback'; unset: the socket's address is the client's, and a forged header changes nothing).
 * The performance layer's switches (server/db/fast/README.md) are read by fastSwitchesFromEnv below:
 * PG_NAMED_STATEMENTS, FAST_LIST_PAGES, FAST_JSON_PAGES, FAST_ANSWERS, FAST_REUSABLE, FAST_USER_CACHE, FAST_DASHBOARD
 * ('0' turns one off), DEPARTURE_BATCH (a departure's registrations written in one transaction, default 32; '0' or '1':
 * each alone) and DEPARTURE_WRITES (groups of a departure written at once, default 1).
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail: string;
  adminPassword: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Failed attempts after which a mail is FAILED (outbox worker). */
  mailMaxAttempts: number;
  /** Delay in ms before the first retry of a mail, doubled after each further failure (up to 6 h). */
  mailRetryBaseMs: number;
  /** Polling period of the outbox worker in ms. */
  outboxIntervalMs: number;
  demoData: boolean;
  logLevel: string;
  /** Login attempts allowed per minute and per address. */
  loginRateLimit: number;
  /**
   * Public address of the server without trailing slash (docs/decisions/public-tracking.md), or undefined: see
   * server/suivi/link.ts.
   */
  publicUrl?: string;
  /** Public tracking lookups allowed per minute and per address (docs/decisions/public-tracking.md). */
  suiviRateLimit: number;
  /** Proxies trusted for X-Forwarded-For (Fastify `trustProxy`); false when TRUST_PROXY is unset. */
  trustProxy: false | string[];
  /** Who may read the OpenAPI document at /api/docs (API_DOCS: public, staff or off; default public). */
  apiDocs: 'public' | 'staff' | 'off';
}

/** Demo defaults, documented in the README. */
export const DEFAULT_ADMIN_EMAIL = 'admin@colis.local';
export const DEFAULT_ADMIN_PASSWORD = 'Admin123!';

/** Reads the configuration from process.env (or the given record). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Colis Express <no-reply@colis.local>',
    mailMaxAttempts: Math.max(1, Number(env.MAIL_MAX_ATTEMPTS ?? 8) || 8),
    mailRetryBaseMs: Math.max(10, Number(env.MAIL_RETRY_BASE_MS ?? 60_000) || 60_000),
    outboxIntervalMs: Math.max(100, Number(env.OUTBOX_INTERVAL_MS) || 5000),
    demoData: env.DEMO_DATA !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    suiviRateLimit: Math.max(1, Number(env.SUIVI_RATE_LIMIT ?? 30) || 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiDocs: parseApiDocs(env.API_DOCS),
  };
}

/** API_DOCS → public (default, unset or empty), staff or off; anything else stops the start with a French message. */
function parseApiDocs(value: string | undefined): Config['apiDocs'] {
  if (!value) return 'public';
  if (value === 'public' || value === 'staff' || value === 'off') return value;
  throw new Error(`API_DOCS=${value} : valeurs possibles public, staff ou off.`);
}

/** PUBLIC_URL → its origin and path without trailing slash; unset or empty → undefined. Refuses anything but http(s). */
function parsePublicUrl(value: string | undefined): string | undefined {
  const v = value?.trim().replace(/\/+$/, '');
  if (!v) return undefined;
  if (!/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(v))
    throw new Error(`PUBLIC_URL doit être une adresse http(s), par exemple https://colis.example.fr (reçu : « ${v} »).`);
  return v;
}

/** TRUST_PROXY → list of proxies; unset, empty, 'false' or '0' → false. 'true' is refused: trusting every hop lets anyone forge an address. */
function parseTrustProxy(value: string | undefined): false | string[] {
  const v = value?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '*')
    throw new Error("TRUST_PROXY doit nommer les proxys (adresses ou plages CIDR, ou 'loopback'), pas « true ».");
  return v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The switches of the performance layer (server/db/fast/README.md): each mechanism is on unless its variable is '0',
 * and off it takes the plain path its tests compare it with; the grouped writes of a departure's registrations are
 * set by two numbers. Read once per process (server/db/fast/switches.ts).
 */
export interface FastSwitches {
  /** PG_NAMED_STATEMENTS: parameterised queries as named prepared statements on PostgreSQL ('0' behind a pooler in transaction mode). */
  namedStatements: boolean;
  /** FAST_LIST_PAGES: a page's ids chosen first (deferred join, counters, deep pages by day); '0': one query and a count. */
  listPages: boolean;
  /** FAST_JSON_PAGES: such a page written as JSON by PostgreSQL; '0': rows shaped by toApi and checked by the route's schema. */
  jsonPages: boolean;
  /** FAST_ANSWERS: answers' instants written before JSON.stringify, texts of unchanging answers kept; '0': neither. */
  answers: boolean;
  /** FAST_REUSABLE: queries built once per process; '0': built on every run. */
  reusable: boolean;
  /** FAST_USER_CACHE: the signed-in user kept per process, invalidated by LISTEN/NOTIFY; '0': read on every request. */
  userCache: boolean;
  /** FAST_DASHBOARD: the dashboard's parcel figures read from the counters; '0': recounted from the parcels. */
  dashboardCounters: boolean;
  /** DEPARTURE_BATCH: at most this many of a departure's registrations in one transaction (default 32); '0' or '1': each alone. */
  departureBatch: number;
  /** DEPARTURE_WRITES: groups of a departure written at once (default 1); at least the clients in flight: none waits in the process. */
  departureWrites: number;
}

/**
 * Reads the performance layer's switches from process.env (or the given record, e.g. a test's).
 * @returns each flag true unless its variable is '0'; each number a whole number of at least 1 (its default when
 *   unset or not a number)
 */
export function fastSwitchesFromEnv(env: Record<string, string | undefined> = process.env): FastSwitches {
  return {
    namedStatements: env.PG_NAMED_STATEMENTS !== '0',
    listPages: env.FAST_LIST_PAGES !== '0',
    jsonPages: env.FAST_JSON_PAGES !== '0',
    answers: env.FAST_ANSWERS !== '0',
    reusable: env.FAST_REUSABLE !== '0',
    userCache: env.FAST_USER_CACHE !== '0',
    dashboardCounters: env.FAST_DASHBOARD !== '0',
    departureBatch: countFromEnv(env.DEPARTURE_BATCH, 32),
    departureWrites: countFromEnv(env.DEPARTURE_WRITES, 1),
  };
}

/** A count read from the environment: its whole number, at least 1 ('0' is 1); unset, empty or not a number: `fallback`. */
function countFromEnv(value: string | undefined, fallback: number): number {
  const n = Math.floor(Number(value));
  return value?.trim() && Number.isFinite(n) ? Math.max(1, n) : fallback;
}
