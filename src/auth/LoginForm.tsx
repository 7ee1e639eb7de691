/**
 * The sign-in form (spec 000 §2 Login, §5 validation, §8 "Login failure: server message, else the error message, in an
 * alert box"), without react-admin nor react-router: the sign-in entry shows it before react-admin loads
 * (src/auth/PublicApp.tsx), and the app's /login (src/auth/LoginPage.tsx) shows the same form
 * (docs/decisions/screen-bundles.md "The sign-in entry"). The fields are checked with the route's schema
 * (common/schemas/auth.ts loginBody, spec 000 §5 texts) as react-admin's forms check theirs: on submit, then again on
 * each change.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { frAuth } from '../i18n/frAuth';
import { useSubmitOnce } from '../kit/useSubmitOnce';
import { AuthCard } from './AuthCard';
import { AuthField, AuthPasswordField, AuthSubmit } from './AuthField';
import { AuthLink, FORGOT_PATH, useAuthNavigation } from './authNavigation';
import { useCheckedFields } from './authSchemas';

/** Form values of the login form. */
export interface LoginValues {
  email: string;
  password: string;
}

const texts = frAuth.login;

/**
 * The sign-in form.
 * @param login signs in with the typed credentials and opens the app; its rejection's message shows in the alert
 *   (spec 000 §8), 'Accès non autorisé' without one. The button stays disabled from the click until the app shows.
 */
export const LoginForm = ({ login }: { login: (credentials: LoginValues) => Promise<unknown> }) => {
  const { notice } = useAuthNavigation();
  const fields = useCheckedFields<keyof LoginValues>({ email: '', password: '' }, (s) => s.loginBody);
  const [error, setError] = useState<string>();
  const signIn = useSubmitOnce(login, {
    holdOnSuccess: true,
    onError: (e) => setError((e as Error)?.message || texts.access_denied),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await fields.check())) return;
    setError(undefined);
    await signIn.run({ email: fields.values.email, password: fields.values.password });
  };

  return (
    <AuthCard title={texts.title} subtitle={texts.subtitle} footer={<AuthLink to={FORGOT_PATH}>{texts.forgot_link}</AuthLink>}>
      <form onSubmit={submit} noValidate>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        {notice && !error && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        <AuthField {...fields.bind('email')} type="email" label={texts.email} autoComplete="username" autoFocus />
        <AuthPasswordField {...fields.bind('password')} label={texts.password} autoComplete="current-password" />
        <AuthSubmit label={texts.submit} pending={signIn.pending} />
      </form>
    </AuthCard>
  );
};
