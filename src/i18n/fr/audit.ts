/**
 * Texts of the 'Journal d'audit' screen and of the parcel's 'Historique des modifications' card
 * (docs/decisions/audit-journal.md).
 */
export const auditFr = {
  name: 'Modification |||| Modifications',
  fields: {
    createdAt: 'Date',
    auteur: 'Auteur',
    adresseIP: 'Adresse IP',
    entite: 'Entité',
    action: 'Action',
    changes: 'Avant → après',
  },
  page: {
    list: "JOURNAL D'AUDIT",
  },
  filters: {
    entity: 'Entité',
    all: 'Toutes',
    user: 'Auteur',
    debut: 'Du',
    fin: 'Au',
    record: 'Un seul enregistrement',
  },
  empty: 'Aucune donnée disponible : aucune modification enregistrée pour ces critères.',
  system: 'Système',
  card: {
    title: 'Historique des modifications',
    empty: 'Aucune modification enregistrée pour ce colis.',
    by: 'par %{name}',
    from: 'depuis %{ip}',
    more: "Voir tout dans le journal d'audit (%{total})",
  },
};
