/**
 * The parcel's request bodies and wizard (spec 000 §2 Add parcel / Edit parcel, §5 "Parcel creation", "Each nature
 * weight", "Settled amount", "Step 3 save", §7 colis/create, colis/update, colis/retirer|livrer, colis/prixNature):
 * the bodies and query the server's routes validate (server/colis/routes.ts) and the schema of the three-step wizard
 * (src/colis/ColisInputs.tsx), built from the same fields so a rule and its French message are written once: a nature
 * weight is poidsKg (at least 0,01, rounded to 3 decimals), an amount fields.ts montant (≥ 0, in the departure's
 * currency, parsed exactly and not rounded here: the server rounds it once to that currency's minor unit, '10,495' F CFA
 * → 10 F, 1,005 € → 1,01 €), the recipient's e-mail the same rule on both sides, the parties (who sends, who receives)
 * the same rule in the body and the wizard. The answers of the parcel routes end the file: the route answers them
 * (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import { PAYMENT_BY } from '../colisRules';
import { missingProof, REMISE_MESSAGES, REMISE_METHODES } from '../remiseRules';
import { deviseOuEuro, roundToDevise } from '../devises';
import { UNITES } from '../modes';
import { normalizePhone, type PaysTelephone } from '../phone';
import * as answer from './answer';
import { codeRetraitField, pieceNumeroField, pieceTypeField, tenduFields } from './encaissement';
import { EMAIL_INVALIDE, montant, optionalId, optionalText, poidsKg, requiredId, requiredText, strictNumber } from './fields';
import { partyRef } from './user';

/** The French messages of the parcel's rules that more than one field or schema words. */
const M = {
  envoiID: 'Le départ est obligatoire',
  agenceID: "L'agence est obligatoire.",
  villeID: 'La ville de destination est obligatoire',
  modeLivraisonID: 'Le mode de récupération est obligatoire',
  natureColisID: 'La nature est obligatoire',
  natures: 'Ajoutez au moins une nature',
  detailsContenu: 'Le contenu est obligatoire',
  modePaiementID: 'Le mode de paiement est obligatoire',
  paymentby: 'Le payeur est obligatoire',
  nomDestinataire: 'Le nom du destinataire est obligatoire',
  prenomsDestinataire: 'Les prénoms du destinataire sont obligatoires',
  adresseDestinataire: "L'adresse du destinataire est obligatoire",
  expediteurID: "L'expéditeur est obligatoire",
  expediteurNom: "Le nom de l'expéditeur est obligatoire",
  expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
  expediteurNumero: "Le téléphone de l'expéditeur est obligatoire",
} as const;

/** Largest weight of one nature line, in kg (or m³). */
const NATURE_POIDS_MAX = 100_000;

/** The amounts a parcel carries, with the label of their messages. */
const MONTANT_LABELS = {
  montantLivraison: 'Le montant de livraison',
  montantExpedition: "Le montant d'expédition",
  montantComplementaire: 'Le montant complémentaire',
  reglement: 'Le montant réglé',
} as const;
type MontantField = keyof typeof MONTANT_LABELS;

/**
 * An amount of the parcel, in its departure's currency: a number ≥ 0 and ≤ 1 000 000 000 as parsed, not rounded (the
 * server rounds it once to the currency's minor unit: server/colis/registrationPlan.ts amountsInDevise).
 */
const montantColis = (field: MontantField) => montant(MONTANT_LABELS[field]);

/** The least weight of a nature line, in kg (or m³): below it a line would cost nothing or less than a cent. */
const NATURE_POIDS_MIN = 0.01;

/**
 * A nature line's weight in kg (or m³): a number ≥ 0,01 and ≤ 100 000, rounded to 3 decimals (spec 000 §5; 0,005 kg is
 * refused with 'Le poids doit être d'au moins 0,01 kg').
 */
export const naturePoids = poidsKg('Le poids', NATURE_POIDS_MAX).refine((kg) => kg <= 0 || kg >= NATURE_POIDS_MIN, {
  // 0 and below keep poidsKg's one message ('… supérieur à 0').
  message: "Le poids doit être d'au moins 0,01 kg",
});

/** A nature line's nature. */
const natureColisID = requiredId(M.natureColisID);

/** The unit of the weights. */
const unite = z.enum(UNITES, { error: "L'unité doit être KG ou M3" });

/** The new recipient's e-mail: empty, or a valid address. */
const emailDestinataire = z.union([z.literal(''), z.email(EMAIL_INVALIDE)]);

/** Who pays (the spec's `paymentby` values). */
const payer = z.enum(PAYMENT_BY);

type Values = Record<string, unknown>;
type Issues = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

/** Whether a value is a non-empty text once trimmed. */
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * The parties' rule, one for the body and the wizard (spec 000 §5 "Step 3 save": "with a new recipient, nom, prenoms
 * and adresse are required, plus sender nom and prenoms if the sender is typed manually"): without destinataireID, the
 * recipient's nom, prénoms and adresse; a typed sender its nom, prénoms and phone (the client is found or created by
 * it); else a selected client (expediteurID). Each missing field gets its message (M).
 * @param v the values (a body, or the wizard's; anything else is left to the type checks)
 * @param typedSender whether the sender is typed rather than selected
 * @param numeroField where the typed sender's phone is: NumeroSaisi in the body, expediteurNumero in the wizard
 */
function partiesRule(v: unknown, issues: Issues, typedSender: boolean, numeroField: 'NumeroSaisi' | 'expediteurNumero') {
  if (!v || typeof v !== 'object') return;
  const values = v as Values;
  const requireFilled = (field: string, message: string) => {
    if (!filled(values[field])) issues.addIssue({ code: 'custom', path: [field], message });
  };
  if (!values.destinataireID) {
    requireFilled('nomDestinataire', M.nomDestinataire);
    requireFilled('prenomsDestinataire', M.prenomsDestinataire);
    requireFilled('adresseDestinataire', M.adresseDestinataire);
  }
  if (typedSender) {
    requireFilled('expediteurNom', M.expediteurNom);
    requireFilled('expediteurPrenom', M.expediteurPrenom);
    requireFilled(numeroField, M.expediteurNumero);
  } else if (!values.expediteurID) {
    issues.addIssue({ code: 'custom', path: ['expediteurID'], message: M.expediteurID });
  }
}

/** The rules across fields run even while another field is in error, so every error shows at once. */
const ALWAYS = { when: () => true };

/**
 * A body's sender is typed when it names no client (expediteurID) and types something of one (nom, prénoms or phone);
 * naming neither is M.expediteurID.
 */
const typedSenderOfBody = (v: unknown) => {
  const b = (v && typeof v === 'object' ? v : {}) as Values;
  return !b.expediteurID && [b.expediteurNom, b.expediteurPrenom, b.NumeroSaisi].some(filled);
};

/**
 * Body of colis/create and of the full colis/update (spec 000 §5 Parcel creation, §7 colis/create), with the parties'
 * rule (partiesRule), checked even while other fields fail.
 */
export const colisBody = z
  .object({
    envoiID: requiredId(M.envoiID),
    agenceID: optionalId(),
    villeID: requiredId(M.villeID),
    modeLivraisonID: requiredId(M.modeLivraisonID),
    modeEnvoiID: optionalId(),
    naturesColis: z
      .array(
        z.preprocess(
          // The spec's client (000 §3) names only {natureColisID, unitePoid}: a number there is the line's weight.
          (raw) => {
            if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
            const { poids, unitePoid, ...line } = raw as Record<string, unknown>;
            if (poids === undefined && typeof unitePoid === 'number') return { ...line, poids: unitePoid };
            return { ...line, poids, unitePoid };
          },
          z.object({ natureColisID, poids: naturePoids, unitePoid: z.string().optional() }),
        ),
        { error: M.natures },
      )
      .min(1, M.natures)
      .max(50),
    unite: unite.optional(),
    detailsContenu: requiredText(M.detailsContenu, 500),
    contenu: optionalText(500),
    observation: optionalText(1000),
    adresseLivraison: optionalText(500),
    montantLivraison: montantColis('montantLivraison').optional(),
    montantExpedition: montantColis('montantExpedition').optional(),
    montantComplementaire: montantColis('montantComplementaire').optional(),
    reglement: montantColis('reglement').optional(),
    expediteurID: optionalId(),
    expediteurNom: optionalText(100),
    expediteurPrenom: optionalText(150),
    NumeroSaisi: optionalText(20),
    destinataireID: optionalId(),
    nomDestinataire: optionalText(100),
    prenomsDestinataire: optionalText(150),
    emailDestinataire: emailDestinataire.optional(),
    adresseDestinataire: optionalText(500),
    telephoneDestinataire: optionalText(20),
    receptionneurID: optionalId(),
    encaissement: z
      .object({ paymentby: payer.optional(), modePaiementID: z.uuid({ error: M.modePaiementID }).optional() })
      .passthrough()
      .optional(),
    // Amounts the spec's client computes: accepted and ignored, the server recomputes them.
    poids: z.unknown().optional(),
    prixUnitaire: z.unknown().optional(),
    montant: z.unknown().optional(),
    montantTotal: z.unknown().optional(),
    resteAPayer: z.unknown().optional(),
    expediteurTelephone: z.unknown().optional(),
  })
  .superRefine((v, issues) => partiesRule(v, issues, typedSenderOfBody(v), 'NumeroSaisi'), ALWAYS);

/** What a client sends to register or fully edit a parcel (amounts in the departure's currency, weights in kg), as validated. */
export type ColisInput = z.infer<typeof colisBody>;

/** Body of colis/update: the active toggle `{isActive}`, the spec client's amounts echo, or a full edit. */
export const colisUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  // The spec client's echo after a payment: accepted and ignored (amounts are never trusted).
  z.strictObject({ resteAPayer: strictNumber('Le reste à payer'), reglement: strictNumber('Le règlement') }),
  colisBody,
]);

/** An identity document as the counter types it: its type and number, normalised (common/remiseRules.ts). */
const pieceFields = { pieceType: pieceTypeField.optional(), pieceNumero: pieceNumeroField.optional() };

/**
 * Body of colis/retirer and colis/livrer: how the remaining amount is collected in the same step, if any — the payment
 * mode, who pays (default the spec's debtor, COLLECTION_PAYER), and the currency it is tendered in with, optionally, the
 * amount shown (which must then be the settling amount: server/colis/journey.ts), as encaissement/create takes them.
 */
export const finishFields = z
  .object({
    /** The recipient's release code (docs/decisions/release-code.md), checked by the destination agency. */
    codeRetrait: codeRetraitField.optional(),
    // The release's proof (docs/decisions/release-proof.md): a document, a proxy, a signature and a photo.
    ...pieceFields,
    mandataireID: z.uuid({ error: 'Mandataire invalide' }).optional(),
    signature: z.string().max(280_000, REMISE_MESSAGES.image('signature')).optional().describe('PNG data URL, 200 KB at most'),
    photo: z.string().max(700_000, REMISE_MESSAGES.image('photo')).optional().describe('PNG or JPEG data URL, 500 KB at most'),
    modePaiementID: z.uuid({ error: M.modePaiementID }).optional(),
    paymentby: payer.optional(),
    ...tenduFields,
  })
  .superRefine((body, ctx) => {
    if (body.montantTendu !== undefined && body.deviseTendue === undefined) {
      ctx.addIssue({ code: 'custom', path: ['deviseTendue'], message: 'La devise du montant tendu est obligatoire' });
    }
    // Who takes the parcel is proven: the code, or a document (the proxy's with a proxy), and the signature.
    const missing = missingProof(body);
    if (missing) ctx.addIssue({ code: 'custom', path: [missing.field], message: missing.message });
    if ((body.pieceType === undefined) !== (body.pieceNumero === undefined)) {
      const path = body.pieceType === undefined ? 'pieceType' : 'pieceNumero';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: path === 'pieceType' ? REMISE_MESSAGES.pieceType : REMISE_MESSAGES.pieceNumero,
      });
    }
  });
export type FinishInput = z.infer<typeof finishFields>;

/** Body of colis/mandataire/{id} (docs/decisions/release-proof.md): the proxy and their identity document. */
export const mandataireBody = z.object({
  nom: z.string({ error: 'Le nom du mandataire est obligatoire' }).trim().min(1, 'Le nom du mandataire est obligatoire').max(100),
  prenoms: z.string().trim().max(100).optional(),
  telephone: z
    .string({ error: 'Le téléphone du mandataire est obligatoire' })
    .trim()
    .regex(/^\+?[0-9 ]{6,20}$/, 'Le téléphone du mandataire est invalide'),
  pieceType: pieceTypeField,
  pieceNumero: pieceNumeroField,
});
export type MandataireInput = z.infer<typeof mandataireBody>;

/** A proxy as the API answers it (never the document's number). */
export const mandataireRecord = z.object({
  id: z.string(),
  nom: z.string(),
  prenoms: z.string(),
  telephone: z.string(),
  pieceType: z.string(),
  pieceDernier4: z.string().describe("the document number's last 4 characters"),
  createdAt: answer.instant,
});

/** A parcel's release record as its destination agency reads it (GET colis/remise/{id}); null before any release. */
export const remiseRecord = z
  .object({
    statut: z.string(),
    remisLe: answer.instant,
    methode: z.enum(REMISE_METHODES).nullable(),
    pieceType: z.string().nullable(),
    pieceDernier4: z.string().nullable(),
    remisPar: z.string(),
    agence: z.string().nullable(),
    mandataireID: z.string().nullable(),
    mandataire: mandataireRecord.nullable(),
    signature: z.boolean().describe('a signature was drawn: GET colis/remise/{id}/signature'),
    photo: z.boolean().describe('a photo was taken: GET colis/remise/{id}/photo'),
  })
  .nullable();

/** Query of colis/prixNature. */
export const prixNatureQuery = z.object({
  envoiID: z.uuid(),
  natureColisID: z.uuid(),
  villeID: z.uuid().optional(),
  agenceID: z.uuid().optional(),
});
export type PrixNatureQuery = z.infer<typeof prixNatureQuery>;

// ---------------------------------------------------------------------------------------------------------------------
// The wizard's form

/**
 * An amount as the wizard types it: empty ('' or null, a cleared input) reads as 0 (spec 000 §5: the amounts default
 * to 0, minimum 0), else the body's rule. Parsed exactly, not rounded ('1,005' → 1.005): the departure's currency
 * rounds it (src/colis/model/wizardRules.ts for the preview and the body, the server for what is stored).
 */
export const montantSaisi = (field: MontantField) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), montantColis(field));

/** A free text of the wizard: null reads as empty; trimmed, at most `max` characters. */
const texteSaisi = (max: number) => z.preprocess((v) => v ?? '', optionalText(max));

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
 * @param pays the country of the party (destination for the recipient, origin for the sender)
 */
export function phonePays(typedIndicatif: string | null | undefined, pays?: PaysPhone | null): PaysTelephone {
  const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
  const indicatif = digits(typedIndicatif) ? (typedIndicatif ?? '') : (pays?.indicatif ?? '');
  const own = !!digits(indicatif) && digits(indicatif) === digits(pays?.indicatif);
  return { indicatif, longueurNumero: own ? (pays?.longueur ?? null) : null };
}

/** What the wizard's schema needs besides the values: who fills it and the countries of the chosen departure. */
export interface ColisWizardContext {
  /** ADMIN (every agency): the issuing agency is required on step 1 (spec 000 §5). */
  seesAllAgences?: boolean;
  /** false when the chosen delivery mode is the agency pick-up: no delivery amount (it counts as 0, unchecked). */
  withLivraison?: boolean;
  /** The departure's currency (ISO 4217; default the euro): an advance is one once rounded to its minor unit. */
  devise?: string;
  /** The departure's destination country (the recipient's phone) and origin country (the sender's). */
  destinatairePays?: PaysPhone | null;
  expediteurPays?: PaysPhone | null;
}

/** Step 1 (CHOIX DU DEPART): the departure, and the agency for ADMIN. */
const envoiStep = (ctx: ColisWizardContext) => ({
  envoiID: requiredId(M.envoiID),
  agenceID: ctx.seesAllAgences ? requiredId(M.agenceID) : optionalId(),
});

/** Step 2 (INFO COLIS): the body's fields as the inputs give them. */
const infoStep = (ctx: ColisWizardContext) => ({
  detailsContenu: requiredText(M.detailsContenu, 500),
  villeID: requiredId(M.villeID),
  naturesColis: z
    .array(z.looseObject({ natureColisID, poids: naturePoids }), { error: M.natures })
    .min(1, M.natures)
    .max(50),
  unite,
  modeLivraisonID: requiredId(M.modeLivraisonID),
  montantComplementaire: montantSaisi('montantComplementaire'),
  montantExpedition: montantSaisi('montantExpedition'),
  montantLivraison: ctx.withLivraison === false ? z.unknown().transform(() => 0) : montantSaisi('montantLivraison'),
  adresseLivraison: texteSaisi(500),
  observation: texteSaisi(1000),
  reglement: montantSaisi('reglement'),
  modePaiementID: optionalId(),
  paymentby: z.preprocess((v) => (v === '' || v === null ? undefined : v), payer.optional()),
});

/** Step 3 (INFO DESTINATAIRE): the recipient found by phone or typed, the sender selected or typed. */
const destinataireStep = () => ({
  destinataireID: optionalId(),
  destinataireNumero: texteSaisi(30),
  nomDestinataire: texteSaisi(100),
  prenomsDestinataire: texteSaisi(150),
  adresseDestinataire: texteSaisi(500),
  emailDestinataire: z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), emailDestinataire),
  expediteurMode: z.enum(['select', 'saisie']),
  expediteurID: optionalId(),
  expediteurNom: texteSaisi(100),
  expediteurPrenom: texteSaisi(150),
  expediteurNumero: texteSaisi(30),
});

/**
 * Step 2's rule across fields: an advance (reglement above 0 once rounded to the departure's currency, as the server
 * rounds it: 0,004 € or 0,4 F CFA is none) needs its payment mode and payer (spec 000 §5).
 */
function infoStepRule(v: Values, issues: Issues, ctx: ColisWizardContext) {
  if (!(typeof v.reglement === 'number' && roundToDevise(v.reglement, deviseOuEuro(ctx.devise)) > 0)) return;
  if (!v.modePaiementID) issues.addIssue({ code: 'custom', path: ['modePaiementID'], message: M.modePaiementID });
  if (!v.paymentby) issues.addIssue({ code: 'custom', path: ['paymentby'], message: M.paymentby });
}

/**
 * Step 3's rules across fields (spec 000 §5 "Step 3 save"): the parties' rule of the body (partiesRule, the sender
 * typed when the mode is 'saisie'), and each typed phone must be a phone of its party's country (common/phone.ts, as
 * the server normalises it).
 */
function destinataireStepRule(v: Values, issues: Issues, ctx: ColisWizardContext) {
  const phone = (field: string, indicatif: unknown, pays: PaysPhone | null | undefined) => {
    if (!filled(v[field])) return;
    const result = normalizePhone(v[field] as string, phonePays(indicatif as string | undefined, pays));
    if (!result.ok) issues.addIssue({ code: 'custom', path: [field], message: result.error });
  };
  const typedSender = v.expediteurMode === 'saisie';
  partiesRule(v, issues, typedSender, 'expediteurNumero');
  phone('destinataireNumero', v.destinataireIndicatif, ctx.destinatairePays);
  if (typedSender) phone('expediteurNumero', v.expediteurIndicatif, ctx.expediteurPays);
}

/**
 * The schema of one step of the wizard (0 CHOIX DU DEPART, 1 INFO COLIS, 2 INFO DESTINATAIRE): its fields and rules,
 * for the step's Suivant and the save button (src/colis/model/wizardRules.ts infoStepMissing, destinataireStepMissing).
 * Other fields pass through untouched.
 * @param step the step index
 * @param ctx the role, the delivery mode, the departure's currency and countries
 */
export function colisWizardStepSchema(step: 0 | 1 | 2, ctx: ColisWizardContext = {}) {
  if (step === 0) return z.looseObject(envoiStep(ctx));
  if (step === 1) return z.looseObject(infoStep(ctx)).superRefine((v, issues) => infoStepRule(v, issues, ctx), ALWAYS);
  return z.looseObject(destinataireStep()).superRefine((v, issues) => destinataireStepRule(v, issues, ctx), ALWAYS);
}

/**
 * The schema of the whole wizard form (ColisFormValues), checked before the save (src/colis/ColisInputs.tsx): the three
 * steps' fields and rules. Accepts the inputs' raw values ('' or null when empty, '1,005' €, '2.5' kg) and parses
 * them (amounts exactly, not rounded: the departure's currency does that; weights to 3 decimals, texts trimmed); the
 * fields the form keeps for itself (dial codes, the look-up state) pass through.
 * @param ctx the role, the delivery mode, the departure's currency and countries
 * @returns a zod schema of the form's values, with the French messages of the server's rules
 */
export function colisWizardSchema(ctx: ColisWizardContext = {}) {
  return z.looseObject({ ...envoiStep(ctx), ...infoStep(ctx), ...destinataireStep() }).superRefine((v, issues) => {
    infoStepRule(v, issues, ctx);
    destinataireStepRule(v, issues, ctx);
  }, ALWAYS);
}

// ---------------------------------------------------------------- answers (server/colis/routes.ts)

/**
 * A parcel as the API answers it (spec 000 §3 Parcel, colis/query.ts selectColis): amounts in its currency `devise`
 * (its departure's, docs/decisions/currencies.md) and weights in answer.kg as numbers, departure, agency, status, city,
 * modes, sender and recipient populated one level.
 */
export const colisRecord = answer.record({
  reference: z.string().describe('{agency code}-yymm-000123'),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  dateDepot: answer.instant.nullable(),
  dateEnvoi: answer.instant.nullable(),
  detailsContenu: z.string(),
  contenu: z.string(),
  poids: answer.kg,
  unite: z.string().describe('KG or M3'),
  prixUnitaire: answer.montant.describe('line price of the first nature'),
  montant: answer.montant.describe('Σ weight × line price'),
  montantLivraison: answer.montant,
  montantExpedition: answer.montant,
  montantComplementaire: answer.montant,
  montantTotal: answer.montant,
  reglement: answer.montant.describe('settled so far'),
  resteAPayer: answer.montant.describe('remaining'),
  devise: answer.devise,
  observation: z.string(),
  adresseLivraison: z.string(),
  NumeroSaisi: z.string().nullable().describe("the typed sender's full phone"),
  isActive: z.boolean(),
  nomDestinataire: z.string().nullable(),
  prenomsDestinataire: z.string().nullable(),
  emailDestinataire: z.string().nullable(),
  adresseDestinataire: z.string().nullable(),
  telephoneDestinataire: z.string().nullable(),
  paramNatureModeID: answer.id.nullable(),
  receptionneurID: answer.id.nullable(),
  statutID: answer.codeLibelleRef,
  envoiID: answer.record({
    reference: z.string(),
    dateDebut: answer.calendarDate,
    dateArrive: answer.calendarDate,
    dateFin: answer.calendarDate,
    paysID: answer.id,
    paysEmetteurID: answer.id,
    modeEnvoiID: answer.id,
  }),
  agenceID: answer.codeLibelleRef.extend({ telephoneComplet: z.string().nullable() }),
  villeID: answer.record({ libelle: z.string(), paysID: answer.id }).nullable(),
  modeEnvoiID: answer.codeLibelleRef.nullable(),
  modeLivraisonID: answer.codeLibelleRef.nullable(),
  expediteurID: partyRef.nullable(),
  destinataireID: partyRef.nullable(),
});

/** A nature line of a parcel, the prices it was charged (in the parcel's currency). */
const lineFields = {
  poids: answer.kg,
  unitePoid: z.string(),
  prixUnitaire: answer.montant,
  prixExceptionnel: answer.montant,
  prixTotal: answer.montant,
};

/** A status history entry (spec 000 §3 History entry). */
export const historiqueRecord = answer.record({
  dateAction: answer.instant,
  statutAvantID: answer.codeLibelleRef.nullable().describe('null for the registration'),
  statutApresID: answer.codeLibelleRef,
  auteurID: answer.record({ nom: z.string(), prenoms: z.string() }).nullable(),
  // An entry a payment or a refund wrote (same status before and after): docs/decisions/payment-history.md.
  paiement: z
    .object({
      type: z.enum(['encaissement', 'remboursement']),
      montant: z.number().nullable().describe('positive, in devise; null when no payment row was found'),
      devise: z.string().nullable(),
      annule: z.boolean().describe('cancelled since'),
    })
    .optional()
    .describe('only on an entry of a payment or a refund'),
  libelle: z.string().optional().describe("the payment's French line, e.g. 'Encaissement de 20,00 €'"),
});

/** GET colis/getHistoriqueByReference/{reference}: the parcel's history, newest first. */
export const colisHistoriqueAnswer = answer.rowsAnswer('datas', historiqueRecord);

/** POST colis/create, PUT colis/update/{id}, colis/retirer|livrer: the parcel written and the French message. */
export const colisWriteAnswer = answer.envelope({ message: z.string(), data: colisRecord });

/** GET colis/getBy/{id}: the parcel with its nature lines (ids of the nature and of the parcel). */
export const colisGetByAnswer = answer.envelope({
  colis: colisRecord.extend({ naturesColis: z.array(answer.record({ colisID: answer.id, natureColisID: answer.id, ...lineFields })) }),
});

/** GET colis/getByReference/{reference}: the parcel, its nature lines populated, its total and its tracking page. */
export const colisGetByReferenceAnswer = answer.envelope({
  data: colisRecord,
  prixTotal: answer.montant.describe('montantTotal'),
  natureColisDetails: z.array(answer.record({ ...lineFields, natureColisID: answer.codeLibelleRef })),
  suiviUrl: z.string().describe("public tracking page of the parcel, the receipt's QR code (docs/decisions/public-tracking.md)"),
});

/** The senders of a departure, each with its parcels there. */
export const colisClientsOfEnvoiAnswer = answer.envelope({
  datas: z.array(partyRef.extend({ colis: z.array(answer.record({ reference: z.string(), statutID: answer.codeLibelleRef })) })),
  envoi: z.looseObject({ id: answer.id, reference: z.string() }),
});

/** The parcels a client sent or receives. */
export const colisEnvoisOfClientAnswer = answer.envelope({
  datas: z.array(
    answer.record({
      reference: z.string(),
      createdAt: answer.instant,
      detailsContenu: z.string(),
      contenu: z.string(),
      poids: answer.kg,
      unite: z.string(),
      montantTotal: answer.montant,
      resteAPayer: answer.montant,
      devise: answer.devise,
      agenceID: answer.id,
      envoiID: answer.record({ reference: z.string(), dateArrive: answer.calendarDate }),
      statutID: answer.codeLibelleRef,
    }),
  ),
  client: answer.record({ nom: z.string(), prenoms: z.string(), telephoneComplet: z.string().nullable() }),
});

/**
 * The state of a parcel's release code as its destination agency reads it (GET colis/codeRetrait/{id},
 * docs/decisions/release-code.md): never the code. ACTIF (usable, `essaisRestants` wrong attempts before the lock),
 * BLOQUE (five wrong attempts), UTILISE (the parcel was handed over: the code is closed), AUCUN (no code: arrived before the codes).
 */
export const codeRetraitEtat = z.object({
  etat: z.enum(['ACTIF', 'BLOQUE', 'UTILISE', 'AUCUN']),
  envoyeLe: answer.instant.nullable().describe('when the current code was made and sent'),
  essaisRestants: z.number().int().describe('wrong attempts left before the lock'),
  envois: z.number().int().describe('codes sent for the parcel so far'),
  utiliseLe: answer.instant.nullable(),
});
export type CodeRetraitEtat = z.infer<typeof codeRetraitEtat>;
