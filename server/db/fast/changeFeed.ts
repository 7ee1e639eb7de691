/**
 * Notifications of the database's triggers (NOTIFY), for caches kept in process memory (docs/decisions/user-cache.md:
 * the signed-in user cache, server/auth/userCache.ts). On PostgreSQL, one dedicated connection (not from the pool)
 * LISTENs; when it drops it reconnects after a pause and tells the subscriber the feed was down (notifications may have
 * been missed: the subscriber must forget what it cached and not cache until the feed is up again). On PGlite (one
 * process) the embedded database's own listen() delivers them.
 * Off switch: FAST_USER_CACHE=0 (server/config.ts): no feed is started (listenChanges answers null), so its subscriber
 * caches nothing and reads the database on every request, the plain path (tests/server/fastSwitches.test.ts;
 * tests/faults/authCache.test.ts proves the invalidation across two processes).
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { pgPoolOf, type Db } from './handles';
import { fastSwitches } from './switches';

/** What a feed reports: a notification's payload, or that it is up (true) / down (false). */
export interface FeedHandlers {
  onMessage(payload: string): void;
  onState(up: boolean): void;
}

/** A running feed; close() stops it (and its reconnections). */
export interface ChangeFeed {
  close(): Promise<void>;
}

/** application_name of the listening connection (distinct from the pool's colis-api). */
const LISTEN_APPLICATION_NAME = 'colis-api-listen';
/** Pause before reconnecting a dropped listening connection (ms). */
const RECONNECT_MS = 1000;

/**
 * Listens to `channel` on the database behind a Drizzle handle (node-postgres pool or PGlite).
 * @returns the running feed, or null when the handle is neither or the feed is switched off (then the subscriber must
 *   not cache)
 */
export function listenChanges(db: Db, channel: string, handlers: FeedHandlers): ChangeFeed | null {
  if (!fastSwitches().userCache) return null;
  const pool = pgPoolOf(db);
  if (pool) return listenPg(pool.options as pg.ClientConfig, channel, handlers);
  const client = (db as { $client?: unknown }).$client;
  if (client && typeof (client as PGlite).listen === 'function') return listenPglite(client as PGlite, channel, handlers);
  return null;
}

function listenPglite(client: PGlite, channel: string, h: FeedHandlers): ChangeFeed {
  const ready = client.listen(channel, h.onMessage).then(
    (unlisten) => {
      h.onState(true);
      return unlisten;
    },
    () => null,
  );
  return {
    close: async () => {
      h.onState(false);
      const unlisten = await ready;
      if (unlisten && !client.closed) await unlisten().catch(() => undefined);
    },
  };
}

function listenPg(options: pg.ClientConfig, channel: string, h: FeedHandlers): ChangeFeed {
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const down = (c: pg.Client) => {
    if (current !== c) return;
    current = null;
    h.onState(false);
    c.end().catch(() => undefined);
    if (!closed) timer = setTimeout(connect, RECONNECT_MS);
  };
  const connect = () => {
    timer = null;
    if (closed) return;
    const c = new pg.Client({
      ...options,
      application_name: LISTEN_APPLICATION_NAME,
      statement_timeout: undefined,
      query_timeout: undefined,
    });
    current = c;
    c.on('error', () => down(c));
    c.on('end', () => down(c));
    c.on('notification', (n) => {
      if (n.channel === channel) h.onMessage(n.payload ?? '');
    });
    c.connect()
      .then(() => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (current === c && !closed) h.onState(true);
      })
      .catch(() => down(c));
  };
  connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = current;
      current = null;
      h.onState(false);
      if (c) await c.end().catch(() => undefined);
    },
  };
}
