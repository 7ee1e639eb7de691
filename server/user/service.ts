/**
 * Rules of users (spec 000 §2 Profile settings, §3 User; DESIGN.md §4):
 * - a user sees itself and the users of its agency (access/scopes.ts findVisibleUser); it edits its own profile
 *   (nom, prenoms, adresse) or, with the key, another's; nobody deactivates itself, and deactivation ends the
 *   user's sessions (its tokens carry an older version);
 * - clients (senders and recipients) are users of type CLIENT found by their full phone number. Registering a parcel
 *   with a typed sender or a new recipient creates the client, or reuses the one with that phone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import { normalizePhone, type PhoneCountry } from '../../common/phone';
import { findVisibleUser } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { findUser } from '../auth/query';
import type { Db, Tx } from '../db/client';
import { typeUsers, users } from '../db/schema';
import { badRequest, forbidden } from '../http/errors';
import type { ProfilInput } from './routes';

/** A user the caller may see (itself, or one of its agency; any for ADMIN). @throws 404, 403 */
export const getUser = (db: Db, id: string, me: CurrentUser) => findVisibleUser(db, id, me);

/**
 * Sets the active flag of a user the caller may see; deactivation ends its sessions.
 * @returns the user as answered
 * @throws 403 when the caller would deactivate itself
 */
export async function setUserActive(db: Db, id: string, isActive: boolean, me: CurrentUser) {
  const target = await findVisibleUser(db, id, me);
  if (target.id === me.id && !isActive) throw forbidden('Vous ne pouvez pas désactiver votre propre compte.');
  await db
    .update(users)
    .set({ isActive, ...(isActive ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
    .where(eq(users.id, target.id));
  return (await findUser(db, target.id))!;
}

/**
 * Updates the profile fields of a user the caller may see (its own, or another's with the key userUpdate).
 * @returns the user as answered and whether it was the caller's own
 */
export async function updateProfil(db: Db, id: string, input: ProfilInput, me: CurrentUser) {
  const target = await findVisibleUser(db, id, me);
  await db
    .update(users)
    .set({ nom: input.nom, prenoms: input.prenoms, adresse: input.adresse ?? '' })
    .where(eq(users.id, target.id));
  return { user: (await findUser(db, target.id))!, own: target.id === me.id };
}

/**
 * The full phone number of a client (common/phone.ts, the UI's own rule): '+' and digits, e.g. '+221771234567'.
 * @param pays the country of the number (dial code and national length), when known
 * @param field the request field reported with the error
 * @throws 400 with the French message on `field` for a number without digits, with letters, of the wrong length…
 */
export function clientPhone(raw: string | null | undefined, pays: PhoneCountry | null | undefined, field: string): string {
  const result = normalizePhone(raw, pays);
  if (!result.ok) throw badRequest(result.error, { [field]: result.error });
  return result.phone;
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
 * @param c.telephoneComplet the phone as given, normalised here with the country's rules (common/phone.ts)
 * @param c.pays the country of the phone (the departure's destination for a recipient, its origin for a sender)
 * @param c.field the request field of the phone, for the error
 * @throws 400 when the phone is not a valid number: no client is created or reused
 */
export async function upsertClient(
  tx: Tx,
  c: {
    nom: string;
    prenoms?: string;
    telephoneComplet: string;
    pays?: PhoneCountry | null;
    field?: string;
    telephone?: string;
    email?: string | null;
    adresse?: string | null;
  },
): Promise<string> {
  const telephoneComplet = clientPhone(c.telephoneComplet, c.pays, c.field ?? 'telephoneComplet');
  const typeUserID = await clientTypeId(tx);
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
