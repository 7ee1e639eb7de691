/** Texts of the sending modes screens (spec 001 §2 Sending modes; §5; §8 "Mise à jour du mode d'envoi réussie !"). */
export default {
  name: "Mode d'envoi |||| Modes d'envoi",
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: "LISTE DES MODES D'ENVOI",
    create: "AJOUTER UN MODE D'ENVOI",
    edit: "MODIFIER MODE D'ENVOI",
  },
  action: {
    add: "Ajouter un mode d'envoi",
  },
  notifications: {
    created: "Mode d'envoi ajouté avec succès !",
    updated: "Mise à jour du mode d'envoi réussie !",
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: "Erreur lors de la mise à jour du mode d'envoi",
  },
};
