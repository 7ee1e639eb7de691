/**
 * message/sendbyEmail (spec 000 §7, 001 §7): queues an e-mail in the outbox (DESIGN.md §4). Key addMessage.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { answers } from '../http/answer';

const body = z.object({
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
  subject: requiredText("L'objet est obligatoire", 200),
  htmlContent: requiredText('Le message est obligatoire', 50_000),
});

/** Registers message/sendbyEmail. */
export function registerMessageRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/message/sendbyEmail', { schema: { tags: ['message'], body, response: answers } }, async (request) => {
      await enqueueMail(db, { to: request.body.email, subject: request.body.subject, html: request.body.htmlContent });
      return { success: true, message: 'Message envoyé avec succès' };
    });
}
