/** Payment modes (modePaiement): seeded, read-only through the API. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { modesPaiement } from '../db/schema';

/** The active payment modes, by name. */
export const listModesPaiement = (db: Db) =>
  db.select().from(modesPaiement).where(eq(modesPaiement.isActive, true)).orderBy(asc(modesPaiement.libelle));
