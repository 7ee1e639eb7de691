/**
 * Roles (spec 001 §2 Roles, §5: code, libelle, description required; §7 role/…), with their fixed identity and reach
 * (docs/decisions/role-identity.md): `systeme` (read-only: SUPERADMIN, ADMIN, AGENT, CLIENT, or null) and
 * `toutesAgences` (every agency, or its users' own agency; optional in create and update bodies, default false, chosen
 * by a SUPERADMIN only). Who may create or change which role is common/autorisationRules.ts roleRecordRefusal (403);
 * a change that would leave nobody able to reach `autorisation` (a role deactivated or deleted) is refused by the
 * database at commit (409, migration 0018).
 */
import { getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roleRecordRefusal, type RoleRecordChange } from '../../common/autorisationRules';
import { RESOURCE_KEYS } from '../../common/permissions';
import { roleRecord, roleSchema } from '../../common/schemas/reference';
import type { CurrentUser } from '../auth/currentUser';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource, type GuardContext } from '../crud/referenceResource';
import type { Db, Tx } from '../db/client';
import { roles } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { agencesUtilisateursSql, findRoleFacts } from './query';

/** French refusal of a Statut change by a user without the status key (spec 000 §6 / 001 §6 text). */
const STATUT_KEY_MESSAGE = "Vous n'avez pas la permission de modifier le statut.";

/**
 * A save of the role form that changes its Statut (`isActive`, docs/decisions/role-statut.md) needs the status key
 * (roleUpdateStatut), as the list's toggle does: 403 otherwise. `before` is the current Statut (true for a new role).
 */
function checkStatutKey(user: CurrentUser, before: boolean, after: unknown) {
  const statutKey = RESOURCE_KEYS.role.active!;
  if (typeof after === 'boolean' && after !== before && !user.permissions.has(statutKey)) throw forbidden(STATUT_KEY_MESSAGE);
}

/**
 * Refuses what roleRecordRefusal refuses (403), and a reach narrowed to one agency while some of the role's users have
 * none (409: they would see nothing).
 */
async function checkRoleChange(tx: Tx, user: CurrentUser, roleId: string | null, change: RoleRecordChange) {
  const facts = roleId ? await findRoleFacts(tx, roleId) : null;
  if (roleId && !facts) throw notFound('Rôle introuvable.');
  const refusal = roleRecordRefusal(user, facts ?? null, change);
  if (refusal) throw forbidden(refusal);
  if (facts && change.toutesAgences === false && facts.toutesAgences && facts.agencesUtilisateurs.includes(null)) {
    throw conflict("Des utilisateurs de ce rôle n'ont pas d'agence : donnez-leur une agence avant de limiter le rôle à son agence.");
  }
}

/** The role routes. */
export async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const base = codeLibelleResource({
    path: 'role',
    resource: 'role',
    exportName: 'roles',
    sheet: 'Rôles',
    table: roles,
    descriptionRequired: true,
    messages: {
      created: 'Role ajouté avec succès !',
      updated: 'Mise à jour du role réussie !',
      notFound: 'Rôle introuvable.',
      inUse: 'Ce rôle est attribué à des utilisateurs : suppression impossible.',
    },
  });
  // code, libellé, description, reach and Statut (common/schemas/reference.ts roleSchema).
  const schema = roleSchema;
  registerReferenceResource(app, db, {
    ...base,
    createSchema: schema,
    updateSchema: schema,
    record: roleRecord,
    select: (d: Db | Tx) =>
      d
        .select({ ...getTableColumns(roles), agencesUtilisateurs: agencesUtilisateursSql })
        .from(roles)
        .$dynamic(),
    oneKey: 'role',
    sortColumns: { ...base.sortColumns, toutesAgences: roles.toutesAgences },
    filters: { toutesAgences: { column: roles.toutesAgences, type: 'boolean' } },
    async toValues(body, ctx) {
      const values = await base.toValues!(body, ctx);
      // A creation is checked here (the guard sees updates and deletions); the reach defaults to one agency.
      if (!ctx.existing) {
        await checkRoleChange(ctx.tx, ctx.user, null, { code: String(values.code), toutesAgences: !!body.toutesAgences });
        checkStatutKey(ctx.user, true, body.isActive);
      }
      return { ...values, toutesAgences: body.toutesAgences ?? ctx.existing?.toutesAgences ?? false };
    },
    async guard(ctx: GuardContext) {
      const id = String(ctx.existing.id);
      if (ctx.action === 'delete') return checkRoleChange(ctx.tx, ctx.user, id, { supprimer: true });
      if (ctx.action === 'active') return checkRoleChange(ctx.tx, ctx.user, id, { isActive: ctx.values?.isActive === true });
      // A full save may carry the Statut (the role form's): the status key, then the same rules as the toggle.
      checkStatutKey(ctx.user, ctx.existing.isActive === true, ctx.values?.isActive);
      return checkRoleChange(ctx.tx, ctx.user, id, {
        code: String(ctx.values?.code),
        toutesAgences: ctx.values?.toutesAgences as boolean | undefined,
        isActive: ctx.values?.isActive as boolean | undefined,
      });
    },
  });
}
