/**
 * Inventory records as the API answers them (docs/api-contract.md "Inventories"; spec 001 §3 Inventory: _id,
 * dateInventaire, auteur (nom, prenom), colisId (found), colisAttendus (expected), colisNonTrouve (not found); the
 * detail adds the unknown references scanned).
 */
import type { Ref } from '../providers/records';

/** A parcel of a statement or of the expected list. */
export interface InventaireColis {
  id: string;
  reference: string;
  createdAt: string;
  detailsContenu?: string;
  contenu?: string;
  poids: number;
  unite?: string;
  /** In `devise`. */
  montantTotal: number;
  /** The currency of the parcel's amounts, its departure's (ISO 4217); absent from an older answer: the euro. */
  devise?: string;
  nomDestinataire?: string | null;
  prenomsDestinataire?: string | null;
  telephoneDestinataire?: string | null;
  destinataireID?: { id: string; nom: string; prenoms: string; telephoneComplet?: string | null } | null;
  statutID: Ref;
  /** In a statement: expected at the agency when it was taken / scanned. */
  attendu?: boolean;
  trouve?: boolean;
}

/** A statement in the list: ids of the parcels; in the detail (`&id=`): the parcels themselves. */
export interface InventaireRecord<C = string> {
  id: string;
  _id?: string;
  dateInventaire: string;
  auteur: { id: string; nom: string; prenom: string; prenoms: string };
  agenceID: { id: string; code: string; libelle: string } | null;
  colisId: C[];
  colisAttendus: C[];
  colisNonTrouve: C[];
  /**
   * In the detail (`&id=`): the scanned references that matched no parcel the author could see, as typed (normalised).
   * Absent from the list, and from statements of an API that does not store them (the mock API).
   */
  referencesInconnues?: string[];
  /** In the detail: the scanned parcels of another agency of the statement's country (absent from older answers). */
  referencesHorsAgence?: HorsAgence[];
}

/**
 * What the server tells of one scanned reference (GET inventaire/verifier): a parcel of the user's scope with its
 * status, never its id; a parcel of another agency of the same country is HORS_AGENCE with that agency's name (null
 * when inactive); another country's agency's parcel is INCONNU like a reference of no parcel.
 */
export interface VerifiedReference {
  reference: string;
  etat: 'TROUVE' | 'NON_ATTENDU' | 'HORS_AGENCE' | 'INCONNU';
  colis: { reference: string; statut: string } | null;
  agence?: string | null;
}

/** A scanned parcel of another agency of the statement's country: its reference and that agency (null: inactive). */
export interface HorsAgence {
  reference: string;
  agence: string | null;
}

/** What POST inventaire/create answers under `data`. */
export interface InventaireCreated {
  id: string;
  dejaEnregistre: boolean;
  nbColisTrouves: number;
  nbColisAttendus: number;
  nbColisNonTrouves: number;
  nbColisNonAttendus: number;
  /** The unknown references, stored with the statement. */
  inconnues: string[];
  /** The scanned parcels of another agency of the same country (stored with the statement as typed too). */
  horsAgence?: HorsAgence[];
}
