/**
 * Request schemas of the user routes (user/routes.ts): the bodies a client sends to create and edit a member of staff
 * or its own profile, as zod validates them, and the input types user/service.ts takes. The answers' schemas stay in
 * routes.ts.
 */
import { z } from 'zod';
import { optionalText, requiredText } from '../crud/fields';

/** Body of the profile update (spec 000 §5 Profile: nom and prenoms required). */
export const profilBody = z.object({
  nom: requiredText('Le nom est obligatoire', 100),
  prenoms: requiredText('Les prénoms sont obligatoires', 150),
  adresse: optionalText(255),
});
export type ProfilInput = z.infer<typeof profilBody>;

/** The fields of a staff form that only the full staff body carries (a profile body holding one is refused). */
const STAFF_KEYS = ['paysID', 'roleID', 'typeUserID', 'agenceID'] as const;

/** The staff fields shared by create and update (spec 001 §5 User add: all required; §7). */
const staffFields = {
  nom: requiredText('Le nom est obligatoire', 100),
  prenoms: requiredText('Les prénoms sont obligatoires', 150),
  adresse: requiredText("L'adresse est obligatoire", 255),
  paysID: z.uuid({ error: 'Le pays est requis !' }),
  roleID: z.uuid({ error: 'Le rôle est obligatoire' }),
  typeUserID: z.uuid({ error: "Type d'utilisateur invalide" }).nullish(),
  agenceID: z.uuid({ error: "L'agence est invalide" }).nullish(),
};

/** Body of POST user/create (spec 001 §7 without `password`: the server generates it, docs/decisions/staff-accounts.md). */
export const staffCreateBody = z.object({
  ...staffFields,
  email: z
    .string({ error: "L'email est obligatoire" })
    .trim()
    .min(1, "L'email est obligatoire")
    .max(254, '254 caractères au maximum')
    .pipe(z.email('Email invalide !')),
  telephone: requiredText('Le téléphone est obligatoire', 30),
});
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
