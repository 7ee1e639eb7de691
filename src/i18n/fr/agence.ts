/** French texts of the agencies (spec 001 §2 Agencies, §5 Agency add, §8 'Agence ajouté avec succès !' …). */
export default {
  name: 'Agence |||| Agences',
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    villeID: 'Ville',
    paysID: 'Pays',
    telephoneComplet: 'Téléphone',
    telephone: 'Téléphone (sans indicatif)',
    latitude: 'Latitude',
    longitude: 'Longitude',
    adresse: 'Adresse du guichet',
    horaires: "Horaires d'ouverture",
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES AGENCES',
    create: 'AJOUTER UNE AGENCE',
    edit: 'MODIFIER AGENCE',
  },
  action: {
    add: 'Ajouter une agence',
  },
  filters: {
    all_pays: 'Tous les pays',
  },
  form: {
    pays_first: "Choisissez d'abord le pays",
    telephone_help: 'Sans indicatif, ex. 01 42 58 76 30',
    telephone_complet: 'Numéro complet : %{phone}',
    adresse_help: "Indiquée au destinataire quand son colis arrive à l'agence",
    horaires_help: 'Ex. Lun–Sam 9 h – 18 h',
  },
  notifications: {
    created: 'Agence ajouté avec succès !',
    updated: "Mise à jour de l'agence réussie !",
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: "Erreur lors de la mise à jour de l'agence",
  },
};
