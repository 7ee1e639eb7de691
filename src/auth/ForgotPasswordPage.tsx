/**
 * Password recovery at /forgotpassword, outside the layout (spec 000 §2 Forgot password, §4, §5 "all fields
 * required", §8 texts). Step 1: telephoneComplet + email → POST auth/forgotPassword (the server e-mails the
 * code, docs/api-contract.md). Step 2: otp + newPassword → POST auth/validerPassword, then /login, which shows
 * 'Mot de passe réinitialisé avec succès !'. Both calls are src/providers/credentials.ts's (requestPasswordReset,
 * resetPassword), beside login: they are made signed out, whereas every dataProvider call needs the session. Each
 * step's fields are checked with its route's schema (common/schemas/auth.ts forgotBody, resetPasswordForm) on submit,
 * then on each change. One alert shows at a time: the failure text (spec 000 §8 'Une
 * erreur est survenue. Veuillez réessayer.') replaces step 2's 'code envoyé' text. Without react-admin: signed out,
 * the sign-in entry shows this page before react-admin loads (docs/decisions/screen-bundles.md "The sign-in entry").
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { frAuth } from '../i18n/frAuth';
import { requestPasswordReset, resetPassword } from '../providers/credentials';
import { useSubmitOnce } from '../kit/useSubmitOnce';
import { AuthCard } from './AuthCard';
import { AuthField, AuthPasswordField, AuthSubmit } from './AuthField';
import { useCheckedFields } from './authSchemas';
import { AuthLink, LOGIN_PATH, useAuthNavigation } from './authNavigation';

const texts = frAuth.forgot;

/** The account of step 1, as sent (the phone without spaces, the e-mail trimmed). */
type Identity = Parameters<typeof requestPasswordReset>[0];

/** The password recovery page (no props). */
const ForgotPasswordPage = () => {
  const { go } = useAuthNavigation();
  const [identity, setIdentity] = useState<Identity>();
  const [error, setError] = useState<string>();
  const failed = () => setError(texts.failure);
  const request = useCheckedFields({ telephoneComplet: '', email: '' }, (s) => s.forgotBody);
  const step2 = useCheckedFields({ otp: '', newPassword: '' }, (s) => s.resetPasswordForm);

  // Each step's call once however fast its button is clicked: one code sent, one reset (src/kit/useSubmitOnce.ts).
  const sendCode = useSubmitOnce(requestPasswordReset, {
    onSuccess: (_, body) => setIdentity(body),
    onError: failed,
  });
  const resetWith = useSubmitOnce(resetPassword, {
    holdOnSuccess: true,
    // The spec goes to '/', which sends a signed-out user to login anyway.
    onSuccess: () => go(LOGIN_PATH, texts.reset_done),
    onError: failed,
  });
  const loading = sendCode.pending || resetWith.pending;

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await request.check())) return;
    setError(undefined);
    await sendCode.run({
      telephoneComplet: request.values.telephoneComplet.replace(/\s+/g, ''),
      email: request.values.email.trim(),
    });
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (!identity || !(await step2.check())) return;
    setError(undefined);
    await resetWith.run({
      telephoneComplet: identity.telephoneComplet,
      otp: step2.values.otp.trim(),
      newPassword: step2.values.newPassword,
    });
  };

  return (
    <AuthCard
      title={texts.title}
      subtitle={identity ? texts.subtitle_step2 : texts.subtitle_step1}
      footer={<AuthLink to={LOGIN_PATH}>{texts.back_to_login}</AuthLink>}
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!identity ? (
        <form key="step1" onSubmit={requestCode} noValidate>
          <AuthField
            {...request.bind('telephoneComplet')}
            type="tel"
            label={texts.telephone}
            autoComplete="tel"
            autoFocus
            placeholder="+33612345678"
          />
          <AuthField {...request.bind('email')} type="email" label={texts.email} autoComplete="email" />
          <AuthSubmit label={texts.send_code} pending={loading} />
        </form>
      ) : (
        <form key="step2" onSubmit={reset} noValidate>
          {/* One alert at a time: a failure replaces the 'code envoyé' alert, it does not stack above it. */}
          {!error && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {texts.otp_sent}
            </Alert>
          )}
          <AuthField {...step2.bind('otp')} label={texts.otp} autoComplete="one-time-code" autoFocus inputMode="numeric" maxLength={6} />
          <AuthPasswordField {...step2.bind('newPassword')} label={texts.new_password} autoComplete="new-password" />
          <AuthSubmit label={texts.reset} pending={loading} />
        </form>
      )}
    </AuthCard>
  );
};

export default ForgotPasswordPage;
