/**
 * Messaging (spec 000 §7, 001 §7): a text message from a member of staff, sent by e-mail (key addMessage; queued only
 * for a recipient the sender may reach, the same answer for any address: service.ts sendMessage), and the
 * list of sent messages with their delivery counts (message/liste, key messagerie). The rules are in
 * message/service.ts, the list's select in message/query.ts. Messages to clients: notification/contactClients.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, instant, listAnswer, messageAnswer, record } from '../../common/schemas/answer';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { messageList } from './query';
import { sendMessage } from './service';
import { messageBody } from '../../common/schemas/message';

/** A sent message as message/liste answers it (message/query.ts). */
const messageRecord = record({
  createdAt: instant,
  typeDestinataire: z.string().describe("'tous' | 'individuel' | 'depart' | 'CLIENT' | 'PERSONNEL'"),
  destinataires: z.string().describe("'tous', the client's or the departure's id, or the e-mail address"),
  destinataireLibelle: z.string().nullable().describe("the departure's reference, the client's name, or the address"),
  sujet: z.string(),
  message: z.string(),
  nbEnvoyes: z.number().int().describe('mails sent'),
  nbEnAttente: z.number().int().describe('mails waiting to be sent (or retried)'),
  nbEchecs: z.number().int().describe('mails that failed for good'),
  nbSansEmail: z.number().int().describe('clients not reached (no address for the channel)'),
  nbEmailsEnvoyes: z.number().int().describe('e-mails sent'),
  nbSms: z.number().int().describe('SMS queued for the message'),
  nbSmsEnvoyes: z.number().int().describe('SMS accepted by the gateway'),
  nbSmsRemis: z.number().int().describe('SMS delivered (receipt DELIVERED)'),
  nbSmsNonRemis: z.number().int().describe('SMS undelivered or expired (receipt)'),
  nbDesinscrits: z.number().int().describe("SMS not sent: the number answered 'STOP'"),
  auteurID: record({ nom: z.string(), prenoms: z.string() }).nullable(),
  agenceID: record({ libelle: z.string() }).nullable(),
});

/**
 * The answer of message/sendbyEmail, whatever the address (docs/api-contract.md "Messaging"): true for a mail queued
 * as for an address dropped, where 'Message envoyé' would not be.
 */
const MESSAGE_ACCEPTED = 'Message pris en compte.';

/** The messaging routes. */
export async function messageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/message/sendbyEmail',
      { schema: { tags: ['message'], body: messageBody, response: answers({ 200: messageAnswer }) } },
      async (request) => {
        // The same answer whether or not the address gets a mail (service.ts sendMessage; docs/api-contract.md
        // "Messaging"): the call must not tell which addresses exist or belong to another agency.
        await sendMessage(db, request.body, currentUser(request));
        return { success: true, message: MESSAGE_ACCEPTED };
      },
    )
    .get(
      '/api/message/liste',
      { schema: { tags: ['message'], querystring: listQuerySchema, response: answers({ 200: listAnswer('datas', messageRecord) }) } },
      async (request) => {
        const { rows, total } = await runList(db, messageList(currentUser(request)), request.query as Record<string, unknown>);
        return { success: true, datas: toApi(rows), total };
      },
    );
}
