/**
 * The departure's request bodies and forms (spec 000 §5 Add departure, §7 envoi/create and envoi/update): the bodies
 * the server's routes validate (server/envoi/routes.ts) and the schema of the AJOUTER / MODIFIER DÉPART form
 * (src/departs/DepartCreate.tsx, DepartEdit.tsx), built from the same fields so a rule and its French message are
 * written once. The date and country rules are common/envoiRules.ts's (the server applies them in
 * server/envoi/service.ts, where the saved dates of an edit are known). The answers of the departure routes end the
 * file: the routes answer them (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import { ENVOI_DATE_FIELDS, envoiDateErrors, envoiPaysError, type EnvoiDates } from '../envoiRules';
import * as answer from './answer';
import { poidsKg, requiredId, requiredText } from './fields';

/**
 * A calendar date 'YYYY-MM-DD' (a longer ISO text is cut to its day), required with `message` (also for '' and null).
 * @param message the French text of a missing date
 */
const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .transform((v) => v.slice(0, 10))
    .pipe(z.iso.date({ error: 'Date invalide (AAAA-MM-JJ)' }));

/** Largest global weight of a departure, in kg. */
const ENVOI_POIDS_MAX = 9_999_999;

/** The fields every full departure body has (spec 000 §5: mode, both countries, the three dates, the global weight). */
const envoiFields = {
  modeEnvoiID: requiredId("Le mode d'envoi est obligatoire"),
  paysID: requiredId('Le pays de destination est obligatoire'),
  paysEmetteurID: requiredId("Le pays d'origine est obligatoire"),
  dateDebut: calendarDate('La date de départ est obligatoire'),
  dateArrive: calendarDate("La date d'arrivée est obligatoire"),
  dateFin: calendarDate('La date de clôture est obligatoire'),
  poids: poidsKg('Le poids global', ENVOI_POIDS_MAX),
};

/** Contenu of an add: optional (empty or null allowed), 500 characters at most. */
const contenuOptional = z.string().trim().max(500, '500 caractères au maximum').nullish();

/** Contenu of an edit: required (spec 000 §5 "Edit additionally requires contenu and poids"). */
const contenuRequired = requiredText('Le contenu est obligatoire', 500);

/** Body of envoi/create (spec 000 §5 Add departure, §7). */
export const envoiBody = z.object({ ...envoiFields, contenu: contenuOptional });

/** Body of envoi/update: the active toggle `{isActive}`, a status move `{statutID}`, or a full edit (contenu required). */
export const envoiUpdateBody = z.union([
  z.strictObject({ isActive: z.boolean() }),
  z.strictObject({ statutID: z.string().min(1, 'Statut obligatoire') }),
  envoiBody.extend({ contenu: contenuRequired }),
]);

/** What a client sends to create or fully edit a departure (dates 'YYYY-MM-DD', poids in kg). */
export type EnvoiInput = z.infer<typeof envoiBody>;

/** What the departure form's schema needs besides the values. */
export interface EnvoiFormOptions {
  /** 'create' (AJOUTER DÉPART) or 'edit' (MODIFIER DÉPART: contenu required, unchanged past dates accepted). */
  mode: 'create' | 'edit';
  /** Today 'YYYY-MM-DD' in the business time zone (common/dates.ts todayIso): no date before it, but an unchanged one. */
  today: string;
  /** On edit, the saved dates: a date left as saved may lie in the past, as the server allows. */
  initial?: EnvoiDates;
}

/**
 * The schema of the departure form (spec 000 §5): the body's fields with their messages, plus, on the fields
 * themselves, the date rules of common/envoiRules.ts envoiDateErrors (none before `today` unless unchanged on edit;
 * closing ≤ departure ≤ arrival) and the destination differing from the origin. The rules run even while another
 * field is missing, so every error shows at once. Accepts the form's raw values ('' or null when empty, '12,5' kg).
 * @returns a zod schema of the form's values (parsed: dates 'YYYY-MM-DD', poids a number rounded to 3 decimals)
 */
export function envoiFormSchema({ mode, today, initial }: EnvoiFormOptions) {
  return z.object({ ...envoiFields, contenu: mode === 'edit' ? contenuRequired : contenuOptional }).superRefine(
    (values, ctx) => {
      const errors = envoiDateErrors(values, today, mode === 'edit' ? initial : undefined);
      for (const field of ENVOI_DATE_FIELDS) {
        const message = errors[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
      const id = (v: unknown) => (typeof v === 'string' ? v : undefined);
      const paysError = envoiPaysError(id(values.paysID), id(values.paysEmetteurID));
      if (paysError) ctx.addIssue({ code: 'custom', path: ['paysID'], message: paysError });
    },
    { when: () => true },
  );
}

// ---------------------------------------------------------------- answers (server/envoi/routes.ts, manifestRoutes.ts)

/** A departure as the API answers it (spec 000 §3 Departure): mode, countries and status populated. */
export const envoiRecord = answer.record({
  reference: z.string().describe('DEP-yymm-0042'),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  dateDebut: answer.calendarDate.describe('departure, YYYY-MM-DD'),
  dateArrive: answer.calendarDate.describe('arrival, YYYY-MM-DD'),
  dateFin: answer.calendarDate.describe('closing of registrations, YYYY-MM-DD'),
  contenu: z.string(),
  poids: answer.kg.describe('global weight, kg'),
  poidsReel: answer.kg.describe('weight of its parcels, kg'),
  poidsDisponible: answer.kg.describe('poids − poidsReel, kg'),
  devise: z.string(),
  isActive: z.boolean(),
  agenceID: answer.id.nullable(),
  modeEnvoiID: answer.codeLibelleRef,
  paysID: answer.codeLibelleRef.describe('destination'),
  paysEmetteurID: answer.codeLibelleRef.describe('origin'),
  statutID: answer.codeLibelleRef,
});

/** POST envoi/create: the departure written and the French message. */
export const envoiWriteAnswer = answer.envelope({ message: z.string(), data: envoiRecord });

/** PUT envoi/update/{id}: the departure written, the French message, and the parcels a status change moved. */
export const envoiUpdateAnswer = envoiWriteAnswer.extend({
  colisMoved: z.number().int().optional().describe('parcels moved by a status change'),
});

/** An open departure of envoi/ouvertActif: a departure and whether it is full (poidsDisponible ≤ 0). */
export const openEnvoiRecord = envoiRecord.extend({
  complet: z.boolean().describe('no kg left: shown, not offered, by the parcel wizard'),
});

/** GET envoi/checkEnvoiPoids/{id}?poids: whether `poids` kg still fit, and the kg left. */
export const envoiCheckPoidsAnswer = answer.envelope({
  success: z.boolean().describe('whether `poids` kg still fit'),
  message: z.string(),
  poidsDisponible: answer.kg.describe('kg left on the departure'),
});

/** A person on the manifest: sender or registered recipient. */
const manifestParty = answer.record({
  nom: z.string(),
  prenoms: z.string(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
});

/**
 * A page of a departure's manifest (docs/decisions/departure-manifest.md): the departure, its parcels by reference,
 * their total count.
 */
export const envoiManifestAnswer = answer.envelope({
  envoi: answer.record({
    reference: z.string(),
    dateDebut: answer.calendarDate,
    dateArrive: answer.calendarDate,
    dateFin: answer.calendarDate,
    modeEnvoiID: answer.codeLibelleRef,
    paysID: answer.codeLibelleRef,
    paysEmetteurID: answer.codeLibelleRef,
    statutID: answer.codeLibelleRef,
    devise: z.string().describe("the departure's currency, its parcels' (ISO 4217)"),
  }),
  datas: z.array(
    answer.record({
      reference: z.string(),
      poids: answer.kg,
      unite: z.string().describe('KG or M3'),
      montantTotal: answer.montant,
      reglement: answer.montant,
      resteAPayer: answer.montant,
      devise: z.string().describe('currency of the amounts (ISO 4217), the departure’s'),
      natures: z.string().describe("the parcel's nature names, ', '-separated"),
      NumeroSaisi: z.string().nullable(),
      nomDestinataire: z.string().nullable(),
      prenomsDestinataire: z.string().nullable(),
      telephoneDestinataire: z.string().nullable(),
      adresseLivraison: z.string(),
      expediteurID: manifestParty.nullable(),
      destinataireID: manifestParty.nullable(),
      villeID: answer.record({ libelle: z.string() }).nullable(),
      modeLivraisonID: answer.codeLibelleRef.nullable(),
      agenceRetrait: z.string().nullable().describe('pick-up agency in the destination city, when the mode is AGENCE'),
    }),
  ),
  total: z.number().int().describe("count of the departure's parcels the user may see"),
});
