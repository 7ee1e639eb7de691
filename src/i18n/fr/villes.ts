/** Texts of the cities screens (spec 001 §2 Cities 'LISTE DES VILLES', 'AJOUTER VILLE', 'MODIFIER VILLE'; §8 texts). */
export default {
  name: 'Ville |||| Villes',
  fields: {
    code: 'Code',
    libelle: 'Ville',
    paysID: 'Pays',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES VILLES',
    create: 'AJOUTER VILLE',
    edit: 'MODIFIER VILLE',
  },
  action: {
    add: 'Ajouter une ville',
  },
  filters: {
    all_pays: 'Tous les pays',
  },
  notifications: {
    created: 'ville enregistrée avec succès',
    updated: 'Mise à jour de la ville réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour',
  },
};
