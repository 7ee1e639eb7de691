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
    toutesAgences: 'Portée',
  },
  reach: {
    toutes: 'Toutes les agences',
    agence: 'Son agence uniquement',
  },
  reach_input: 'Voit toutes les agences',
  reach_helper: 'Sinon, ses utilisateurs ne voient que leur agence (et les colis à destination de son pays).',
  reach_superadmin_only: "Seul un SUPERADMIN choisit la portée d'un rôle.",
  system: 'Système',
  statut: {
    actif: 'Actif',
    inactif: 'Inactif',
    helper: 'Les utilisateurs d’un rôle inactif ne peuvent plus se connecter.',
    system: 'Un rôle système reste actif.',
  },
  system_role: 'Rôle système %{code} : son code et sa portée ne changent pas ; il ne peut être ni désactivé ni supprimé.',
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
};
