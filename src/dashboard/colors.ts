/** Colours of the dashboard's statuses and payment states (cards, donuts and their legends share them). */
import type { PaiementState } from '../../common/dashboard';

export const COLIS_STATUT_COLORS: Record<string, string> = {
  EN_ATTENTE: '#ef6c00',
  RECEPTIONNE: '#1565c0',
  EN_COURS_ENVOI: '#00838f',
  EXPEDIE: '#6a1b9a',
  RETIRE: '#2e7d32',
  LIVRE: '#827717',
};

export const ENVOI_STATUT_COLORS: Record<string, string> = {
  OUVERT: '#2e7d32',
  EN_COURS_ENVOI: '#00838f',
  ARRIVE: '#6a1b9a',
  CLOTURE: '#616161',
};

export const PAIEMENT_COLORS: Record<PaiementState, string> = {
  SOLDE: '#2e7d32',
  PARTIEL: '#ef6c00',
  ATTENTE: '#c62828',
};
