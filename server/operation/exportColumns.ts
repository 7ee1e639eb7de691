/**
 * The columns of the operations export (docs/decisions/list-exports.md), as the operations list shows them
 * (src/operation/OperationList.tsx).
 */
import { exportColumns, type ExportDef } from '../http/export';

/** operations-{date}.csv / .xlsx */
export const operationExport: ExportDef = {
  name: 'operations',
  sheet: 'Opérations',
  columns: exportColumns(
    ['Date', 'date', 'date'],
    [
      'Utilisateur',
      (r) => {
        const u = r.userID as { nom?: string | null; prenoms?: string | null } | null;
        return u ? [u.nom, u.prenoms].filter(Boolean).join(' ') : '';
      },
    ],
    ['Motif', 'motif.libelle'],
    ['Type', 'type'],
    ['Montant', 'montant', 'montant', 'devise'],
    ['Devise', 'devise'],
    ['Description', 'description'],
    ['Agence', 'agenceID.libelle'],
    ['Statut', (r) => (r.isActive ? 'Actif' : 'Annulée')],
  ),
};
