/**
 * Texts of the deletion requests (key colisDeleteApprouver; docs/decisions/deletion-requests.md): the list 'Demandes
 * de suppression', its approve and refuse actions, the menu's badge, and what the agent reads on the parcel.
 */
export default {
  name: 'Demande de suppression |||| Demandes de suppression',
  menu: 'Demandes de suppression',
  badge: '%{smart_count} demande en attente |||| %{smart_count} demandes en attente',
  fields: {
    createdAt: 'Date de la demande',
    colisID: 'Colis',
    agence: 'Agence',
    demandeur: 'Demandé par',
    etat: 'État',
    decision: 'Décision',
    motifRefus: 'Motif du refus',
  },
  etats: {
    EN_ATTENTE: 'En attente',
    APPROUVEE: 'Approuvée',
    REFUSEE: 'Refusée',
  },
  filters: {
    all: 'Tous les états',
  },
  page: {
    list: 'DEMANDES DE SUPPRESSION',
  },
  action: {
    approve: 'Approuver',
    refuse: 'Refuser',
    cancel: 'Annuler',
  },
  confirm: {
    approve_title: 'Approuver la suppression',
    approve: 'Voulez-vous approuver la demande et supprimer le colis %{reference} ? Cette suppression est définitive.',
    refuse_title: 'Refuser la suppression du colis %{reference}',
    refuse_help: "Le motif est montré à l'agent qui a demandé la suppression.",
  },
  values: {
    supprime: 'Colis supprimé',
    decision: 'Par %{nom} le %{date}',
    motif: 'Motif : %{motif}',
    demande: 'Demandée le %{date} par %{nom} (%{agence})',
  },
  notifications: {
    approved: 'Demande approuvée : le colis a été supprimé.',
    refused: 'Demande de suppression refusée.',
    error: 'Une erreur est survenue. Veuillez réessayer.',
  },
  colis: {
    attente_title: 'Demande de suppression en attente',
    attente: 'Demande envoyée aux administrateurs le %{date} par %{nom} : en attente de leur décision.',
    refusee_title: 'Demande de suppression refusée',
    refusee: 'Refusée par %{nom} le %{date}.',
    motif: 'Motif : %{motif}',
  },
};
