/**
 * The audit journal's call for screens that are not its list (docs/decisions/audit-journal.md): the parcel details card reads the
 * journal of one record through GET audit/liste.
 */
import type { Answered } from '../../common/schemas/answer';
import type { auditListAnswer } from '../../common/schemas/audit';
import { httpRequest, type CallOptions } from '../providers/http';
import type { AuditJournalRow } from './auditRules';

/** The journal's extra dataProvider method. */
export interface AuditMethods {
  /**
   * GET audit/liste?entity=&entityId=&limit= (key auditListe): the latest changes of one record, newest first.
   * @returns the rows and the number of rows of the record
   */
  getAuditOf(
    entity: string,
    entityId: string,
    options?: CallOptions & { limit?: number },
  ): Promise<{ rows: AuditJournalRow[]; total: number }>;
}

/** The implementation of AuditMethods. */
export const auditMethods: AuditMethods = {
  async getAuditOf(entity, entityId, { signal, limit = 50 } = {}) {
    const json = await httpRequest<Answered<typeof auditListAnswer>>('audit/liste', { query: { entity, entityId, limit }, signal });
    const rows = Array.isArray(json.datas) ? json.datas : [];
    return { rows, total: typeof json.total === 'number' ? json.total : rows.length };
  },
};
