/**
 * Status codes of departures and parcels (docs/architecture.md §4, spec 000 §4). One table holds them all;
 * code, never a fixed id, selects one. EN_ATTENTE and EN_COURS_ENVOI are shared by both.
 */
export const STATUTS = [
  { code: 'EN_ATTENTE', libelle: 'En attente' },
  { code: 'OUVERT', libelle: 'Ouvert' },
  { code: 'EN_COURS_ENVOI', libelle: "En cours d'envoi" },
  { code: 'ARRIVE', libelle: 'Arrivé' },
  { code: 'CLOTURE', libelle: 'Clôturé' },
  { code: 'RECEPTIONNE', libelle: 'Réceptionné' },
  { code: 'EXPEDIE', libelle: 'Expédié' },
  { code: 'RETIRE', libelle: 'Retiré' },
  { code: 'LIVRE', libelle: 'Livré' },
] as const;

export type StatutCode = (typeof STATUTS)[number]['code'];
