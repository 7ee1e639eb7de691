/**
 * French texts of a departure's manifest and parcel labels (docs/decisions/departure-manifest.md): the two
 * buttons of a departure row, the progress dialog, and what the two PDFs print. Merged into
 * `resources.depart.manifest` by src/i18n/fr.ts; the PDF builders (src/departs/manifest/manifestPdf.ts, run in a Web
 * Worker) import this file alone.
 */
export const manifestFr = {
  action: {
    manifest: 'Manifeste (PDF)',
    labels: 'Étiquettes (PDF)',
    cancel: 'Annuler',
  },
  progress: {
    title_manifest: 'Manifeste du départ %{reference}',
    title_labels: 'Étiquettes du départ %{reference}',
    loading: 'Chargement des colis… %{done} / %{total}',
    manifest: 'Génération du manifeste… %{done} / %{total}',
    labels: 'Génération des étiquettes… %{done} / %{total}',
    saving: 'Enregistrement du fichier…',
  },
  notifications: {
    empty: "Ce départ n'a aucun colis.",
    error: 'Erreur lors de la génération du PDF',
    cancelled: 'Génération annulée.',
  },
  pdf: {
    title: 'MANIFESTE DE DÉPART',
    departure: 'Départ',
    mode: "Mode d'envoi",
    route: 'Trajet',
    dateDebut: 'Date de départ',
    dateArrive: 'Arrivée prévue',
    printed: 'Édité le',
    continued: 'Manifeste du départ %{reference} (suite)',
    reference: 'Référence',
    expediteur: 'Expéditeur',
    destinataire: 'Destinataire',
    natures: 'Natures',
    poids: 'Poids',
    montant: 'Montant',
    paiement: 'Paiement',
    paid: 'Payé',
    due: 'Dû %{amount}',
    totals: 'Totaux',
    count: 'Colis',
    poidsTotal: 'Poids total',
    volumeTotal: 'Volume total',
    montantTotal: 'Montant total',
    regle: 'Payé',
    reste: 'Reste dû',
    page: 'Page %{page} / %{pages}',
    label_destination: 'Destination',
    label_destinataire: 'Destinataire',
    label_poids: 'Poids',
    label_depart: 'Départ',
    label_retrait: 'Retrait : %{agence}',
    label_retrait_agence: 'Retrait en agence',
    label_domicile: 'Livraison à domicile',
    label_count: 'Colis %{index} / %{count}',
  },
};
