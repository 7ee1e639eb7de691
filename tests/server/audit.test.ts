/**
 * The audit trail of access administration (docs/decisions/audit-journal.md): recorded in the caller's transaction,
 * append-only, read newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../server/db/audit';
import { latestAudits } from '../../server/audit/query';
import { audits, roles, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { TEST_ADMIN } from './testConfig';

describe('audit trail', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp();
  });
  afterAll(async () => t?.close());

  it('lists the changes of a user and of a role newest first, with the author, and refuses to rewrite them', async () => {
    const db = t.database.db;
    const [admin] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${TEST_ADMIN.adminEmail}`);
    const [role] = await db.select().from(roles).where(eq(roles.code, 'AGENT'));
    const staff = await t.createStaff('AGENT');
    await recordAudit(db, { entite: 'user', entiteID: staff.id, action: 'create', auteurID: admin.id, apres: { nom: 'A' } });
    await recordAudit(db, [
      { entite: 'user', entiteID: staff.id, action: 'update', auteurID: admin.id, avant: { nom: 'A' }, apres: { nom: 'B' } },
      { entite: 'autorisation', entiteID: staff.id, roleID: role.id, action: 'revoke', auteurID: admin.id },
    ]);
    const ofUser = await latestAudits(db, { userID: staff.id });
    expect(ofUser.map((r) => r.action)).toEqual(['update', 'create']);
    expect(ofUser[0]).toMatchObject({ avant: { nom: 'A' }, apres: { nom: 'B' }, auteurID: admin.id });
    expect(ofUser[0].auteur).toContain(admin.nom);
    const ofRole = await latestAudits(db, { roleID: role.id });
    expect(ofRole.map((r) => r.action)).toEqual(['revoke']);

    // A failed transaction leaves no record; a record cannot be changed nor deleted.
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { entite: 'user', entiteID: staff.id, action: 'statut', auteurID: admin.id });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await latestAudits(db, { userID: staff.id })).toHaveLength(2);
    await expect(db.update(audits).set({ action: 'x' })).rejects.toThrow();
    await expect(db.delete(audits)).rejects.toThrow();
    expect((await db.select().from(audits)).length).toBe(3);
  });
});
