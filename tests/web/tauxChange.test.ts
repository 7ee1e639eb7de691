/**
 * The 'Taux de change' screen's pure parts (src/tauxChange/tauxChangeView.ts): the currencies offered (not the euro,
 * not the CFA francs), a rate written the French way, and its inverse, exact to 6 decimals; the menu entry under
 * Paramètres shown with the key tauxChange.
 */
import { describe, expect, it } from 'vitest';
import { keysOpening } from '../../common/permissions';
import { MENU_GROUPS, visibleGroups } from '../../src/layout/menuGroups';
import { formatTaux } from '../../common/format';
import { DEVISES_SAISISSABLES, inverseTaux } from '../../src/tauxChange/tauxChangeView';

describe('tauxChangeView', () => {
  it('offers every currency but the euro and the CFA francs', () => {
    const codes = DEVISES_SAISISSABLES.map((d) => d.id);
    expect(codes).toContain('USD');
    expect(codes).toContain('GNF');
    expect(codes).not.toContain('EUR');
    expect(codes).not.toContain('XOF');
    expect(codes).not.toContain('XAF');
    expect(DEVISES_SAISISSABLES.find((d) => d.id === 'USD')?.name).toBe('USD — Dollar des États-Unis');
  });

  it('writes a rate the French way', () => {
    expect(formatTaux('655.957')).toBe('655,957');
    expect(formatTaux('9500')).toBe('9\u202f500');
    expect(formatTaux('1234567.5')).toBe('1\u202f234\u202f567,5');
    expect(formatTaux(null)).toBe('--');
  });

  it('gives the euros of one unit, rounded half away from zero to 6 decimals', () => {
    expect(inverseTaux('655,957')).toBe('0,001524');
    expect(inverseTaux('1,0845')).toBe('0,922084');
    expect(inverseTaux('0,5')).toBe('2');
    expect(inverseTaux('3')).toBe('0,333333');
    expect(inverseTaux('1,5')).toBe('0,666667');
    expect(inverseTaux('4000000')).toBe('< 0,000001');
    expect(inverseTaux('')).toBeUndefined();
    expect(inverseTaux('0')).toBeUndefined();
    expect(inverseTaux('abc')).toBeUndefined();
  });
});

describe('menu and access', () => {
  it('shows Taux de change under Paramètres only with the key tauxChange, which opens the list and the form', () => {
    const parametres = (keys: string[]) =>
      visibleGroups(MENU_GROUPS, (k) => keys.includes(k))
        .find((g) => g.id === 'parametres')
        ?.entries.map((e) => e.to) ?? [];
    expect(parametres(['tauxChange'])).toEqual(['/tauxChange']);
    expect(parametres(['modeEnvoi'])).not.toContain('/tauxChange');
    expect(keysOpening('tauxChange', 'list')).toEqual(['tauxChange']);
    expect(keysOpening('tauxChange', 'create')).toEqual(['tauxChange']);
  });
});
