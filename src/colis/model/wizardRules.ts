/**
 * Pure rules of the three-step parcel wizard shared by add and edit (spec 000 §2 Add parcel / Edit parcel, §5
 * "Parcel creation", "Settled amount", "Step 3 save", §9 pricing; docs/api-contract.md colis/create body).
 * Amounts in euros, weights in kg (or m³). The arithmetic is common/money.ts and common/pricing.ts, the same as the server's.
 */
import { ADVANCE_PAYER, isAdvance, type PaymentBy } from '../../../common/colisRules';
import { toCents, toMilli, type DecimalInput } from '../../../common/money';
import { computeColisMontants, type ColisMontants } from '../../../common/pricing';
import { uniteForModeEnvoi, type Unite } from '../../../common/modes';
import { normalizePhone, type PaysTelephone } from '../../../common/phone';
import { refId } from '../../providers/records';
import type { ColisRecord, Ref } from './types';

/** Whether a delivery mode is the agency pick-up (no delivery amount): common/colisRules.ts, the server's own rule. */
export { isModeLivraisonAgence } from '../../../common/colisRules';

/** One nature line of the form: the nature, its weight, and the prices found by colis/prixNature. */
export interface NatureLineValues {
  natureColisID?: string | null;
  poids?: DecimalInput;
}

/** The price of a nature on the chosen route (colis/prixNature), euros per unit. */
export interface PrixNature {
  prixUnitaire: number | null;
  prixExceptionnel: number | null;
  libelle?: string;
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

/** Exact cents of an amount; 0 for an empty or unreadable one. */
function safeCents(value: DecimalInput): bigint {
  try {
    return toCents(value);
  } catch {
    return 0n;
  }
}

/** Whether a nature weight is valid (spec 000 §5: a number, min 0, required; the server wants it above 0). */
export function isValidPoids(value: DecimalInput): boolean {
  const n = toNumber(value);
  if (Number.isNaN(n) || n <= 0) return false;
  try {
    return toMilli(value) > 0n;
  } catch {
    return false;
  }
}

/** Whether an optional amount is valid: empty or a number ≥ 0 (spec 000 §5 "Complementary and delivery amounts: minimum 0"). */
export function isValidMontant(value: DecimalInput): boolean {
  if (value === null || value === undefined || value === '') return true;
  const n = toNumber(value);
  return !Number.isNaN(n) && n >= 0;
}

/**
 * Live amounts of the form (spec 000 §9) with common/pricing.ts computeColisMontants, the server's own function.
 * Lines without a nature, a valid weight or a known price count as 0. The delivery amount counts only when shown.
 * @param prices price of each nature id (colis/prixNature)
 * @param withLivraison false for the agency pick-up mode
 */
export function computeFormMontants(
  values: Pick<ColisFormValues, 'naturesColis' | 'montantComplementaire' | 'montantExpedition' | 'montantLivraison' | 'reglement'>,
  prixNatures: Record<string, PrixNature | undefined>,
  withLivraison: boolean,
): ColisMontants {
  const clean = (v: DecimalInput) => (isValidMontant(v) && v !== '' ? v : 0);
  return computeColisMontants({
    lines: (values.naturesColis ?? []).map((line) => {
      const prix = line.natureColisID ? prixNatures[line.natureColisID] : undefined;
      return {
        poids: isValidPoids(line.poids) ? line.poids : 0,
        prixExceptionnel: prix?.prixExceptionnel ?? 0,
        prixUnitaire: prix?.prixUnitaire ?? 0,
      };
    }),
    montantComplementaire: clean(values.montantComplementaire),
    montantExpedition: clean(values.montantExpedition),
    montantLivraison: withLivraison ? clean(values.montantLivraison) : 0,
    reglement: clean(values.reglement),
  });
}

/**
 * Clamps the settled amount to [0, total] (spec 000 §5 "Settled amount"): above the total → the total, with the
 * hint 'montant réglé ne doit pas etre superieur au montant total'; below 0 → 0.
 * @returns the value to keep (a number with 2 decimals, or the input when unchanged) and which side was clamped
 */
export function clampReglement(value: DecimalInput, total: DecimalInput): { value: DecimalInput; clamped: 'over' | 'under' | null } {
  const n = toNumber(value);
  if (Number.isNaN(n)) return { value, clamped: null };
  if (n < 0) return { value: 0, clamped: 'under' };
  if (safeCents(value) > safeCents(total)) return { value: Number(safeCents(total)) / 100, clamped: 'over' };
  return { value, clamped: null };
}

/** Whether an advance is being paid (reglement above 0: common/colisRules.ts isAdvance, the server's rule). */
export function hasAdvance(values: Pick<ColisFormValues, 'reglement'>): boolean {
  return isAdvance(values.reglement);
}

/** What step 1 still misses (translation keys under resources.colis.missing): a departure, and the agency for ADMIN. */
export function envoiStepMissing(values: Pick<ColisFormValues, 'envoiID' | 'agenceID'>, opts: { seesAllAgences: boolean }): string[] {
  const missing: string[] = [];
  if (!values.envoiID) missing.push('depart');
  if (opts.seesAllAgences && !values.agenceID) missing.push('agence');
  return missing;
}

/** Context of the step 2 rule: the prices found and whether anything is still loading. */
export interface InfoStepContext {
  prixNatures: Record<string, PrixNature | undefined>;
  loading: boolean;
  withLivraison: boolean;
}

/**
 * What step 2 (INFO COLIS) still misses before Suivant (spec 000 §5 "Parcel creation, step 2 Next" and "Edit parcel"
 * step 2): content, at least one nature, a valid weight and a known price on every line, the unit, the destination
 * city and the delivery mode (the server needs both), a settled amount between 0 and the total, and when an advance
 * is paid its payment mode and payer; nothing loading.
 * @returns keys under resources.colis.missing; empty when Suivant may be used
 */
export function infoStepMissing(values: ColisFormValues, ctx: InfoStepContext): string[] {
  const missing: string[] = [];
  if (!values.detailsContenu || !values.detailsContenu.trim()) missing.push('contenu');
  const lines = values.naturesColis ?? [];
  if (lines.length === 0 || lines.some((l) => !l.natureColisID)) missing.push('natures');
  if (lines.some((l) => !isValidPoids(l.poids))) missing.push('poids');
  if (lines.some((l) => l.natureColisID && !ctx.prixNatures[l.natureColisID])) missing.push('prix');
  if (values.unite !== 'KG' && values.unite !== 'M3') missing.push('unite');
  if (!values.villeID) missing.push('ville');
  if (!values.modeLivraisonID) missing.push('modeLivraison');
  const montants = computeFormMontants(values, ctx.prixNatures, ctx.withLivraison);
  const montantsValid = [values.montantComplementaire, values.montantExpedition, ctx.withLivraison ? values.montantLivraison : 0].every(
    isValidMontant,
  );
  if (!isValidMontant(values.reglement) || montants.resteAPayer < 0 || !montantsValid) missing.push('reglement');
  if (hasAdvance(values)) {
    if (!values.modePaiementID) missing.push('modePaiement');
    if (!values.paymentby) missing.push('paymentby');
  }
  if (ctx.loading) missing.push('loading');
  return missing;
}

/** A country's dial code and national number length as the wizard loads them (pays/getBy). */
export interface PaysPhone {
  indicatif?: string | null;
  longueur?: number | null;
}

/**
 * The country rules of a phone typed in the wizard: the dial code typed beside the number (else the country's), and
 * the country's number length only when that dial code is the country's own (a French number typed with +33 for a
 * recipient in Senegal is not held to Senegal's length).
 * @param typedIndicatif the dial code field of the form
 * @param country the country of the party (destination for the recipient, origin for the sender)
 */
export function phonePays(typedIndicatif: string | null | undefined, pays?: PaysPhone | null): PaysTelephone {
  const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
  const indicatif = digits(typedIndicatif) ? (typedIndicatif ?? '') : (pays?.indicatif ?? '');
  const own = !!digits(indicatif) && digits(indicatif) === digits(pays?.indicatif);
  return { indicatif, longueurNumero: own ? (pays?.longueur ?? null) : null };
}

/**
 * Full phone number of a party (DESIGN.md §4: clients are found by their full phone) with common/phone.ts, the server's
 * own normalisation: '+' and digits, or a French error message.
 * @param indicatif the dial code field of the form
 * @param numero the number as typed (national, or full with '+' / '00')
 * @param country the party's country (its dial code and length)
 */
export function partyPhone(indicatif: string | null | undefined, numero: string | null | undefined, pays?: PaysPhone | null) {
  return normalizePhone(numero, phonePays(indicatif, pays));
}

/**
 * A validator of a phone input (react-admin): the French message of common/phone.ts, or undefined; an empty optional
 * number is accepted (required() says when it is needed).
 * @param indicatifField the form field holding the dial code typed beside the number
 * @param country the party's country
 */
export function phoneInputError(
  value: unknown,
  values: Record<string, unknown> | undefined,
  indicatifField: 'destinataireIndicatif' | 'expediteurIndicatif',
  pays?: PaysPhone | null,
): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const result = partyPhone(values?.[indicatifField] as string | undefined, value, pays);
  return result.ok ? undefined : result.error;
}

/** Whether the recipient part of step 3 is complete (spec 000 §5 "Step 3 save"): a found client, or nom, prénoms and adresse. */
export function destinataireComplete(
  values: Pick<ColisFormValues, 'destinataireID' | 'nomDestinataire' | 'prenomsDestinataire' | 'adresseDestinataire'>,
): boolean {
  if (values.destinataireID) return true;
  return [values.nomDestinataire, values.prenomsDestinataire, values.adresseDestinataire].every((s) => !!s && s.trim() !== '');
}

/**
 * Whether the sender part of step 3 is complete (spec 000 §5): a selected client, or a typed sender with nom and
 * prénoms — and a phone, which the server needs to create or find the client (NumeroSaisi).
 */
export function expediteurComplete(
  values: Pick<ColisFormValues, 'expediteurMode' | 'expediteurID' | 'expediteurNom' | 'expediteurPrenom' | 'expediteurNumero'>,
): boolean {
  if (values.expediteurMode === 'select') return !!values.expediteurID;
  return [values.expediteurNom, values.expediteurPrenom, values.expediteurNumero].every((s) => !!s && s.trim() !== '');
}

/** What the final save still misses (keys under resources.colis.missing). */
export function destinataireStepMissing(values: ColisFormValues): string[] {
  const missing: string[] = [];
  if (!destinataireComplete(values)) missing.push('destinataire');
  if (!expediteurComplete(values)) missing.push(values.expediteurMode === 'select' ? 'expediteur' : 'expediteur_saisi');
  return missing;
}

/** An amount for the request body: a number with 2 decimals, 0 when empty. */
function money(value: DecimalInput): number {
  return Number(safeCents(isValidMontant(value) ? value : 0)) / 100;
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
  /** Countries of the parties for their phone numbers: destination (recipient) and origin (sender). */
  destinatairePays?: PaysPhone | null;
  expediteurPays?: PaysPhone | null;
}

/**
 * The body of colis/create and of the full colis/update (docs/api-contract.md): the server recomputes every amount.
 * Sender: expediteurID, or expediteurNom, expediteurPrenom and NumeroSaisi (full phone). Recipient: destinataireID,
 * or the free-text fields with telephoneDestinataire. encaissement {paymentby, modePaiementID} only with an advance.
 */
export function buildColisBody(values: ColisFormValues, opts: BodyOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {
    envoiID: values.envoiID,
    villeID: values.villeID,
    modeLivraisonID: values.modeLivraisonID,
    naturesColis: (values.naturesColis ?? []).map((l) => ({ natureColisID: l.natureColisID, poids: Number(toNumber(l.poids).toFixed(3)) })),
    unite: uniteForModeEnvoi(opts.modeEnvoi, values.unite),
    detailsContenu: (values.detailsContenu ?? '').trim(),
    observation: (values.observation ?? '').trim(),
    adresseLivraison: opts.withLivraison ? (values.adresseLivraison ?? '').trim() : '',
    montantLivraison: opts.withLivraison ? money(values.montantLivraison) : 0,
    montantExpedition: money(values.montantExpedition),
    montantComplementaire: money(values.montantComplementaire),
    reglement: money(values.reglement),
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
  if (hasAdvance(values)) body.encaissement = { paymentby: values.paymentby || ADVANCE_PAYER, modePaiementID: values.modePaiementID };
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
