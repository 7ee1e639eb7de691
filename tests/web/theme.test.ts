/** The theme's reduced motion (src/theme.ts, docs/decisions/accessibility.md): MUI's transitions, built from it. */
import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { appTheme } from '../../src/theme';

describe('appTheme', () => {
  it('with reduced motion: every transition lasts 0 ms, none is drawn, a click draws no ripple', () => {
    const theme = createTheme(appTheme(true));
    expect(Object.values(theme.transitions.duration)).toEqual(Array(7).fill(0));
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps).toEqual({ disableTouchRipple: true });
  });

  it("without: MUI's durations and transitions, the same colours", () => {
    const still = createTheme(appTheme(true));
    const moving = createTheme(appTheme(false));
    expect(moving.transitions.duration.standard).toBe(300);
    expect(moving.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(moving.components?.MuiButtonBase).toBeUndefined();
    expect(moving.palette.warning.main).toBe(still.palette.warning.main);
    expect(moving.palette.primary.main).toBe('#1565c0');
  });
});
