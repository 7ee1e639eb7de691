/** src/encaissements/montantRemis.ts: what a payment tendered in another currency was handed over as. */
import { describe, expect, it } from 'vitest';
import { montantRemis } from '../../src/encaissements/montantRemis';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');

describe('montantRemis', () => {
  it('shows the amount handed over in its own currency when it is not the payment’s', () => {
    expect(plain(montantRemis({ devise: 'XOF', montantTendu: 15.24, deviseTendue: 'EUR' }))).toBe('15,24 €');
    expect(plain(montantRemis({ devise: 'EUR', montantTendu: '10000', deviseTendue: 'XOF' }))).toBe('10 000 F CFA');
    expect(plain(montantRemis({ montantTendu: 10000, deviseTendue: 'XAF' }))).toBe('10 000 F CFA (BEAC)');
  });
  it('shows nothing for a payment in its own currency or without an amount tendered', () => {
    expect(montantRemis({ devise: 'XOF', montantTendu: 6560, deviseTendue: 'XOF' })).toBeUndefined();
    expect(montantRemis({ montantTendu: 20, deviseTendue: 'EUR' })).toBeUndefined(); // no devise: the euro
    expect(montantRemis({ devise: 'XOF', montantTendu: null, deviseTendue: null })).toBeUndefined();
    expect(montantRemis({ devise: 'XOF', montantTendu: null, deviseTendue: 'EUR' })).toBeUndefined();
    expect(montantRemis({ devise: 'XOF' })).toBeUndefined();
    expect(montantRemis(undefined)).toBeUndefined();
  });
});
