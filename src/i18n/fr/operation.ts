/**
 * Texts of the operations dashboard and its forms (spec 001 §2 'Tableau de bord administratif', 'Ajouter
 * entrée/sortie'; §3 type shown ENTREE/SORTIE; §8 '{Entrée|Sortie} ajouté avec succès !', 'Erreur lors de la mise à
 * jour'). Merged into `resources.operation` by src/i18n/fr.ts. The rule messages shared with the server are in
 * common/operationRules.ts.
 */
export default {
  name: 'Opération |||| Opérations',
  fields: {
    date: 'Date',
    userID: 'Utilisateur',
    motif: 'Motif',
    type: 'Type',
    montant: 'Montant',
    devise: 'Devise',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'Tableau de bord administratif',
    create: 'Ajouter entrée/sortie',
    edit: 'Modifier entrée/sortie',
  },
  action: {
    add: 'Ajouter entrée/sortie',
    refresh: 'Actualiser',
  },
  periods: {
    label: 'Période',
    semaine: 'Semaine',
    mois: 'Mois',
    annee: 'Année',
    since: 'depuis le %{date}',
    all: 'toutes les opérations',
  },
  filters: {
    agence: 'Agence',
    all_agencies: 'Toutes les agences',
  },
  cards: {
    revenue: 'Revenus hors colis',
    expenses: 'Dépenses hors colis',
    hors_taux:
      '%{smart_count} opération sans taux de change à sa date : hors des totaux en euros. Saisissez le taux dans « Taux de change ». |||| %{smart_count} opérations sans taux de change à leur date : hors des totaux en euros. Saisissez le taux dans « Taux de change ».',
  },
  table: {
    title: 'Détails des Transactions',
  },
  charts: {
    revenue: 'Top 5 des sources de revenus',
    expenses: 'Top 5 des catégories de dépenses',
    none: 'Aucune donnée pour cette période',
  },
  types: {
    entree: 'Entrée',
    sortie: 'Sortie',
  },
  form: {
    user_hint: "La liste du personnel actif n'a pas pu être chargée : seuls vous-même et l'utilisateur déjà choisi sont proposés.",
    montant_help: 'Dans la devise choisie, au moins 1',
    devise_default: "Devise du pays de l'agence",
    devise_help: "Par défaut, celle du pays de l'agence de l'opération",
  },
  record_name: "l'opération %{motif} de %{montant} du %{date}",
  notifications: {
    updated: "Mise à jour de l'opération réussie !",
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour',
    delete_error: "une erreur s'est produite pendant la suppression",
  },
};
