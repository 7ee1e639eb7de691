/**
 * The payment's request body and dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §7
 * encaissement/create): the body the server's route validates (server/encaissement/routes.ts) and the schema of the
 * make-payment dialog (src/encaissements/MakeEncaissementDialog.tsx), built from the same fields so the rule and its
 * French message are written once.
 */
import { z } from 'zod';
import { COLLECTION_PAYER, PAYMENT_BY } from '../colisRules';
import { moneyEuros, requiredId } from './fields';

/** The spec's text of a missing payment mode (000 §5 "Make payment"). */
const MODE_PAIEMENT_REQUIRED = 'Veuillez remplir tous les champs obligatoire.';

/** The payment mode of a collection: required. */
const modePaiementID = requiredId(MODE_PAIEMENT_REQUIRED);

/** The amount collected, in euros: above 0, rounded half away from zero to the cent (1.005 → 1.01). */
const montantEncaisse = moneyEuros('Le montant encaissé', { positive: true });

/** Body of encaissement/create (montantRestant, sent by the spec's client, is recomputed and ignored). */
export const encaissementBody = z.object({
  colisID: requiredId('Le colis est obligatoire'),
  modePaiementID,
  paymentby: z.enum(PAYMENT_BY).default(COLLECTION_PAYER),
  montantEncaisse: montantEncaisse.optional(),
  montantRestant: z.unknown().optional(),
});
export type EncaissementInput = z.infer<typeof encaissementBody>;

/**
 * The make-payment dialog's form (spec 000 §5 "Make payment"): the payment mode, required ('Veuillez remplir tous les
 * champs obligatoire.'), and the amount collected, which is the parcel's whole remaining amount (euros, as the list
 * gives it: '25.75' or a number) and must be above 0. The debtor is fixed (COLLECTION_PAYER) and not part of the form.
 */
export const encaissementFormSchema = z.object({ modePaiementID, montantEncaisse });

/** The dialog's values as the inputs give them ('' while no mode is chosen). */
export type EncaissementFormValues = z.input<typeof encaissementFormSchema>;
