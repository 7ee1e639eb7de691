/**
 * The dataProvider methods of the role–permission assignment screen (spec 001 §2 Role-permission assignment, §7;
 * docs/api-contract.md "Role–permission assignment"), reached with
 * useDataProvider<DataProvider & AutorisationMethods>() (added to the app's dataProvider by src/appDataProvider.ts).
 */
import { httpRequest, type CallOptions } from '../providers/http';

/** A role as the tabs show it. */
export interface AssignmentRole {
  id: string;
  code: string;
  libelle: string;
  isActive: boolean;
  /** Fixed identity of a system role (SUPERADMIN, ADMIN, AGENT, CLIENT), or null. */
  systeme?: 'SUPERADMIN' | 'ADMIN' | 'AGENT' | 'CLIENT' | null;
  /** The role reaches every agency. */
  toutesAgences?: boolean;
  /** The agencies of the role's users (role/liste): a role used elsewhere is read-only for an agency's administrator. */
  agencesUtilisateurs?: (string | null)[];
}

/** A permission (privilege) as the groups show it: its key, description and group. */
export interface AssignmentPermission {
  id: string;
  libelle: string;
  description: string;
  groupe: string;
  isActive: boolean;
}

/** The link of a role and a permission: the role holds the permission while isActive. */
export interface AutorisationLink {
  id: string;
  privilegeID: string;
  isActive: boolean;
}

/** One change of a role's authorisations (GET autorisation/historique/{roleId}). */
interface AutorisationChange {
  id: string;
  action: string;
  auteur: string;
  avant: { privilege?: string; isActive?: boolean } | null;
  apres: { privilege?: string; isActive?: boolean } | null;
  /** ISO 8601. */
  createdAt: string;
}

/** The assignment methods of AppDataProvider. */
export interface AutorisationMethods {
  /** GET role/liste?isActive=true: the active roles, by label. */
  getAssignmentRoles(options?: CallOptions): Promise<AssignmentRole[]>;
  /** GET privilege/liste (every permission, at most 500), by key. */
  getAssignmentPermissions(options?: CallOptions): Promise<AssignmentPermission[]>;
  /** GET autorisation/listePermissionByRoleID/{roleId}: the role's links (active or not). */
  getRoleAutorisations(roleId: string, options?: CallOptions): Promise<AutorisationLink[]>;
  /** POST autorisation/create {roleID, privilegeID}: grants (creates or reactivates the link). Returns the server message. */
  grantPermission(roleID: string, privilegeID: string): Promise<string | undefined>;
  /** PUT autorisation/update/{id} {isActive}: grants or revokes through the link. Returns the server message. */
  setAutorisationActive(id: string, isActive: boolean): Promise<string | undefined>;
  /**
   * PUT autorisation/updateMany/{roleId} {privilegeIDs, isActive}: 'Tout accorder' / 'Tout retirer' of a group, one
   * transaction on the server (all or nothing). Returns the server message.
   */
  setGroupAutorisations(roleId: string, privilegeIDs: string[], isActive: boolean): Promise<string | undefined>;
  /** GET autorisation/historique/{roleId}: the latest changes of the role, newest first. */
  getRoleHistory(roleId: string, options?: CallOptions): Promise<AutorisationChange[]>;
}

const rows = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The implementation of AutorisationMethods. */
export const autorisationMethods: AutorisationMethods = {
  async getAssignmentRoles({ signal } = {}) {
    const json = await httpRequest('role/liste', { query: { isActive: true, _sort: 'libelle', _order: 'ASC' }, signal });
    return rows<AssignmentRole>(json.datas);
  },

  async getAssignmentPermissions({ signal } = {}) {
    const json = await httpRequest('privilege/liste', { query: { _perPage: 500, _sort: 'libelle', _order: 'ASC' }, signal });
    return rows<AssignmentPermission>(json.datas);
  },

  async getRoleAutorisations(roleId, { signal } = {}) {
    const json = await httpRequest(`autorisation/listePermissionByRoleID/${encodeURIComponent(roleId)}`, { signal });
    return rows<{ id: string; isActive: boolean; privilegeID: { id: string } | null }>(json.datas)
      .filter((r) => r.privilegeID?.id)
      .map((r) => ({ id: r.id, privilegeID: r.privilegeID!.id, isActive: r.isActive === true }));
  },

  async grantPermission(roleID, privilegeID) {
    const json = await httpRequest('autorisation/create', { method: 'POST', body: { roleID, privilegeID } });
    return json.message;
  },

  async setAutorisationActive(id, isActive) {
    const json = await httpRequest(`autorisation/update/${encodeURIComponent(id)}`, { method: 'PUT', body: { isActive } });
    return json.message;
  },

  async setGroupAutorisations(roleId, privilegeIDs, isActive) {
    const json = await httpRequest(`autorisation/updateMany/${encodeURIComponent(roleId)}`, {
      method: 'PUT',
      body: { privilegeIDs, isActive },
    });
    return json.message;
  },

  async getRoleHistory(roleId, { signal } = {}) {
    const json = await httpRequest(`autorisation/historique/${encodeURIComponent(roleId)}`, { signal });
    return rows<AutorisationChange>(json.datas);
  },
};
