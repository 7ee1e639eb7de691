/**
 * Deletion requests of processed parcels (spec 000 §4 Parcel deletion; docs/decisions/deletion-requests.md): their
 * states, the French messages the API and the screens share, the body of colis/demandesSuppression/refuser/{id}
 * (server/colis/demandesSuppressionRoutes.ts) and the refusal dialog's rule (src/demandesSuppression/), written once.
 */
import { z } from 'zod';
import * as answer from './answer';
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

// ---------------------------------------------------------------- answers (server/colis/demandesSuppressionRoutes.ts)

/** A person of a request (requester, decider). */
const personne = answer.record({ nom: z.string(), prenoms: z.string() });

/** A request as the list answers it. */
const demandeRecord = answer.record({
  createdAt: answer.instant,
  etat: z.enum(DEMANDE_ETATS).describe('EN_ATTENTE, APPROUVEE (the parcel is deleted) or REFUSEE'),
  motif: z.string().nullable().describe("the requester's reason, optional"),
  decideAt: answer.instant.nullable(),
  motifRefus: z.string().nullable().describe('the reason of a refusal'),
  colisID: answer.record({
    reference: z.string(),
    deletedAt: answer.instant.nullable(),
    statutID: answer.codeLibelleRef,
    agenceID: answer.codeLibelleRef.describe("the parcel's registering agency"),
  }),
  demandeur: personne,
  agenceID: answer.codeLibelleRef.nullable().describe("the requester's agency when it asked"),
  decideur: personne.nullable(),
});

/** GET colis/demandesSuppression/liste: a page of requests and the rows matching. */
export const demandeListAnswer = answer.envelope({ datas: z.array(demandeRecord), total: z.number().int() });

/** The 409 of an approval: a request already decided, or a parcel that holds collected money (encaisse, devise). */
export const demandeDecisionRefusals = {
  409: answer.errorAnswer
    .extend({
      encaisse: answer.montant.optional().describe('what the parcel collected and holds (refund it first), in devise'),
      devise: answer.devise.optional().describe("the currency of encaisse, the parcel's"),
    })
    .describe('Règle métier : demande déjà traitée, colis qui a encaissé de l’argent'),
};
