/** common/modes.ts: the air mode and the weight unit of a sending mode (spec 000 §5, §9). */
import { describe, expect, it } from 'vitest';
import { isAirMode, normalizeLabel, uniteForMode } from '../../common/modes';

describe('air mode (spec 000 §5)', () => {
  it('recognises the air mode by label or code', () => {
    expect(isAirMode({ code: 'AERIEN', libelle: 'Avion' })).toBe(true);
    expect(isAirMode({ libelle: 'Aérien' })).toBe(true);
    expect(isAirMode({ libelle: 'Fret AERIEN express' })).toBe(true);
    expect(isAirMode({ libelle: 'aerien' })).toBe(true);
    expect(isAirMode({ code: 'aerien' })).toBe(true);
    expect(isAirMode({ code: 'MARITIME', libelle: 'Maritime' })).toBe(false);
    expect(isAirMode({})).toBe(false);
    expect(isAirMode(null)).toBe(false);
  });
  it('forces the unit KG in air mode', () => {
    expect(uniteForMode({ libelle: 'Aérien' }, 'M3')).toBe('KG');
    expect(uniteForMode({ libelle: 'Maritime' }, 'M3')).toBe('M3');
    expect(uniteForMode({ libelle: 'Maritime' }, 'm3')).toBe('M3');
    expect(uniteForMode({ libelle: 'Maritime' })).toBe('KG');
  });
});

describe('normalizeLabel', () => {
  it('drops accents and case, keeps spaces', () => {
    expect(normalizeLabel('Récupération en Agence ')).toBe('recuperation en agence ');
    expect(normalizeLabel('AÉRIEN')).toBe('aerien');
    expect(normalizeLabel(null)).toBe('');
  });
});
