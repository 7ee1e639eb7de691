/**
 * Texts of the exchange rates screen 'Taux de change' (key tauxChange; docs/decisions/currencies.md: a rate is the
 * units of a currency for 1 €, in force from its day until the next one; the CFA francs' rate is fixed by law;
 * docs/decisions/exchange-rate-history.md: the past keeps its rates, today's is corrected by replacing it).
 */
export default {
  name: 'Taux de change |||| Taux de change',
  menu: 'Taux de change',
  fields: {
    devise: 'Devise',
    taux: 'Taux (pour 1 €)',
    dateDebut: 'En vigueur depuis',
    fixe: 'Fixe',
    auteur: 'Saisi par',
    createdAt: 'Date de saisie',
  },
  page: {
    list: 'TAUX DE CHANGE',
    create: 'NOUVEAU TAUX DE CHANGE',
  },
  action: {
    add: 'Saisir un taux',
  },
  filters: {
    devise: 'Devise',
    all: 'Toutes',
  },
  form: {
    explication:
      "Un taux est le nombre d'unités de la devise pour 1 €. Il s'applique à partir de sa date, aujourd'hui ou plus tard, jusqu'au taux suivant de la même devise. Les jours passés gardent leur taux : ce qui a été converti ne change pas. Pour corriger le taux d'aujourd'hui ou d'un jour à venir, saisissez-le à la même date et cochez « Remplacer ce taux ».",
    existant: 'Un taux de %{devise} est déjà saisi pour le %{jour} : %{taux} pour 1 €.',
    remplacer: 'Remplacer ce taux',
    remplacer_help: 'La correction est inscrite au journal ; les encaissements déjà faits gardent le taux appliqué.',
    cfa: 'Le franc CFA (XOF, XAF) a un taux fixé par la loi : 655,957 F pour 1 €. Il ne se saisit pas.',
    taux_help: 'Jusqu’à 6 décimales, virgule acceptée (ex. 1,0845)',
    inverse: '1 € = %{taux} %{devise} · 1 %{devise} = %{inverse} €',
  },
  values: {
    fixe: 'Fixé par la loi',
    seed: 'Taux légal',
  },
  notifications: {
    created: 'Taux de change enregistré avec succès !',
    create_error: "Erreur lors de l'enregistrement du taux de change",
  },
};
