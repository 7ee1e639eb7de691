/**
 * The fields and the submit button of the pages shown before the app (sign-in, forgotten password; docs/decisions/screen-bundles.md "The
 * sign-in entry"): plain MUI inputs drawn like react-admin's (filled, dense, the helper line kept), because these
 * pages load neither react-admin's form (react-hook-form) nor MUI's TextField (which brings Select, Menu and Popover).
 */
import { useState, type ReactNode } from 'react';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { frAuth } from '../i18n/frAuth';

/** What a field takes: its name (the form's key and the input's id), label, error text and the input's attributes. */
export interface AuthFieldProps {
  name: string;
  label: string;
  error?: string;
  adornment?: ReactNode;
  type?: string;
  value: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  maxLength?: number;
  onChange: (value: string) => void;
}

/** One required field; its error (a French message of the route's schema) shows on the helper line. */
export const AuthField = ({ name, label, error, adornment, inputMode, maxLength, onChange, ...input }: AuthFieldProps) => (
  <FormControl variant="filled" size="small" margin="dense" fullWidth required error={Boolean(error)}>
    <InputLabel htmlFor={`auth-${name}`}>{label}</InputLabel>
    <FilledInput
      id={`auth-${name}`}
      name={name}
      type="text"
      {...input}
      inputProps={{ inputMode, maxLength }}
      onChange={(e) => onChange(e.target.value)}
      endAdornment={adornment}
      aria-describedby={`auth-${name}-helper`}
    />
    <FormHelperText id={`auth-${name}-helper`}>{error ?? ' '}</FormHelperText>
  </FormControl>
);

/** A password field with the button that shows or hides what is typed (react-admin's PasswordInput's texts). */
export const AuthPasswordField = (props: Omit<AuthFieldProps, 'type' | 'adornment'>) => {
  const [shown, setShown] = useState(false);
  const texts = frAuth.password;
  return (
    <AuthField
      {...props}
      type={shown ? 'text' : 'password'}
      adornment={
        <InputAdornment position="end">
          <IconButton aria-label={shown ? texts.toggle_visible : texts.toggle_hidden} onClick={() => setShown((s) => !s)} size="small">
            {shown ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};

/**
 * The form's submit button: disabled, with a spinner instead of its label, while the submission runs.
 * @param disabled also disabled, without spinner (a rule of the form is not met)
 */
export const AuthSubmit = ({ label, pending, disabled = false }: { label: string; pending: boolean; disabled?: boolean }) => (
  <Button type="submit" variant="contained" fullWidth size="large" disabled={pending || disabled} sx={{ mt: 1 }}>
    {pending ? <CircularProgress size={24} color="inherit" /> : label}
  </Button>
);
