/**
 * French texts of the 'Marquer en cours d'envoi' confirmation's part about the parcels left waiting
 * (docs/decisions/departure-ships-received.md; src/departs/EnCoursEnvoiDialog.tsx). Merged into
 * `resources.depart.transfert` by src/i18n/frResources.ts.
 */
export const transfertFr = {
  loading: 'Recherche des colis en attente…',
  load_error: 'Impossible de lire les colis en attente de ce départ.',
  none: 'Tous les colis de ce départ ont été réceptionnés : ils partiront tous.',
  waiting:
    '%{smart_count} colis en attente (non réceptionné) restera sur ce départ et ne partira pas : |||| %{smart_count} colis en attente (non réceptionnés) resteront sur ce départ et ne partiront pas :',
  reference: 'Référence',
  expediteur: 'Expéditeur',
  du: 'Montant dû',
  choose: 'Choisir',
  not_yours: 'Colis d’une autre agence : seule elle peut le déplacer.',
  move_title: 'Les déplacer vers un autre départ du même trajet',
  target: 'Départ de destination',
  target_option: '%{reference} — %{disponible} disponibles — départ le %{date}',
  no_target: 'Aucun autre départ ouvert sur ce trajet : les colis resteront en attente ici.',
  move: 'Déplacer les colis choisis',
  leave:
    'Ou laissez-le en attente : « Oui » n’expédie que les colis réceptionnés. |||| Ou laissez-les en attente : « Oui » n’expédie que les colis réceptionnés.',
  moved_hint: 'Colis déplacé(s). Confirmez maintenant le départ.',
} as const;
