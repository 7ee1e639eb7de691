/** French texts of the nature groups (spec 001 §2 Nature groups, group details, §5 Nature group, §8). */
export default {
  name: 'Groupe de nature |||| Groupes de nature',
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'GROUPE NATURE DES COLIS',
    create: 'AJOUTER UN GROUPE NATURE DE COLIS',
    edit: 'MODIFIER GROUPE NATURE DE COLIS',
    details: 'DÉTAILS DU GROUPE NATURE DE COLIS',
  },
  action: {
    add: 'Ajouter un groupe',
    details: 'Voir les détails',
    add_nature: 'Ajouter une nature',
  },
  details: {
    statut: 'Statut',
    natures: 'Natures du groupe',
    not_found: 'Aucun groupe nature colis trouvé',
  },
  notifications: {
    created: 'Groupe Nature de colis enregistré avec succès',
    updated: 'Mise à jour du groupe nature de colis réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour',
  },
};
