/**
 * French texts of the dashboard 'TABLEAU DE BORD' (spec 000 §2 Dashboard, §8, §9 toast), merged into src/i18n/fr.ts
 * under the key `dashboard` (keys `dashboard.*`). The spec's own words where it gives them; the rest chosen in
 * docs/frontend.md "Dashboard".
 */
export const dashboardFr = {
  title: 'TABLEAU DE BORD',
  title_agence: 'TABLEAU DE BORD (%{agence})',
  portee: {
    agent:
      'Chiffres de votre agence et de tous les colis à destination de son pays (%{pays}) ; départs au départ ou à destination de ce pays.',
    par_agence: 'Chiffres des colis enregistrés par cette agence ; départs au départ de son pays.',
  },
  scope: {
    label: 'Statistiques',
    global: 'Globales',
    agence: 'Par Agence',
    agence_select: 'Agence',
  },
  tiles: {
    clients: 'Clients',
    envois: 'Départs',
    colis: 'Colis',
    open_list: 'Ouvrir la liste',
  },
  colis_status: {
    title: 'Statut des Colis',
    EN_ATTENTE: 'En attente',
    RECEPTIONNE: 'Réceptionnés',
    EN_COURS_ENVOI: "En cours d'envoi",
    EXPEDIE: 'Expédiés',
    RETIRE: 'Retirés',
    LIVRE: 'Livrés',
  },
  envoi_status: {
    title: 'Statut des Départs',
    OUVERT: 'Ouverts',
    EN_COURS_ENVOI: "En cours d'envoi",
    ARRIVE: 'Arrivés',
    CLOTURE: 'Clôturés',
  },
  open_departures: {
    title: 'Départs Ouverts',
    none: "Il n'y a aucun départ ouvert.",
    more: 'Voir les %{count} départs ouverts',
  },
  monthly: {
    title: 'Nombre de Colis envoyés par mois',
    tooltip: '%{count} colis',
    none: 'Aucun colis enregistré sur les douze derniers mois.',
  },
  payments: {
    title: 'État des encaissements',
    SOLDE: 'Soldés',
    PARTIEL: 'Partiellement payés',
    ATTENTE: 'En attente de paiement',
    line: '%{count} colis · %{amount}',
    partial_detail: 'dont %{paid} encaissés, %{due} restants',
    total: 'Total : %{amount}',
    devise: 'dont %{total} (soldés %{paye}, partiellement payés %{partiel}, en attente %{attente})',
    hors_taux:
      'Un mois d’une devise sans taux de change : ses montants ne sont pas comptés en euros. Saisissez le taux dans « Taux de change ». |||| %{smart_count} mois de devises sans taux de change : leurs montants ne sont pas comptés en euros. Saisissez les taux dans « Taux de change ».',
  },
  statuses: {
    title: 'État des colis',
  },
  donut: {
    center: 'colis',
    none: 'Aucun colis',
  },
  no_colis_agence: 'Aucun colis enregistré cette agence.',
  error: 'Impossible de charger les statistiques.',
  retry: 'Réessayer',
};
