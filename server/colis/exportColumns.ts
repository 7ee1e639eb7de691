/**
 * The columns of the parcels export (docs/decisions/list-exports.md), as the parcels list shows them
 * (src/colis/ColisList.tsx).
 */
import { agences, colis, statuts } from '../db/schema';
import { exportColumns, type ExportDef } from '../http/export';

/** colis-{date}.csv / .xlsx: the list's columns, then the amounts and parties a back office reconciles with. */
export const colisExport: ExportDef = {
  name: 'colis',
  sheet: 'Colis',
  // The list's joined sort keys (colis/query.ts colisList sortColumns), walked on the parcels alone.
  joinedSorts: [
    [agences.libelle, colis.agenceID],
    [statuts.libelle, colis.statutID],
  ],
  // What the function columns below read.
  reads: [
    'expediteurID.nom',
    'expediteurID.prenoms',
    'destinataireID.nom',
    'destinataireID.prenoms',
    'destinataireID.telephoneComplet',
    'nomDestinataire',
    'prenomsDestinataire',
    'telephoneDestinataire',
    'isActive',
  ],
  columns: exportColumns(
    ['Référence', 'reference'],
    ["Date d'ajout", 'createdAt', 'date'],
    ['Contenu', 'detailsContenu'],
    ['Poids', 'poids', 'number'],
    ['Unité', 'unite'],
    ['Montant', 'montantTotal', 'montant', 'devise'],
    ['Réglé', 'reglement', 'montant', 'devise'],
    ['Reste à payer', 'resteAPayer', 'montant', 'devise'],
    // The currency of the three amounts before it, the parcel's (docs/decisions/currencies.md): their decimals.
    ['Devise', 'devise'],
    ['Agence émettrice', 'agenceID.libelle'],
    ['Départ', 'envoiID.reference'],
    ['Expéditeur', (r) => party(r.expediteurID)],
    ['Nom du destinataire', (r) => party(r.destinataireID) || [r.nomDestinataire, r.prenomsDestinataire].filter(Boolean).join(' ')],
    [
      'Téléphone du destinataire',
      (r) => (r.destinataireID as { telephoneComplet?: string } | null)?.telephoneComplet ?? r.telephoneDestinataire,
    ],
    ['Ville de destination', 'villeID.libelle'],
    ['Statut', 'statutID.libelle'],
    ['Etat', (r) => (r.isActive ? 'Actif' : 'Inactif')],
  ),
};

/** 'Nom Prénoms' of a populated client, '' when none. */
function party(p: unknown): string {
  const c = p as { nom?: string | null; prenoms?: string | null } | null;
  return c ? [c.nom, c.prenoms].filter(Boolean).join(' ') : '';
}
