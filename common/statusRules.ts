/**
 * Status transitions of departures and parcels: the one place both the server (which enforces them) and the UI
 * (which enables buttons) read. Spec 000 §4 "Departure statuses" and "Parcel statuses"; DESIGN.md §4.
 */
import type { PermissionKey } from './permissions';
import type { StatutCode } from './statuts';

/** Departure: target status → the statuses it may be reached from, and the permission key of the action. */
export const ENVOI_TRANSITIONS: Readonly<
  Partial<Record<StatutCode, { from: readonly StatutCode[]; key: PermissionKey; libelle: string }>>
> = {
  EN_COURS_ENVOI: { from: ['OUVERT', 'CLOTURE'], key: 'enCoursEnvoiDepart', libelle: "Marquer en cours d'envoi" },
  ARRIVE: { from: ['EN_COURS_ENVOI'], key: 'arriveDepart', libelle: 'Départ arrivé' },
  CLOTURE: { from: ['EN_ATTENTE', 'OUVERT', 'EN_COURS_ENVOI', 'ARRIVE'], key: 'clotureDepart', libelle: 'Clôturer' },
};

/** Whether a departure in status `from` may move to `to`. */
export function canMoveEnvoi(from: string, to: string): boolean {
  const rule = ENVOI_TRANSITIONS[to as StatutCode];
  return !!rule && rule.from.includes(from as StatutCode);
}

/** Parcel statuses in which the parcel may still be edited or directly deleted (spec 000 §4). */
export const COLIS_EDITABLE: readonly StatutCode[] = ['EN_ATTENTE'];

/** Parcel statuses a departure's 'en cours d'envoi' cascade moves (everything not yet shipped). */
export const COLIS_BEFORE_SHIPPING: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE'];

/** Messages of the departure rules (spec 000 §4, §8). */
export const ENVOI_MESSAGES = {
  transitionRefused: (from: string, to: string) =>
    `Changement de statut impossible : un départ « ${from} » ne peut pas passer à « ${to} ».`,
  colisEnAttente:
    "Certains colis de ce départ sont encore en attente : l'arrivée du départ est impossible tant qu'ils ne sont pas traités.",
  hasColis: 'Ce départ contient des colis : il ne peut pas être supprimé.',
  hasDeletedColis:
    'Ce départ a porté des colis, supprimés depuis mais conservés avec leurs encaissements et leur historique : désactivez-le plutôt que de le supprimer.',
  arrived: 'votre colis est arrivé à destination',
  enCoursEnvoi: "votre colis est en cours d'envoi",
} as const;
