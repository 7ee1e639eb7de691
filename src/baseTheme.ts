/**
 * The back-office's own theme choices, without react-admin's (docs/decisions/accessibility.md): the sign-in entry
 * draws its pages with them alone (src/auth/PublicApp.tsx, docs/decisions/screen-bundles.md "The sign-in entry"), the
 * app over react-admin's default theme (src/theme.ts).
 * - Blues: primary #1565c0, secondary #0d47a1.
 * - Warning and info are MUI's own hues, darker, so that white on them and they on white reach WCAG AA's 4.5:1 (MUI's
 *   #ed6c02 and #0288d1 give 3.1 and 3.9); a disabled field's hint stays readable.
 * - Reduced motion: when the system asks for it (`prefers-reduced-motion: reduce`, read once when the page loads),
 *   MUI's transitions take no time (menus, dialogs, the sidebar's groups and toasts appear at once, WCAG 2.3.3) and a
 *   click draws no ripple; the keyboard focus keeps its ripple, the only focus mark of MUI's buttons.
 */
import { darken, type Theme, type ThemeOptions } from '@mui/material/styles';
import { lightBlue } from '@mui/material/colors';

/** MUI's transition durations (ms), all at 0: a react-transition-group component then ends its transition at once. */
const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/** The theme's options that are ours: palette, motion and component settings (MUI's ThemeOptions). */
export interface BaseTheme {
  palette: NonNullable<ThemeOptions['palette']>;
  transitions?: ThemeOptions['transitions'];
  components: NonNullable<ThemeOptions['components']>;
}

/**
 * Our theme options, with or without motion.
 * @param reducedMotion true: transitions of 0 ms and no touch ripple
 */
export function baseTheme(reducedMotion: boolean): BaseTheme {
  return {
    palette: {
      primary: { main: '#1565c0' },
      secondary: { main: '#0d47a1' },
      warning: { main: darken('#ed6c02', 0.25) },
      info: { main: lightBlue[800] },
    },
    ...(reducedMotion ? { transitions: { duration: NO_DURATION, create: () => 'none' } } : {}),
    components: {
      // A disabled field's hint says why it waits ('Choisissez d'abord le pays'): it keeps the readable helper colour.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
      // react-admin's AutocompleteInput leaves MUI's English 'No options' and 'Loading…' when nothing is found.
      MuiAutocomplete: { defaultProps: { noOptionsText: 'Aucun résultat', loadingText: 'Chargement…' } },
      ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableTouchRipple: true } } } : {}),
    },
  };
}

/** Whether the system asks for reduced motion (false where the page has no matchMedia). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
