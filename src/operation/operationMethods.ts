/**
 * The dataProvider method of the operation form (spec 001 §5 "Only active operation types and active admin users are
 * offered in operation forms", §7 GET user/listeAdmin), reached with useDataProvider<DataProvider & OperationMethods>()
 * (added to the app's dataProvider by src/appDataProvider.ts).
 */
import type { Answered } from '../../common/schemas/answer';
import type { staffListAnswer, userRecord } from '../../common/schemas/user';
import { httpRequest, type CallOptions } from '../providers/http';

/** A staff member as user/listeAdmin answers it (common/schemas/user.ts userRecord). */
export type StaffUser = Answered<typeof userRecord>;

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
    const json = await httpRequest<Answered<typeof staffListAnswer>>('user/listeAdmin', { signal });
    return (Array.isArray(json.datas) ? json.datas : []).filter((u) => u.isActive !== false);
  },
};
