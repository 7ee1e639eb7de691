/**
 * Password recovery at /forgotpassword, outside the layout (spec 000 §2 Forgot password, §4, §5 "all fields
 * required", §8 texts). Step 1: telephoneComplet + email → POST auth/forgotPassword (the server e-mails the
 * code, docs/api-contract.md). Step 2: otp + newPassword → POST auth/validerPassword, then /login. Both calls are
 * authProvider methods (requestPasswordReset, resetPassword): they are made signed out and concern credentials, like
 * login, whereas every dataProvider call needs the session. Each step's fields are checked with its route's schema
 * (common/schemas/auth.ts forgotBody, resetPasswordForm). One alert shows at a time: the failure text (spec 000 §8
 * 'Une erreur est survenue. Veuillez réessayer.') replaces step 2's 'Code OTP envoyé avec succès !'.
 */
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink } from '@mui/material';
import { Form, LinkBase, PasswordInput, TextInput, useAuthProvider, useNavigate, useNotify, useTranslate } from 'react-admin';
import { forgotBody, resetPasswordForm } from '../../common/schemas/auth';
import { formResolver } from '../kit/formResolver';
import type { AppAuthProvider } from '../providers/authProvider';
import { useWrite } from '../kit/useWrite';
import { AuthCard } from './AuthCard';

/** The rules of step 1 (telephoneComplet, email) and step 2 (otp, newPassword). */
const requestResolver = formResolver(forgotBody);
const resetResolver = formResolver(resetPasswordForm);

/** The password recovery page (no props). */
const ForgotPasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const authProvider = useAuthProvider<AppAuthProvider>();
  const [step, setStep] = useState<1 | 2>(1);
  const [identity, setIdentity] = useState<{ telephoneComplet: string; email: string }>();
  const [error, setError] = useState<string>();
  // Each step's call once however fast its button is clicked: one code sent, one reset (src/kit/useWrite.ts).
  const sendCode = useWrite({
    mutationFn: async (body: { telephoneComplet: string; email: string }) => {
      await authProvider!.requestPasswordReset(body);
      return body;
    },
    onSuccess: (body) => {
      setIdentity(body);
      setStep(2);
      notify('app.forgot.otp_sent', { type: 'info' });
    },
    onError: () => setError(translate('app.forgot.failure')),
  });
  const resetWith = useWrite(
    {
      mutationFn: (body: { telephoneComplet: string; otp: string; newPassword: string }) => authProvider!.resetPassword(body),
      onSuccess: () => {
        notify('app.forgot.reset_done', { type: 'success' });
        // The spec goes to '/', which sends a signed-out user to login anyway.
        navigate('/login');
      },
      onError: () => setError(translate('app.forgot.failure')),
    },
    { holdOnSuccess: true },
  );
  const loading = sendCode.pending || resetWith.pending;

  const requestCode = (values: Record<string, unknown>) => {
    setError(undefined);
    sendCode.run({ telephoneComplet: String(values.telephoneComplet ?? '').replace(/\s+/g, ''), email: String(values.email ?? '').trim() });
  };

  const reset = (values: Record<string, unknown>) => {
    if (!identity) return;
    setError(undefined);
    resetWith.run({
      telephoneComplet: identity.telephoneComplet,
      otp: String(values.otp ?? '').trim(),
      newPassword: String(values.newPassword ?? ''),
    });
  };

  return (
    <AuthCard title="app.forgot.title" subtitle={step === 1 ? 'app.forgot.subtitle_step1' : 'app.forgot.subtitle_step2'}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {step === 1 ? (
        <Form key="step1" onSubmit={requestCode} noValidate resolver={requestResolver}>
          <TextInput source="telephoneComplet" label="app.forgot.telephone" isRequired fullWidth autoFocus placeholder="+33612345678" />
          <TextInput source="email" type="email" label="app.forgot.email" isRequired fullWidth />
          <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 1 }}>
            {loading ? <CircularProgress size={24} color="inherit" /> : translate('app.forgot.send_code')}
          </Button>
        </Form>
      ) : (
        <Form key="step2" onSubmit={reset} noValidate resolver={resetResolver}>
          {/* One alert at a time: a failure replaces the 'code envoyé' alert, it does not stack above it. */}
          {!error && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.forgot.otp_sent')}
            </Alert>
          )}
          <TextInput
            source="otp"
            label="app.forgot.otp"
            isRequired
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <PasswordInput source="newPassword" label="app.forgot.new_password" isRequired fullWidth autoComplete="new-password" />
          <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 1 }}>
            {loading ? <CircularProgress size={24} color="inherit" /> : translate('app.forgot.reset')}
          </Button>
        </Form>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <MuiLink component={LinkBase} to="/login" underline="hover">
          {translate('app.forgot.back_to_login')}
        </MuiLink>
      </Box>
    </AuthCard>
  );
};

export default ForgotPasswordPage;
