/**
 * Change-password card of the profile (spec 000 §2 Profile settings, §5 "button disabled unless new and
 * confirm are filled and equal; old password is not part of the button rule", §8 texts): POST
 * auth/changePassword/{id} {oldPassword, newPassword}; 401 → 'Mise à jour échouée, ancien mot de passe
 * incorrect !' (the session stays); success stores the fresh token the answer returns (authProvider.changePassword).
 * The fields are checked with the route's schema (common/schemas/auth.ts changePasswordForm: old password required,
 * new one of 8 to 128 characters); the button rule stays the spec's (profilRules.ts canChangePassword).
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, CardHeader } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Form, FormDataConsumer, PasswordInput, useAuthProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import { changePasswordForm } from '../../common/schemas/auth';
import { formResolver } from '../kit/formResolver';
import type { AppAuthProvider } from '../providers/authProvider';
import { serverMessage } from '../kit/recordLabel';
import { useWrite } from '../kit/useWrite';
import { canChangePassword } from './profilRules';

/** The form's rules: the password change body's, plus the confirmation. */
const resolver = formResolver(changePasswordForm);

/**
 * Takes the signed-in user's id; renders the card. The call is an authProvider method, not a dataProvider one: it
 * replaces the session's token, and its 401 (wrong old password) must not log out as a dataProvider 401 does.
 */
export const ChangePasswordCard = ({ userId }: { userId: Identifier }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const authProvider = useAuthProvider<AppAuthProvider>();
  const [formKey, setFormKey] = useState(0);
  // Once however fast the button is clicked: a second change would meet the new password and be refused (401).
  const change = useWrite({
    mutationFn: (passwords: { oldPassword: string; newPassword: string }) => authProvider!.changePassword(String(userId), passwords),
    onSuccess: () => {
      notify('app.profil.update_success', { type: 'success' });
      setFormKey((k) => k + 1);
    },
    onError: (error) => {
      const status = (error as { status?: number })?.status;
      notify(status === 401 ? 'app.profil.password_wrong' : (serverMessage(error) ?? 'app.profil.update_failure'), { type: 'error' });
    },
  });
  const saving = change.pending;

  const submit = (values: Record<string, unknown>) => {
    if (!canChangePassword(values)) return;
    change.run({ oldPassword: String(values.oldPassword ?? ''), newPassword: String(values.newPassword ?? '') });
  };

  return (
    <Card>
      <CardHeader title={translate('app.profil.password_title')} />
      <CardContent>
        <Form key={formKey} onSubmit={submit} resolver={resolver}>
          <PasswordInput source="oldPassword" label="app.profil.old_password" fullWidth autoComplete="current-password" />
          <PasswordInput source="newPassword" label="app.profil.new_password" fullWidth autoComplete="new-password" />
          <PasswordInput source="confirmPassword" label="app.profil.confirm_password" fullWidth autoComplete="new-password" />
          <FormDataConsumer>
            {({ formData }) => {
              const differ = !!formData.newPassword && !!formData.confirmPassword && formData.newPassword !== formData.confirmPassword;
              return (
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
                  <Box sx={{ color: 'error.main', fontSize: '0.875rem' }}>{differ ? translate('app.profil.passwords_differ') : null}</Box>
                  <Button type="submit" variant="contained" startIcon={<LockResetIcon />} disabled={saving || !canChangePassword(formData)}>
                    {translate('app.profil.change_password')}
                  </Button>
                </Box>
              );
            }}
          </FormDataConsumer>
        </Form>
      </CardContent>
    </Card>
  );
};
