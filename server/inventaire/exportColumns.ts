/**
 * The columns of the stock statements export (docs/decisions/list-exports.md), as their list shows them
 * (src/inventaire/InventaireList.tsx).
 */
import { BUSINESS_TIME_ZONE } from '../../common/dates';
import { exportColumns, type ExportDef } from '../http/export';

const heure = new Intl.DateTimeFormat('fr-FR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** inventaires-{date}.csv / .xlsx */
export const inventaireExport: ExportDef = {
  name: 'inventaires',
  sheet: 'Inventaires',
  columns: exportColumns(
    ['Date', 'dateInventaire', 'date'],
    ['Heure', (r) => (r.dateInventaire instanceof Date ? heure.format(r.dateInventaire) : '')],
    [
      'Auteur',
      (r) => {
        const a = r.auteur as { nom?: string | null; prenoms?: string | null } | null;
        return a ? [a.nom, a.prenoms].filter(Boolean).join(' ') : '';
      },
    ],
    ['Agence', 'agenceID.libelle'],
    ['Colis reçus', (r) => count(r.colisId), 'number'],
    ['Colis attendus', (r) => count(r.colisAttendus), 'number'],
  ),
};
