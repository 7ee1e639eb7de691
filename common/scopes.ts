/**
 * Agency scopes as pure predicates (spec 000 §6 "Role ADMIN … Other roles: own agency only", 001 §6; docs/architecture.md §3
 * "scopes every read and write of a non-ADMIN role to its own agency"). Who sees every agency, and the UI's twins of
 * the server's scopes in server/access/scopes.ts, so that a button the UI hides is a call the server refuses.
 * No React and no database here: both sides and tests/web import it.
 */

/** A user as the UI's session holds it: role (with its reach) and agency populated one level. */
export interface ScopedUser {
  roleID?: { code?: string | null; toutesAgences?: boolean | null } | null;
  agenceID?: { id?: string | null } | null;
}

/**
 * Whether the signed-in user sees every agency (spec 000 §6, 001 §1): its role's reach (roles.toutes_agences — ADMIN,
 * SUPERADMIN, or a role so created; docs/decisions/role-identity.md), never its code. Agency filter on the lists, agency
 * choice in the wizard. The server's twin is CurrentUser.allAgences.
 */
export function userSeesAllAgences(user: Pick<ScopedUser, 'roleID'> | null | undefined): boolean {
  return user?.roleID?.toutesAgences === true;
}

/**
 * Whether the signed-in user may change a parcel (edit, delete, active toggle): ADMIN any, another role only those
 * its agency registered — the twin of the server's colisOwnerScope.
 */
export function isOwnColis(colis: { agenceID?: { id?: string | null } | null }, user: ScopedUser | null | undefined): boolean {
  return userSeesAllAgences(user) || (!!colis.agenceID?.id && colis.agenceID.id === user?.agenceID?.id);
}

/**
 * Whether the signed-in user may delete (cancel) a payment, which gives its amount back to the parcel: only a role that
 * sees every agency, whatever its keys — the twin of the server's mayDeleteEncaissement (server/access/scopes.ts).
 */
export function userMayDeleteEncaissement(user: Pick<ScopedUser, 'roleID'> | null | undefined): boolean {
  return userSeesAllAgences(user);
}
