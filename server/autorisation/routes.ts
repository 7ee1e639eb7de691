/**
 * Authorisations of a role (spec 000 §7, 001 §2 Role-permission assignment, §7;
 * docs/decisions/permission-assignment.md): the permission keys a role holds, read at sign-in (own role) and by the
 * assignment screen; the grant and revoke calls of that screen (one permission, or many in one transaction for
 * 'Tout accorder' / 'Tout retirer'); the latest changes of a role. Key `autorisation` (server/access/routeAccess.ts).
 * The rules are in autorisation/service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestAudits } from '../audit/query';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { listAutorisationsOfRole } from './query';
import { assertRoleExists, getAutorisation, setAutorisationActive, setGrants, type GrantsResult } from './service';
import {
  autorisationGetAnswer,
  autorisationHistoriqueAnswer,
  autorisationListAnswer,
  autorisationUpdateManyAnswer,
  autorisationWriteAnswer,
} from '../../common/schemas/autorisation';

const uuid = (message = 'Identifiant invalide') => z.uuid({ error: message });

/** Body of autorisation/create. */
const createBody = z.strictObject({
  roleID: uuid('Le rôle est obligatoire'),
  privilegeID: uuid('La permission est obligatoire'),
});

/** Body of autorisation/updateMany/{roleId}: the permissions of one group, granted or revoked together. */
const updateManyBody = z.strictObject({
  privilegeIDs: z
    .array(uuid('Permission invalide'), { error: 'La liste des permissions est obligatoire' })
    .min(1, { error: 'Choisissez au moins une permission' })
    .max(500, { error: 'Au plus 500 permissions à la fois' }),
  isActive: z.boolean({ error: 'isActive doit être vrai ou faux' }),
});

/** The French message of a write. */
function writeMessage(isActive: boolean, result: GrantsResult): string {
  if (result.changed === 0) return 'Aucun changement : les autorisations étaient déjà dans cet état.';
  if (result.changed === 1) return isActive ? 'Permission accordée avec succès !' : 'Permission retirée avec succès !';
  return isActive ? `${result.changed} permissions accordées avec succès !` : `${result.changed} permissions retirées avec succès !`;
}

/** The authorisation routes. */
export async function autorisationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['autorisation'];

  r.get(
    '/api/autorisation/listePermissionByRoleID/:roleId',
    {
      schema: {
        tags,
        params: z.object({ roleId: uuid() }),
        response: answers({ 200: autorisationListAnswer }),
      },
    },
    async (request) => {
      const rows = await listAutorisationsOfRole(db, request.params.roleId);
      return { success: true, datas: toApi(rows) };
    },
  );

  /** The link of a role and a permission: `autorisation` null (success false) when the role never held it; 404 unknown ids. */
  r.get(
    '/api/autorisation/getAutorisationByPermissionAndRoleID/:roleId/:privilegeId',
    {
      schema: {
        tags,
        params: z.object({ roleId: uuid(), privilegeId: uuid() }),
        response: answers({ 200: autorisationGetAnswer }),
      },
    },
    async (request) => {
      const row = await getAutorisation(db, request.params.roleId, request.params.privilegeId);
      return row
        ? { success: true, autorisation: toApi(row) }
        : { success: false, message: "Ce rôle n'a pas cette permission.", autorisation: null };
    },
  );

  /** Grants a permission to a role: creates the authorisation, or reactivates it. */
  r.post(
    '/api/autorisation/create',
    {
      schema: {
        tags,
        body: createBody,
        response: answers({ 200: autorisationWriteAnswer }),
      },
    },
    async (request) => {
      const { roleID, privilegeID } = request.body;
      const result = await setGrants(db, roleID, [privilegeID], true, currentUser(request));
      return { success: true, message: writeMessage(true, result), data: toApi(result.rows[0]) };
    },
  );

  /** Grants (isActive true) or revokes (false) through the authorisation's id. */
  r.put(
    '/api/autorisation/update/:id',
    {
      schema: {
        tags,
        params: z.object({ id: uuid() }),
        body: z.strictObject({ isActive: z.boolean({ error: 'isActive doit être vrai ou faux' }) }),
        response: answers({ 200: autorisationWriteAnswer }),
      },
    },
    async (request) => {
      const result = await setAutorisationActive(db, request.params.id, request.body.isActive, currentUser(request));
      return { success: true, message: writeMessage(request.body.isActive, result), data: toApi(result.rows[0]) };
    },
  );

  /** 'Tout accorder' / 'Tout retirer' of a group: many permissions of one role, one transaction, all or nothing. */
  r.put(
    '/api/autorisation/updateMany/:roleId',
    {
      schema: {
        tags,
        params: z.object({ roleId: uuid() }),
        body: updateManyBody,
        response: answers({ 200: autorisationUpdateManyAnswer }),
      },
    },
    async (request) => {
      const { privilegeIDs, isActive } = request.body;
      const result = await setGrants(db, request.params.roleId, privilegeIDs, isActive, currentUser(request));
      return { success: true, message: writeMessage(isActive, result), changed: result.changed, datas: toApi(result.rows) };
    },
  );

  /** The latest changes (at most 20, newest first) of a role's authorisations and of the role itself. */
  r.get(
    '/api/autorisation/historique/:roleId',
    {
      schema: {
        tags,
        params: z.object({ roleId: uuid() }),
        response: answers({ 200: autorisationHistoriqueAnswer }),
      },
    },
    async (request) => {
      await assertRoleExists(db, request.params.roleId);
      const rows = await latestAudits(db, { roleID: request.params.roleId });
      return { success: true, datas: rows.map((row) => ({ ...row })) };
    },
  );
}
