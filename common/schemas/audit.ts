/**
 * The answers of the journal (docs/decisions/audit-journal.md, server/audit/routes.ts): one row of the journal and the
 * page audit/liste answers. The route answers them; the UI reads their type (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import * as answer from './answer';

/** One row of the journal as answered. */
export const auditRecord = z.object({
  id: answer.id,
  entite: z.string().describe("'colis', 'encaissement', 'envoi', 'user', 'role', 'autorisation' or a reference list's path"),
  entiteID: answer.id,
  roleID: answer.id.nullable(),
  action: z.string().describe("'create', 'update', 'statut', 'active', 'delete', 'grant', 'revoke', 'password'"),
  auteurID: answer.id.nullable(),
  auteur: z.string().describe("'Prénoms Nom' of the author"),
  adresseIP: z.string().nullable(),
  avant: z.unknown().describe('values before (only the changed fields of an edit)'),
  apres: z.unknown().describe('values after'),
  createdAt: z.string().describe('ISO 8601'),
});

/** GET audit/liste: a page of the journal, newest first, and the rows matching. */
export const auditListAnswer = answer.listAnswer('datas', auditRecord);
