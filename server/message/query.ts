/**
 * Sent messages as the messaging screen lists them (spec 001 §2 /messagerie, §3 Message): author and agency
 * populated, the recipient named (the departure's reference, the client's name, or the e-mail address), and the
 * delivery counts of their outbox rows (mail_outbox.message_id): sent, pending, failed, and per channel (e-mails sent,
 * SMS sent, delivered, not delivered, opted out). Scope: a role that sees
 * every agency sees every message; another role the messages sent from its agency.
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { outer } from '../db/outerColumn';
import { agences, envois, mailOutbox, messages, users } from '../db/schema';
import { UNPAGED_LIMIT, type ListDef } from '../http/list';
import { alias } from 'drizzle-orm/pg-core';

const auteur = alias(users, 'auteur');

/** Outbox rows of the message meeting a condition (its channel, status, delivery). */
const countRows = (where: ReturnType<typeof sql>) =>
  sql<number>`(SELECT count(*)::int FROM ${mailOutbox} WHERE ${mailOutbox.messageID} = ${outer(messages.id)} AND ${where})`.mapWith(Number);

/** Mails (and SMS) of the message in one outbox status. */
const countMails = (status: 'SENT' | 'PENDING' | 'FAILED') =>
  sql<number>`(SELECT count(*)::int FROM ${mailOutbox} WHERE ${mailOutbox.messageID} = ${outer(messages.id)} AND ${mailOutbox.status} = ${status})`.mapWith(
    Number,
  );

/** Messages with author, agency, recipient label and delivery counts. */
export const selectMessages = (db: Db | Tx) =>
  db
    .select({
      id: messages.id,
      createdAt: messages.createdAt,
      typeDestinataire: messages.typeDestinataire,
      destinataires: messages.destinataires,
      destinataireLibelle: sql<string>`CASE ${messages.typeDestinataire}
        WHEN 'tous' THEN 'Tous les clients'
        WHEN 'depart' THEN (SELECT ${envois.reference} FROM ${envois} WHERE ${envois.id}::text = ${outer(messages.destinataires)})
        WHEN 'individuel' THEN (SELECT trim(coalesce(cl.nom, '') || ' ' || coalesce(cl.prenoms, '')) FROM users cl WHERE cl.id::text = ${outer(messages.destinataires)})
        ELSE ${messages.destinataires} END`,
      sujet: messages.sujet,
      message: messages.message,
      nbSansEmail: messages.nbSansEmail,
      nbEnvoyes: countMails('SENT'),
      nbEnAttente: countMails('PENDING'),
      nbEchecs: countMails('FAILED'),
      // Per channel (docs/decisions/sms-channel.md): an e-mail counts delivered once SENT (no receipt exists for
      // mail); an SMS once its delivery receipt said DELIVERED.
      nbEmailsEnvoyes: countRows(sql`${mailOutbox.canal} = 'email' AND ${mailOutbox.status} = 'SENT'`),
      nbSms: countRows(sql`${mailOutbox.canal} = 'sms'`),
      nbSmsEnvoyes: countRows(sql`${mailOutbox.canal} = 'sms' AND ${mailOutbox.status} = 'SENT'`),
      nbSmsRemis: countRows(sql`${mailOutbox.canal} = 'sms' AND ${mailOutbox.delivery} = 'DELIVERED'`),
      nbSmsNonRemis: countRows(sql`${mailOutbox.canal} = 'sms' AND ${mailOutbox.delivery} IN ('UNDELIVERED', 'EXPIRED')`),
      nbDesinscrits: countRows(sql`${mailOutbox.delivery} = 'OPTED_OUT'`),
      auteurID: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
      agenceID: { id: agences.id, libelle: agences.libelle },
    })
    .from(messages)
    .leftJoin(auteur, eq(messages.auteurID, auteur.id))
    .leftJoin(agences, eq(messages.agenceID, agences.id))
    .$dynamic();

/** Messages a user may see: all for a role that sees every agency, else those sent from its agency. */
function messageScope(user: CurrentUser) {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(messages.agenceID, user.agenceID) : sql`false`;
}

/** The sent messages list of a user (newest first by default). */
export const messageList = (user: CurrentUser): ListDef<typeof selectMessages> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: messages,
  select: selectMessages,
  scope: messageScope(user),
  searchColumns: [messages.sujet, messages.message, messages.destinataires],
  sortColumns: { createdAt: messages.createdAt, sujet: messages.sujet, typeDestinataire: messages.typeDestinataire },
  filters: {
    typeDestinataire: { column: messages.typeDestinataire, type: 'text' },
    agenceID: { column: messages.agenceID, type: 'uuid' },
  },
});
