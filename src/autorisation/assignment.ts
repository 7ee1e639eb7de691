/**
 * What the role–permission assignment screen shows (spec 001 §2 Role-permission assignment, §5 "Role-assignment
 * visibility"; docs/decisions/permission-assignment.md): the role tabs a user sees, the permissions grouped in the
 * groups of 001 §2 (the catalogue order of common/permissions.ts), the search over keys and descriptions, and what each
 * toggle may do. Pure functions, so the screen and its tests share them; the server (server/autorisation/service.ts)
 * stays the authority.
 */
import { normalizeLabel } from '../../common/modes';
import { grantRefusal, roleEditRefusal, type Actor, type RoleEditRefusal } from '../../common/autorisationRules';
import { PERMISSION_GROUPS, type PermissionGroupCode } from '../../common/permissions';
import type { AssignmentPermission, AssignmentRole } from './autorisationMethods';

/** A role tab: the role and whether its grants are shown read-only. */
export interface RoleTab {
  role: AssignmentRole;
  readOnly: boolean;
  /** Why the tab is read-only (common/autorisationRules.ts ACCESS_RULE_MESSAGES), null when it is not. */
  refusal: RoleEditRefusal;
}

/**
 * The tabs of a user: every active role, except that a user who is not SUPERADMIN sees neither the ADMIN nor the
 * SUPERADMIN tab (001 §5); the tabs of roles the user may not change (its own, a shared or wide role for a user of one
 * agency, SUPERADMIN's for a SUPERADMIN) are read-only (common/autorisationRules.ts roleEditRefusal).
 */
export function roleTabs(roles: readonly AssignmentRole[], actor: Actor): RoleTab[] {
  return roles
    .filter((role) => role.isActive)
    .map((role) => ({ role, refusal: roleEditRefusal(actor, role) }))
    .filter(({ refusal }) => actor.isSuperadmin || (refusal !== 'superadminRole' && refusal !== 'adminRole'))
    .map(({ role, refusal }) => ({ role, readOnly: refusal !== null, refusal }));
}
/** A group of the screen: its code, French title and permissions (by key). */
export interface AssignmentPermissionGroup {
  code: PermissionGroupCode;
  libelle: string;
  privileges: AssignmentPermission[];
}

const GROUP_CODES = new Set<string>(PERMISSION_GROUPS.map((g) => g.code));

/** The permissions in the 24 groups of 001 §2, in the screen's order; a permission of an unknown group goes to 'autres'. */
export function groupPermissions(privileges: readonly AssignmentPermission[]): AssignmentPermissionGroup[] {
  const byGroup = new Map<string, AssignmentPermission[]>();
  for (const p of privileges) {
    const code = GROUP_CODES.has(p.groupe) ? p.groupe : 'autres';
    byGroup.set(code, [...(byGroup.get(code) ?? []), p]);
  }
  return PERMISSION_GROUPS.map((g) => ({
    code: g.code,
    libelle: g.libelle,
    privileges: (byGroup.get(g.code) ?? []).sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr')),
  }));
}

/** Whether a permission matches the search text (its key or its description, any case, accents ignored). */
export function matchesSearch(p: AssignmentPermission, search: string): boolean {
  const q = normalizeLabel(search.trim());
  return q === '' || normalizeLabel(p.libelle).includes(q) || normalizeLabel(p.description ?? '').includes(q);
}

/** What a toggle may do for the signed-in user. */
export interface ToggleRule {
  /** The user may switch it (grant when off, revoke when on). */
  enabled: boolean;
  /** Off and not grantable: the user does not hold the key itself (grantRefusal 'notHeld'). */
  notHeld: boolean;
}

/**
 * Whether the user may flip a permission of the shown role: nothing on a read-only tab; a revoke otherwise; a grant of
 * a key the user may grant (grantRefusal).
 * @param held whether the role holds it now; readOnly the tab's flag
 */
export function toggleRule(p: AssignmentPermission, opts: { held: boolean; readOnly: boolean; actor: Actor }): ToggleRule {
  const refusal = opts.held ? null : grantRefusal(opts.actor, p.libelle);
  if (opts.readOnly) return { enabled: false, notHeld: false };
  return { enabled: refusal === null, notHeld: refusal === 'notHeld' };
}

/**
 * The permissions a user sees in a role: every one, except a 'superadmin' key the user may not grant and the role
 * does not hold (001 §5: hidden for an ADMIN; shown when held, so that it can be removed).
 */
export function visiblePermissions(
  privileges: readonly AssignmentPermission[],
  held: (p: AssignmentPermission) => boolean,
  actor: Actor,
): AssignmentPermission[] {
  return privileges.filter((p) => grantRefusal(actor, p.libelle) !== 'superadminKey' || held(p));
}
