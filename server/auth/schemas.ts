/**
 * Request schemas of the session routes (auth/routes.ts): the bodies a client sends to sign in, recover and change a
 * password, as zod validates them, and the input types auth/service.ts takes. The answers' schemas stay in routes.ts.
 */
import { z } from 'zod';

/** A new password: at least 8 characters (spec 001 §9 generated passwords are 8 characters). */
export const newPasswordSchema = z
  .string({ error: 'Le nouveau mot de passe est obligatoire' })
  .min(8, 'Le mot de passe doit contenir au moins 8 caractères')
  .max(128, 'Le mot de passe doit contenir au plus 128 caractères');

/** Body of auth/loginAD. */
export const loginBody = z.object({
  email: z
    .string({ error: 'Votre email est obligatoire !' })
    .trim()
    .min(1, 'Votre email est obligatoire !')
    .pipe(z.email('Email invalide !')),
  password: z.string({ error: 'Votre mot de passe est obligatoire !' }).min(1, 'Votre mot de passe est obligatoire !'),
  type: z.string().optional(),
});

/** Body of auth/forgotPassword: the account whose password is to be recovered. */
export const forgotBody = z.object({
  telephoneComplet: z.string({ error: 'Le téléphone est obligatoire' }).trim().min(4, 'Le téléphone est obligatoire'),
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
});

/** Body of auth/validerPassword: the code received by e-mail and the new password. */
export const validerBody = z.object({
  telephoneComplet: z.string({ error: 'Le téléphone est obligatoire' }).trim().min(4, 'Le téléphone est obligatoire'),
  otp: z
    .string({ error: 'Le code est obligatoire' })
    .trim()
    .regex(/^[0-9]{6}$/, 'Le code doit contenir 6 chiffres'),
  newPassword: newPasswordSchema,
});

/** Body of auth/changePassword/{id}. */
export const changeBody = z.object({
  oldPassword: z.string({ error: "L'ancien mot de passe est obligatoire" }).min(1, "L'ancien mot de passe est obligatoire"),
  newPassword: newPasswordSchema,
});

export type LoginInput = z.infer<typeof loginBody>;
export type ForgotPasswordInput = z.infer<typeof forgotBody>;
export type ResetPasswordInput = z.infer<typeof validerBody>;
export type ChangePasswordInput = z.infer<typeof changeBody>;
