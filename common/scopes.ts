/**
 * Agency scopes as pure predicates (spec 000 §6 "Role ADMIN … Other roles: own agency only", 001 §6; DESIGN.md §3
 * "scopes every read and write of a non-ADMIN role to its own agency"). Who sees every agency, and the UI's twins of
 * the server's scopes in server/access/scopes.ts, so that a button the UI hides is a call the server refuses.
 * No React and no database here: both sides and tests/web import it.
 */
import { ROLE_CODES } from './permissions';

/** A user as the UI's session holds it: role and agency populated one level. */
export interface ScopedUser {
  roleID?: { code?: string | null } | null;
  agenceID?: { id?: string | null } | null;
}

/** Whether a role sees every agency (ADMIN and SUPERADMIN, spec 001 §1); other roles see only their own agency. */
export function seesAllAgences(roleCode: string | null | undefined): boolean {
  return roleCode === ROLE_CODES.ADMIN || roleCode === ROLE_CODES.SUPERADMIN;
}

/**
 * Whether the signed-in user sees every agency (spec 000 §6: role ADMIN; SUPERADMIN holds every right too, as on
 * the server): agency filter on the list, agency choice in the wizard.
 */
export function userSeesAllAgences(user: Pick<ScopedUser, 'roleID'> | null | undefined): boolean {
  return seesAllAgences(user?.roleID?.code);
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
