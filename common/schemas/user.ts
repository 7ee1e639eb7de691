/**
 * Schemas of the user calls and forms (spec 001 §2 Users, §5 User add and edit, §7 user/create, user/update; spec 000
 * §5 Profile): the bodies a client sends to create and edit a member of staff or its own profile, with their French
 * messages, and the add and edit forms' schema built from the same fields. The server's routes validate the bodies
 * with them (server/user/routes.ts); the forms validate with src/kit/formResolver.ts and the same fields (src/user/,
 * src/profil/).
 *
 * A form's raw values are accepted: '' for an empty text, '' or null for an empty select.
 * The users, the clients and a user's audit rows as the answers name them end the file
 * (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import { normalizePaysPhone, type PaysTelephone } from '../phone';
import { codeLibelleRef, instant, record, rowsAnswer } from './answer';
import { EMAIL_INVALIDE, optionalId, optionalText, requiredEmail, requiredText } from './fields';

/** Messages of the user rules checked by the schemas (spec 001 §5 'Le pays est requis !'); the server words the others. */
export const USER_FIELD_MESSAGES = {
  nom: 'Le nom est obligatoire',
  prenoms: 'Les prénoms sont obligatoires',
  adresse: "L'adresse est obligatoire",
  paysID: 'Le pays est requis !',
  roleID: 'Le rôle est obligatoire',
  typeUserID: "Type d'utilisateur invalide",
  agenceID: "L'agence est invalide",
  /** An agency is required for every role that does not reach every agency (docs/decisions/staff-accounts.md). */
  agenceRequired: "L'agence est obligatoire pour ce rôle.",
  email: "L'email est obligatoire",
  emailInvalid: EMAIL_INVALIDE,
  telephone: 'Le téléphone est obligatoire',
} as const;

const M = USER_FIELD_MESSAGES;

/** An empty select ('' from a form) reads as no value. */
const emptyAsNull = (v: unknown) => (v === '' ? null : v);

/** Body of the profile update (spec 000 §5 Profile: nom and prenoms required; adresse may be empty or null). */
export const profilBody = z.object({
  nom: requiredText(M.nom, 100),
  prenoms: requiredText(M.prenoms, 150),
  adresse: optionalText(255).nullable(),
});
export type ProfilInput = z.infer<typeof profilBody>;

/** The fields of a staff form that only the full staff body carries (a profile body holding one is refused). */
const STAFF_KEYS = ['paysID', 'roleID', 'typeUserID', 'agenceID'] as const;

/** The staff fields shared by create and update (spec 001 §5 User add: all required; §7). */
const staffFields = {
  nom: requiredText(M.nom, 100),
  prenoms: requiredText(M.prenoms, 150),
  adresse: requiredText(M.adresse, 255),
  paysID: z.uuid({ error: M.paysID }),
  roleID: z.uuid({ error: M.roleID }),
  typeUserID: optionalId(M.typeUserID),
  agenceID: optionalId(M.agenceID),
};

/** The e-mail of a new member of staff: required, then a valid address. */
const staffEmail = requiredEmail(M.email);

/** The phone of a new member of staff, typed without the dial code of its country (spec 001 §5). */
const staffTelephone = requiredText(M.telephone, 30);

/** Body of POST user/create (spec 001 §7 without `password`: the server generates it, docs/decisions/staff-accounts.md). */
export const staffCreateBody = z.object({ ...staffFields, email: staffEmail, telephone: staffTelephone });
export type StaffCreateInput = z.infer<typeof staffCreateBody>;

/** Full body of PUT user/update/{id} for staff (spec 001 §7); email and telephone are read-only (refused when changed). */
export const staffUpdateBody = z.object({
  ...staffFields,
  email: z.string().max(254).nullish(),
  telephone: z.string().max(30).nullish(),
});
export type StaffUpdateInput = z.infer<typeof staffUpdateBody>;

/** A profile body: nom, prenoms, adresse, and none of the staff fields (those need the full staff body) nor isActive (alone). */
export const profilOnlyBody = profilBody.loose().refine((b) => ![...STAFF_KEYS, 'isActive'].some((k) => k in b), {
  message: 'Un changement de pays, de rôle ou d’agence demande le formulaire complet (nom, prénoms, adresse, pays, rôle).',
});

/** What the user form knows of its chosen records, which some rules depend on. */
export interface UserFormContext {
  /** true for the edit form (email and telephone read-only, not checked). */
  edit?: boolean;
  /** The chosen country (its dial code and national length), or null / undefined while none is chosen or loaded. */
  pays?: PaysTelephone | null;
  /** The chosen role (whether it reaches every agency), or null / undefined while none is chosen or loaded. */
  role?: { toutesAgences?: boolean | null } | null;
}

/**
 * The schema of the user add and edit forms (spec 001 §5): the body's fields, plus the rules that depend on the chosen
 * records, which the server checks against the database (server/user/service.ts):
 * - the agency is required unless the chosen role reaches every agency (required while no role is chosen);
 * - on add, the phone is typed without the dial code and must fit the chosen country (common/phone.ts
 *   normalizePaysPhone, the server's rule); it is only required while no country is chosen.
 * The parsed values keep the phone as typed (trimmed): the server normalises it.
 * @param context the form's mode and its chosen country and role
 * @returns a zod schema of the form's values, with the fields' French messages
 */
export function userFormSchema({ edit = false, pays, role }: UserFormContext = {}) {
  const agenceRequired = !role?.toutesAgences;
  const agenceID = agenceRequired ? z.preprocess(emptyAsNull, z.uuid({ error: M.agenceRequired })) : staffFields.agenceID;
  if (edit) return staffUpdateBody.extend({ agenceID });
  const telephone = staffTelephone.superRefine((typed, ctx) => {
    if (!pays) return;
    const result = normalizePaysPhone(typed, pays);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error });
  });
  return staffCreateBody.extend({ agenceID, telephone });
}

// ---------------------------------------------------------------- answers

/** A client as a parcel names it (sender or recipient; server/colis/routes.ts). */
export const partyRef = record({
  nom: z.string(),
  prenoms: z.string(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
  email: z.string().nullable(),
  adresse: z.string(),
});

/** A client (a user of type CLIENT) as the look-ups answer it (server/user/query.ts clientColumns). */
export const clientRecord = partyRef.extend({ isActive: z.boolean(), createdAt: instant });

/**
 * A client as the wizard's phone look-up answers it (server/user/query.ts phoneLookupColumns): what the wizard shows
 * and links, no e-mail (docs/api-contract.md "Parcels and payments", user/getByTelephone).
 */
export const phoneLookupRecord = partyRef.omit({ email: true });

/**
 * A user as the API answers it (auth/query.ts selectUsers, spec 000 §3 User): references populated one level,
 * never the password hash. Also the answer of user/getBy and user/update.
 */
export const userRecord = record({
  nom: z.string(),
  prenoms: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
  adresse: z.string(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean().describe('true until the user changes the password the server generated for it'),
  createdAt: instant,
  updatedAt: instant,
  paysID: record({ libelle: z.string(), indicatif: z.string() }).nullable(),
  typeUserID: codeLibelleRef,
  roleID: codeLibelleRef
    .extend({
      systeme: z.string().nullable().describe('fixed identity of a system role (SUPERADMIN, ADMIN, AGENT, CLIENT), or null'),
      toutesAgences: z.boolean().describe('the role reaches every agency'),
    })
    .nullable(),
  agenceID: codeLibelleRef.nullable(),
});

/** One audit row as user/historique answers it (audit/query.ts AuditRow). */
export const userAuditRecord = z.looseObject({
  id: z.string(),
  action: z.string().describe("'create', 'update', 'statut', 'delete', 'password'"),
  auteurID: z.string().nullable(),
  auteur: z.string().describe("'Prénoms Nom' of the author, '' when unknown"),
  avant: z.unknown(),
  apres: z.unknown(),
  createdAt: z.string().describe('ISO 8601'),
});

/** GET user/historique/{id}: the latest changes of a user, newest first. */
export const userHistoriqueAnswer = rowsAnswer('datas', userAuditRecord);

/** GET user/listeAdmin: the active staff members (users of type ADMIN) the caller may see. */
export const staffListAnswer = rowsAnswer('datas', userRecord);
