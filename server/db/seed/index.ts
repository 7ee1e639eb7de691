/**
 * Seeding at start-up (docs/architecture.md §1, §4 "Roles, keys and seed"): on an empty database, the reference data and the first administrator;
 * on a new embedded database, also the demo data set (unless DEMO_DATA=0).
 */
import { inArray, sql } from 'drizzle-orm';
import { ROLE_CODES } from '../../../common/permissions';
import type { Config } from '../../config';
import type { Db } from '../client';
import { autorisations, privileges, roles, statuts } from '../schema';
import { PRIVILEGES, seedReference } from './reference';
import { seedDemo } from './demo';

/**
 * Seeds when the statuts table is empty. @param opts.demo load the demo data set too
 * @param config.adminMustChangePassword the first administrator must change its password at its first sign-in (ADMIN_PASSWORD
 *   unset: the default password is public, docs/decisions/default-admin-password.md)
 * @returns whether anything was seeded
 */
export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'adminMustChangePassword'>,
  opts: { demo: boolean },
): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(statuts);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await seedReference(tx, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      adminMustChangePassword: config.adminMustChangePassword,
    });
  });
  if (opts.demo) await seedDemo(db, {});
  return true;
}

/**
 * Brings an existing database up to the permission keys of this release (common/permissions.ts): creates the
 * missing keys in their group and authorises ADMIN and SUPERADMIN for them. Runs at every start; idempotent.
 * @returns the keys added
 */
export async function syncPermissions(db: Db): Promise<string[]> {
  // Read first: at a start with nothing new (the usual case), one read instead of a writing transaction
  // (docs/decisions/embedded-start.md).
  const present = new Set((await db.select({ libelle: privileges.libelle }).from(privileges)).map((p) => p.libelle));
  if (PRIVILEGES.every((p) => present.has(p.libelle))) return [];
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(privileges)
      .values(PRIVILEGES)
      .onConflictDoNothing()
      .returning({ id: privileges.id, libelle: privileges.libelle });
    if (added.length === 0) return [];
    const admins = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.systeme, [ROLE_CODES.ADMIN, ROLE_CODES.SUPERADMIN]));
    if (admins.length) {
      await tx
        .insert(autorisations)
        .values(admins.flatMap((r) => added.map((p) => ({ roleID: r.id, privilegeID: p.id }))))
        .onConflictDoNothing();
    }
    return added.map((p) => p.libelle);
  });
}
