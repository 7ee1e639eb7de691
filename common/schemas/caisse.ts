/**
 * The cash closed per agency and day, 'Arrêté de caisse' (docs/decisions/refunds-and-cash.md): the query of
 * caisse/attendu, the bodies of caisse/cloture and caisse/rouvrir (server/caisse/routes.ts), and the schema of the
 * 'Caisse' screen's form (src/caisse/CaissePage.tsx: one counted amount per expected line, and a comment), built from
 * the same line so a rule and its French message are written once. What needs the database or the signed-in user (the
 * agency a role may close, one open closing per agency and day, the expected amounts, never sent by the browser) stays
 * in server/caisse/service.ts. The answers of the caisse routes end the file: the route answers them, the screen reads
 * their type (src/caisse/types.ts; docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import { isoToFr } from '../dates';
import { roundToDevise } from '../devises';
import { calendarDate, codeLibelleRef, envelope, id, instant, record } from './answer';
import { deviseCode, isBlank, jourIso, montant, optionalText, requiredText } from './fields';

/** The French messages of the cash closing (the screen and the API show the same). */
export const CAISSE_MESSAGES = {
  agenceRequise: "L'agence est obligatoire",
  agenceInvalide: 'Agence invalide',
  agenceIntrouvable: 'Agence introuvable.',
  /** 403: a role bound to an agency names another one. */
  autreAgence: 'Vous ne pouvez voir ou clôturer que la caisse de votre agence.',
  /** 403: a role bound to an agency whose user has none. */
  sansAgence: "Votre compte n'est rattaché à aucune agence : il n'a pas de caisse.",
  dateRequise: 'La date est obligatoire',
  dateInvalide: 'La date doit être une date valide (AAAA-MM-JJ)',
  dateFuture: 'La date ne peut pas être dans le futur.',
  modeInvalide: 'Mode de paiement invalide',
  modeInconnu: 'Mode de paiement inconnu.',
  comptesRequis: 'La liste des montants comptés est obligatoire',
  ligneDouble: 'Une ligne (mode de paiement et devise) est donnée deux fois.',
  motifRequis: 'Le motif de la réouverture est obligatoire',
  introuvable: 'Arrêté de caisse introuvable.',
  dejaRouverte: 'Cet arrêté de caisse est déjà rouvert.',
  cloturee: 'Caisse clôturée avec succès !',
  rouverte: 'Caisse rouverte avec succès !',
  /** The label of the cash operations' line (incomes − expenses of the day, no payment mode). */
  operations: 'Opérations de caisse',
} as const;

const M = CAISSE_MESSAGES;

/** 409 of caisse/cloture when the agency's day already has an open closing. */
export const caisseDejaClotureeMessage = (jour: string) => `La caisse du ${isoToFr(jour)} est déjà clôturée pour cette agence.`;

/**
 * The refusal of migration 0022's guard (SQLSTATE CL004) for a record of a closed day: a payment, a refund, the
 * cancellation of a payment, an operation written, changed or cancelled.
 */
export const caisseClotureeMessage = (jour: string) => `La caisse du ${isoToFr(jour)} est clôturée pour cette agence.`;

/** Most lines of a closing (payment modes × currencies, plus the operations). */
const CAISSE_LIGNES_MAX = 200;

/** A calendar day 'yyyy-MM-dd' (Europe/Paris), any real one; nothing typed → M.dateRequise. */
const jourField = jourIso({ required: M.dateRequise, invalid: M.dateInvalide });

/** The day of a cash closing: a real calendar day (Europe/Paris), not after today (M.dateFuture). */
const jourCaisse = jourIso({ required: M.dateRequise, invalid: M.dateInvalide, future: M.dateFuture });

/** An optional day of a list filter (du, au): '' or absent is none, else a real day. */
export const jourFiltre = z.preprocess((v) => (isBlank(v) ? undefined : v), jourField.optional());

/** An optional agency id: '' or null (an empty select) is none. */
const optionalAgence = z.preprocess((v) => (isBlank(v) ? undefined : v), z.uuid({ error: M.agenceInvalide }).optional());

/** Query of caisse/attendu: the agency (required for a role that sees every agency; the server decides) and the day. */
export const caisseAttenduQuery = z.object({ agenceID: optionalAgence, date: jourCaisse });

/**
 * The amount counted for a line, as typed ('1 250,5') or sent (1250.5): a number of either sign (the cash operations'
 * line is negative when the day's expenses exceed its incomes), at most 1 000 000 000 in size (common/schemas/fields.ts
 * montant). Rounded to the line's currency by caisseLigne.
 */
const montantCompte = montant('Le montant compté', { signed: true });

/** The fields of a counted line: its payment mode (null: the cash operations), its currency and the amount counted. */
const caisseLigneShape = {
  modePaiementID: z.preprocess((v) => (isBlank(v) ? null : v), z.uuid({ error: M.modeInvalide }).nullable()),
  devise: deviseCode(),
  montant: montantCompte,
};

/** The counted amount rounded half away from zero to its currency's minor unit (common/devises.ts: 10,5 XOF → 11). */
const roundLigne = <L extends { devise: string; montant: number }>(line: L): L => ({
  ...line,
  montant: roundToDevise(line.montant, line.devise),
});

/** A line of the form (it also holds the expected line's fields it shows: label, expected amount). */
const caisseLigneForm = z.object(caisseLigneShape).transform(roundLigne);

/** A line of caisse/cloture: the same fields, strict (a field the call does not know is refused). */
const caisseLigneBody = z.strictObject(caisseLigneShape).transform(roundLigne);

/** The key of a line: its mode (or none) and its currency. */
export const ligneKey = (line: { modePaiementID: string | null; devise: string }) => `${line.modePaiementID ?? ''}|${line.devise}`;

/** The lines counted: at most CAISSE_LIGNES_MAX, each (mode, currency) once (M.ligneDouble under `comptes`). */
const comptesOf = <T extends z.ZodType<{ modePaiementID: string | null; devise: string }>>(line: T) =>
  z
    .array(line, { error: M.comptesRequis })
    .max(CAISSE_LIGNES_MAX, `${CAISSE_LIGNES_MAX} lignes au maximum`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      for (const l of lines) {
        const key = ligneKey(l);
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', message: M.ligneDouble });
          return;
        }
        seen.add(key);
      }
    });

/** The comment of a closing (optional, '' when none). */
const commentaire = z.preprocess((v) => (v === null ? undefined : v), optionalText(1000)).transform((v) => v ?? '');

/**
 * Schema of the 'Caisse' screen's form: one counted amount per expected line (each required: an empty box is
 * 'Le montant compté est obligatoire') and the comment. The agency and the day are chosen above the form.
 */
export const caisseClotureForm = z.object({
  comptes: comptesOf(caisseLigneForm),
  commentaire,
});

/**
 * Body of caisse/cloture: the agency (required for a role that sees every agency, the user's own otherwise), the day,
 * the counted lines and a comment. The expected amounts are recomputed by the server, never read from the body.
 */
export const caisseClotureBody = z.strictObject({
  agenceID: optionalAgence,
  date: jourCaisse,
  comptes: comptesOf(caisseLigneBody),
  commentaire,
});

/** A closing as the route hands it to server/caisse/service.ts (amounts rounded to their currency). */
export type CaisseClotureInput = z.infer<typeof caisseClotureBody>;

/** Body of caisse/rouvrir/{id}: the reason, required. */
export const caisseRouvrirBody = z.strictObject({ motif: requiredText(M.motifRequis, 500) });

// ---------------------------------------------------------------- answers (server/caisse/routes.ts)

/** An amount of a line: the exact decimal text of its currency ('1234.50' €, '6560' F CFA). */
const texte = z.string().describe("exact decimal text in the line's currency (its minor unit)");

/** An expected line: its payment mode (null: the cash operations), its currency and what the records say. */
export const ligneAttendue = z.looseObject({
  modePaiementID: id.nullable(),
  modePaiement: codeLibelleRef.nullable(),
  libelle: z.string().describe("the mode's label, or 'Opérations de caisse'"),
  devise: z.string().describe('ISO 4217 code'),
  attendu: texte.describe('payments − refunds (a mode), or incomes − expenses (the operations)'),
});

/**
 * The conversion differences a day's settling amounts booked, per parcel currency (docs/decisions/currencies.md "The
 * last minor units"): shown beside the drawer's lines, counted in none.
 */
export const ecartsConversion = z.array(
  z.looseObject({ devise: z.string().describe("the parcels' currency"), ecart: texte.describe('Σ converted − booked, signed') }),
);

/** A person of a closing (author, who reopened it). */
const personne = record({ nom: z.string(), prenoms: z.string() });

/** A closing as caisse/liste answers it. */
export const clotureRecord = record({
  jour: calendarDate.describe('the closed day, Europe/Paris'),
  commentaire: z.string(),
  createdAt: instant,
  agenceID: codeLibelleRef,
  auteur: personne,
  rouverte: z.boolean().describe('reopened: the day may change and be closed again'),
  rouverteAt: instant.nullable(),
  rouvertePar: personne.nullable(),
  motifReouverture: z.string().nullable(),
  ecarts: z.array(z.looseObject({ devise: z.string(), ecart: texte })).describe('Σ (counted − expected) per currency'),
  ecartsConversion: ecartsConversion.describe('the conversion differences of the day as the closing found them'),
});

/** A closing with its counted lines (caisse/getBy, caisse/cloture, caisse/rouvrir). */
export const clotureDetail = clotureRecord.extend({
  comptes: z.array(
    ligneAttendue.extend({
      id,
      _id: id,
      compte: texte.describe('counted'),
      ecart: texte.describe('counted − expected'),
    }),
  ),
});

/** What caisse/attendu answers beside `success`: the agency, the day, its expected lines, its open closing (null: open). */
export const caisseAttendu = z.looseObject({
  agence: codeLibelleRef,
  date: calendarDate,
  lignes: z.array(ligneAttendue),
  ecartsConversion: ecartsConversion.describe("the day's conversion differences so far"),
  cloture: clotureDetail.nullable(),
});

/** GET caisse/attendu. */
export const caisseAttenduAnswer = envelope(caisseAttendu.shape);

/** POST caisse/cloture and caisse/rouvrir/{id}: the closing and the French message. */
export const caisseClotureAnswer = envelope({ message: z.string(), data: clotureDetail });

/** GET caisse/getBy/{id}: one closing with its counted lines. */
export const caisseGetByAnswer = envelope({ data: clotureDetail });

/** GET caisse/liste: a page of closings, newest first, and how many match. */
export const caisseListeAnswer = envelope({ datas: z.array(clotureRecord), total: z.number().int() });
