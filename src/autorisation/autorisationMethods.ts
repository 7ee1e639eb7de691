/**
 * The dataProvider methods of the role–permission assignment screen (spec 001 §2 Role-permission assignment, §7;
 * docs/api-contract.md "Role–permission assignment"), reached with
 * useDataProvider<DataProvider & AutorisationMethods>() (added to the app's dataProvider by src/appDataProvider.ts).
 */
import type { Answered } from '../../common/schemas/answer';
import type {
  autorisationHistoriqueAnswer,
  autorisationListAnswer,
  autorisationUpdateManyAnswer,
  autorisationWriteAnswer,
} from '../../common/schemas/autorisation';
import type { permissionListAnswer, permissionRecord, roleListAnswer, roleRecord } from '../../common/schemas/reference';
import { httpRequest, type CallOptions } from '../providers/http';

/**
 * A role as the tabs show it (role/liste): `systeme` its fixed identity (SUPERADMIN, ADMIN, AGENT, CLIENT) or null,
 * `toutesAgences` whether it reaches every agency, `agencesUtilisateurs` the agencies of its users (a role used
 * elsewhere is read-only for an agency's administrator).
 */
export type AssignmentRole = Answered<typeof roleRecord>;

/** A permission (privilege) as the groups show it: its key, description and group (privilege/liste). */
export type AssignmentPermission = Answered<typeof permissionRecord>;

/** The link of a role and a permission: the role holds the permission while isActive. */
export interface AutorisationLink {
  id: string;
  privilegeID: string;
  isActive: boolean;
}

/** One change of a role's authorisations (GET autorisation/historique/{roleId}); `createdAt` ISO 8601. */
type AutorisationChange = Answered<typeof autorisationHistoriqueAnswer>['datas'][number];

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

/** The rows of an answer, none when it has none. */
const rows = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

/** The implementation of AutorisationMethods. */
export const autorisationMethods: AutorisationMethods = {
  async getAssignmentRoles({ signal } = {}) {
    const json = await httpRequest<Answered<typeof roleListAnswer>>('role/liste', {
      query: { isActive: true, _sort: 'libelle', _order: 'ASC' },
      signal,
    });
    return rows(json.datas);
  },

  async getAssignmentPermissions({ signal } = {}) {
    const json = await httpRequest<Answered<typeof permissionListAnswer>>('privilege/liste', {
      query: { _perPage: 500, _sort: 'libelle', _order: 'ASC' },
      signal,
    });
    return rows(json.datas);
  },

  async getRoleAutorisations(roleId, { signal } = {}) {
    const json = await httpRequest<Answered<typeof autorisationListAnswer>>(
      `autorisation/listePermissionByRoleID/${encodeURIComponent(roleId)}`,
      { signal },
    );
    // A link whose permission is gone (no populated privilegeID) is left out.
    return rows(json.datas).flatMap((r) =>
      r.privilegeID?.id ? [{ id: r.id, privilegeID: r.privilegeID.id, isActive: r.isActive === true }] : [],
    );
  },

  async grantPermission(roleID, privilegeID) {
    const json = await httpRequest<Answered<typeof autorisationWriteAnswer>>('autorisation/create', {
      method: 'POST',
      body: { roleID, privilegeID },
    });
    return json.message;
  },

  async setAutorisationActive(id, isActive) {
    const json = await httpRequest<Answered<typeof autorisationWriteAnswer>>(`autorisation/update/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { isActive },
    });
    return json.message;
  },

  async setGroupAutorisations(roleId, privilegeIDs, isActive) {
    const json = await httpRequest<Answered<typeof autorisationUpdateManyAnswer>>(`autorisation/updateMany/${encodeURIComponent(roleId)}`, {
      method: 'PUT',
      body: { privilegeIDs, isActive },
    });
    return json.message;
  },

  async getRoleHistory(roleId, { signal } = {}) {
    const json = await httpRequest<Answered<typeof autorisationHistoriqueAnswer>>(`autorisation/historique/${encodeURIComponent(roleId)}`, {
      signal,
    });
    return rows(json.datas);
  },
};
