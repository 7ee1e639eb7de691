/**
 * The session schemas (common/schemas/auth.ts), the ones the server's auth routes and the sign-in, recovery and
 * password change forms validate with (spec 000 §5 Login texts, Forgot password "all fields required", Profile).
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES as M,
  changeBody,
  changePasswordForm,
  forgotBody,
  loginBody,
  newPasswordSchema,
  resetPasswordForm,
  validerBody,
} from '../../common/schemas/auth';
import { fieldErrors } from '../../src/auth/authSchemas';
import { formResolver } from '../../src/kit/formResolver';

/** The first message of each field in error, as the form and the server's 400 show them; {} when accepted. */
function errorsOf(schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(v).error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

describe('sign-in (loginBody, spec 000 §5 Login)', () => {
  it("words the spec's three texts", () => {
    expect(errorsOf(loginBody, { email: '', password: '' })).toEqual({
      email: 'Votre email est obligatoire !',
      password: 'Votre mot de passe est obligatoire !',
    });
    expect(errorsOf(loginBody, { email: '   ', password: 'x' })).toEqual({ email: 'Votre email est obligatoire !' });
    expect(errorsOf(loginBody, { email: 'admin@', password: 'x' })).toEqual({ email: 'Email invalide !' });
    expect(errorsOf(loginBody, {})).toEqual({
      email: 'Votre email est obligatoire !',
      password: 'Votre mot de passe est obligatoire !',
    });
    expect(errorsOf(loginBody, { email: ' admin@colis.local ', password: 'x', type: 'ADMIN' })).toEqual({});
  });

  it('gives the pages before the app the same errors (authSchemas fieldErrors)', () => {
    expect(fieldErrors(loginBody, { email: 'pas-un-email', password: '' })).toEqual({
      email: 'Email invalide !',
      password: 'Votre mot de passe est obligatoire !',
    });
    expect(fieldErrors(loginBody, { email: 'admin@colis.local', password: 'secret' })).toEqual({});
    expect(fieldErrors(forgotBody, { telephoneComplet: ' ', email: 'x@y' })).toEqual({
      telephoneComplet: M.telephoneRequired,
      email: 'Email invalide !',
    });
    expect(fieldErrors(resetPasswordForm, { otp: '12a', newPassword: 'court' })).toEqual({
      otp: M.otpFormat,
      newPassword: M.newPasswordMin,
    });
  });
});

describe('password recovery (forgotBody, resetPasswordForm, validerBody)', () => {
  it('requires every field of both steps', () => {
    expect(errorsOf(forgotBody, { telephoneComplet: '', email: '' })).toEqual({
      telephoneComplet: M.telephoneRequired,
      email: M.recoveryEmailRequired,
    });
    expect(errorsOf(forgotBody, { telephoneComplet: '+33612345678', email: 'x@y' })).toEqual({ email: 'Email invalide !' });
    expect(errorsOf(resetPasswordForm, { otp: '', newPassword: '' })).toEqual({
      otp: M.otpRequired,
      newPassword: M.newPasswordRequired,
    });
    expect(errorsOf(resetPasswordForm, { otp: '12a456', newPassword: 'court' })).toEqual({
      otp: M.otpFormat,
      newPassword: M.newPasswordMin,
    });
    expect(errorsOf(resetPasswordForm, { otp: ' 123456 ', newPassword: 'Nouveau1' })).toEqual({});
    expect(errorsOf(validerBody, { otp: '123456', newPassword: 'Nouveau1' })).toEqual({ telephoneComplet: M.telephoneRequired });
  });

  it('bounds a new password to 8–128 characters', () => {
    expect(newPasswordSchema.safeParse('x'.repeat(8)).success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(7)).error?.issues[0].message).toBe(M.newPasswordMin);
    expect(newPasswordSchema.safeParse('x'.repeat(129)).error?.issues[0].message).toBe(M.newPasswordMax);
    expect(newPasswordSchema.safeParse(undefined).error?.issues[0].message).toBe(M.newPasswordRequired);
  });
});

describe('password change (changeBody, changePasswordForm)', () => {
  it('requires the old password and a valid new one; the confirmation is the button rule', () => {
    expect(errorsOf(changeBody, { oldPassword: '', newPassword: '' })).toEqual({
      oldPassword: M.oldPasswordRequired,
      newPassword: M.newPasswordRequired,
    });
    expect(errorsOf(changePasswordForm, { oldPassword: 'ancien', newPassword: 'Nouveau1', confirmPassword: 'autre' })).toEqual({});
    expect(errorsOf(changePasswordForm, { oldPassword: 'ancien', newPassword: 'court', confirmPassword: null })).toEqual({
      newPassword: M.newPasswordMin,
    });
  });

  it('gives the form its errors and keeps the confirmation in its values (formResolver)', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const resolve = formResolver(changePasswordForm);
    const refused = await resolve({ oldPassword: '', newPassword: 'Nouveau1', confirmPassword: 'Nouveau1' }, undefined, options);
    expect(refused.errors).toMatchObject({ oldPassword: { message: M.oldPasswordRequired } });
    const values = { oldPassword: 'ancien', newPassword: 'Nouveau1', confirmPassword: 'Nouveau1' };
    const accepted = await resolve(values, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual(values);
  });
});
