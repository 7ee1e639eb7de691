/** French texts of the natures (spec 001 §2 Natures, Add nature, Edit nature, §5 Nature add / edit, §8). */
export default {
  name: 'Nature de colis |||| Natures de colis',
  fields: {
    groupeNatureColisID: 'Groupe',
    code: 'Code',
    libelle: 'Libellé',
    prixExceptionnel: 'Prix exceptionnel',
    unite: 'Unité',
    description: 'Description',
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'NATURE DES COLIS',
    create: 'AJOUTER UNE NATURE DE COLIS',
    edit: 'MODIFIER NATURE DE COLIS',
  },
  action: {
    add: 'Ajouter une nature',
  },
  filters: {
    all_groupes: 'Tous les groupes',
  },
  form: {
    unite_placeholder: 'Unité, ex: Kg',
    prix_help: 'Chiffres uniquement ; vide ou 0 : pas de prix exceptionnel',
    groupe_locked: 'Groupe de la nature (non modifiable ici)',
  },
  notifications: {
    created: 'nature de colis enregistrée avec succès',
    updated: 'Mise à jour de la nature de colis réussie !',
    create_error: "Erreur lors de l'enregistrement de l'ajout",
    update_error: 'Erreur lors de la mise à jour',
    delete_error: 'Une erreur est survenue lors de la suppression.',
    group_not_found: 'Aucun groupe nature colis trouvé',
  },
};
