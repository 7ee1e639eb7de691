/** French texts of the unit prices (spec 001 §2 Unit prices 'Prix Unitaire', §5 Unit-price form, §8). */
export default {
  name: 'Prix unitaire |||| Prix unitaires',
  fields: {
    libelle: 'Libelle',
    prixUnitaire: 'Prix Unitaire',
    montantMinimum: 'Montant minimum',
    groupeNatureColisID: 'Groupe Nature Colis',
    villeOrigineID: 'Ville de départ',
    villeDestinationID: 'Ville destination',
    paysOrigineID: "Pays d'origine",
    paysDestinationID: 'Pays de destination',
    modeEnvoiID: "Mode d'Envoi",
    isActive: 'Status',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'PRIX UNITAIRE',
    create: 'AJOUTER UN PRIX UNITAIRE',
    edit: 'MODIFIER PRIX UNITAIRE',
  },
  action: {
    add: 'Ajouter un prix unitaire',
  },
  filters: {
    all_groupes: 'Tous les groupes',
    all_modes: 'Tous les modes',
  },
  form: {
    pays_origine_first: "Choisissez d'abord le pays d'origine",
    pays_destination_first: "Choisissez d'abord le pays de destination",
    libelle_help: 'Proposé à partir du groupe, des villes et du mode ; modifiable',
    devise: 'Devise du pays d’origine : %{devise}',
    montant_minimum_help: 'Le moins facturé pour une ligne de colis, dans la même devise (facultatif)',
  },
  notifications: {
    created: 'Prix unitaire enregistré avec succès',
    updated: 'Mise à jour des parametres réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour des parametres',
  },
};
