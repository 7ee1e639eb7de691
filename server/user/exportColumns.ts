/**
 * The columns of the users and clients exports (docs/decisions/list-exports.md), as their lists show them
 * (src/user/UserList.tsx, src/clients/ClientsList.tsx).
 */
import { exportColumns, type ExportDef } from '../http/export';

/** utilisateurs-{date}.csv / .xlsx */
export const staffExport: ExportDef = {
  name: 'utilisateurs',
  sheet: 'Utilisateurs',
  columns: exportColumns(
    ['Nom', 'nom'],
    ['Prénoms', 'prenoms'],
    ['Email', 'email'],
    ['Adresse', 'adresse'],
    ['Téléphone', 'telephoneComplet'],
    ['Pays', 'paysID.libelle'],
    ['Agence', 'agenceID.libelle'],
    ['Rôle', 'roleID.libelle'],
    ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
    ["Date d'ajout", 'createdAt', 'date'],
  ),
};

/** clients-{date}.csv / .xlsx */
export const clientExport: ExportDef = {
  name: 'clients',
  sheet: 'Clients',
  columns: exportColumns(
    ['Nom', 'nom'],
    ['Prénoms', 'prenoms'],
    ['Téléphone', 'telephoneComplet'],
    ['Email', 'email'],
    ['Adresse', 'adresse'],
    ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
    ["Date d'ajout", 'createdAt', 'date'],
  ),
};
