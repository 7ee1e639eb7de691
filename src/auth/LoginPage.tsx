/**
 * Sign-in page at /login, outside the layout (spec 000 §2 Login, §5 validation, §8 "Login failure: server
 * message, else the error message, in an alert box"). A user already signed in is sent to /.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink } from '@mui/material';
import { Form, LinkBase, PasswordInput, TextInput, email, required, useCheckAuth, useLogin, useNavigate, useTranslate } from 'react-admin';
import { AuthCard } from './AuthCard';

/** Form values of the login form. */
interface LoginValues {
  email?: string;
  password?: string;
}

/** The login page given to <Admin loginPage> (no props). */
const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  const submit = async (values: LoginValues) => {
    setError(undefined);
    setLoading(true);
    try {
      await login({ email: values.email, password: values.password });
    } catch (e) {
      setError((e as Error)?.message || translate('app.login.access_denied'));
      setLoading(false);
    }
  };

  return (
    <AuthCard title="app.login.title" subtitle="app.login.subtitle">
      <Form onSubmit={submit as never} noValidate>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        <TextInput
          source="email"
          type="email"
          label="app.login.email"
          autoComplete="username"
          autoFocus
          validate={[required('app.login.email_required'), email('app.login.email_invalid')]}
          fullWidth
        />
        <PasswordInput
          source="password"
          label="app.login.password"
          autoComplete="current-password"
          validate={required('app.login.password_required')}
          fullWidth
        />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={loading} sx={{ mt: 1 }}>
          {loading ? <CircularProgress size={24} color="inherit" /> : translate('app.login.submit')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <MuiLink component={LinkBase} to="/forgotpassword" underline="hover">
            {translate('app.login.forgot_link')}
          </MuiLink>
        </Box>
      </Form>
    </AuthCard>
  );
};

export default LoginPage;
