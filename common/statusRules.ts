/**
 * Status rules of parcels: the one place both the server (which enforces them) and the UI (which enables buttons)
 * read. Spec 000 §4 "Parcel statuses"; DESIGN.md §4. The departures' are in common/envoiRules.ts.
 */
import type { StatutCode } from './statuts';

/** Parcel statuses in which the parcel may still be edited or directly deleted (spec 000 §4). */
export const COLIS_EDITABLE: readonly StatutCode[] = ['EN_ATTENTE'];

/** Parcel statuses a departure's 'en cours d'envoi' cascade moves (everything not yet shipped). */
export const COLIS_BEFORE_SHIPPING: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE'];
