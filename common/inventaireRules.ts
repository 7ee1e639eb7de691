/**
 * Rules of stock inventories (spec 001 §2 'Etats de stocks', §3 Inventory, §9 status filter codes; docs/api-contract.md
 * "Inventories"), shared by the server (which computes the expected parcels and stores the statement:
 * server/inventaire/) and the scanning screen (src/inventaire/): which parcels an agency should hold on its shelves,
 * how a scanned reference is read, and what a scan means.
 */
import { COLIS_BEFORE_SHIPPING, COLIS_STATUT_ARRIVED } from './colisRules';
import type { StatutCode } from './statuts';

/**
 * Statuses of a parcel expected at the agency that registered it: registered there and not yet shipped
 * (EN_ATTENTE, RECEPTIONNE: the departure has not left yet).
 */
export const INVENTAIRE_ATTENDU_ORIGINE: readonly StatutCode[] = COLIS_BEFORE_SHIPPING;

/**
 * Status of a parcel expected at the agency of its destination city: arrived there (its departure arrived, EXPEDIE)
 * and not yet handed over (RETIRE or LIVRE end its stay).
 */
export const INVENTAIRE_ATTENDU_DESTINATION: StatutCode = COLIS_STATUT_ARRIVED;

/** The status filter of the 'Etats de stocks' list (spec 001 §9), in the parcels' life order. */
export const INVENTAIRE_STATUT_FILTER: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE'];

/** At most this many references in one statement (a shelf is counted in one go; the body stays small). */
export const INVENTAIRE_MAX_REFERENCES = 5000;

/** Longest reference accepted from a scan (parcel references are about 16 characters). */
export const INVENTAIRE_REFERENCE_MAX = 64;

/**
 * A scanned or typed reference as it is compared: outer spaces dropped, inner spaces and control characters removed,
 * upper case (references are upper case: 'PAR1-2611-000123'; the receipt's QR code holds the reference alone).
 * @returns '' when nothing is left
 */
export function normalizeReference(raw: string | null | undefined): string {
  return Array.from(String(raw ?? ''))
    .filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f && !/\s/.test(ch))
    .join('')
    .toUpperCase();
}

/**
 * What one scan means on the scanning screen: TROUVE (an expected parcel), NON_ATTENDU (a parcel of the user's agency
 * scope that is not expected at this agency now), HORS_AGENCE (a parcel of another agency of the same country, outside
 * the user's scope: 'hors de votre agence', its agency named; docs/decisions/inventory-other-agency.md), INCONNU (no
 * parcel the user may see has this reference: none, a deleted one, or another country's agency's outside the user's
 * scope), DEJA_SCANNE (scanned before in this inventory), A_VERIFIER (not checked yet: the connection dropped; checked
 * again when it comes back). HORS_AGENCE and INCONNU references are stored with the statement as typed.
 */
export type ScanEtat = 'TROUVE' | 'NON_ATTENDU' | 'HORS_AGENCE' | 'INCONNU' | 'DEJA_SCANNE' | 'A_VERIFIER';

/** Messages of the inventory rules (the server's refusals and the screen's texts share them). */
export const INVENTAIRE_MESSAGES = {
  created: 'Inventaire enregistré avec succès',
  agenceRequise: "Choisissez l'agence inventoriée.",
  sansAgence: "Votre compte n'est rattaché à aucune agence : vous ne pouvez pas faire d'inventaire.",
  notFound: 'Inventaire introuvable.',
  autreAgence: 'Cet inventaire appartient à une autre agence.',
  idDejaPris: 'Cet identifiant d’inventaire est déjà utilisé.',
} as const;
