/**
 * The dataProvider methods of the user screens (spec 001 §2 Users, §7 `GET typeUser/getAll`; docs/decisions/audit-journal.md
 * `GET user/historique/{id}`, `POST user/resetPassword/{id}`; docs/api-contract.md "Staff"), reached with
 * useDataProvider<DataProvider & UserMethods>() (added to the app's dataProvider by src/appDataProvider.ts).
 */
import type { Answered, messageAnswer } from '../../common/schemas/answer';
import type { typeUserListAnswer, typeUserRecord } from '../../common/schemas/reference';
import type { userAuditRecord, userHistoriqueAnswer } from '../../common/schemas/user';
import { httpRequest, type CallOptions } from '../providers/http';

/** A user type (spec 001 §3 Type user). */
export type TypeUser = Answered<typeof typeUserRecord>;

/**
 * One change of a user as the audit trail keeps it (newest first): `action` 'create', 'update', 'statut', 'delete' or
 * 'password'; `auteur` 'Prénoms Nom' of the author, '' when unknown; `createdAt` ISO 8601.
 */
export type UserAudit = Answered<typeof userAuditRecord>;

/** The user methods of AppDataProvider. */
export interface UserMethods {
  /** GET typeUser/getAll: every user type. */
  getTypeUsers(options?: CallOptions): Promise<TypeUser[]>;
  /** GET user/historique/{id}: the latest changes of a user (key user), newest first. */
  getUserHistory(id: string, options?: CallOptions): Promise<UserAudit[]>;
  /** POST user/resetPassword/{id} (key userUpdate): a new generated password is mailed to the user. @returns the message */
  resetUserPassword(id: string): Promise<string | undefined>;
}

/** The implementation of UserMethods. */
export const userMethods: UserMethods = {
  async getTypeUsers({ signal } = {}) {
    const json = await httpRequest<Answered<typeof typeUserListAnswer>>('typeUser/getAll', { signal });
    return Array.isArray(json.datas) ? json.datas : [];
  },

  async getUserHistory(id, { signal } = {}) {
    const json = await httpRequest<Answered<typeof userHistoriqueAnswer>>(`user/historique/${encodeURIComponent(id)}`, { signal });
    return Array.isArray(json.datas) ? json.datas : [];
  },

  async resetUserPassword(id) {
    const json = await httpRequest<Answered<typeof messageAnswer>>(`user/resetPassword/${encodeURIComponent(id)}`, { method: 'POST' });
    return json.message;
  },
};
