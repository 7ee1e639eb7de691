/**
 * Pure rules of the three-step parcel wizard shared by add and edit (spec 000 §2 Add parcel / Edit parcel, §5
 * "Parcel creation", "Settled amount", "Step 3 save", §9 pricing; docs/api-contract.md colis/create body).
 * Amounts in the departure's currency (docs/decisions/currencies.md: EUR from France, XOF from Dakar…), weights in kg
 * (or m³). The arithmetic is common/money.ts, common/devises.ts and common/pricing.ts, the same as the server's;
 * what is valid is the wizard's schema, common/schemas/colis.ts (a weight, an amount, what a step still misses), the
 * one the form is checked with before the save and built from the server's body fields. No validation rule is written here.
 */
import { ADVANCE_PAYER, isAdvance, type PaymentBy } from '../../../common/colisRules';
import { DEVISE_COMPTABLE, isDevise, minorToNumber, roundToDevise, toMinor } from '../../../common/devises';
import { formatMontant } from '../../../common/format';
import type { DecimalInput } from '../../../common/money';
import { computeColisMontants, type ColisMontants } from '../../../common/pricing';
import { uniteForModeEnvoi, type Unite } from '../../../common/modes';
import { normalizePhone } from '../../../common/phone';
import {
  colisWizardStepSchema,
  montantSaisi,
  naturePoids,
  phonePays,
  type ColisWizardContext,
  type PaysPhone,
} from '../../../common/schemas/colis';
import { refId } from '../../providers/records';
import type { ColisRecord, Ref } from './types';

/** Whether a delivery mode is the agency pick-up (no delivery amount): common/colisRules.ts, the server's own rule. */
export { isModeLivraisonAgence } from '../../../common/colisRules';

/** One nature line of the form: the nature, its weight, and the prices found by colis/prixNature. */
interface NatureLineValues {
  natureColisID?: string | null;
  poids?: DecimalInput;
}

/**
 * The price of a nature on the chosen route (colis/prixNature), per unit, in the departure's currency: the exceptional
 * price as the server converted it from euros at the day's rate.
 */
export interface PrixNature {
  prixUnitaire: number | null;
  prixExceptionnel: number | null;
  libelle?: string;
  /** The departure's currency, as the server answered it (ISO 4217). */
  devise?: string;
  /** The least a line is billed on this unit price (same currency); null or absent: none. */
  montantMinimum?: number | null;
  /** Whether the price is the nature's exceptional price (converted). */
  exceptionnel?: boolean;
}

/**
 * The currency of the wizard's amounts: the chosen departure's (envoi/ouvertActif answers its `devise`), else the one
 * the price look-ups answered, else the euro.
 * @param envoi the chosen departure (any record: only its `devise` is read)
 * @param prixNatures the prices found (colis/prixNature)
 */
export function deviseDuDepart(envoi: unknown, prixNatures: Record<string, PrixNature | undefined> = {}): string {
  const ofEnvoi = (envoi as { devise?: unknown } | null | undefined)?.devise;
  if (isDevise(ofEnvoi)) return ofEnvoi;
  const ofPrix = Object.values(prixNatures).find((p) => isDevise(p?.devise))?.devise;
  return ofPrix ?? DEVISE_COMPTABLE;
}

/** Every value of the wizard form. */
export interface ColisFormValues {
  // step 1
  envoiID?: string | null;
  agenceID?: string | null;
  // step 2
  detailsContenu?: string;
  naturesColis: NatureLineValues[];
  unite: Unite;
  montantComplementaire?: DecimalInput;
  montantExpedition?: DecimalInput;
  montantLivraison?: DecimalInput;
  modeLivraisonID?: string | null;
  adresseLivraison?: string;
  villeID?: string | null;
  observation?: string;
  reglement?: DecimalInput;
  modePaiementID?: string | null;
  /** Who pays the advance (common/colisRules.ts PAYMENT_BY_CHOICES; default ADVANCE_PAYER, the sender). */
  paymentby: PaymentBy;
  // step 3: recipient
  destinataireIndicatif?: string;
  destinataireNumero?: string;
  /** The recipient found by phone (user/getByTelephone), or null. */
  destinataireID?: string | null;
  /** 'found' after a successful look-up, 'new' when the phone is unknown, undefined before any look-up. */
  destinataireLookup?: 'found' | 'new';
  destinataireLabel?: string;
  nomDestinataire?: string;
  prenomsDestinataire?: string;
  adresseDestinataire?: string;
  emailDestinataire?: string;
  // step 3: sender
  expediteurMode: 'select' | 'saisie';
  expediteurID?: string | null;
  expediteurNom?: string;
  expediteurPrenom?: string;
  expediteurIndicatif?: string;
  expediteurNumero?: string;
}

/** Values of a new parcel (spec 000 §5: unit KG, payer expediteur, nothing settled). */
export function emptyColisValues(envoiID?: string | null): ColisFormValues {
  return {
    envoiID: envoiID ?? null,
    agenceID: null,
    detailsContenu: '',
    naturesColis: [{ natureColisID: null, poids: null }],
    unite: 'KG',
    montantComplementaire: 0,
    montantExpedition: 0,
    montantLivraison: 0,
    modeLivraisonID: null,
    adresseLivraison: '',
    villeID: null,
    observation: '',
    reglement: 0,
    modePaiementID: null,
    paymentby: ADVANCE_PAYER,
    destinataireIndicatif: '',
    destinataireNumero: '',
    destinataireID: null,
    nomDestinataire: '',
    prenomsDestinataire: '',
    adresseDestinataire: '',
    emailDestinataire: '',
    expediteurMode: 'select',
    expediteurID: null,
    expediteurNom: '',
    expediteurPrenom: '',
    expediteurIndicatif: '',
    expediteurNumero: '',
  };
}

/** A decimal as a number, or NaN when it is not one (empty counts as NaN). */
function toNumber(value: DecimalInput): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.').replace(/\s/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Exact minor units of an amount in a currency (cents, whole francs); 0 for an empty or unreadable one. */
function safeMinor(value: DecimalInput, devise: string): bigint {
  try {
    return toMinor(value, devise);
  } catch {
    return 0n;
  }
}

/** The amount rule of the wizard's schema (the label only words its messages). */
const montantRule = montantSaisi('montantComplementaire');

/**
 * A nature weight as the wizard's schema reads it (common/schemas/colis.ts naturePoids: a number above 0, rounded to
 * 3 decimals, '2,5' → 2.5), or null when it is not a valid weight.
 */
export function poidsSaisi(value: DecimalInput): number | null {
  const parsed = naturePoids.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * An amount as the wizard's schema reads it (common/schemas/colis.ts montantSaisi: ≥ 0, exact, empty → 0), rounded
 * once, half away from zero, to the minor unit of the departure's currency, as the server will store it ('1,005' € →
 * 1.01, '10,495' F CFA → 10); 0 when it is not a valid amount.
 * @param devise the departure's currency (ISO 4217)
 */
function montantValue(value: DecimalInput, devise: string): number {
  const parsed = montantRule.safeParse(value);
  return parsed.success ? roundToDevise(parsed.data, devise) : 0;
}

/**
 * The symbol of a currency as amounts are written (common/format.ts formatMontant): '€', 'F CFA', 'F CFA (BEAC)'.
 */
export function symboleDevise(devise: string): string {
  return formatMontant(0, devise).replace(/^[-+\d\s\u00a0\u202f.,]+/, '');
}

/**
 * Live amounts of the form (spec 000 §9) with common/pricing.ts computeColisMontants, the server's own function, in the
 * departure's currency, on the values as the schema reads them ('1,005' € counts 1,01 €, '10,5' F CFA 11 F, as the
 * server will store them). Lines without a nature, a valid weight or a known price count as 0, and so does an invalid
 * amount; a line with a weight is billed at least its unit price's minimum. The delivery amount counts only when shown.
 * @param prices price of each nature id (colis/prixNature)
 * @param withLivraison false for the agency pick-up mode
 * @param devise the departure's currency (deviseDuDepart; default: the prices' own, else the euro)
 */
export function computeFormMontants(
  values: Pick<ColisFormValues, 'naturesColis' | 'montantComplementaire' | 'montantExpedition' | 'montantLivraison' | 'reglement'>,
  prixNatures: Record<string, PrixNature | undefined>,
  withLivraison: boolean,
  devise: string = deviseDuDepart(undefined, prixNatures),
): ColisMontants {
  return computeColisMontants({
    devise,
    lines: (values.naturesColis ?? []).map((line) => {
      const prix = line.natureColisID ? prixNatures[line.natureColisID] : undefined;
      return {
        poids: poidsSaisi(line.poids) ?? 0,
        prixExceptionnel: prix?.prixExceptionnel ?? 0,
        prixUnitaire: prix?.prixUnitaire ?? 0,
        montantMinimum: prix?.montantMinimum ?? null,
      };
    }),
    montantComplementaire: montantValue(values.montantComplementaire, devise),
    montantExpedition: montantValue(values.montantExpedition, devise),
    montantLivraison: withLivraison ? montantValue(values.montantLivraison, devise) : 0,
    reglement: montantValue(values.reglement, devise),
  });
}

/**
 * Clamps the settled amount to [0, total] (spec 000 §5 "Settled amount"): above the total → the total, with the
 * hint 'montant réglé ne doit pas etre superieur au montant total'; below 0 → 0. Compared in the minor unit of the
 * parcel's currency (cents, whole francs: 10,4 F is 10 F, not above a total of 10 F).
 * @param devise the departure's currency (default the euro)
 * @returns the value to keep (a number with the currency's decimals, or the input when unchanged) and which side was
 *   clamped
 */
export function clampReglement(
  value: DecimalInput,
  total: DecimalInput,
  devise: string = DEVISE_COMPTABLE,
): { value: DecimalInput; clamped: 'over' | 'under' | null } {
  const n = toNumber(value);
  if (Number.isNaN(n)) return { value, clamped: null };
  if (n < 0) return { value: 0, clamped: 'under' };
  const max = safeMinor(total, devise);
  if (safeMinor(value, devise) > max) return { value: minorToNumber(max, devise), clamped: 'over' };
  return { value, clamped: null };
}

/**
 * Whether an advance is being paid (common/colisRules.ts isAdvance, the server's rule): reglement above 0 once rounded
 * to the departure's currency (0,4 F CFA is none).
 * @param devise the departure's currency (default the euro)
 */
export function hasAdvance(values: Pick<ColisFormValues, 'reglement'>, devise: string = DEVISE_COMPTABLE): boolean {
  return isAdvance(montantValue(values.reglement, devise));
}

/** The step schemas of the Suivant buttons, by the context they depend on (made once). */
const envoiStepSchemas = [false, true].map((seesAllAgences) => colisWizardStepSchema(0, { seesAllAgences }));
const infoStepSchemas = new Map<string, ReturnType<typeof colisWizardStepSchema>>();

/** The step-2 schema of a delivery mode and a currency (made once per pair). */
function infoStepSchema(withLivraison: boolean, devise: string) {
  const key = `${withLivraison}|${devise}`;
  let schema = infoStepSchemas.get(key);
  if (!schema) infoStepSchemas.set(key, (schema = colisWizardStepSchema(1, { withLivraison, devise })));
  return schema;
}

/** The fields of a step the schema refuses (the root field of each issue, and the field of a nature line's issue). */
function refusedFields(result: { error?: { issues: readonly { path: readonly PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map(({ path }) =>
    path[0] === 'naturesColis' && path.length === 3 ? `naturesColis.${String(path[2])}` : String(path[0]),
  );
}

/**
 * What step 1 still misses (translation keys under resources.colis.missing): a departure, and the agency for ADMIN —
 * the step's fields of the wizard's schema (common/schemas/colis.ts).
 */
export function envoiStepMissing(values: Pick<ColisFormValues, 'envoiID' | 'agenceID'>, opts: { seesAllAgences: boolean }): string[] {
  const refused = new Set(refusedFields(envoiStepSchemas[Number(opts.seesAllAgences)].safeParse(values)));
  return (['depart', 'agence'] as const).filter((k) => refused.has(k === 'depart' ? 'envoiID' : 'agenceID'));
}

/** Context of the step 2 rule: the prices found, whether anything is still loading, the departure's currency. */
export interface InfoStepContext {
  prixNatures: Record<string, PrixNature | undefined>;
  loading: boolean;
  withLivraison: boolean;
  /** The departure's currency (deviseDuDepart); default: the prices' own, else the euro. */
  devise?: string;
}

/** The missing-item key (resources.colis.missing) of each step-2 field the schema refuses, in the order they are listed. */
const INFO_MISSING_OF: Record<string, string> = {
  detailsContenu: 'contenu',
  naturesColis: 'natures',
  'naturesColis.natureColisID': 'natures',
  'naturesColis.poids': 'poids',
  unite: 'unite',
  villeID: 'ville',
  modeLivraisonID: 'modeLivraison',
  montantComplementaire: 'reglement',
  montantExpedition: 'reglement',
  montantLivraison: 'reglement',
  reglement: 'reglement',
  modePaiementID: 'modePaiement',
  paymentby: 'paymentby',
};
const INFO_MISSING_ORDER = [
  'contenu',
  'natures',
  'poids',
  'prix',
  'unite',
  'ville',
  'modeLivraison',
  'reglement',
  'modePaiement',
  'paymentby',
  'loading',
];

/**
 * What step 2 (INFO COLIS) still misses before Suivant (spec 000 §5 "Parcel creation, step 2 Next" and "Edit parcel"
 * step 2): the step's fields the wizard's schema refuses (common/schemas/colis.ts: content, at least one nature, a
 * valid weight on every line, the unit, the destination city and the delivery mode, amounts ≥ 0, and when an advance
 * is paid its payment mode and payer), a known price on every line, a settled amount not above the total, and nothing
 * loading.
 * @returns keys under resources.colis.missing; empty when Suivant may be used
 */
export function infoStepMissing(values: ColisFormValues, ctx: InfoStepContext): string[] {
  const missing = new Set<string>();
  const devise = ctx.devise ?? deviseDuDepart(undefined, ctx.prixNatures);
  for (const field of refusedFields(infoStepSchema(ctx.withLivraison, devise).safeParse(values))) {
    const key = INFO_MISSING_OF[field];
    if (key) missing.add(key);
  }
  if ((values.naturesColis ?? []).some((l) => l.natureColisID && !ctx.prixNatures[l.natureColisID])) missing.add('prix');
  if (computeFormMontants(values, ctx.prixNatures, ctx.withLivraison, devise).resteAPayer < 0) missing.add('reglement');
  if (ctx.loading) missing.add('loading');
  return INFO_MISSING_ORDER.filter((k) => missing.has(k));
}

/** A country's phone rules as the wizard loads them, and how a typed dial code applies them: common/schemas/colis.ts. */
export { phonePays, type PaysPhone };

/**
 * Full phone number of a party (docs/architecture.md §4: clients are found by their full phone) with common/phone.ts, the server's
 * own normalisation: '+' and digits, or a French error message.
 * @param indicatif the dial code field of the form
 * @param numero the number as typed (national, or full with '+' / '00')
 * @param country the party's country (its dial code and length)
 */
export function partyPhone(indicatif: string | null | undefined, numero: string | null | undefined, pays?: PaysPhone | null) {
  return normalizePhone(numero, phonePays(indicatif, pays));
}

/**
 * The national part of a full number that starts with the party's dial code: '+221709563833' (or '00221709563833')
 * with '+221' → '709563833'. The edit wizard (valuesFromColis keeps the saved full number) shows it beside the dial
 * code field, as the add wizard has it typed, rather than the dial code twice ('+221' next to '+221709563833').
 * @param numero the number of the form, e.g. the saved telephoneComplet
 * @param indicatif the party's country dial code, e.g. '+221'
 * @returns the digits after the dial code, or null when the number does not start with it (kept as it is)
 */
export function withoutDialCode(numero: string | null | undefined, indicatif: string | null | undefined): string | null {
  const code = (indicatif ?? '').replace(/\D/g, '');
  const compact = (numero ?? '').trim().replace(/[\s.\-/()]/g, '');
  if (!code) return null;
  for (const prefix of [`+${code}`, `00${code}`]) {
    if (compact.startsWith(prefix) && /^\d+$/.test(compact.slice(prefix.length))) return compact.slice(prefix.length);
  }
  return null;
}

/** The missing-item key (resources.colis.missing) of each step-3 field the schema refuses. */
const DESTINATAIRE_MISSING_OF: Record<string, string> = {
  nomDestinataire: 'destinataire',
  prenomsDestinataire: 'destinataire',
  adresseDestinataire: 'destinataire',
  expediteurID: 'expediteur',
  expediteurNom: 'expediteur_saisi',
  expediteurPrenom: 'expediteur_saisi',
  expediteurNumero: 'expediteur_saisi',
};

/**
 * What the final save still misses (spec 000 §5 "Step 3 save"): the step's fields the wizard's schema refuses
 * (common/schemas/colis.ts colisWizardStepSchema(2), the body's parties rule: a found client or the new recipient's
 * nom, prénoms and adresse; a selected client or the typed sender's nom, prénoms and phone, valid for its country).
 * @param ctx the departure's countries (the typed phones are checked against them)
 * @returns keys under resources.colis.missing ('destinataire', 'expediteur', 'expediteur_saisi'); empty when the save
 *   may be used
 */
export function destinataireStepMissing(
  values: ColisFormValues,
  ctx: Pick<ColisWizardContext, 'destinatairePays' | 'expediteurPays'> = {},
): string[] {
  const refused = refusedFields(colisWizardStepSchema(2, ctx).safeParse(values));
  return ['destinataire', 'expediteur', 'expediteur_saisi'].filter((k) => refused.some((f) => DESTINATAIRE_MISSING_OF[f] === k));
}

/**
 * A phone for the request body: the full number, or when it is not valid the number as typed, so that the server
 * refuses it with its French message on the field; '' when nothing was typed.
 */
function bodyPhone(indicatif: string | null | undefined, numero: string | null | undefined, pays?: PaysPhone | null): string {
  const typed = (numero ?? '').trim();
  if (!typed) return '';
  const result = partyPhone(indicatif, typed, pays);
  return result.ok ? result.phone : typed;
}

/** Options of the body builder. */
export interface BodyOptions {
  /** ADMIN sends the chosen agency; other roles use their own (spec 000 §5, the server decides). */
  seesAllAgences: boolean;
  /** Sending mode of the departure: air mode forces KG (spec 000 §5). */
  modeEnvoi?: Pick<Ref, 'code' | 'libelle'> | null;
  /** false for the agency pick-up mode: no delivery amount. */
  withLivraison: boolean;
  /** The departure's currency (deviseDuDepart; default the euro): the amounts are rounded to its minor unit. */
  devise?: string;
  /** Countries of the parties for their phone numbers: destination (recipient) and origin (sender). */
  destinatairePays?: PaysPhone | null;
  expediteurPays?: PaysPhone | null;
}

/**
 * The body of colis/create and of the full colis/update (docs/api-contract.md): the server recomputes every amount;
 * the typed ones are sent rounded to the departure's currency (montantValue), as the server stores them.
 * Sender: expediteurID, or expediteurNom, expediteurPrenom and NumeroSaisi (full phone). Recipient: destinataireID,
 * or the free-text fields with telephoneDestinataire. encaissement {paymentby, modePaiementID} only with an advance.
 */
export function buildColisBody(values: ColisFormValues, opts: BodyOptions): Record<string, unknown> {
  const devise = opts.devise ?? DEVISE_COMPTABLE;
  const body: Record<string, unknown> = {
    envoiID: values.envoiID,
    villeID: values.villeID,
    modeLivraisonID: values.modeLivraisonID,
    // The weight as the form holds it (the number read from what was typed, or a record's numeric text): the server's
    // schema reads and rounds it, once (common/schemas/colis.ts naturePoids).
    naturesColis: (values.naturesColis ?? []).map((l) => ({ natureColisID: l.natureColisID, poids: l.poids ?? null })),
    unite: uniteForModeEnvoi(opts.modeEnvoi, values.unite),
    detailsContenu: (values.detailsContenu ?? '').trim(),
    observation: (values.observation ?? '').trim(),
    adresseLivraison: opts.withLivraison ? (values.adresseLivraison ?? '').trim() : '',
    montantLivraison: opts.withLivraison ? montantValue(values.montantLivraison, devise) : 0,
    montantExpedition: montantValue(values.montantExpedition, devise),
    montantComplementaire: montantValue(values.montantComplementaire, devise),
    reglement: montantValue(values.reglement, devise),
  };
  if (opts.seesAllAgences && values.agenceID) body.agenceID = values.agenceID;
  if (values.expediteurMode === 'select') {
    body.expediteurID = values.expediteurID;
  } else {
    body.expediteurNom = (values.expediteurNom ?? '').trim();
    body.expediteurPrenom = (values.expediteurPrenom ?? '').trim();
    body.NumeroSaisi = bodyPhone(values.expediteurIndicatif, values.expediteurNumero, opts.expediteurPays);
  }
  if (values.destinataireID) {
    body.destinataireID = values.destinataireID;
  } else {
    body.nomDestinataire = (values.nomDestinataire ?? '').trim();
    body.prenomsDestinataire = (values.prenomsDestinataire ?? '').trim();
    body.adresseDestinataire = (values.adresseDestinataire ?? '').trim();
    body.emailDestinataire = (values.emailDestinataire ?? '').trim();
    const phone = bodyPhone(values.destinataireIndicatif, values.destinataireNumero, opts.destinatairePays);
    if (phone) body.telephoneDestinataire = phone;
  }
  if (hasAdvance(values, devise))
    body.encaissement = { paymentby: values.paymentby || ADVANCE_PAYER, modePaiementID: values.modePaiementID };
  return body;
}

/**
 * Values of the edit wizard prefilled from colis/getBy/{id} (spec 000 §2 Edit parcel). The phone of a known recipient
 * is kept whole (with its '+'), so a new look-up finds it again.
 */
export function valuesFromColis(colis: ColisRecord): ColisFormValues {
  const base = emptyColisValues(refId(colis.envoiID));
  const dest = colis.destinataireID;
  const exp = colis.expediteurID;
  const destPhone = dest?.id ? dest.telephoneComplet || dest.telephone || '' : colis.telephoneDestinataire || '';
  return {
    ...base,
    agenceID: refId(colis.agenceID) ?? null,
    detailsContenu: colis.detailsContenu ?? '',
    naturesColis: (colis.naturesColis ?? []).map((l) => ({ natureColisID: refId(l.natureColisID) ?? null, poids: Number(l.poids) })),
    unite: colis.unite === 'M3' ? 'M3' : 'KG',
    montantComplementaire: Number(colis.montantComplementaire ?? 0),
    montantExpedition: Number(colis.montantExpedition ?? 0),
    montantLivraison: Number(colis.montantLivraison ?? 0),
    modeLivraisonID: refId(colis.modeLivraisonID) ?? null,
    adresseLivraison: colis.adresseLivraison ?? '',
    villeID: refId(colis.villeID) ?? null,
    observation: colis.observation ?? '',
    reglement: Number(colis.reglement ?? 0),
    destinataireNumero: destPhone,
    destinataireID: dest?.id ?? null,
    destinataireLookup: dest?.id ? 'found' : destPhone || colis.nomDestinataire ? 'new' : undefined,
    destinataireLabel: dest?.id ? [dest.nom, dest.prenoms].filter(Boolean).join(' ') : '',
    nomDestinataire: colis.nomDestinataire ?? '',
    prenomsDestinataire: colis.prenomsDestinataire ?? '',
    adresseDestinataire: colis.adresseDestinataire ?? '',
    emailDestinataire: colis.emailDestinataire ?? '',
    expediteurMode: exp?.id ? 'select' : 'saisie',
    expediteurID: exp?.id ?? null,
    expediteurNumero: exp?.id ? '' : (colis.NumeroSaisi ?? ''),
  };
}

/** localStorage key of the departure chosen last in the wizard (spec 000 §2 "The chosen departure is remembered locally"). */
export const CHOSEN_ENVOI_KEY = 'colis.wizard.envoiID';
