/**
 * The payment's request bodies and dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §7
 * encaissement/create; docs/decisions/currencies.md "Payments in another currency"): the bodies the server's routes
 * validate (server/encaissement/routes.ts) and the schema of the make-payment dialog
 * (src/encaissements/MakeEncaissementDialog.tsx), built from the same fields so a rule and its French message are
 * written once; and the texts both sides give (an amount above the remaining, a refund above what is refundable). The
 * refund's body and dialog (encaissement/rembourser/{id}, docs/decisions/refunds-and-cash.md) are built the same way.
 * The answers of the payment routes end the file: the route answers them, the screens read their type
 * (src/encaissements/types.ts; docs/decisions/answer-schemas.md).
 *
 * A payment is recorded in its parcel's currency: either `montantEncaisse` (in that currency; default: all that
 * remains), or `montantTendu` + `deviseTendue` (tendered in another currency, converted at the day's rates by the
 * server). An amount is rounded once, half away from zero, to its currency's minor unit (common/devises.ts), by the
 * server or by the dialog's schema when it knows the currency; the bodies keep the amount as typed.
 */
import { z } from 'zod';
import { COLLECTION_PAYER, PAYMENT_BY, PAYMENT_BY_CHOICES, type PaymentBy } from '../colisRules';
import { convertir, minorToNumber, minorToString, toMinor } from '../devises';
import { formatMontant } from '../format';
import type { DecimalInput } from '../money';
import {
  missingProof,
  normalizePieceNumero,
  PIECE_NUMERO_MAX,
  PIECE_NUMERO_MIN,
  PIECE_TYPE_CODES,
  REMISE_MESSAGES,
  type PieceType,
} from '../remiseRules';
import * as answer from './answer';
import { deviseCode, montant, optionalDevise, requiredId, requiredText } from './fields';

/** The spec's text of a missing payment mode (000 §5 "Make payment"). */
const MODE_PAIEMENT_REQUIRED = 'Veuillez remplir tous les champs obligatoire.';

/** The payment mode of a collection: required. */
const modePaiementID = requiredId(MODE_PAIEMENT_REQUIRED);

/** Who pays a collection, as chosen in a dialog (the spec's visible options, PAYMENT_BY_CHOICES). */
const paymentby = z.enum(PAYMENT_BY_CHOICES as [PaymentBy, ...PaymentBy[]], { error: 'Le payeur est obligatoire' });

/**
 * An amount typed or sent (a number, or a French or dotted numeric text), above 0 and at most 1 000 000 000, kept as
 * parsed (common/schemas/fields.ts montant): its currency's minor unit rounds it (the server's, or the dialog schema's
 * once the currency is known).
 */
const montantPositif = (label: string) => montant(label, { positive: true });

/**
 * The refusal of an amount whose value in the parcel's currency exceeds what remains to pay: the server's 409 and the
 * dialog's message under the amount.
 * @param resteAPayer the remaining amount, in the parcel's currency
 * @param devise the parcel's currency
 */
export const montantDepasseMessage = (resteAPayer: DecimalInput, devise: string) =>
  `Le montant dépasse le reste à payer (${formatMontant(resteAPayer, devise)}).`;

/**
 * The amount tendered and its currency (encaissement/create, and the remainder collected by colis/retirer|livrer:
 * common/schemas/colis.ts finishFields): converted to the parcel's currency at the day's rates by the server; the
 * settling amount of that currency books exactly what remains (docs/decisions/currencies.md "The last minor units").
 */
export const tenduFields = {
  montantTendu: montantPositif('Le montant tendu').optional(),
  deviseTendue: deviseCode('La devise du montant tendu est obligatoire').optional(),
};

/** Body of encaissement/create (montantRestant, sent by the spec's client, is recomputed and ignored). */
export const encaissementBody = z
  .object({
    colisID: requiredId('Le colis est obligatoire'),
    modePaiementID,
    /** Who paid, as chosen (spec 000 §3 Payment); the spec's debtor when absent (COLLECTION_PAYER). */
    paymentby: z.enum(PAYMENT_BY).default(COLLECTION_PAYER),
    /** In the parcel's currency; absent: all that remains (nor montantTendu given). */
    montantEncaisse: montantPositif('Le montant encaissé').optional(),
    ...tenduFields,
    montantRestant: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.montantTendu !== undefined && body.deviseTendue === undefined) {
      ctx.addIssue({ code: 'custom', path: ['deviseTendue'], message: 'La devise du montant tendu est obligatoire' });
    }
    if (body.deviseTendue !== undefined && body.montantTendu === undefined) {
      ctx.addIssue({ code: 'custom', path: ['montantTendu'], message: 'Le montant tendu est obligatoire' });
    }
    if (body.montantTendu !== undefined && body.montantEncaisse !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['montantEncaisse'],
        message: 'Indiquez le montant encaissé ou le montant tendu, pas les deux',
      });
    }
  });
export type EncaissementInput = z.infer<typeof encaissementBody>;

/**
 * Query of encaissement/equivalent: a parcel, the currency tendered, and the amount tendered (absent: the parcel's
 * remaining amount expressed in that currency).
 */
export const encaissementEquivalentQuery = z.object({
  colisID: requiredId('Le colis est obligatoire'),
  deviseTendue: deviseCode('La devise du montant tendu est obligatoire'),
  montantTendu: montantPositif('Le montant tendu').optional(),
});

/**
 * A conversion between the currency tendered (or given back) and the parcel's: both currencies and their rates of the
 * day, units for 1 € (absent: not known yet, for another currency before encaissement/equivalent answered).
 */
interface Conversion {
  deviseTendue: string;
  devise: string;
  tauxTendu?: DecimalInput | null;
  tauxColis?: DecimalInput | null;
}

/**
 * The amount in `deviseTendue` that settles `reste` (docs/decisions/currencies.md "The last minor units"): `reste`
 * converted, rounded once, half away from zero, to the minor unit of `deviseTendue`, and at least one of it (1 GNF is
 * worth less than half a cent, yet 0,01 € settles it). The remainder itself in the parcel's currency.
 * @param v.reste what the amount settles, in `devise`: a parcel's remaining amount, or what a payment may still give back
 * @returns minor units of `deviseTendue`; 0 when nothing remains; null while the rates are unknown
 * @throws RangeError on an unreadable amount or a rate not above 0
 */
export function soldeTenduMinor(v: Conversion & { reste: DecimalInput }): bigint | null {
  const reste = toMinor(v.reste, v.devise);
  if (v.deviseTendue === v.devise || reste <= 0n) return v.deviseTendue === v.devise ? reste : 0n;
  if (!v.tauxTendu || !v.tauxColis) return null;
  const converti = toMinor(convertir(minorToString(reste, v.devise), v.devise, v.deviseTendue, v.tauxColis, v.tauxTendu), v.deviseTendue);
  return converti > 0n ? converti : 1n;
}

/**
 * What an amount tendered in `deviseTendue` is booked as in the parcel's currency `devise` (docs/decisions/currencies.md
 * "Payments in another currency", "The last minor units"), the server's rule and the dialogs' preview:
 * - in the parcel's currency: the amount itself;
 * - the settling amount (soldeTenduMinor of `reste`): exactly `reste`, so that the parcel closes at 0; `ecart` is its
 *   conversion less `reste` (+23 GNF when 27,85 € worth 260 398 GNF settle 260 375 GNF);
 * - any other amount: its conversion, rounded once, half away from zero (common/devises.ts convertir); `ecart` 0.
 * @param v.montant the amount tendered, in `deviseTendue`
 * @param v.reste what it may settle, in `devise` (a parcel's remaining; for a refund, what the payment may give back)
 * @returns minor units of `devise`: the amount booked and the conversion difference booked with it; null while the
 *   rates are unknown
 * @throws RangeError on an unreadable amount or a rate not above 0
 */
export function valeurTendue(v: Conversion & { montant: DecimalInput; reste: DecimalInput }): { montant: bigint; ecart: bigint } | null {
  if (v.deviseTendue === v.devise) return { montant: toMinor(v.montant, v.devise), ecart: 0n };
  if (!v.tauxTendu || !v.tauxColis) return null;
  const converti = toMinor(convertir(v.montant, v.deviseTendue, v.devise, v.tauxTendu, v.tauxColis), v.devise);
  const tendu = toMinor(v.montant, v.deviseTendue);
  const reste = toMinor(v.reste, v.devise);
  if (reste > 0n && tendu > 0n && tendu === soldeTenduMinor(v)) return { montant: reste, ecart: converti - reste };
  return { montant: converti, ecart: 0n };
}

/**
 * The make-payment dialog's form (spec 000 §5 "Make payment"; a part of what is due, in the parcel's or another
 * currency): the payment mode, required ('Veuillez remplir tous les champs obligatoire.'); the amount, above 0 once
 * rounded to its currency's minor unit, and whose value in the parcel's currency does not exceed the remaining
 * (montantDepasseMessage, the server's text); the currency tendered. Hidden values: the parcel's currency and remaining
 * amount, and, for another currency, both rates of the day (units for 1 €) as encaissement/equivalent answers them
 * (while they are unknown the server alone checks the remaining). Who pays is chosen (`paymentby`, the form starting
 * from the spec's debtor, COLLECTION_PAYER).
 * @returns on success the body's payment fields: `{modePaiementID, paymentby, montantEncaisse}` in the parcel's
 *   currency, or `{modePaiementID, paymentby, montantTendu, deviseTendue}` for another currency, amounts rounded to
 *   their minor unit
 */
export const encaissementFormSchema = z
  .object({
    modePaiementID,
    paymentby,
    montant: montantPositif('Le montant encaissé'),
    deviseTendue: deviseCode(),
    devise: deviseCode('La devise du colis est obligatoire'),
    resteAPayer: z.union([z.number(), z.string()]),
    tauxTendu: z.string().nullish(),
    tauxColis: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    if (toMinor(v.montant, v.deviseTendue) <= 0n) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: 'Le montant encaissé doit être supérieur à 0' });
      return;
    }
    const valeur = valeurTendue({ ...v, reste: v.resteAPayer });
    if (valeur === null) return;
    const equivalent = valeur.montant;
    if (equivalent <= 0n) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: 'Le montant encaissé doit être supérieur à 0' });
    } else if (equivalent > toMinor(v.resteAPayer, v.devise)) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: montantDepasseMessage(v.resteAPayer, v.devise) });
    }
  })
  .transform((v) =>
    v.deviseTendue === v.devise
      ? { modePaiementID: v.modePaiementID, paymentby: v.paymentby, montantEncaisse: minorToNumber(toMinor(v.montant, v.devise), v.devise) }
      : {
          modePaiementID: v.modePaiementID,
          paymentby: v.paymentby,
          montantTendu: minorToNumber(toMinor(v.montant, v.deviseTendue), v.deviseTendue),
          deviseTendue: v.deviseTendue,
        },
  );

/** What the dialog sends once its values pass (the body's payment fields). */
export type EncaissementFormOutput = z.output<typeof encaissementFormSchema>;

/** The refusal of a malformed release code (docs/decisions/release-code.md). */
const CODE_RETRAIT_FORMAT = 'Le code de retrait contient 6 chiffres';

/** The recipient's release code as colis/retirer|livrer take it: six digits (common/schemas/colis.ts finishFields). */
export const codeRetraitField = z
  .string({ error: CODE_RETRAIT_FORMAT })
  .trim()
  .regex(/^\d{6}$/, CODE_RETRAIT_FORMAT);

/** An identity document's number as a release takes it: normalised, 4 to 30 letters or digits (common/remiseRules.ts). */
export const pieceNumeroField = z
  .string({ error: REMISE_MESSAGES.pieceNumero })
  .transform(normalizePieceNumero)
  .refine((v) => /^[A-Z0-9]+$/.test(v) && v.length >= PIECE_NUMERO_MIN && v.length <= PIECE_NUMERO_MAX, REMISE_MESSAGES.pieceNumero);

/** An identity document's type (common/remiseRules.ts PIECE_TYPES). */
export const pieceTypeField = z.enum(PIECE_TYPE_CODES, { error: REMISE_MESSAGES.pieceType });

/** How the counter identifies the person who takes the parcel (the hand-over dialog's choice). */
export const IDENTIFICATIONS = ['code', 'piece', 'mandataire'] as const;

/** The refusal of a hand-over in another currency before its amount in it is known (today's rates not read yet). */
const SOLDE_INCONNU = "Le montant à encaisser dans cette devise n'est pas encore connu.";

/**
 * The hand-over and delivery dialog's form (src/colis/FinishColisButton.tsx; colis/retirer|livrer,
 * common/schemas/colis.ts finishFields): when money remains, the payment mode ('Veuillez remplir tous les champs
 * obligatoire.'), who pays, and the currency the whole remainder is received in; `montant` is that remainder in it —
 * the settling amount encaissement/equivalent answered (docs/decisions/currencies.md "The last minor units") — shown,
 * not typed, and required in another currency than the parcel's. Hidden: the parcel's currency and remaining amount.
 * Who takes the parcel (docs/decisions/release-proof.md): by `identification`, the release code, or the document's
 * type and number (with a proxy, `mandataireID` too), and the signature, checked with the server's rule
 * (common/remiseRules.ts missingProof); the photo when taken.
 * @returns on success the body: the proof (proofOf), plus when money remains `{modePaiementID, paymentby}` in the
 *   parcel's currency, with `{deviseTendue, montantTendu}` in another
 */
export const finishFormSchema = z
  .object({
    modePaiementID: z.string().nullish(),
    paymentby,
    montant: z.union([z.string(), z.number()]).nullish(),
    deviseTendue: deviseCode(),
    devise: deviseCode('La devise du colis est obligatoire'),
    resteAPayer: z.union([z.number(), z.string()]),
    /** How the person is identified, and with what (docs/decisions/release-proof.md). */
    identification: z.enum(IDENTIFICATIONS).default('code'),
    codeRetrait: z.string().trim().nullish(),
    pieceType: z.string().nullish(),
    pieceNumero: z.string().nullish(),
    mandataireID: z.string().nullish(),
    /** The signature drawn (PNG data URL) and the photo taken (JPEG data URL), from the dialog's pad and camera. */
    signature: z.string().nullish(),
    photo: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    const proof = proofOf(v);
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.identification === 'code' && v.codeRetrait && !codeRetraitField.safeParse(v.codeRetrait).success)
      issue('codeRetrait', CODE_RETRAIT_FORMAT);
    if (v.identification !== 'code') {
      if (v.identification === 'mandataire' && !v.mandataireID) issue('mandataireID', REMISE_MESSAGES.mandataireRequis);
      if (!pieceTypeField.safeParse(v.pieceType).success) issue('pieceType', REMISE_MESSAGES.pieceType);
      if (!pieceNumeroField.safeParse(v.pieceNumero ?? '').success) issue('pieceNumero', REMISE_MESSAGES.pieceNumero);
    }
    const missing = missingProof(proof);
    if (missing) issue(missing.field, missing.message);
    if (toMinor(v.resteAPayer, v.devise) <= 0n) return;
    if (!v.modePaiementID) issue('modePaiementID', MODE_PAIEMENT_REQUIRED);
    if (v.deviseTendue !== v.devise && (v.montant === null || v.montant === undefined || v.montant === '')) {
      issue('deviseTendue', SOLDE_INCONNU);
    }
  })
  .transform((v) => {
    const proof = proofOf(v);
    if (toMinor(v.resteAPayer, v.devise) <= 0n) return proof;
    const paiement = { ...proof, modePaiementID: v.modePaiementID!, paymentby: v.paymentby };
    if (v.deviseTendue === v.devise) return paiement;
    return { ...paiement, deviseTendue: v.deviseTendue, montantTendu: minorToNumber(toMinor(v.montant!, v.deviseTendue), v.deviseTendue) };
  });

/**
 * The release's proof in the body (colis/retirer|livrer) from the dialog's values: by the identification chosen, the
 * code, or the document (with the proxy), then the signature and the photo when taken. Pure.
 */
function proofOf(v: {
  identification: (typeof IDENTIFICATIONS)[number];
  codeRetrait?: string | null;
  pieceType?: string | null;
  pieceNumero?: string | null;
  mandataireID?: string | null;
  signature?: string | null;
  photo?: string | null;
}) {
  const piece = () => {
    const numero = pieceNumeroField.safeParse(v.pieceNumero ?? '');
    return v.pieceType && numero.success ? { pieceType: v.pieceType as PieceType, pieceNumero: numero.data } : {};
  };
  const identification =
    v.identification === 'code'
      ? v.codeRetrait
        ? { codeRetrait: v.codeRetrait }
        : {}
      : v.identification === 'piece'
        ? piece()
        : { ...(v.mandataireID ? { mandataireID: v.mandataireID } : {}), ...piece() };
  return { ...identification, ...(v.signature ? { signature: v.signature } : {}), ...(v.photo ? { photo: v.photo } : {}) };
}

/** What the hand-over and delivery dialog sends once its values pass (colis/retirer|livrer's body). */
export type FinishFormOutput = z.output<typeof finishFormSchema>;

/** The longest reason a refund may give. */
const MOTIF_MAX = 500;

/**
 * The refusal of a refund above what is left refundable of its payment (docs/decisions/refunds-and-cash.md): the
 * server's 409 and the refund dialog's message under the amount.
 * @param remboursable what the payment may still give back (its amount less its refunds not cancelled)
 * @param devise the payment's currency
 */
export const remboursementDepasseMessage = (remboursable: DecimalInput, devise: string) =>
  `Le remboursement dépasse ce qui reste remboursable (${formatMontant(remboursable, devise)}).`;

/** The fields of a refund, shared by the body and the dialog's form: amount above 0, mode and reason required. */
const remboursementFields = {
  /** In the payment's currency, rounded to its minor unit (by the server, or by the form's schema). */
  montant: montantPositif('Le montant remboursé'),
  modePaiementID: requiredId('Le mode de paiement est obligatoire'),
  motif: requiredText('Le motif du remboursement est obligatoire', MOTIF_MAX),
};

/**
 * Body of encaissement/rembourser/{id} (docs/decisions/refunds-and-cash.md "A refund is a negative collection"): the
 * amount given back, in `deviseTendue` (by default the currency the payment was received in; above 0; the server values
 * it in the payment's currency, rounds it to its minor unit and checks it against what is left refundable), the
 * payment mode it is given back by and the reason (1 to 500 characters).
 */
export const remboursementBody = z.object({
  ...remboursementFields,
  deviseTendue: optionalDevise(),
});
export type RemboursementInput = z.infer<typeof remboursementBody>;

/**
 * The refund dialog's form (src/encaissements/RembourserDialog.tsx): the body's fields; the currency given back in,
 * chosen (the one the payment was received in, or its parcel's); hidden the payment's currency, what it may still give
 * back in it, and the payment's own rates (units for 1 €) for the currency it was received in. The amount, rounded to
 * the minor unit of the currency given back and valued in the payment's by valeurTendue (the server's rule: the settling
 * amount gives back all that is left), must be above 0 and not above what is left (remboursementDepasseMessage, the
 * server's text).
 * @returns on success the body: `{montant, deviseTendue, modePaiementID, motif}`, the amount rounded to its minor unit,
 *   the reason trimmed
 */
export const remboursementFormSchema = z
  .object({
    ...remboursementFields,
    deviseTendue: deviseCode(),
    devise: deviseCode(),
    remboursable: z.union([z.number(), z.string()]),
    tauxTendu: z.string().nullish(),
    tauxColis: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    const valeur = toMinor(v.montant, v.deviseTendue) > 0n ? valeurTendue({ ...v, reste: v.remboursable }) : { montant: 0n };
    if (valeur === null) return;
    if (valeur.montant <= 0n) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: 'Le montant remboursé doit être supérieur à 0' });
    } else if (valeur.montant > toMinor(v.remboursable, v.devise)) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: remboursementDepasseMessage(v.remboursable, v.devise) });
    }
  })
  .transform((v) => ({
    montant: minorToNumber(toMinor(v.montant, v.deviseTendue), v.deviseTendue),
    deviseTendue: v.deviseTendue,
    modePaiementID: v.modePaiementID,
    motif: v.motif,
  }));

/** What the refund dialog sends once its values pass (the body). */
export type RemboursementFormOutput = z.output<typeof remboursementFormSchema>;

// ---------------------------------------------------------------- answers (server/encaissement/routes.ts)

/** A parcel's amounts, as a payment shows them (in the payment's currency). */
const colisMontants = answer.record({
  reference: z.string(),
  montantTotal: answer.montant,
  reglement: answer.montant,
  resteAPayer: answer.montant,
});

/**
 * A payment as the API answers it (encaissement/query.ts selectEncaissements): its amounts in `devise`, what was
 * tendered in another currency (null when none), mode, author, agency and parcel populated.
 */
export const encaissementRecord = answer.record({
  createdAt: answer.instant,
  paymentby: z.enum(PAYMENT_BY).describe('who paid'),
  montantEncaisse: answer.montant.describe('collected'),
  montantRestant: answer.montant.describe('remaining after this payment'),
  devise: z.string().describe("ISO 4217 currency of the amounts, the parcel's"),
  montantTendu: z.number().nullable().describe('amount handed over in deviseTendue, when another currency'),
  deviseTendue: z.string().nullable().describe('ISO 4217 currency handed over, null when the payment’s own'),
  tauxTendu: z.string().nullable().describe('units of deviseTendue for 1 € on the day (6 decimals), null when none'),
  tauxColis: z.string().nullable().describe('units of devise for 1 € on the day (6 decimals), null when none'),
  ecartConversion: z
    .number()
    .nullable()
    .describe('in devise: the amount tendered converted less montantEncaisse, when it settled the parcel (or the refunds); else 0 or null'),
  rembourseID: z.string().nullable().describe('a refund: the payment it gives back (its amounts are negative); null for a payment'),
  motif: z.string().nullable().describe("a refund's reason, null for a payment"),
  montantRembourse: answer.montant.describe("what the payment's refunds not cancelled gave back (0 for none, and for a refund)"),
  isActive: z.boolean(),
  modePaiementID: answer.record({ libelle: z.string() }),
  auteurID: answer.record({ nom: z.string(), prenoms: z.string() }).nullable(),
  agenceID: answer.record({ libelle: z.string() }).nullable(),
  colisID: colisMontants.extend({ deletedAt: answer.instant.nullable().describe('set when the parcel was deleted') }),
});

/** POST encaissement/create: the payment, what was tendered and the rate applied, and the parcel's new amounts. */
export const encaissementCreateAnswer = answer.envelope({
  message: z.string(),
  data: z
    .looseObject({
      id: answer.id,
      montantEncaisse: answer.montant.describe('collected'),
      devise: z.string().describe("ISO 4217 currency of the payment and the parcel's amounts, the parcel's"),
      montantTendu: z.number().nullable().describe('amount tendered in deviseTendue, null when in devise'),
      deviseTendue: z.string().nullable().describe('ISO 4217 currency tendered, null when devise'),
      taux: z.string().nullable().describe('units of devise for 1 unit of deviseTendue (6 decimals), null when none'),
      tauxTendu: z.string().nullable().describe('units of deviseTendue for 1 € on the day, null when none'),
      tauxColis: z.string().nullable().describe('units of devise for 1 € on the day, null when none'),
      ecartConversion: answer.montant.describe(
        'in devise: the amount tendered converted less montantEncaisse when it settled the parcel, else 0',
      ),
      reglement: answer.montant.describe("the parcel's new settled amount"),
      resteAPayer: answer.montant.describe("the parcel's new remaining amount"),
    })
    .describe("the payment, what was tendered and the rate applied, and the parcel's new amounts"),
});

/** POST encaissement/rembourser/{id}: the refund, what its payment may still give back, and the parcel's new amounts. */
export const remboursementAnswer = answer.envelope({
  message: z.string(),
  data: z
    .looseObject({
      id: answer.id,
      montant: answer.montant.describe('given back (positive; the refund row holds its opposite)'),
      devise: z.string().describe("ISO 4217 currency of the amounts, the payment's (its parcel's)"),
      montantTendu: z.number().nullable().describe('given back in deviseTendue (positive), null when in devise'),
      deviseTendue: z.string().nullable().describe('ISO 4217 currency given back in, null when devise'),
      ecartConversion: answer.montant.describe("in devise: the refund row's conversion difference (its sign), else 0"),
      rembourseID: answer.id.describe('the refunded payment'),
      remboursable: answer.montant.describe('what the payment may still give back'),
      reglement: answer.montant.describe("the parcel's new settled amount"),
      resteAPayer: answer.montant.describe("the parcel's new remaining amount"),
    })
    .describe("the refund, what its payment may still give back, and the parcel's new amounts"),
});

/** GET encaissement/equivalent: a payment tendered in another currency, as encaissement/create would record it today. */
export const encaissementEquivalentAnswer = answer.envelope({
  data: z
    .looseObject({
      devise: z.string().describe("the parcel's currency"),
      montant: answer.montant.describe('the value of montantTendu in devise, as it would be booked'),
      ecartConversion: answer.montant.describe('in devise: the conversion less montant, when montantTendu settles the parcel; else 0'),
      deviseTendue: z.string(),
      montantTendu: z.number().describe("in deviseTendue (the query's, else resteTendu)"),
      taux: z.string().describe('units of devise for 1 unit of deviseTendue (6 decimals)'),
      tauxTendu: z.string().describe('units of deviseTendue for 1 € today'),
      tauxColis: z.string().describe('units of devise for 1 € today'),
      resteAPayer: answer.montant.describe("the parcel's remaining amount"),
      resteTendu: z.number().describe('the amount in deviseTendue that settles resteAPayer (docs/decisions/currencies.md)'),
    })
    .describe('a payment tendered in another currency, as encaissement/create would record it today'),
});

/** GET encaissement/devises/{colisID}: the parcel's currency and those a payment may be tendered in. */
export const encaissementDevisesAnswer = answer.envelope({
  devise: z.string().describe("the parcel's currency"),
  devises: z.array(z.string()).describe("the currencies a payment may be tendered in, the parcel's first"),
});

/** GET encaissement/getByColisID/{id}: the payments of a parcel and its amounts. */
export const colisEncaissementsAnswer = answer.envelope({
  encaissements: z.array(encaissementRecord),
  colis: colisMontants.extend({ devise: z.string().describe("ISO 4217 currency of the parcel's amounts") }),
});
