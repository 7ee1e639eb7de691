/**
 * Pure rules of the permission screens: the assignment groups of the permissions (spec 001 §2 "Role-permission
 * assignment … Groups: dashboard, operation types, …, others"; the privilege's `groupe`, common/permissions.ts
 * PERMISSION_GROUPS) as select choices and labels, and the body of a save.
 */
import { PERMISSION_GROUPS } from '../../common/permissions';

/** Choices {id: group code, name: French title}, in the assignment screen's order. */
export const PERMISSION_GROUP_CHOICES = PERMISSION_GROUPS.map((g) => ({ id: g.code, name: g.libelle }));

/** French title of a group code; the code itself when unknown, '--' when empty. */
export function permissionGroupLabel(code: unknown): string {
  if (typeof code !== 'string' || code === '') return '--';
  return PERMISSION_GROUPS.find((g) => g.code === code)?.libelle ?? code;
}

/** Body of a save: an empty group is left out, so that the server keeps its default group ('autres') or the current one. */
export function permissionBody(data: Record<string, unknown>): Record<string, unknown> {
  const { groupe, ...rest } = data;
  return typeof groupe === 'string' && groupe !== '' ? { ...rest, groupe } : rest;
}
