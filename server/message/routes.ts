/**
 * Messaging (spec 000 §7, 001 §7): a text message from a member of staff, sent by e-mail (key addMessage). The
 * rules are in message/service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import { requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { answers, messageAnswer } from '../http/answer';
import { sendMessage } from './service';

const messageBody = z.object({
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
  subject: requiredText("L'objet est obligatoire", 200),
  htmlContent: requiredText('Le message est obligatoire', 10_000),
});
export type MessageInput = z.infer<typeof messageBody>;

/** The messaging route. */
export async function messageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/message/sendbyEmail',
      { schema: { tags: ['message'], body: messageBody, response: answers({ 200: messageAnswer }) } },
      async (request) => {
        await sendMessage(db, request.body, currentUser(request));
        return { success: true, message: 'Message envoyé avec succès' };
      },
    );
}
