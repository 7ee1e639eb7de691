/**
 * Texts of the operation types screens (spec 001 §2 Operation types: Code, libelle, Statut, Actions; §6 status text
 * without the key; §8 'Erreur lors de la mise à jour de la typeoperation').
 */
export default {
  name: "Type d'opération |||| Types d'opération",
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: "LISTE DES TYPES D'OPERATION",
    create: "AJOUTER UN TYPE D'OPERATION",
    edit: "MODIFIER TYPE D'OPERATION",
  },
  action: {
    add: "Ajouter un type d'opération",
  },
  notifications: {
    created: "Type d'opération ajouté avec succès !",
    updated: 'Mise à jour de la typeoperation réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour de la typeoperation',
    status_no_permission: "Vous n'avez pas l'autorisation de modifier le statut de ce type d'operations.",
  },
};
