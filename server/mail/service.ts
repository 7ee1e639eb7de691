/**
 * Rules of the outbox screen ('Boîte d'envoi', key mailOutbox): an administrator sends a FAILED mail again.
 * Delivery itself is the channels' drivers' (server/outbox/).
 */
import type { Db } from '../db/client';
import { conflict, forbidden, notFound } from '../http/errors';
import { requeueFailed } from '../outbox/queue';
import { findMail } from './query';

/**
 * Puts a FAILED mail back in the queue, due now (mail/retry/{id}): the worker tries it once more; it keeps its
 * attempts count, so a new failure marks it FAILED again at once.
 * `me`: the caller's scope (auth/currentUser.ts CurrentUser; not imported: auth sends its mails through this folder).
 * @throws 403 a role that does not see every agency; 404 unknown mail; 409 a mail that is not FAILED
 */
export async function retryMail(db: Db, id: string, me: { allAgences: boolean }): Promise<void> {
  if (!me.allAgences) throw forbidden('Seul un administrateur peut renvoyer un e-mail.');
  const mail = await findMail(db, id);
  if (!mail) throw notFound('E-mail introuvable.');
  if (!(await requeueFailed(db, id))) {
    throw conflict(mail.status === 'SENT' ? 'Cet e-mail a déjà été envoyé.' : "Cet e-mail est déjà en file d'envoi.");
  }
}
