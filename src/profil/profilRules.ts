/**
 * Button rules of the profile screen (spec 000 §5 Profile). The fields' rules are the routes' schemas
 * (common/schemas/user.ts profilBody, common/schemas/auth.ts changePasswordForm).
 */

/** Whether the personal information may be saved: nom and prenoms filled (spec 000 §5). */
export function canSaveProfile(values: { nom?: unknown; prenoms?: unknown } | undefined): boolean {
  return [values?.nom, values?.prenoms].every((v) => typeof v === 'string' && v.trim() !== '');
}

/** Whether the password change may be sent: new and confirm filled and equal; the old one is not part of the rule (spec 000 §5). */
export function canChangePassword(values: { newPassword?: unknown; confirmPassword?: unknown } | undefined): boolean {
  const newPassword = values?.newPassword;
  const confirmPassword = values?.confirmPassword;
  return typeof newPassword === 'string' && newPassword !== '' && typeof confirmPassword === 'string' && newPassword === confirmPassword;
}
