/**
 * The 'Changer votre mot de passe' step at /changer-mot-de-passe, outside the layout
 * (docs/decisions/staff-accounts.md): a member of staff created by an administrator signs in with the password mailed
 * to it, then must choose its own before anything else (the server answers 403 to every other call until then). The
 * current password (the one received by e-mail), the new one and its confirmation; on success the role's privileges
 * load and the app opens on the dashboard. Reached from authProvider.login's redirect, and from the layout while the
 * obligation holds. Without a session: /login. The fields are checked with the route's schema (common/schemas/auth.ts
 * changePasswordForm); the button rule is the profile's (profilRules.ts canChangePassword).
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Link as MuiLink } from '@mui/material';
import {
  Form,
  FormDataConsumer,
  PasswordInput,
  useAuthProvider,
  useLogout,
  useNavigate,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { changePasswordForm } from '../../common/schemas/auth';
import { formResolver } from '../kit/formResolver';
import type { AppAuthProvider } from '../providers/authProvider';
import { usePasswordStep } from '../providers/usePasswordStep';
import { serverMessage } from '../kit/recordLabel';
import { canChangePassword } from '../profil/profilRules';
import { useWrite } from '../kit/useWrite';
import { AuthCard } from './AuthCard';
import { AuthSubmit } from './AuthField';

const t = 'app.first_password';

/** The form's rules: the password change body's, plus the confirmation. */
const resolver = formResolver(changePasswordForm);

/** The password change step (no props). */
const ChangePasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const logout = useLogout();
  const refresh = useRefresh();
  const authProvider = useAuthProvider<AppAuthProvider>();
  const [error, setError] = useState<string>();
  const step = usePasswordStep();

  useEffect(() => {
    if (step === 'signedOut') navigate('/login', { replace: true });
    else if (step === 'done') navigate('/', { replace: true });
  }, [navigate, step]);

  // Once however fast the button is clicked: a second change would meet the new password and be refused (401);
  // after the change the page leaves for the dashboard.
  const change = useWrite(
    {
      mutationFn: (passwords: { oldPassword: string; newPassword: string }) => authProvider!.completePasswordChange(passwords),
      onSuccess: () => {
        // The access checks cached while the privileges were refused are read again (menu, buttons, guards).
        refresh();
        notify(`${t}.success`, { type: 'success' });
        navigate('/', { replace: true });
      },
      onError: (e) => {
        const status = (e as { status?: number })?.status;
        setError(status === 401 ? translate(`${t}.wrong_current`) : (serverMessage(e) ?? translate(`${t}.failure`)));
      },
    },
    { holdOnSuccess: true },
  );
  const loading = change.pending;

  const submit = (values: Record<string, unknown>) => {
    if (!canChangePassword(values)) return;
    setError(undefined);
    change.run({ oldPassword: String(values.oldPassword ?? ''), newPassword: String(values.newPassword ?? '') });
  };

  return (
    <AuthCard
      title={translate(`${t}.title`)}
      subtitle={translate(`${t}.subtitle`)}
      footer={
        <MuiLink component="button" type="button" underline="hover" onClick={() => logout()}>
          {translate(`${t}.logout`)}
        </MuiLink>
      }
    >
      <Form onSubmit={submit} noValidate resolver={resolver}>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="change-password-error">
            {error}
          </Alert>
        )}
        <PasswordInput source="oldPassword" label={`${t}.current`} autoComplete="current-password" isRequired fullWidth autoFocus />
        <PasswordInput source="newPassword" label={`${t}.new`} autoComplete="new-password" isRequired fullWidth helperText={`${t}.rule`} />
        <PasswordInput source="confirmPassword" label={`${t}.confirm`} autoComplete="new-password" isRequired fullWidth />
        <FormDataConsumer>
          {({ formData }) => {
            const differ = !!formData.newPassword && !!formData.confirmPassword && formData.newPassword !== formData.confirmPassword;
            return (
              <>
                {differ && <Box sx={{ color: 'error.main', fontSize: '0.875rem', mb: 1 }}>{translate('app.profil.passwords_differ')}</Box>}
                <AuthSubmit label={translate(`${t}.submit`)} pending={loading} disabled={!canChangePassword(formData)} />
              </>
            );
          }}
        </FormDataConsumer>
      </Form>
    </AuthCard>
  );
};

export default ChangePasswordPage;
