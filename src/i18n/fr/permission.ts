/**
 * Texts of the permissions screens (spec 001 §2 Permissions 'LISTE DES PERMISSIONS'; §3 Permission: libelle is the
 * key; §5 libelle and description required; §8 "Erreur lors de la mise à jour de la permission").
 */
export default {
  name: 'Permission |||| Permissions',
  fields: {
    libelle: 'Libellé (clé)',
    description: 'Description',
    groupe: 'Groupe',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES PERMISSIONS',
    create: 'AJOUTER UNE PERMISSION',
    edit: 'MODIFIER PERMISSION',
  },
  action: {
    add: 'Ajouter une permission',
  },
  filters: {
    all_groups: 'Tous les groupes',
  },
  notifications: {
    created: 'Permission ajoutée avec succès !',
    updated: 'Mise à jour de la permission réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour de la permission',
  },
};
