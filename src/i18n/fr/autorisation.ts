/**
 * French texts of the role–permission assignment screen (spec 001 §2 Role-permission assignment "role tabs,
 * collapsible permission groups, a toggle per permission; an empty group shows 'Aucune permission pour ce groupe'",
 * §8 "Authorization update failure: dialog 'erreur', 'Erreur lors de la mise à jour de l'autorisation'",
 * "Confirmations use Oui/Non"; issue 9 §2–§3). Group titles come from common/permissions.ts. Merged into
 * `resources.autorisation` by src/i18n/fr.ts.
 */
export default {
  name: 'Autorisation |||| Autorisations',
  page: {
    list: 'ATTRIBUTION DES PERMISSIONS',
  },
  breadcrumb: 'Autorisations',
  roles_label: 'Rôles',
  no_role: 'Aucun rôle actif à afficher.',
  search: 'Rechercher une permission',
  search_placeholder: 'Clé ou description',
  no_match: 'Aucune permission ne correspond à « %{q} ».',
  empty_group: 'Aucune permission pour ce groupe',
  count: '%{granted} / %{total} accordées',
  grant_all: 'Tout accorder',
  revoke_all: 'Tout retirer',
  confirm_title: 'Confirmation',
  confirm_grant_all: 'Accorder les %{count} permissions du groupe « %{group} » au rôle %{role} ?',
  confirm_revoke_all: 'Retirer les %{count} permissions du groupe « %{group} » du rôle %{role} ?',
  nothing_to_do: 'Rien à changer dans ce groupe.',
  cancelled: 'Opération annulée',
  inactive_privilege: 'permission désactivée',
  read_only_superadmin: 'Le rôle SUPERADMIN détient toutes les permissions : ses autorisations ne se modifient pas ici.',
  own_role: 'Votre propre rôle : les permissions nécessaires à cet écran ne peuvent pas lui être retirées.',
  own_role_locked: 'Nécessaire pour accéder à cet écran : ne peut pas être retirée de votre propre rôle.',
  update_error: "Erreur lors de la mise à jour de l'autorisation",
  granted: 'Permission accordée avec succès !',
  revoked: 'Permission retirée avec succès !',
  history: {
    title: 'Dernières modifications du rôle',
    empty: 'Aucune modification enregistrée pour ce rôle.',
    line: 'le %{date} à %{heure} par %{auteur}',
    grant: 'Accordée',
    revoke: 'Retirée',
    system: 'Système',
  },
};
