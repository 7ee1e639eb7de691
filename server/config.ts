/**
 * Runtime configuration read from the environment (docs/architecture.md §1).
 * PORT (default 3000), DATA_DIR (default ./data, embedded PGlite), DATABASE_URL (PostgreSQL server, wins over DATA_DIR),
 * ADMIN_EMAIL / ADMIN_PASSWORD (first administrator; without ADMIN_PASSWORD the default one, to be changed at the first
 * sign-in), JWT_SECRET (token signing; else kept in the database),
 * TOKEN_TTL_SECONDS (default 12 h), SMTP_URL / MAIL_FROM / OUTBOX_INTERVAL_MS (outbox worker, polling period in ms,
 * default 5000), MAIL_MAX_ATTEMPTS (default 8) / MAIL_RETRY_BASE_MS (first retry delay, doubled each time, default
 * 60 000), SMPP_URL / SMS_FROM / SMS_MAX_PER_SECOND (SMS worker, server/sms/; default 10 PDUs a second),
 * DEMO_DATA ('0' to skip the demo set),
 * PUBLIC_URL (public address of the server, e.g. https://colis.example.fr: the tracking links of the receipt's QR code and
 * of the clients' mails; unset: the receipt uses the address the back-office was opened at, mails http://localhost:PORT),
 * SUIVI_RATE_LIMIT (public tracking lookups allowed per minute and per address, default 30),
 * TRUST_PROXY (the proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges, or
 * 'loopback'; unset: the socket's address is the client's, and a forged header changes nothing).
 * METRICS_PORT / METRICS_HOST (Prometheus metrics, server/metrics/: a second listener, off when METRICS_PORT is unset,
 * on 127.0.0.1 unless METRICS_HOST says otherwise; never on PORT — docs/decisions/metrics.md).
 * EXPORTS_PER_MINUTE, EXPORTS_AT_ONCE, MANIFESTS_PER_MINUTE, STATS_PER_MINUTE, HEAVY_SEARCHES_PER_MINUTE,
 * INVENTORIES_PER_MINUTE (per-user
 * limits of expensive calls) and LOAD_SHEDDING, MAX_EVENT_LOOP_DELAY_MS, MAX_HEAP_USED_MB (503 under pressure):
 * UsageLimits and LoadShedding below, docs/decisions/usage-limits.md.
 * The performance layer's switches (server/db/fast/README.md) are read by fastSwitchesFromEnv below:
 * PG_NAMED_STATEMENTS, FAST_LIST_PAGES, FAST_JSON_PAGES, FAST_ANSWERS, FAST_REUSABLE, FAST_USER_CACHE, FAST_DASHBOARD
 * ('0' turns one off), DEPARTURE_BATCH (a departure's registrations written in one transaction, default 32; '0' or '1':
 * each alone) and DEPARTURE_WRITES (groups of a departure written at once, default 1).
 */
import { getHeapStatistics } from 'node:v8';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail: string;
  adminPassword: string;
  /**
   * The first administrator seeded on an empty database must change its password at its first sign-in: true when
   * ADMIN_PASSWORD is unset (the default password is public). docs/decisions/default-admin-password.md
   */
  adminMustChangePassword?: boolean;
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
  /** SMPP gateway (SMPP_URL, smpp://system_id:password@host:port or smpps://); unset: SMS stay queued (server/sms/). */
  smppUrl?: string;
  /** SMS sender id (SMS_FROM): up to 11 letters and digits, or a number; default 'ColisExpr'. */
  smsFrom: string;
  /** submit_sm PDUs per second allowed by the operator (SMS_MAX_PER_SECOND, default 10). */
  smsMaxPerSecond: number;
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
  /** Port of the Prometheus metrics listener (METRICS_PORT); undefined: no metrics (docs/decisions/metrics.md). */
  metricsPort?: number;
  /** Address the metrics listener binds (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /**
   * How long one read of the outbox serves the scrapes (ms); default 5 000 (server/metrics/database.ts). Not read from
   * the environment: the tests shorten it rather than wait.
   */
  metricsCacheMs?: number;
  /** Per-user limits of expensive calls (server/plugins/usageLimits.ts, docs/decisions/usage-limits.md). */
  usageLimits: UsageLimits;
  /** Load shedding (server/plugins/underPressure.ts, docs/decisions/usage-limits.md). */
  loadShedding: LoadShedding;
}

/**
 * Per-user limits of expensive calls, counted in the database per minute of the clock (docs/decisions/usage-limits.md);
 * 0 turns one off.
 */
export interface UsageLimits {
  /** EXPORTS_PER_MINUTE (10): list exports (format=csv|xlsx) a user may start in a minute. */
  exportsPerMinute: number;
  /** EXPORTS_AT_ONCE (1): exports of one user running at once in one process. */
  exportsAtOnce: number;
  /** MANIFESTS_PER_MINUTE (30): pages of departure manifests (envoi/manifest, 500 parcels each) a minute. */
  manifestsPerMinute: number;
  /** STATS_PER_MINUTE (60): dashboard calls (three per dashboard shown) a minute. */
  statsPerMinute: number;
  /** HEAVY_SEARCHES_PER_MINUTE (60): heavy calls of the large lists (text search, big or unpaged page, costly sort) a minute. */
  heavySearchesPerMinute: number;
  /** INVENTORIES_PER_MINUTE (10): inventory statements (inventaire/create, up to 5 000 references each) a minute. */
  inventoriesPerMinute: number;
}

/** Load shedding with @fastify/under-pressure: 503 before the process drowns (docs/decisions/usage-limits.md). */
export interface LoadShedding {
  /** LOAD_SHEDDING=0 turns it off. */
  enabled: boolean;
  /** MAX_EVENT_LOOP_DELAY_MS (1000): mean event-loop delay over a sample above which calls answer 503; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** MAX_HEAP_USED_MB: V8 heap in use above which calls answer 503; default 90 % of the heap limit; 0: not checked. */
  maxHeapUsedBytes: number;
  /** How often the event loop and the heap are sampled (ms; 1000). */
  sampleIntervalMs: number;
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
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    adminMustChangePassword: !env.ADMIN_PASSWORD,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Colis Express <no-reply@colis.local>',
    mailMaxAttempts: Math.max(1, Number(env.MAIL_MAX_ATTEMPTS ?? 8) || 8),
    mailRetryBaseMs: Math.max(10, Number(env.MAIL_RETRY_BASE_MS ?? 60_000) || 60_000),
    outboxIntervalMs: Math.max(100, Number(env.OUTBOX_INTERVAL_MS) || 5000),
    smppUrl: env.SMPP_URL || undefined,
    smsFrom: parseSmsFrom(env.SMS_FROM),
    smsMaxPerSecond: Math.max(1, Number(env.SMS_MAX_PER_SECOND) || 10),
    demoData: env.DEMO_DATA !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    suiviRateLimit: Math.max(1, Number(env.SUIVI_RATE_LIMIT ?? 30) || 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    apiDocs: parseApiDocs(env.API_DOCS),
    metricsPort: parseMetricsPort(env.METRICS_PORT, env.PORT ?? '3000'),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    usageLimits: {
      exportsPerMinute: limitFromEnv(env.EXPORTS_PER_MINUTE, 10),
      exportsAtOnce: limitFromEnv(env.EXPORTS_AT_ONCE, 1),
      manifestsPerMinute: limitFromEnv(env.MANIFESTS_PER_MINUTE, 30),
      statsPerMinute: limitFromEnv(env.STATS_PER_MINUTE, 60),
      heavySearchesPerMinute: limitFromEnv(env.HEAVY_SEARCHES_PER_MINUTE, 60),
      inventoriesPerMinute: limitFromEnv(env.INVENTORIES_PER_MINUTE, 10),
    },
    loadShedding: {
      enabled: env.LOAD_SHEDDING !== '0',
      maxEventLoopDelayMs: limitFromEnv(env.MAX_EVENT_LOOP_DELAY_MS, 1000),
      maxHeapUsedBytes: env.MAX_HEAP_USED_MB?.trim()
        ? limitFromEnv(env.MAX_HEAP_USED_MB, 0) * 1024 * 1024
        : Math.floor(0.9 * getHeapStatistics().heap_size_limit),
      sampleIntervalMs: 1000,
    },
  };
}

/** A limit read from the environment: a whole number ≥ 0 (0 turns the limit off); unset, empty or not a number: `fallback`. */
function limitFromEnv(value: string | undefined, fallback: number): number {
  const n = Math.floor(Number(value));
  return value?.trim() && Number.isFinite(n) ? Math.max(0, n) : fallback;
}

/**
 * METRICS_PORT → a port of 1 to 65535, or undefined when unset or empty (no metrics). Anything else, or the public
 * PORT itself, stops the start with a French message: the metrics are never served on the public port.
 */
function parseMetricsPort(value: string | undefined, publicPort: string): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const port = Number(v);
  if (!/^\d+$/.test(v) || port < 1 || port > 65535) throw new Error(`METRICS_PORT=${v} : un numéro de port entre 1 et 65535 est attendu.`);
  if (port === Number(publicPort)) throw new Error(`METRICS_PORT=${v} : les métriques ne sont jamais servies sur le port public (PORT).`);
  return port;
}

/**
 * SMS_FROM → the SMS sender id (docs/decisions/sms-channel.md): 1 to 11 letters and digits, or a number of up to 15
 * digits with an optional '+'; unset or empty: 'ColisExpr'. Anything else stops the start with a French message.
 */
function parseSmsFrom(value: string | undefined): string {
  const v = value?.trim();
  if (!v) return 'ColisExpr';
  if (/^[A-Za-z0-9]{1,11}$/.test(v) || /^\+?\d{1,15}$/.test(v)) return v;
  throw new Error(`SMS_FROM=${v} : 11 lettres et chiffres au plus (sans espace ni accent), ou un numéro.`);
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
