/** common/modes.ts: the air mode and the weight unit of a sending mode (spec 000 §5, §9). */
import { describe, expect, it } from 'vitest';
import { isModeEnvoiAerien, normalizeLabel, uniteForModeEnvoi } from '../../common/modes';

describe('air mode (spec 000 §5)', () => {
  it('recognises the air mode by label or code', () => {
    expect(isModeEnvoiAerien({ code: 'AERIEN', libelle: 'Avion' })).toBe(true);
    expect(isModeEnvoiAerien({ libelle: 'Aérien' })).toBe(true);
    expect(isModeEnvoiAerien({ libelle: 'Fret AERIEN express' })).toBe(true);
    expect(isModeEnvoiAerien({ libelle: 'aerien' })).toBe(true);
    expect(isModeEnvoiAerien({ code: 'aerien' })).toBe(true);
    expect(isModeEnvoiAerien({ code: 'MARITIME', libelle: 'Maritime' })).toBe(false);
    expect(isModeEnvoiAerien({})).toBe(false);
    expect(isModeEnvoiAerien(null)).toBe(false);
  });
  it('forces the unit KG in air mode', () => {
    expect(uniteForModeEnvoi({ libelle: 'Aérien' }, 'M3')).toBe('KG');
    expect(uniteForModeEnvoi({ libelle: 'Maritime' }, 'M3')).toBe('M3');
    expect(uniteForModeEnvoi({ libelle: 'Maritime' }, 'm3')).toBe('M3');
    expect(uniteForModeEnvoi({ libelle: 'Maritime' })).toBe('KG');
  });
});

describe('normalizeLabel', () => {
  it('drops accents and case, keeps spaces', () => {
    expect(normalizeLabel('Récupération en Agence ')).toBe('recuperation en agence ');
    expect(normalizeLabel('AÉRIEN')).toBe('aerien');
    expect(normalizeLabel(null)).toBe('');
  });
});
