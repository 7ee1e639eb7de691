/**
 * Sign-in page at /login, outside the layout (spec 000 §2 Login, §5 validation, §8 "Login failure: server
 * message, else the error message, in an alert box"). A user already signed in is sent to /.
 * The form is two plain MUI fields rather than react-admin's <Form> and inputs: the sign-in page is the first one
 * downloaded, and react-admin's form (react-hook-form) and MUI's TextField (which brings Select, Menu and Popover)
 * weigh ~30 KB compressed there (docs/decisions/screen-bundles.md). The validation behaves like react-admin's: checked
 * on submit, then again on each change.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FilledInput,
  FormControl,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  Link as MuiLink,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { LinkBase, useCheckAuth, useLogin, useNavigate, useTranslate } from 'react-admin';
import { AuthCard } from './AuthCard';

/** React-admin's `email` validator pattern (ra-core form/validation/validate.ts). */
const EMAIL_REGEX =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

/** Form values of the login form. */
interface LoginValues {
  email: string;
  password: string;
}

/** The translation key of each field's error (spec 000 §5), none when the values are valid. */
export function loginErrors(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  return {
    email: !values.email.trim() ? 'app.login.email_required' : EMAIL_REGEX.test(values.email) ? undefined : 'app.login.email_invalid',
    password: values.password ? undefined : 'app.login.password_required',
  };
}

/** One required field of the form, drawn like react-admin's inputs (filled, dense, helper line kept). */
const LoginField = ({
  name,
  label,
  error,
  adornment,
  ...input
}: {
  name: keyof LoginValues;
  label: string;
  error?: string;
  adornment?: ReactNode;
  type: string;
  value: string;
  autoComplete: string;
  autoFocus?: boolean;
  onChange: (value: string) => void;
}) => (
  <FormControl variant="filled" size="small" margin="dense" fullWidth required error={Boolean(error)}>
    <InputLabel htmlFor={`login-${name}`}>{label}</InputLabel>
    <FilledInput
      id={`login-${name}`}
      name={name}
      {...input}
      onChange={(e) => input.onChange(e.target.value)}
      endAdornment={adornment}
      aria-describedby={`login-${name}-helper`}
    />
    <FormHelperText id={`login-${name}-helper`}>{error ?? ' '}</FormHelperText>
  </FormControl>
);

/** The login page given to <Admin loginPage> (no props). */
const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  const errors = submitted ? loginErrors(values) : {};
  const set = (field: keyof LoginValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid = loginErrors(values);
    if (invalid.email || invalid.password) return;
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
      <form onSubmit={submit} noValidate>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        <LoginField
          name="email"
          type="email"
          label={translate('app.login.email')}
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={set('email')}
          error={errors.email && translate(errors.email)}
        />
        <LoginField
          name="password"
          type={showPassword ? 'text' : 'password'}
          label={translate('app.login.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password && translate(errors.password)}
          adornment={
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(showPassword ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                onClick={() => setShowPassword((s) => !s)}
                size="small"
              >
                {showPassword ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button type="submit" variant="contained" fullWidth size="large" disabled={loading} sx={{ mt: 1 }}>
          {loading ? <CircularProgress size={24} color="inherit" /> : translate('app.login.submit')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <MuiLink component={LinkBase} to="/forgotpassword" underline="hover">
            {translate('app.login.forgot_link')}
          </MuiLink>
        </Box>
      </form>
    </AuthCard>
  );
};

export default LoginPage;
