/**
 * Notifications of parcels (spec 000 §4, §7 notification/create): a notice to a parcel's sender and recipient, kept
 * as a notification row each and e-mailed through the outbox to the addresses known. Runs inside the caller's
 * transaction: status moves (colis/statutChange.ts), payments (encaissement/service.ts) and notification/create.
 */
import { inArray } from 'drizzle-orm';
import { lockColis } from '../access/locks';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { notifications, users } from '../db/schema';
import { forbidden } from '../http/errors';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import type { NotificationInput } from './routes';

/** A parcel as a notification reads it: its reference, its parties and the free-text recipient's e-mail. */
export interface NotifiedColis {
  id: string;
  reference: string;
  expediteurID: string | null;
  destinataireID: string | null;
  emailDestinataire: string | null;
}

/**
 * Notifies sender and recipient of each parcel: a notification row each, and an e-mail to each address known
 * (registered client's e-mail, or the free-text recipient e-mail).
 */
export async function notifyColis(tx: Tx, colis: NotifiedColis[], message: string): Promise<void> {
  const rows = colis.flatMap((c) =>
    [c.expediteurID, c.destinataireID].filter((r): r is string => !!r).map((receiverID) => ({ receiverID, colisID: c.id, message })),
  );
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(notifications).values(rows.slice(i, i + 1000));

  const ids = [...new Set(rows.map((r) => r.receiverID))];
  const emails = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const u of found) if (u.email) emails.set(u.id, u.email);
  }
  const mails = colis.flatMap((c) => {
    const to = new Set<string>();
    for (const id of [c.expediteurID, c.destinataireID]) if (id && emails.has(id)) to.add(emails.get(id)!);
    if (c.emailDestinataire) to.add(c.emailDestinataire);
    return [...to].map((address) => ({
      to: address,
      subject: `Colis ${c.reference}`,
      html: `<p>Bonjour,</p><p>${escapeHtml(message)} (colis <strong>${escapeHtml(c.reference)}</strong>).</p>`,
    }));
  });
  for (let i = 0; i < mails.length; i += 1000) await enqueueMail(tx, mails.slice(i, i + 1000));
}

/**
 * Sends a notice to the sender or the recipient of a parcel the user may see (spec 000 §7 notification/create).
 * @throws 403 a receiver who is neither; 403/404 the parcel
 */
export async function createNotification(db: Db, input: NotificationInput, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockColis(tx, { id: input.colisID }, user);
    if (input.receiverID !== row.expediteurID && input.receiverID !== row.destinataireID) {
      throw forbidden("Le destinataire n'est ni l'expéditeur ni le destinataire de ce colis.");
    }
    await notifyColis(tx, [{ ...row, expediteurID: input.receiverID, destinataireID: null, emailDestinataire: null }], input.message);
  });
}
