/**
 * The answers of the authorisation routes (spec 001 §2 Permissions assignment, §7 autorisation/…;
 * server/autorisation/routes.ts): a role's links to the permissions, a write's answer and the role's history. The
 * routes answer them; the UI reads their type (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import * as answer from './answer';

/** An authorisation of a role: the permission it grants populated, and its own active flag. */
const autorisationRecord = answer.record({
  roleID: answer.id,
  isActive: z.boolean(),
  privilegeID: answer.record({ libelle: z.string(), groupe: z.string(), isActive: z.boolean() }),
});

/** An authorisation as the write calls answer it (the permission by id). */
const autorisationLink = answer.record({ roleID: answer.id, privilegeID: answer.id, isActive: z.boolean() });

/** One change of the audit trail (audit/query.ts AuditRow). */
const auditRecord = z.looseObject({
  id: answer.id,
  entite: z.string(),
  entiteID: answer.id,
  roleID: answer.id.nullable(),
  action: z.string().describe("'grant' or 'revoke' for an authorisation"),
  auteurID: answer.id.nullable(),
  auteur: z.string().describe("'Prénoms Nom' of the author"),
  avant: z.unknown(),
  apres: z.unknown(),
  createdAt: z.string().describe('ISO 8601'),
});

/** GET autorisation/listePermissionByRoleID/{roleId}: the role's links, active or not. */
export const autorisationListAnswer = answer.rowsAnswer('datas', autorisationRecord);

/** GET autorisation/getAutorisationByPermissionAndRoleID/{roleId}/{privilegeId}: the link, null when never held. */
export const autorisationGetAnswer = answer.envelope({ autorisation: autorisationLink.nullable() });

/** POST autorisation/create, PUT autorisation/update/{id}: the link written and the French message. */
export const autorisationWriteAnswer = answer.envelope({ message: z.string(), data: autorisationLink });

/** PUT autorisation/updateMany/{roleId}: the French message, how many links changed, and the links. */
export const autorisationUpdateManyAnswer = answer.envelope({
  message: z.string(),
  changed: z.number().int(),
  datas: z.array(autorisationLink),
});

/** GET autorisation/historique/{roleId}: the latest changes of the role's authorisations and of the role. */
export const autorisationHistoriqueAnswer = answer.rowsAnswer('datas', auditRecord);
