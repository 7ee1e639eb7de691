/**
 * Clients (senders and recipients) are users of type CLIENT found by their full phone number (DESIGN.md §4).
 * Registering a parcel with a typed sender or a new recipient creates the client, or reuses the one with that phone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { Db, Tx } from '../db/client';
import { typeUsers, users } from '../db/schema';

/** A full phone number as stored: digits with a leading '+', no spaces (e.g. '+221771234567'). */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${digits.replace(/^00/, '')}`;
}

/** Id of the CLIENT user type. */
export async function clientTypeId(db: Db | Tx): Promise<string> {
  const [row] = await db.select({ id: typeUsers.id }).from(typeUsers).where(eq(typeUsers.code, TYPE_USER_CODES.CLIENT));
  return row.id;
}

/**
 * Returns the id of the client with this full phone, creating it when absent (safe under concurrency: the unique
 * index on (user type, phone) decides). An existing client is reused as it is. An e-mail already used by another
 * account is not stored on the new client (e-mails are unique among users).
 */
export async function upsertClient(
  tx: Tx,
  c: { nom: string; prenoms?: string; telephoneComplet: string; telephone?: string; email?: string | null; adresse?: string | null },
): Promise<string> {
  const typeUserID = await clientTypeId(tx);
  const telephoneComplet = normalizePhone(c.telephoneComplet);
  const find = async () =>
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.typeUserID, typeUserID), eq(users.telephoneComplet, telephoneComplet)))
    )[0];
  const existing = await find();
  if (existing) return existing.id;
  let email = c.email?.trim() || null;
  if (email) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (taken) email = null;
  }
  await tx
    .insert(users)
    .values({
      nom: c.nom,
      prenoms: c.prenoms ?? '',
      telephoneComplet,
      telephone: c.telephone ?? telephoneComplet,
      email,
      adresse: c.adresse ?? '',
      typeUserID,
    })
    .onConflictDoNothing();
  const row = await find();
  if (!row) throw new Error(`client ${telephoneComplet} introuvable après insertion`);
  return row.id;
}
