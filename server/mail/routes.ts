/**
 * The outbox screen ('Boîte d'envoi', key mailOutbox): the list of mails with their delivery status
 * (mail/liste, agency-scoped: query.ts mailScope) and sending a failed one again (mail/retry/{id}, ADMIN). Delivery:
 * server/outbox/ (queue.ts and the channels' drivers).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CANAUX } from '../../common/canal';
import type { Db } from '../db/client';
import { answers, instant, listAnswer, messageAnswer, record } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { mailExport } from './exportColumns';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { mailList } from './query';
import { retryMail } from './service';

/** A mail of the outbox as mail/liste answers it (no body). */
const mailRecord = record({
  createdAt: instant,
  to: z.string(),
  subject: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: instant.describe('next attempt of a PENDING mail'),
  sentAt: instant.nullable(),
  canal: z.enum(CANAUX).describe("'sms': `to` is the E.164 number (docs/decisions/sms-channel.md)"),
  delivery: z
    .enum(['DELIVERED', 'UNDELIVERED', 'EXPIRED', 'OPTED_OUT'])
    .nullable()
    .describe('SMS: delivery receipt state after SENT, or OPTED_OUT (never sent: STOP)'),
  deliveryAt: instant.nullable(),
  smsParts: z.number().int().nullable().describe('SMS: parts announced'),
  enCours: z.boolean().describe('a worker is sending it now'),
  messageID: record({ sujet: z.string() }).nullable().describe('the message it belongs to'),
});

/** The outbox routes. */
export async function mailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];

  r.get(
    '/api/mail/liste',
    { schema: { tags, querystring: listQuerySchema, response: answers({ 200: listAnswer('datas', mailRecord) }) } },
    async (request, reply) => {
      // Agency scope (query.ts mailScope); request.user is set by plugins/access.ts on this key-guarded route.
      const list = mailList({ allAgences: request.user?.allAgences ?? false, agenceID: request.user?.agenceID ?? null });
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, mailExport);
      const { rows, total } = await runList(db, list, request.query as Record<string, unknown>);
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.post(
    '/api/mail/retry/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: messageAnswer }),
      },
    },
    async (request) => {
      // request.user is set by plugins/access.ts on this key-guarded route (auth/currentUser.ts is not imported here:
      // auth queues its mails through this folder).
      await retryMail(db, request.params.id, { allAgences: request.user?.allAgences ?? false });
      return { success: true, message: "E-mail remis en file d'envoi." };
    },
  );
}
