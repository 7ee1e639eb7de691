/**
 * Schemas of the session calls and forms (spec 000 §2 Login, Forgot password, Profile settings; §5 validation; §7
 * auth/*): the bodies a client sends to sign in, recover and change a password, with their French messages. The
 * server's routes validate the bodies with them (server/auth/routes.ts) and the forms with the same schemas
 * (src/auth/*, src/profil/ChangePasswordCard.tsx), so a rule and its message are written once.
 *
 * The forms' raw values are accepted: '' for an empty field reads as missing, with the field's "obligatoire" message.
 * The answers of the session routes end the file (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import * as answer from './answer';
import { EMAIL_INVALIDE, requiredEmail } from './fields';
import { userRecord } from './user';

/** Messages of the session rules (spec 000 §5 Login for the sign-in texts). */
export const AUTH_MESSAGES = {
  emailRequired: 'Votre email est obligatoire !',
  emailInvalid: EMAIL_INVALIDE,
  passwordRequired: 'Votre mot de passe est obligatoire !',
  telephoneRequired: 'Le téléphone est obligatoire',
  recoveryEmailRequired: "L'email est obligatoire",
  otpRequired: 'Le code est obligatoire',
  otpFormat: 'Le code doit contenir 6 chiffres',
  oldPasswordRequired: "L'ancien mot de passe est obligatoire",
  newPasswordRequired: 'Le nouveau mot de passe est obligatoire',
  newPasswordMin: 'Le mot de passe doit contenir au moins 8 caractères',
  newPasswordMax: 'Le mot de passe doit contenir au plus 128 caractères',
} as const;

const M = AUTH_MESSAGES;

/** A full phone number of the account, as typed ('+33612345678'): required, at least 4 characters. */
const telephoneComplet = z.string({ error: M.telephoneRequired }).trim().min(4, M.telephoneRequired);

/** A new password: required, 8 to 128 characters (spec 001 §9: generated passwords are 8 characters). */
export const newPasswordSchema = z
  .string({ error: M.newPasswordRequired })
  .min(1, M.newPasswordRequired)
  .min(8, M.newPasswordMin)
  .max(128, M.newPasswordMax);

/** Body of auth/loginAD, and the sign-in form (spec 000 §5 Login: email required and valid, password required). */
export const loginBody = z.object({
  email: requiredEmail(M.emailRequired),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
  type: z.string().optional(),
});

/** Body of auth/forgotPassword, and step 1 of the recovery form: the account whose password is to be recovered. */
export const forgotBody = z.object({
  telephoneComplet,
  email: requiredEmail(M.recoveryEmailRequired),
});

/** The code received by e-mail: 6 digits. */
const otp = z
  .string({ error: M.otpRequired })
  .trim()
  .min(1, M.otpRequired)
  .regex(/^[0-9]{6}$/, M.otpFormat);

/** Body of auth/validerPassword: the account, the code received by e-mail and the new password. */
export const validerBody = z.object({ telephoneComplet, otp, newPassword: newPasswordSchema });

/** Step 2 of the recovery form (spec 000 §5 "all fields required"): the code and the new password; the account is step 1's. */
export const resetPasswordForm = validerBody.pick({ otp: true, newPassword: true });

/** Body of auth/changePassword/{id} (and of the first password change). */
export const changeBody = z.object({
  oldPassword: z.string({ error: M.oldPasswordRequired }).min(1, M.oldPasswordRequired),
  newPassword: newPasswordSchema,
});

/**
 * The password change forms (profile card, first password change): the body plus the confirmation, kept in the parsed
 * values. Whether new and confirmation are filled and equal is the spec's button rule (spec 000 §5: "button disabled
 * unless new and confirm are filled and equal"), src/profil/profilRules.ts canChangePassword, not a field error.
 */
export const changePasswordForm = changeBody.extend({ confirmPassword: z.string().nullish() });

export type LoginInput = z.infer<typeof loginBody>;
export type ForgotPasswordInput = z.infer<typeof forgotBody>;
export type ResetPasswordInput = z.infer<typeof validerBody>;
export type ChangePasswordInput = z.infer<typeof changeBody>;

// ---------------------------------------------------------------- answers (server/auth/routes.ts)

/** POST auth/loginAD: the token, whether the password must change first, and the user signed in. */
export const loginAnswer = answer.envelope({
  message: z.string(),
  token: z.string().describe('bearer token'),
  mustChangePassword: z
    .boolean()
    .describe('true: the token only opens auth/changePassword (every other call answers 403) until the password is changed'),
  data: userRecord,
});

/** POST auth/changePassword/{id}: the French message and a fresh token. */
export const changePasswordAnswer = answer.envelope({ message: z.string(), token: z.string().describe('a fresh bearer token') });
