/** Texts of the payment modes screens (payment modes of spec 000 §3; the spec has no screen for them, texts follow the other modes). */
export default {
  name: 'Mode de paiement |||| Modes de paiement',
  menu: 'Modes de paiement',
  fields: {
    code: 'Code',
    libelle: 'Libellé',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES MODES DE PAIEMENT',
    create: 'AJOUTER UN MODE DE PAIEMENT',
    edit: 'MODIFIER MODE DE PAIEMENT',
  },
  action: {
    add: 'Ajouter un mode de paiement',
  },
  notifications: {
    created: 'Mode de paiement ajouté avec succès !',
    updated: 'Mise à jour du mode de paiement réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour du mode de paiement',
  },
};
