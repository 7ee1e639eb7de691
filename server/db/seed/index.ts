/**
 * Seeding at start-up (issue 2 §3): on an empty database, the reference data and the first administrator;
 * on a new embedded database, also the demo data set (unless DEMO_DATA=0).
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { statuts } from '../schema';
import { seedReference } from './reference';
import { seedDemo } from './demo';

/**
 * Seeds when the statuts table is empty. @param opts.demo load the demo data set too
 * @returns whether anything was seeded
 */
export async function seedIfEmpty(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>, opts: { demo: boolean }): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(statuts);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await seedReference(tx, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  });
  if (opts.demo) await seedDemo(db, {});
  return true;
}
