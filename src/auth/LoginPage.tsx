/**
 * Sign-in page at /login, outside the layout (spec 000 §2 Login, §5 validation, §8 "Login failure: server
 * message, else the error message, in an alert box"). A user already signed in is sent to /.
 * The form is two plain MUI fields rather than react-admin's <Form> and inputs: the sign-in page is the first one
 * downloaded, and react-admin's form (react-hook-form) and MUI's TextField (which brings Select, Menu and Popover)
 * weigh ~30 KB compressed there (docs/decisions/screen-bundles.md). The fields are checked with the route's schema
 * (common/schemas/auth.ts loginBody, spec 000 §5 texts), loaded when the page shows rather than with it: zod weighs
 * ~20 KB compressed, and every other screen loads it after sign-in. The validation behaves like react-admin's: checked
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
import type { loginBody } from '../../common/schemas/auth';
import { useWrite } from '../kit/useWrite';
import { AuthCard } from './AuthCard';

/** Form values of the login form. */
interface LoginValues {
  email: string;
  password: string;
}

/** Each field's error of the login form. */
type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** The sign-in schema, loaded once on first need (a chunk of its own, with zod); tried again after a failed load. */
let schemaLoad: Promise<typeof loginBody> | undefined;
const loadLoginSchema = () =>
  (schemaLoad ??= import('../../common/schemas/auth')
    .then((m) => m.loginBody)
    .catch((e: unknown) => {
      schemaLoad = undefined;
      throw e;
    }));

/**
 * Each field's error (spec 000 §5: 'Votre email est obligatoire !', 'Email invalide !', 'Votre mot de passe est
 * obligatoire !'), none when the values are valid.
 * @param schema the sign-in schema (common/schemas/auth.ts loginBody)
 * @param values the typed email and password
 * @returns the French message of each field in error (the first of its rules)
 */
export function loginErrors(schema: typeof loginBody, values: LoginValues): LoginErrors {
  const result = schema.safeParse(values);
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof LoginValues;
    errors[field] ??= issue.message;
  }
  return errors;
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
  const [schema, setSchema] = useState<typeof loginBody>();
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    checkAuth({}, false)
      .then(() => navigate('/', { replace: true }))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  useEffect(() => {
    let live = true;
    loadLoginSchema()
      .then((s) => live && setSchema(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // One sign-in at a time; after a success react-admin opens the app, and the button stays disabled until it has.
  const signIn = useWrite(
    {
      mutationFn: (credentials: LoginValues) => login(credentials),
      onError: (e) => setError((e as Error)?.message || translate('app.login.access_denied')),
    },
    { holdOnSuccess: true },
  );
  const loading = signIn.pending;

  const errors = submitted && schema ? loginErrors(schema, values) : {};
  const set = (field: keyof LoginValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // Without the schema (its chunk failed to load), the server checks the same rules and its message shows.
    const checker = schema ?? (await loadLoginSchema().catch(() => undefined));
    if (checker && !schema) setSchema(checker);
    const invalid = checker ? loginErrors(checker, values) : {};
    if (invalid.email || invalid.password) return;
    setError(undefined);
    await signIn.run({ email: values.email, password: values.password });
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
          error={errors.email}
        />
        <LoginField
          name="password"
          type={showPassword ? 'text' : 'password'}
          label={translate('app.login.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
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
