/**
 * Texts of the 'Caisse' screen and of its PDF 'Arrêté de caisse' (key caisse, reopening caisseRouvrir;
 * docs/decisions/refunds-and-cash.md): the expected amounts of an agency's day per payment mode and currency, the
 * counted amounts and their differences, the closing, the history and the reopening. The rules' messages come from
 * common/schemas/caisse.ts (the API says the same).
 */
export default {
  name: 'Caisse |||| Caisses',
  menu: 'Caisse',
  page: {
    title: 'ARRÊTÉ DE CAISSE',
    breadcrumb: 'Caisse',
  },
  fields: {
    agence: 'Agence',
    date: 'Jour',
    mode: 'Mode de paiement',
    devise: 'Devise',
    attendu: 'Attendu',
    compte: 'Compté',
    ecart: 'Écart',
    commentaire: 'Commentaire',
  },
  form: {
    choose_agence: "Choisissez l'agence dont la caisse est arrêtée.",
    explication:
      'Attendu : les encaissements du jour moins les remboursements, par mode de paiement et devise reçue, et les opérations de caisse (entrées moins sorties). Saisissez le montant compté de chaque ligne : l’écart s’affiche aussitôt.',
    empty: 'Aucun encaissement ni opération de caisse ce jour pour cette agence : la caisse peut être clôturée à zéro.',
    closed: 'Caisse clôturée le %{date} par %{auteur}.',
    closed_comment: 'Commentaire : %{commentaire}',
    submit: 'Clôturer la caisse',
    confirm_title: 'Clôturer la caisse',
    confirm_content:
      'Clôturer la caisse du %{jour} pour « %{agence} » ? Les encaissements, remboursements et opérations de ce jour ne pourront plus être modifiés, sauf réouverture par un administrateur.',
    confirm_ecarts: 'Écarts : %{ecarts}.',
    pdf: 'Arrêté de caisse (PDF)',
  },
  historique: {
    title: 'Historique des clôtures',
    jour: 'Jour',
    agence: 'Agence',
    auteur: 'Clôturée par',
    createdAt: 'Clôturée le',
    ecarts: 'Écarts',
    etat: 'État',
    actions: 'Actions',
    cloturee: 'Clôturée',
    rouverte: 'Rouverte',
    rouverte_detail: 'Rouverte le %{date} par %{auteur} : %{motif}',
    empty: 'Aucune clôture de caisse.',
    rouvrir: 'Rouvrir',
  },
  rouvrir: {
    title: 'Rouvrir la caisse du %{jour}',
    content:
      'La caisse du %{jour} pour « %{agence} » sera rouverte : les enregistrements de ce jour pourront de nouveau changer, puis la caisse être clôturée à nouveau. La clôture reste dans l’historique, marquée « Rouverte ».',
    motif: 'Motif de la réouverture',
    confirm: 'Rouvrir la caisse',
    cancel: 'Annuler',
  },
  /**
   * The conversion differences of the day's settling amounts (docs/decisions/currencies.md "The last minor units"):
   * in the parcels' currencies, counted in no line (the drawer holds what was received).
   */
  conversion: {
    title: 'Arrondis de conversion des soldes',
    explication:
      'Écart entre la valeur au taux du jour des montants reçus dans une autre devise et le reste à payer qu’ils ont soldé, dans la devise des colis. Il n’entre dans aucune ligne : la caisse contient ce qui a été reçu.',
  },
  /** The PDF's own texts; its labels are those of the screen (fields, historique, page.title). */
  pdf: {
    totaux: 'Écarts par devise',
    aucun_commentaire: 'Aucun commentaire',
    aucune_ligne: 'Aucun encaissement ni opération ce jour.',
    signatures: 'Signatures',
    caissier: 'Caissier',
    responsable: 'Responsable',
    edite: 'Édité le %{date}',
    page: 'Page %{page} / %{pages}',
  },
  /** The successes of closing and reopening are the API's message (common/schemas/caisse.ts CAISSE_MESSAGES). */
  notifications: {
    close_error: 'Erreur lors de la clôture de la caisse',
    reopen_error: 'Erreur lors de la réouverture de la caisse',
    pdf_error: "Erreur lors de la génération de l'arrêté de caisse",
  },
};
