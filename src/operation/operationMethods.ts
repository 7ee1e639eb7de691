/**
 * The dataProvider method of the operation form (spec 001 §5 "Only active operation types and active admin users are
 * offered in operation forms", §7 GET user/listeAdmin), reached with useDataProvider<DataProvider & OperationMethods>()
 * (added to the app's dataProvider by src/appDataProvider.ts).
 */
import { httpRequest, type CallOptions } from '../providers/http';

/** A staff member as the operation form offers it. */
export interface StaffUser {
  id: string;
  nom: string;
  prenoms: string;
  isActive?: boolean;
  agenceID?: { id: string; libelle?: string } | null;
}

/** The operation methods of AppDataProvider. */
export interface OperationMethods {
  /**
   * GET user/listeAdmin: the active staff members (users of type ADMIN) the signed-in user may record an operation
   * for; inactive ones are left out here too.
   */
  getStaffUsers(options?: CallOptions): Promise<StaffUser[]>;
}

/** The implementation of OperationMethods. */
export const operationMethods: OperationMethods = {
  async getStaffUsers({ signal } = {}) {
    const json = await httpRequest('user/listeAdmin', { signal });
    const rows = (json.datas ?? json.data ?? json.users) as unknown;
    if (!Array.isArray(rows)) return [];
    return (rows as Record<string, unknown>[])
      .map((r) => ({ ...r, id: String(r.id ?? r._id) }) as StaffUser)
      .filter((u) => u.isActive !== false);
  },
};
