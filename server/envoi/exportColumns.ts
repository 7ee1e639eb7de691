/**
 * The columns of the departures export (docs/decisions/list-exports.md), as the departures list shows them
 * (src/departs/DepartList.tsx).
 */
import { exportColumns, type ExportDef } from '../http/export';

/** departs-{date}.csv / .xlsx */
export const envoiExport: ExportDef = {
  name: 'departs',
  sheet: 'Départs',
  columns: exportColumns(
    ['Référence', 'reference'],
    ["Date d'ajout", 'createdAt', 'date'],
    ["Mode d'envoi", 'modeEnvoiID.libelle'],
    ['Date de départ', 'dateDebut', 'date'],
    ["Date d'arrivée", 'dateArrive', 'date'],
    ['Date de clôture', 'dateFin', 'date'],
    ["Pays d'origine", 'paysEmetteurID.libelle'],
    ['Pays de destination', 'paysID.libelle'],
    ['Contenu', 'contenu'],
    ['Poids global (kg)', 'poids', 'number'],
    ['Poids réel', 'poidsReel', 'number'],
    ['Poids disponible', 'poidsDisponible', 'number'],
    ['Actif', 'isActive', 'boolean'],
    ['Statut', 'statutID.libelle'],
  ),
};
