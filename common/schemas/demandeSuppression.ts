/**
 * Deletion requests of processed parcels (spec 000 §4 Parcel deletion; docs/decisions/deletion-requests.md): their
 * states, the French messages the API and the screens share, the body of colis/demandesSuppression/refuser/{id}
 * (server/colis/demandesSuppressionRoutes.ts) and the refusal dialog's rule (src/demandesSuppression/), written once.
 */
import { z } from 'zod';
import { requiredText } from './fields';

/** The states of a request: waiting for a decision, approved (the parcel is deleted), refused (with a reason). */
export const DEMANDE_ETATS = ['EN_ATTENTE', 'APPROUVEE', 'REFUSEE'] as const;
export type DemandeEtat = (typeof DEMANDE_ETATS)[number];

/** The French messages of the deletion requests (answers, notifications and the form's errors). */
export const DEMANDE_SUPPRESSION_MESSAGES = {
  motifRefusRequis: 'Le motif du refus est obligatoire',
  introuvable: 'Demande de suppression introuvable.',
  autreAgence: "Cette demande concerne un colis d'une autre agence.",
  dejaTraitee: 'Cette demande de suppression a déjà été traitée.',
  approuvee: 'Demande approuvée : le colis a été supprimé.',
  refusee: 'Demande de suppression refusée.',
  etatInvalide: 'État invalide : EN_ATTENTE, APPROUVEE ou REFUSEE',
} as const;

/** The longest refusal reason, in characters. */
const MOTIF_MAX = 500;

/** Body of POST colis/demandesSuppression/refuser/{id}: the reason, required (trimmed, 1–500 characters). */
export const demandeRefusBody = z.strictObject({
  motif: requiredText(DEMANDE_SUPPRESSION_MESSAGES.motifRefusRequis, MOTIF_MAX),
});

/** The `etat` filter of the list: one state, or several separated by commas. */
export const demandeEtatFiltre = z
  .string()
  .max(60)
  .refine((v) => v.split(',').every((e) => (DEMANDE_ETATS as readonly string[]).includes(e)), DEMANDE_SUPPRESSION_MESSAGES.etatInvalide)
  .optional();
