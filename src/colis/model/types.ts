/**
 * Shapes of the parcel (colis) records as the API answers them (spec 000 §3 Parcel, History, Payment;
 * docs/api-contract.md "Parcels and payments"). References come back populated one level.
 */

import type { Answered } from '../../../common/schemas/answer';
import type { historiqueRecord } from '../../../common/schemas/colis';
import type { Ref } from '../../providers/records';
import type { Envoi } from '../../kit/EnvoiCards';

export type { Envoi, Ref };

/** A client (sender or recipient) as populated on a parcel, or found by phone (user/getByTelephone). */
export interface ClientRef {
  id: string;
  nom?: string | null;
  prenoms?: string | null;
  telephone?: string | null;
  telephoneComplet?: string | null;
  email?: string | null;
  adresse?: string | null;
}

/** A parcel of colis/liste, colis/getBy and colis/getByReference (amounts in `devise`, weights in kg). */
export interface ColisRecord {
  id: string;
  reference: string;
  createdAt?: string;
  updatedAt?: string;
  dateDepot?: string | null;
  dateEnvoi?: string | null;
  detailsContenu?: string | null;
  contenu?: string | null;
  poids?: number | string | null;
  unite?: string | null;
  montant?: number | string | null;
  montantLivraison?: number | string | null;
  montantExpedition?: number | string | null;
  montantComplementaire?: number | string | null;
  montantTotal?: number | string | null;
  reglement?: number | string | null;
  resteAPayer?: number | string | null;
  /** The currency of every amount of the parcel, its departure's (ISO 4217; docs/decisions/currencies.md). */
  devise?: string | null;
  observation?: string | null;
  adresseLivraison?: string | null;
  NumeroSaisi?: string | null;
  isActive?: boolean;
  nomDestinataire?: string | null;
  prenomsDestinataire?: string | null;
  emailDestinataire?: string | null;
  adresseDestinataire?: string | null;
  telephoneDestinataire?: string | null;
  statutID?: Ref | null;
  envoiID?: (Ref & { reference?: string; paysID?: string; paysEmetteurID?: string; modeEnvoiID?: string }) | null;
  agenceID?: (Ref & { telephoneComplet?: string | null }) | null;
  villeID?: (Ref & { paysID?: string }) | null;
  modeEnvoiID?: Ref | null;
  modeLivraisonID?: Ref | null;
  expediteurID?: ClientRef | null;
  destinataireID?: ClientRef | null;
  /** colis/getBy only: the nature lines. */
  naturesColis?: {
    natureColisID: string | Ref;
    poids: number | string;
    prixUnitaire?: number | string | null;
    prixExceptionnel?: number | string | null;
    prixTotal?: number | string | null;
  }[];
}

/** A nature line of colis/getByReference (natureColisDetails). */
export interface ColisNatureDetail {
  id?: string;
  poids: number | string;
  unitePoid?: string | null;
  prixUnitaire?: number | string | null;
  prixExceptionnel?: number | string | null;
  prixTotal?: number | string | null;
  natureColisID?: { id?: string; code?: string; libelle?: string } | null;
}

/** One status history entry (colis/getHistoriqueByReference), newest first; a payment's or a refund's carries `paiement`
 * and its French line `libelle` (docs/decisions/payment-history.md). */
export type HistoriqueEntry = Answered<typeof historiqueRecord>;
