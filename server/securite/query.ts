/**
 * The throttle locks a user may see and lift (docs/decisions/mail-and-lock-scope.md). A role that sees every agency:
 * every lock. Another role: only the locks naming the account of a member of staff of its own agency — sign-in and
 * recovery keys by e-mail (`login:account:<email>`, `recovery:account:<email>`), password reset by phone
 * (`reset:account:<phone>`), from every address or from one (`login:account-ip:<email>|<address>`…, server/auth/
 * throttle.ts pairKey). Address keys (`…:ip:<address>`), deletion-code keys (`otp:…`), messaging and look-up keys
 * (`message:user:…`, `telephone:user:…`), public tracking keys (`suivi:…`) and the per-user limits of expensive calls
 * (`export:user:…`, `search:user:…`…, server/plugins/usageLimits.ts) stay with every-agency roles.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import { activeLocks } from '../auth/throttle';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';

/**
 * The throttle keys a user may see: undefined (all) for a role that sees every agency; else the account keys of the
 * staff (user type ADMIN, active or not) of its agency; none for a user without an agency. A condition on `throttles`.
 */
function lockScope(me: Pick<CurrentUser, 'allAgences' | 'agenceID'>): SQL | undefined {
  if (me.allAgences) return undefined;
  if (!me.agenceID) return sql`false`;
  // The keys are spelled as server/auth/service.ts writes them: the e-mail lower-cased, the phone as typed compact. A
  // key of the account from one address ('login:account-ip:<email>|<address>') is read as its account's key: the
  // address after the last '|' dropped (an address never holds '|').
  return sql`regexp_replace(${throttles.key}, '^(login|recovery|reset):account-ip:(.*)\\|[^|]*$', '\\1:account:\\2') IN (
    SELECT k FROM users u JOIN type_users tu ON tu.id = u.type_user_id,
      LATERAL (VALUES ('login:account:' || lower(u.email)), ('recovery:account:' || lower(u.email)),
                      ('reset:account:' || u.telephone_complet)) AS x(k)
     WHERE tu.code = ${TYPE_USER_CODES.ADMIN} AND u.agence_id = ${me.agenceID} AND k IS NOT NULL)`;
}

/** The keys locked now that the user may see (lockScope), newest lock first, at most 500. */
export const visibleLocks = (db: Db, me: Pick<CurrentUser, 'allAgences' | 'agenceID'>) => activeLocks(db, lockScope(me));

/**
 * Lifts the lock of a key within the user's scope (lockScope), in one UPDATE: its count starts again from zero.
 * @returns whether a counter of that key, visible to the user, was there
 */
export async function releaseScopedLock(db: Db, key: string, me: Pick<CurrentUser, 'allAgences' | 'agenceID'>): Promise<boolean> {
  const rows = await db
    .update(throttles)
    .set({ failures: 0, lockedUntil: null })
    .where(and(eq(throttles.key, key), lockScope(me)))
    .returning({ key: throttles.key });
  return rows.length > 0;
}
