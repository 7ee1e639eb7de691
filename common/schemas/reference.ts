/**
 * The forms and request bodies of the reference resources (spec 001 §5 validation rules, §7 calls): countries, cities,
 * agencies, the code / libellé / description resources (sending and pick-up modes, nature groups, operation types,
 * payment modes, roles), natures, unit prices and permissions. Each schema is the server route's body
 * (server/<area>/routes.ts) and the add / edit form's resolver (src/kit/formResolver.ts), so a rule and its French
 * message are written once.
 */
import { z } from 'zod';
import * as answer from './answer';
import { toMoneyString } from '../money';
import { normalizePaysPhone } from '../phone';
import { deviseCode, moneyEuros, montant, optionalText, requiredId, requiredText, strictNumber } from './fields';

const longueurNumero = strictNumber('La longueur du numéro').pipe(
  z
    .number()
    .int('La longueur du numéro doit être un nombre entier')
    .min(4, 'La longueur du numéro doit être comprise entre 4 et 15')
    .max(15, 'La longueur du numéro doit être comprise entre 4 et 15'),
);
const indicatif = z
  .string({ error: "L'indicatif est obligatoire" })
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, "L'indicatif doit être de la forme +33");

/** Body and form of pays/create (spec 001 §5 Country add: code, libelle, indicatif, longueurNumero, devise required). */
export const paysCreateSchema = z.object({
  code: requiredText('Le code est obligatoire', 10),
  libelle: requiredText('Le nom du pays est obligatoire', 100),
  indicatif,
  longueurNumero,
  devise: deviseCode(),
});

/** Body and form of pays/update (spec 001 §5 Country edit: code, libelle, indicatif, longueurNumero required; devise optional). */
export const paysUpdateSchema = paysCreateSchema.extend({ devise: deviseCode().optional() });

/** Body and form of ville/create and ville/update (spec 001 §5 City add and edit: code, libelle and country required). */
export const villeSchema = z.object({
  code: requiredText('Le code est obligatoire', 10),
  libelle: requiredText('Le nom de la ville est obligatoire', 100),
  paysID: requiredId('Le pays est obligatoire'),
});

const coordinate = (name: string, max: number) =>
  strictNumber(`La ${name}`).pipe(
    z
      .number()
      .min(-max, `La ${name} doit être comprise entre -${max} et ${max}`)
      .max(max, `La ${name} doit être comprise entre -${max} et ${max}`),
  );

/**
 * Body of agence/create and agence/update (spec 001 §5 Agency add: country, city, name, latitude, longitude required,
 * latitude and longitude numeric; the phone typed without dial code). The server checks the phone against the city's
 * country (server/agence/service.ts, common/phone.ts normalizePaysPhone); the form does it with agenceFormSchema.
 */
export const agenceSchema = z.object({
  code: optionalText(20),
  libelle: requiredText("Le nom de l'agence est obligatoire", 100),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  villeID: requiredId('La ville est obligatoire'),
  paysID: z.uuid().optional(),
  telephone: z.string().trim().max(30, '30 caractères au maximum').nullable().optional(),
  telephoneComplet: z.string().max(30).nullable().optional(),
  /** The counter's address and opening hours, told to a recipient whose parcel waits there (release-code.md). */
  adresse: z.string().trim().max(200, '200 caractères au maximum').nullable().optional(),
  horaires: z.string().trim().max(120, '120 caractères au maximum').nullable().optional(),
});

/**
 * The agency form: the body's rules, the country required (the city list depends on it), and the typed phone checked
 * against the chosen country's dial code and length (`paysTelephone`, set by the form from the chosen country) with
 * the rule the server applies (common/phone.ts normalizePaysPhone).
 */
export const agenceFormSchema = agenceSchema
  .extend({
    paysID: requiredId('Le pays est obligatoire'),
    paysTelephone: z.object({ indicatif: z.string().nullish(), longueurNumero: z.number().nullish() }).nullish(),
  })
  .superRefine(
    (values, ctx) => {
      const typed = typeof values.telephone === 'string' ? values.telephone.trim() : '';
      const pays = values.paysTelephone;
      if (!typed || !pays || typeof pays !== 'object') return;
      const result = normalizePaysPhone(typed, pays);
      if (!result.ok) ctx.addIssue({ code: 'custom', path: ['telephone'], message: result.error });
    },
    // Checked even while other fields are missing, so the form shows every error at once.
    { when: () => true },
  );

/** How a code / libellé resource treats its description (spec 001 §5). */
export type DescriptionRule = 'required' | 'optional';

/**
 * Body and form of the code / libellé / description resources (spec 001 §5 "Role, pickup mode: code, libelle,
 * description all required", "Sending mode: libelle, code, description required", "Nature group: code and libelle
 * required, description optional", "Operation type: libelle and code required").
 */
export function codeLibelleSchema(description: DescriptionRule) {
  return z.object({
    code: requiredText('Le code est obligatoire', 30),
    libelle: requiredText('Le libellé est obligatoire', 100),
    description: description === 'required' ? requiredText('La description est obligatoire', 500) : optionalText(500),
  });
}

/** The form of a resource whose description is required (roles, sending, pick-up and payment modes). */
export const codeLibelleRequiredSchema = codeLibelleSchema('required');
/** The form of a resource whose description is optional or absent (nature groups, operation types). */
export const codeLibelleOptionalSchema = codeLibelleSchema('optional');

/** The French refusal of a role code holding other characters than ROLE_CODE's. */
export const ROLE_CODE_MESSAGE = 'Le code ne peut contenir que des lettres sans accent, des chiffres, « _ » et « - ».';

/**
 * A role's code: ASCII letters (stored in upper case), digits, '_' and '-', starting with a letter or a digit. A code
 * is what people read to tell roles apart: a look-alike of a system code — full-width 'ＡＤＭＩＮ', 'ADMIN' with a
 * zero-width space, a Cyrillic 'А' — could pass for ADMIN in the role list (security probe 2026-12-01 F10).
 */
const roleCode = requiredText('Le code est obligatoire', 30).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, ROLE_CODE_MESSAGE);

/**
 * Body of role/create and role/update, and the role form (spec 001 §2 "Roles form fields: Code, Libelle, Statut"; §5
 * code, libelle, description required): the code / libellé rules, the reach `toutesAgences`
 * (docs/decisions/role-identity.md) and the Statut `isActive` (docs/decisions/role-statut.md), both optional (unchanged
 * when left out; a new role is active and bound to its agency).
 */
export const roleSchema = codeLibelleRequiredSchema.extend({
  code: roleCode,
  toutesAgences: z.boolean({ error: 'La portée doit être vrai ou faux' }).optional(),
  isActive: z.boolean({ error: 'Le statut doit être actif ou inactif' }).optional(),
});

/** prixExceptionnel: digits (and two decimals), 0 or empty means none (spec 001 §5), stored as cents' text or null. */
const prixExceptionnel = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const parsed = moneyEuros('Le prix exceptionnel').safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Le prix exceptionnel doit être un nombre positif' });
      return z.NEVER;
    }
    return parsed.data === 0 ? null : toMoneyString(parsed.data);
  });

/** Body and form of natureColis/create (spec 001 §5 Nature add: code, libelle and group required). */
export const natureColisCreateSchema = z.object({
  code: requiredText('Le code est obligatoire', 30),
  libelle: requiredText('Le libellé est obligatoire', 100),
  description: optionalText(500),
  groupeNatureColisID: requiredId('Le groupe est obligatoire'),
  prixExceptionnel,
  unite: optionalText(20),
});

/** Body and form of natureColis/update (spec 001 §5 Nature edit: code, libelle, description required). */
export const natureColisUpdateSchema = natureColisCreateSchema.extend({
  description: requiredText('La description est obligatoire', 500),
});

/** The largest unit price or minimum charge, in the origin country's currency (numeric(12,2) holds it in any). */
const MONTANT_ORIGINE_MAX = 100_000_000;

/**
 * An amount of a unit price in its origin country's currency (docs/decisions/currencies.md): a number ≥ 0 and at most
 * 100 000 000, parsed exactly and not rounded here (common/schemas/fields.ts montant), since the currency (EUR 2
 * decimals, XOF none) is the origin city's, which the schema does not know: the server rounds it once, half away from
 * zero, to that currency's minor unit (server/paramNatureMode/service.ts: 10,5 XOF → 11, 1,005 € → 1,01 €).
 */
const montantOrigine = (label: string) => montant(label, { max: MONTANT_ORIGINE_MAX });

/** The minimum charge of a line on a unit price: empty ('', blanks, null) is none (null); else montantOrigine. */
const montantMinimum = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  montantOrigine('Le montant minimum').nullable().optional(),
);

/**
 * The id of one city of a unit price: missing → `required`; a list of cities (a client sending several destinations at
 * once, audit 001 B10) → `oneOnly`, since a price holds one route; anything else that is not an id → `required`.
 */
const oneCityId = (required: string, oneOnly: string) => z.uuid({ error: (issue) => (Array.isArray(issue.input) ? oneOnly : required) });

/**
 * Fields of the unit price (spec 001 §5 Unit-price form: origin and destination cities,
 * nature group, sending mode, libelle, prixUnitaire (number, min 0) all required; an extension: the minimum charge of a
 * line, montantMinimum, optional, ≥ 0), both in the origin country's currency. The spec's client names the cities
 * villeDorigineID and villeID: both spellings are read.
 */
const paramNatureModeFields = z.object({
  libelle: requiredText('Le libellé est obligatoire', 200),
  prixUnitaire: montantOrigine('Le prix unitaire'),
  montantMinimum,
  groupeNatureColisID: requiredId('Le groupe de nature est obligatoire'),
  villeOrigineID: oneCityId("La ville d'origine est obligatoire", "Une seule ville d'origine par prix unitaire : créez un prix par ville."),
  villeDestinationID: oneCityId(
    'La ville de destination est obligatoire',
    'Une seule ville de destination par prix unitaire : créez un prix par ville.',
  ),
  modeEnvoiID: requiredId("Le mode d'envoi est obligatoire"),
});

/** The body of paramNatureMode/create and update: paramNatureModeFields, the spec client's city names read too. */
export const paramNatureModeSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const { villeDorigineID, villeID, ...rest } = raw as Record<string, unknown>;
  return { ...rest, villeOrigineID: rest.villeOrigineID ?? villeDorigineID, villeDestinationID: rest.villeDestinationID ?? villeID };
}, paramNatureModeFields);

/** The unit-price form: the body's fields, and the two countries the city selects depend on. */
export const paramNatureModeFormSchema = paramNatureModeFields.extend({
  paysOrigineID: requiredId("Le pays d'origine est obligatoire"),
  paysDestinationID: requiredId('Le pays de destination est obligatoire'),
});

/** Body and form of privilege/create and update (spec 001 §5 Permission add and edit: libelle and description required). */
export const permissionSchema = z.object({
  libelle: requiredText('Le libellé est obligatoire', 100),
  description: requiredText('La description est obligatoire', 500),
  groupe: optionalText(50),
});

// ---------------------------------------------------------------- answers (server/<resource>/routes.ts)

/** A country as the API answers it (spec 001 §3). */
export const paysRecord = answer.record({
  code: z.string(),
  libelle: z.string(),
  devise: z.string(),
  indicatif: z.string().describe('+33'),
  longueurNumero: z.number().int().describe('digits of a national number'),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
});

/** A city as the API answers it: its country populated. */
export const villeRecord = answer.record({
  code: z.string(),
  libelle: z.string(),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  paysID: answer.record({ code: z.string(), libelle: z.string(), indicatif: z.string(), devise: z.string() }),
});

/** An agency as the API answers it: its city (with the city's country) and its country populated. */
export const agenceRecord = answer.record({
  code: z.string(),
  libelle: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
  adresse: z.string().describe("the counter's address ('' when not given)"),
  horaires: z.string().describe("its opening hours, free text ('' when not given)"),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  villeID: answer.codeLibelleRef.extend({ paysID: answer.record({ libelle: z.string() }) }),
  paysID: answer.codeLibelleRef.extend({ indicatif: z.string() }),
});

/** A nature as the API answers it: its group populated. */
export const natureRecord = answer.record({
  code: z.string(),
  libelle: z.string(),
  description: z.string(),
  prixExceptionnel: z.number().nullable().describe('euros; null: priced by its group'),
  unite: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  groupeNatureColisID: answer.codeLibelleRef,
});

/** A status as the list answers it. */
export const statutRecord = answer.codeLibelleRef.extend({ isActive: z.boolean(), createdAt: answer.instant });

/** A user type as answered. */
export const typeUserRecord = answer.record({
  code: z.string(),
  libelle: z.string(),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
});

/** GET typeUser/getAll: every user type. */
export const typeUserListAnswer = answer.rowsAnswer('datas', typeUserRecord);

/** A city of a unit price, with its country. */
const prixVille = answer.record({ libelle: z.string(), paysID: answer.record({ libelle: z.string(), devise: z.string() }) });

/** A unit price as the API answers it: group, cities (each with its country) and mode populated. */
export const paramNatureModeRecord = answer.record({
  libelle: z.string(),
  prixUnitaire: z.number().describe("per kg (or m³), in the origin country's currency (villeOrigineID.paysID.devise)"),
  montantMinimum: z.number().nullable().optional().describe('the least a parcel line is billed on this price, same currency; null: none'),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
  groupeNatureColisID: answer.codeLibelleRef,
  villeOrigineID: prixVille,
  villeDestinationID: prixVille,
  modeEnvoiID: answer.codeLibelleRef,
});

/** A permission as the API answers it (its libelle is the key). */
export const permissionRecord = answer.record({
  libelle: z.string().describe('the permission key, e.g. addColis'),
  description: z.string(),
  groupe: z.string(),
  isActive: z.boolean(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
});

/** A role as answered: the code/libelle record with its identity, reach and the agencies of its users. */
export const roleRecord = answer.codeLibelleRecord.extend({
  systeme: z.string().nullable().describe('fixed identity of a system role (SUPERADMIN, ADMIN, AGENT, CLIENT), or null'),
  toutesAgences: z.boolean().describe('the role reaches every agency (else its users’ own agency)'),
  agencesUtilisateurs: z
    .array(z.string().nullable())
    .describe('the distinct agencies (ids) of the role’s users, null for a user without one: what the access rules read'),
});

/** GET privilege/liste (server/crud/referenceResource.ts builds the same list answer for the route). */
export const permissionListAnswer = answer.listAnswer('datas', permissionRecord);

/** GET role/liste (server/crud/referenceResource.ts builds the same list answer for the route). */
export const roleListAnswer = answer.listAnswer('datas', roleRecord);
