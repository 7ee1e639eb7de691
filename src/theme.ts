/**
 * The app's theme: react-admin's default with the back-office's own choices over it (src/baseTheme.ts: blues, readable
 * warning and info hues, reduced motion; docs/decisions/accessibility.md).
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { baseTheme } from './baseTheme';

export { prefersReducedMotion } from './baseTheme';

/**
 * The theme, with or without motion.
 * @param reducedMotion true: transitions of 0 ms and no touch ripple
 */
export function appTheme(reducedMotion: boolean): RaThemeOptions {
  const ours = baseTheme(reducedMotion);
  return {
    ...defaultTheme,
    ...ours,
    palette: { ...defaultTheme.palette, ...ours.palette },
    components: { ...defaultTheme.components, ...ours.components },
  };
}
