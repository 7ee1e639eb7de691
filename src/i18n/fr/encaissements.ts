/**
 * French texts of the collections list (spec 001 §2 "Collections list: Mode de Paiement, Date d'ajout, Effectué par,
 * Montant encaissé, Montant restant, Détails colis (opens a popup), Actions; ADMIN has an agency filter", §8
 * "Collections popup, parcel not found: 'Erreur' / 'Colis non trouvé'", "Status change failure: 'Echec lors du
 * changement !' (… collections)"); the refunds (docs/decisions/refunds-and-cash.md), also as the receipt prints them. Merged into
 * `resources.encaissements` by src/i18n/fr.ts.
 */
export default {
  name: 'Encaissement |||| Encaissements',
  fields: {
    modePaiementID: 'Mode de Paiement',
    createdAt: "Date d'ajout",
    paymentby: 'Effectué par',
    montantEncaisse: 'Montant encaissé',
    montantRestant: 'Montant restant',
    colisID: 'Détails colis',
    isActive: 'Statut',
  },
  page: {
    list: 'LISTE DES ENCAISSEMENTS',
  },
  filters: {
    agence: 'Agence',
    all_agencies: 'Toutes les agences',
  },
  paymentby: {
    expediteur: 'Expéditeur',
    destinateur: 'Destinataire',
    partiel: 'Partiel',
  },
  /** What a payment tendered in another currency was handed over as, under its amount (list and payment details). */
  montant_remis: 'remis : %{montant}',
  /** The conversion difference a settling amount booked (docs/decisions/currencies.md "The last minor units"). */
  ecart_conversion: 'arrondi du solde : %{ecart}',
  /** How the Statut and delete confirmations name a payment. */
  record_name: "l'encaissement de %{montant} du colis %{reference}",
  colis: {
    title: 'Détails du colis',
    open: 'Voir les détails du colis %{reference}',
    reference: 'Référence',
    montantTotal: 'Montant total',
    reglement: 'Montant réglé',
    resteAPayer: 'Reste à payer',
    deleted: 'colis supprimé',
    deleted_on: 'Ce colis a été supprimé le %{date} ; ses encaissements restent visibles.',
    show: 'Voir le colis',
    close: 'Fermer',
    not_found_title: 'Erreur',
    not_found: 'Colis non trouvé',
  },
  notifications: {
    delete_error: "une erreur s'est produite pendant la suppression",
  },
  /** Refunds (docs/decisions/refunds-and-cash.md): the row action, its dialog and how the list shows a refund. */
  refund: {
    action: 'Rembourser',
    title: 'Rembourser un encaissement',
    montantEncaisse: 'Montant encaissé',
    remboursable: 'Reste remboursable',
    montant: 'Montant remboursé',
    deviseTendue: 'Devise rendue',
    /** The value in the payment's currency of an amount given back in the one it was received in. */
    equivalent: 'Équivalent : %{montant}',
    modePaiementID: 'Mode de paiement',
    motif: 'Motif du remboursement',
    submit: 'Rembourser',
    cancel: 'Annuler',
    success: 'Remboursement enregistré.',
    failure: "Le remboursement n'a pas pu être enregistré.",
    label: 'Remboursement',
    rembourse: 'remboursé : %{montant}',
    /** The line under a refund on the parcel's receipt. */
    recu_motif: 'Motif : %{motif}',
  },
};
