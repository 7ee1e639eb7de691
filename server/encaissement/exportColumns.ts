/**
 * The columns of the payments export (docs/decisions/list-exports.md), as the payments list shows them
 * (src/encaissements/EncaissementsList.tsx).
 */
import { PAYMENT_BY_LIBELLES, type PaymentBy } from '../../common/colisRules';
import { encaissements, modesPaiement } from '../db/schema';
import { exportColumns, type ExportDef } from '../http/export';

/** encaissements-{date}.csv / .xlsx */
export const encaissementExport: ExportDef = {
  name: 'encaissements',
  sheet: 'Encaissements',
  // The list's joined sort key (encaissement/query.ts encaissementList sortColumns), walked on the payments alone.
  joinedSorts: [[modesPaiement.libelle, encaissements.modePaiementID]],
  // What the function columns below read.
  reads: ['paymentby', 'auteurID.nom', 'auteurID.prenoms', 'isActive'],
  columns: exportColumns(
    ['Mode de Paiement', 'modePaiementID.libelle'],
    ["Date d'ajout", 'createdAt', 'date'],
    // Who paid, as the list's 'Effectué par' says it.
    ['Effectué par', (r) => PAYMENT_BY_LIBELLES[r.paymentby as PaymentBy] ?? String(r.paymentby ?? '')],
    ['Montant encaissé', 'montantEncaisse', 'montant', 'devise'],
    ['Montant restant', 'montantRestant', 'montant', 'devise'],
    ['Colis', 'colisID.reference'],
    ['Montant du colis', 'colisID.montantTotal', 'montant', 'devise'],
    // The currency of the three amounts before it, the parcel's (docs/decisions/currencies.md): their decimals.
    ['Devise', 'devise'],
    // What was handed over when in another currency (empty otherwise), with that currency's decimals.
    ['Montant remis', 'montantTendu', 'montant', 'deviseTendue'],
    ['Devise remise', 'deviseTendue'],
    // The conversion difference a settling amount booked, in 'Devise' (docs/decisions/currencies.md "The last minor units").
    ['Écart de conversion', 'ecartConversion', 'montant', 'devise'],
    ['Agence', 'agenceID.libelle'],
    [
      'Encaissé par',
      (r) => {
        const a = r.auteurID as { nom?: string | null; prenoms?: string | null } | null;
        return a ? [a.nom, a.prenoms].filter(Boolean).join(' ') : '';
      },
    ],
    ['Statut', (r) => (r.isActive ? 'Actif' : 'Annulé')],
    // A refund (a negative amount, docs/decisions/refunds-and-cash.md): its reason; empty for a payment.
    ['Motif du remboursement', 'motif'],
  ),
};
