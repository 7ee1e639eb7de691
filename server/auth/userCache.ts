/**
 * The signed-in user, kept in process memory between requests (docs/decisions/user-cache.md): without it every request
 * paid one query for the user and its permission keys (auth/currentUser.ts loadCurrentUser).
 *
 * Correctness (a revoked key, a deactivation, a password change take effect on the next request, in every process):
 * - migration 0012's triggers NOTIFY `auth_cache` in the transaction of every change that matters: a user's
 *   token version, active flag, must-change-password flag, role, agency or type (payload: the user's id); any change
 *   of roles, authorisations, privileges, or an agency's country (payload '*': everything). NOTIFY is delivered at
 *   commit, to every process (db/fast/changeFeed.ts: a dedicated LISTEN connection on PostgreSQL, PGlite's listen());
 * - the process that made the change also forgets at once, before answering (plugins/access.ts `forgetAll` after
 *   every write on the user, role, authorisation, privilege, agency and auth routes), so its own next request never
 *   races the notification;
 * - while the feed is down (reconnecting) nothing is cached and what was cached is forgotten (notifications may
 *   have been missed); a load that started before an invalidation is not stored (generation counter);
 * - entries are checked against the token's version (a newer token reloads) and expire after `ttlMs` as a safety net.
 * Chosen over a per-request version check because that check is still one query (one pool connection) per request,
 * which is what the registrations bench queued on (bench/README.md, finding 4).
 * The rule "which change invalidates a user" is written twice (server/db/fast/README.md): in SQL (migration 0012
 * auth_cache_user_changed, auth_cache_all_changed; 0018 auth_cache_agences) and here with plugins/access.ts `forgetAll`;
 * tests/faults/authCache.test.ts holds them equal across two processes. FAST_USER_CACHE=0: nothing cached.
 */
import type { Db } from '../db/client';
import { listenChanges, type ChangeFeed } from '../db/fast/changeFeed';
import { loadCurrentUser, type CurrentUser } from './currentUser';

/** The NOTIFY channel of migration 0012's triggers. */
const AUTH_CACHE_CHANNEL = 'auth_cache';

/** The cache of one process's app. */
export interface UserCache {
  /** The user of a token (id, token version): from memory, or loaded (then kept); null when it does not exist. */
  get(userId: string, tokenVersion: number): Promise<CurrentUser | null>;
  /** Forgets every cached user (a write that may change users, roles or permissions). */
  forgetAll(): void;
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * @param db the database handle (its driver decides how notifications are heard)
 * @param ttlMs how long an entry may be served at most (default 30 s)
 */
export function createUserCache(db: Db, ttlMs = 30_000): UserCache {
  const entries = new Map<string, { user: CurrentUser; expires: number }>();
  let generation = 0;
  let up = false;
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const feed: ChangeFeed | null = listenChanges(db, AUTH_CACHE_CHANNEL, {
    onMessage(payload) {
      generation++;
      if (payload === '*' || !payload) entries.clear();
      else entries.delete(payload);
    },
    onState(isUp) {
      forgetAll();
      up = isUp;
    },
  });
  return {
    async get(userId, tokenVersion) {
      const hit = entries.get(userId);
      if (hit && hit.expires > Date.now() && hit.user.tokenVersion === tokenVersion) return hit.user;
      const seen = generation;
      const user = await loadCurrentUser(db, userId);
      if (user && up && seen === generation) entries.set(userId, { user, expires: Date.now() + ttlMs });
      return user;
    },
    forgetAll,
    close: async () => {
      forgetAll();
      up = false;
      await feed?.close();
    },
  };
}
