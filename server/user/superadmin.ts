/**
 * Creating or restoring a SUPERADMIN account from the server's machine (docs/decisions/no-lock-out.md; README
 * "Compte SUPERADMIN de secours"): the way back in when nobody can administer access any more. Used by the command
 * `npm run superadmin -- --email=…` (superadminCli.ts); never reachable through the API.
 */
import { sql } from 'drizzle-orm';
import { ROLE_CODES, TYPE_USER_CODES } from '../../common/permissions';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import { roles, typeUsers, users } from '../db/schema';

/** What ensureSuperadmin did. */
export interface SuperadminResult {
  id: string;
  /** True when the account was created, false when an existing account (staff or not) was restored. */
  created: boolean;
}

/**
 * Makes `email` an active staff account of the system role SUPERADMIN, without an agency, with this password hash;
 * every session of an existing account ends (token version bumped). One transaction, recorded in the audit journal
 * (author: the system, action 'superadmin'); nothing is mailed.
 * @param opts.mustChangePassword true when the password was generated (the user changes it at its first sign-in)
 * @throws Error (French) when the reference data is missing (no SUPERADMIN role or staff user type)
 */
export async function ensureSuperadmin(
  db: Db,
  opts: { email: string; passwordHash: string; mustChangePassword: boolean; nom?: string; prenoms?: string },
): Promise<SuperadminResult> {
  const email = opts.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(sql`${roles.systeme} = ${ROLE_CODES.SUPERADMIN}`);
    const [type] = await tx
      .select({ id: typeUsers.id })
      .from(typeUsers)
      .where(sql`${typeUsers.code} = ${TYPE_USER_CODES.ADMIN}`);
    if (!role || !type) throw new Error('Données de référence absentes : rôle SUPERADMIN ou type ADMIN introuvable.');
    // The staff type must be active for anyone to sign in.
    await tx
      .update(typeUsers)
      .set({ isActive: true })
      .where(sql`${typeUsers.id} = ${type.id}`);
    const [existing] = await tx
      .select({ id: users.id, roleID: users.roleID, isActive: users.isActive, agenceID: users.agenceID })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for('update');
    const values = {
      roleID: role.id,
      typeUserID: type.id,
      agenceID: null,
      isActive: true,
      passwordHash: opts.passwordHash,
      mustChangePassword: opts.mustChangePassword,
    };
    let id: string;
    if (existing) {
      await tx
        .update(users)
        .set({ ...values, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(sql`${users.id} = ${existing.id}`);
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(users)
        .values({ ...values, email, nom: opts.nom ?? 'Super', prenoms: opts.prenoms ?? 'Administrateur' })
        .returning({ id: users.id });
      id = row.id;
    }
    await recordAudit(tx, {
      entite: 'user',
      entiteID: id,
      action: 'superadmin',
      auteurID: null,
      avant: existing ? { roleID: existing.roleID, agenceID: existing.agenceID, isActive: existing.isActive } : null,
      apres: { role: ROLE_CODES.SUPERADMIN, roleID: role.id, agenceID: null, isActive: true, motif: 'npm run superadmin' },
    });
    return { id, created: !existing };
  });
}
