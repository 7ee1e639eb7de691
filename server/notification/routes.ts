/** Notifications (spec 000 §7): a notice from staff to the sender or the recipient of a parcel. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import { requiredId, requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { answers, messageAnswer } from '../http/answer';
import { createNotification } from './service';

const notificationBody = z.object({
  message: requiredText('Le message est obligatoire', 1000),
  receiverID: requiredId('Le destinataire est obligatoire'),
  colisID: requiredId('Le colis est obligatoire'),
});
export type NotificationInput = z.infer<typeof notificationBody>;

/** The notification route. */
export async function notificationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/notification/create',
      { schema: { tags: ['notification'], body: notificationBody, response: answers({ 200: messageAnswer }) } },
      async (request) => {
        await createNotification(db, request.body, currentUser(request));
        return { success: true, message: 'Notification envoyée' };
      },
    );
}
