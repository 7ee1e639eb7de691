/**
 * Where a save refusal's field errors (HttpError body.errors, keyed by the colis/create body's fields) are shown in the
 * three-step wizard: the form field typed for each body field, and the step that holds it (0 départ, 1 colis,
 * 2 destinataire). Keys no field shows (e.g. 'poids' of the weight check, 'body') are left to the notification.
 */

/** Body fields typed under another name in the form. */
const FORM_FIELD_OF: Record<string, string> = {
  telephoneDestinataire: 'destinataireNumero',
  destinataireID: 'destinataireNumero',
  NumeroSaisi: 'expediteurNumero',
  encaissement: 'modePaiementID',
  'encaissement.modePaiementID': 'modePaiementID',
  'encaissement.paymentby': 'paymentby',
};

/** Form fields of each step; `naturesColis` covers its lines (naturesColis.0.poids …). */
const STEP_FIELDS: readonly (readonly string[])[] = [
  ['envoiID', 'agenceID'],
  [
    'detailsContenu',
    'villeID',
    'naturesColis',
    'unite',
    'montantComplementaire',
    'montantExpedition',
    'montantLivraison',
    'modeLivraisonID',
    'adresseLivraison',
    'observation',
    'reglement',
    'modePaiementID',
    'paymentby',
  ],
  [
    'destinataireIndicatif',
    'destinataireNumero',
    'nomDestinataire',
    'prenomsDestinataire',
    'adresseDestinataire',
    'emailDestinataire',
    'expediteurID',
    'expediteurNom',
    'expediteurPrenom',
    'expediteurIndicatif',
    'expediteurNumero',
  ],
];

/** The step (0–2) holding a form field, or -1 when no step does. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0];
  return STEP_FIELDS.findIndex((fields) => fields.includes(root));
}

/**
 * The server's field errors placed on the wizard's fields.
 * @returns the form field errors and the first step holding one, or null when no error lands on a field
 */
export function wizardFieldErrors(
  errors: Record<string, unknown> | null | undefined,
): { step: number; fields: Record<string, string> } | null {
  const fields: Record<string, string> = {};
  let step = Number.POSITIVE_INFINITY;
  for (const [key, message] of Object.entries(errors ?? {})) {
    if (typeof message !== 'string' || !message) continue;
    const field = FORM_FIELD_OF[key] ?? key;
    const at = stepOfField(field);
    if (at < 0) continue;
    fields[field] ??= message;
    step = Math.min(step, at);
  }
  return Object.keys(fields).length ? { step, fields } : null;
}
