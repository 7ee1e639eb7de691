/**
 * Request schemas of the payment routes (encaissement/routes.ts): the body a client sends to encaissement/create, as
 * zod validates it, and the input type encaissement/service.ts takes. The answers' schemas stay in routes.ts.
 */
import { z } from 'zod';
import { COLLECTION_PAYER, PAYMENT_BY } from '../../common/colisRules';
import { moneyEuros, requiredId } from '../crud/fields';

/** Body of encaissement/create (montantRestant, sent by the spec's client, is recomputed and ignored). */
export const encaissementBody = z.object({
  colisID: requiredId('Le colis est obligatoire'),
  modePaiementID: requiredId('Veuillez remplir tous les champs obligatoire.'),
  paymentby: z.enum(PAYMENT_BY).default(COLLECTION_PAYER),
  montantEncaisse: moneyEuros('Le montant encaissé', { positive: true }).optional(),
  montantRestant: z.unknown().optional(),
});
export type EncaissementInput = z.infer<typeof encaissementBody>;
