/**
 * Texts of the roles screens (spec 001 §2 Roles 'LISTE DES ROLES', form Code, Libelle, Statut; §5 description required
 * too; §8 'Role ajouté avec succès !', 'Mise à jour du role réussie !', their failures).
 */
export default {
  name: 'Rôle |||| Rôles',
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES ROLES',
    create: 'AJOUTER UN ROLE',
    edit: 'MODIFIER ROLE',
  },
  action: {
    add: 'Ajouter un rôle',
  },
  notifications: {
    created: 'Role ajouté avec succès !',
    updated: 'Mise à jour du role réussie !',
    create_error: "Erreur lors de l'enregistrement du role",
    update_error: 'Erreur lors de la mise à jour du role',
  },
  validation: {
    code: 'Le code est obligatoire !',
    libelle: 'Le libellé est obligatoire !',
    description: 'La description est obligatoire !',
  },
};
