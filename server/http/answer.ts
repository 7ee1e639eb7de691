/**
 * The answer envelope every API route declares (DESIGN.md §3): `success`, an optional French `message`, and the
 * call's own keys (`datas`, `data`, `envois`, `clients`, `total`…), kept as they are by the serializer.
 */
import { z } from 'zod';

export const apiAnswer = z.looseObject({
  success: z.boolean().describe('true when the call did what was asked'),
  message: z.string().optional().describe('French message to show'),
});

/** Response schemas of a route answering 200 (and optionally 202). */
export const answers = { 200: apiAnswer, 202: apiAnswer };
