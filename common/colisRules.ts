/**
 * Rules of parcels (colis), shared by the server (which enforces them: server/colis/registration.ts and edit.ts,
 * server/encaissement/) and the UI (which shows or hides actions and checks the wizard: src/colis/colisRules.ts,
 * src/colis/wizardRules.ts). Spec 000 §4 "Parcel statuses", "Parcel payment", §5, §9; docs/architecture.md §4.
 * Functions take a status code ('' or undefined when unknown), never a status id.
 */
import { isPositiveMontant, type DecimalInput } from './money';
import { normalizeLabel } from './modes';
import type { StatutCode } from './statuts';

/** Parcel status codes in their life order (docs/architecture.md §4): the list filter's choices. */
export const COLIS_STATUT_CODES: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE', 'LIVRE'];

/** Parcel statuses in which the parcel may still be edited or directly deleted (spec 000 §4). */
export const COLIS_EDITABLE: readonly StatutCode[] = ['EN_ATTENTE'];

/** Whether a parcel in this status may be edited (and deleted without a one-time code). */
export function isColisEditable(statutCode: string | null | undefined): boolean {
  return COLIS_EDITABLE.includes(statutCode as StatutCode);
}

/** Parcel statuses not yet shipped: still at the registering agency (inventories, an agency's open parcels). */
export const COLIS_BEFORE_SHIPPING: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE'];

/**
 * Parcel statuses a departure's 'en cours d'envoi' moves to EN_COURS_ENVOI: only the parcels received at the counter.
 * EN_ATTENTE ones stay on the departure, waiting, until moved to another departure or received
 * (docs/decisions/departure-ships-received.md).
 */
export const COLIS_SHIPPED_WITH_DEPARTURE: readonly StatutCode[] = ['RECEPTIONNE'];

/** Parcel statuses that may be moved to another departure (colis/transferer): never received, EN_ATTENTE. */
export const COLIS_TRANSFERABLE: readonly StatutCode[] = ['EN_ATTENTE'];

/** Parcel statuses a departure's arrival moves to EXPEDIE (refused while one is still EN_ATTENTE, spec 000 §4). */
export const COLIS_ARRIVING: readonly StatutCode[] = ['RECEPTIONNE', 'EN_COURS_ENVOI'];

/** Status of a newly registered parcel: nothing settled yet (docs/architecture.md §4). */
export const COLIS_STATUT_REGISTERED: StatutCode = 'EN_ATTENTE';

/** Status a parcel takes when an advance is settled at registration or on edit: money received (docs/architecture.md §4). */
export const COLIS_STATUT_ADVANCE: StatutCode = 'RECEPTIONNE';

/** Whether a settled amount (reglement, euros) is an advance: above 0, exactly on cents; an unreadable amount is none. */
export function isAdvance(reglement: DecimalInput): boolean {
  return isPositiveMontant(reglement);
}

/** Parcel statuses in which no payment may be collected: EN_ATTENTE (no advance was received at registration). */
const COLIS_UNPAYABLE: readonly StatutCode[] = ['EN_ATTENTE'];

/** Whether a payment may be collected on a parcel in this status (money must still remain: the amount rules). */
export function isColisPayable(statutCode: string | null | undefined): boolean {
  return !!statutCode && !COLIS_UNPAYABLE.includes(statutCode as StatutCode);
}

/** Status of a parcel arrived at destination (its departure arrived), the only one that may be picked up or delivered. */
export const COLIS_STATUT_ARRIVED: StatutCode = 'EXPEDIE';

/** The ends of a parcel's journey: picked up at the agency (RETIRE) or delivered to the address (LIVRE). */
export const COLIS_FINISH_TARGETS = ['RETIRE', 'LIVRE'] as const satisfies readonly StatutCode[];
export type ColisFinishTarget = (typeof COLIS_FINISH_TARGETS)[number];

/** Whether a parcel in this status was handed over (RETIRE or LIVRE: it has a release record). */
export const isColisRemis = (statutCode: string | null | undefined) =>
  (COLIS_FINISH_TARGETS as readonly string[]).includes(statutCode ?? '');

/** Whether a parcel in this status may end its journey (EXPEDIE → RETIRE or LIVRE). */
export function canFinishColis(statutCode: string | null | undefined): boolean {
  return statutCode === COLIS_STATUT_ARRIVED;
}

/** Code of the agency pick-up delivery mode (seed: 'AGENCE'). */
const MODE_LIVRAISON_AGENCE_CODE = 'AGENCE';

/** Label of the agency pick-up mode as the spec writes it (spec 000 §9: 'Récupération en Agence ', trailing space). */
const MODE_LIVRAISON_AGENCE_LIBELLE = 'Récupération en Agence ';

/**
 * Whether a delivery mode is the agency pick-up, which has no delivery amount nor delivery address (spec 000 §5, §9).
 * One rule for both sides: the code 'AGENCE' (what the server used), or the spec's label 'Récupération en Agence '
 * (what the spec's client compared, and the UI with it), label compared without case, accents or outer spaces.
 * Codes are the stable identity (docs/architecture.md §4); the label keeps a mode created with another code recognised.
 */
export function isModeLivraisonAgence(mode: { code?: string | null; libelle?: string | null } | null | undefined): boolean {
  if (!mode) return false;
  return (
    normalizeLabel(mode.code).trim() === normalizeLabel(MODE_LIVRAISON_AGENCE_CODE) ||
    normalizeLabel(mode.libelle).trim() === normalizeLabel(MODE_LIVRAISON_AGENCE_LIBELLE).trim()
  );
}

/** Who pays a payment (spec 000 §3 paymentby: expediteur, destinateur; partiel appears in a hidden option). */
export const PAYMENT_BY = ['expediteur', 'destinateur', 'partiel'] as const;
export type PaymentBy = (typeof PAYMENT_BY)[number];

/** Who paid, as the screens and the exports say it ('Effectué par', 'Payé par'). */
export const PAYMENT_BY_LIBELLES: Readonly<Record<PaymentBy, string>> = {
  expediteur: 'Expéditeur',
  destinateur: 'Destinataire',
  partiel: 'Partiel',
};

/**
 * The payers a user chooses from (an advance in the parcel wizard, a later payment, the remainder collected at the end
 * of the journey): the spec's visible options.
 */
export const PAYMENT_BY_CHOICES: readonly PaymentBy[] = ['expediteur', 'destinateur'];

/** Payer of an advance at registration when none is given: the sender (spec 000 §5). */
export const ADVANCE_PAYER: PaymentBy = 'expediteur';

/** Payer of a collection after registration (make-payment dialog, pick-up or delivery): 'debtor fixed to destinateur' (spec 000 §8). */
export const COLLECTION_PAYER: PaymentBy = 'destinateur';

/** Messages of the parcel rules (spec 000 §4, §8), the same on both sides. */
export const COLIS_MESSAGES = {
  notEditable: 'Colis non modifiable !!',
  notPayable: "Encaissement impossible : le colis est en attente (aucun règlement n'a encore été reçu à l'enregistrement).",
  finishRefused: (to: ColisFinishTarget) =>
    `Seul un colis arrivé à destination (Expédié) peut être ${to === 'RETIRE' ? 'retiré' : 'livré'}.`,
} as const;
