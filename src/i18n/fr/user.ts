/**
 * French texts of the users (spec 001 §2 Users, §5 User add and edit, §8 'Utilisateur créé  avec succès' …;
 * docs/decisions/staff-accounts.md).
 */
export default {
  name: 'Utilisateur |||| Utilisateurs',
  fields: {
    nom: 'Nom',
    prenoms: 'Prénoms',
    email: 'Email',
    adresse: 'Adresse',
    telephone: 'Téléphone',
    telephoneComplet: 'Téléphone',
    paysID: 'Pays',
    agenceID: 'Agence',
    roleID: 'Rôle',
    typeUserID: "Type d'utilisateur",
    isActive: 'Statut',
    createdAt: "Date d'ajout",
  },
  page: {
    list: 'LISTE DES UTILISATEURS',
    create: 'AJOUTER UN UTILISATEUR',
    edit: 'MODIFIER UTILISATEUR',
  },
  action: {
    add: 'Ajouter un utilisateur',
  },
  form: {
    pays_first: "Choisissez d'abord le pays",
    agence_optional: 'Facultative pour un administrateur',
    telephone_help: 'Sans indicatif, ex. 06 12 34 56 78',
    read_only: 'Ne peut pas être modifié',
    password_info:
      'Le mot de passe est généré automatiquement et envoyé par email au nouvel utilisateur, qui devra le changer à sa première connexion.',
  },
  reset: {
    button: 'Réinitialiser le mot de passe',
    title: 'Réinitialiser le mot de passe',
    confirm:
      'Envoyer un nouveau mot de passe par email à « %{name} » ? Ses sessions en cours seront fermées et il devra le changer à sa prochaine connexion.',
    done: 'Un nouveau mot de passe a été envoyé par email à cet utilisateur.',
    failure: 'Erreur lors de la réinitialisation du mot de passe',
  },
  history: {
    title: 'Dernières modifications',
    empty: 'Aucune modification enregistrée.',
    by: 'par %{name}',
  },
  notifications: {
    created: 'Utilisateur créé  avec succès',
    updated: "Mise à jour de l'utilisateur réussie !",
    create_error: "Erreur lors de la création de l'utilisateur",
    update_error: 'Erreur lors de la mise à jour',
    delete_error: "une erreur s'est produite pendant la suppression",
  },
};
