/**
 * Texts of the pickup modes screens (spec 001 §2 Pickup modes 'LISTE DES MODES DE LIVRAISON', also called 'mode de
 * recuperation'; §8 'Mode de recuperation ajouté avec succès!', "Erreur lors de l'ajout  du mode de livraison").
 */
export default {
  name: 'Mode de recuperation |||| Modes de recuperation',
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES MODES DE LIVRAISON',
    create: 'AJOUTER UN MODE DE RECUPERATION',
    edit: 'MODIFIER MODE DE RECUPERATION',
  },
  action: {
    add: 'Ajouter un mode de recuperation',
  },
  notifications: {
    created: 'Mode de recuperation ajouté avec succès!',
    updated: 'Mise à jour du Mode de recuperation réussie!',
    // The spec's text keeps its double space.
    create_error: "Erreur lors de l'ajout  du mode de livraison",
    update_error: 'Erreur lors de la mise à jour du mode de livraison',
    delete_error: "Une erreur s'est produite lors de la suppression du mode de livraison",
  },
};
