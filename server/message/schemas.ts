/**
 * Request schemas of the messaging routes (message/routes.ts): the body a client sends to message/sendbyEmail, as zod
 * validates it, and the input type message/service.ts takes. The answers' schemas stay in routes.ts.
 */
import { z } from 'zod';
import { requiredText } from '../crud/fields';

/** Body of message/sendbyEmail: a text message to one address. */
export const messageBody = z.object({
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
  subject: requiredText("L'objet est obligatoire", 200),
  htmlContent: requiredText('Le message est obligatoire', 10_000),
});
export type MessageInput = z.infer<typeof messageBody>;
