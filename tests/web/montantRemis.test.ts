/**
 * src/encaissements/montantRemis.ts: what a payment tendered in another currency was handed over as, and the conversion
 * difference a settling amount booked (docs/decisions/currencies.md "The last minor units"), also on the receipt.
 */
import { describe, expect, it } from 'vitest';
import { ecartConversionDe, montantRemis } from '../../src/encaissements/montantRemis';
import { receiptTenduText } from '../../src/colis/receipt';

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

describe('ecartConversionDe', () => {
  it('says a difference with its sign in the payment currency, nothing when none', () => {
    expect(plain(ecartConversionDe({ devise: 'GNF', ecartConversion: 23 }))).toBe('+23 GNF');
    expect(plain(ecartConversionDe({ devise: 'XOF', ecartConversion: '-3.00' }))).toBe('-3 F CFA');
    expect(ecartConversionDe({ devise: 'GNF', ecartConversion: 0 })).toBeUndefined();
    expect(ecartConversionDe({ devise: 'GNF', ecartConversion: null })).toBeUndefined();
    expect(ecartConversionDe({ devise: 'GNF' })).toBeUndefined();
  });

  it('the receipt says it after the amount handed over', () => {
    const p = { date: null, mode: 'Espèces', montant: 260375, montantTendu: 27.85, deviseTendue: 'EUR', tauxTendu: '1', tauxColis: '9350' };
    expect(plain(receiptTenduText({ ...p, ecartConversion: 23 }, 'GNF'))).toBe(
      'Remis 27,85 € à 1 EUR = 9 350 GNF, arrondi du solde : +23 GNF',
    );
    expect(plain(receiptTenduText({ ...p, ecartConversion: 0 }, 'GNF'))).toBe('Remis 27,85 € à 1 EUR = 9 350 GNF');
  });
});
