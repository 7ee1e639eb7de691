/**
 * Permissions (the spec's privileges: spec 001 §2 Permissions, §5: libelle and description required; §7). A
 * permission's libelle is its key (common/permissions.ts). No lock-out (docs/decisions/no-lock-out.md,
 * common/autorisationRules.ts privilegeRefusal, 403): the catalogue is changed only by a user who sees every agency;
 * a key of the product is never deleted nor renamed (its description and group stay editable); a key that administers
 * access is never switched off.
 */
import type { FastifyInstance } from 'fastify';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { permissionRecord, permissionSchema } from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { privileges } from '../db/schema';
import { forbidden } from '../http/errors';
import { privilegeRefusal, type PrivilegeChange } from '../../common/autorisationRules';
import type { CurrentUser } from '../auth/currentUser';

/** Refuses (403) what privilegeRefusal refuses. */
function checkPrivilegeChange(user: CurrentUser, privilege: { libelle: string } | null, change: PrivilegeChange) {
  const refusal = privilegeRefusal(user, privilege, change);
  if (refusal) throw forbidden(refusal);
}

/** The permission routes. */
export async function permissionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'privilege',
    resource: 'permission',
    export: {
      name: 'permissions',
      sheet: 'Permissions',
      columns: exportColumns(
        ['Libellé (clé)', 'libelle'],
        ['Description', 'description'],
        ['Groupe', 'groupe'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
    table: privileges,
    select: (d) => d.select().from(privileges).$dynamic(),
    createSchema: permissionSchema,
    updateSchema: permissionSchema,
    searchColumns: [privileges.libelle, privileges.description, privileges.groupe],
    sortColumns: {
      libelle: privileges.libelle,
      description: privileges.description,
      groupe: privileges.groupe,
      isActive: privileges.isActive,
      createdAt: privileges.createdAt,
    },
    filters: { groupe: { column: privileges.groupe, type: 'text' } },
    record: permissionRecord,
    // privilege/getBy answers `privilege` beside `data` (spec 001 §7).
    oneKey: 'privilege',
    toValues(body, { user, existing }) {
      if (!existing) checkPrivilegeChange(user, null, {});
      return body;
    },
    guard({ user, action, existing, values }) {
      const privilege = { libelle: String(existing.libelle) };
      if (action === 'delete') return checkPrivilegeChange(user, privilege, { supprimer: true });
      if (action === 'active') return checkPrivilegeChange(user, privilege, { isActive: values?.isActive === true });
      return checkPrivilegeChange(user, privilege, { libelle: String(values?.libelle) });
    },
    messages: {
      created: 'Permission ajoutée avec succès !',
      updated: 'Mise à jour de la permission réussie !',
      notFound: 'Permission introuvable.',
    },
  });
}
