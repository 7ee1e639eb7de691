/**
 * The payment's shared schemas (common/schemas/encaissement.ts): the encaissement/create body the server validates and
 * the make-payment dialog's form (spec 000 §5 "Make payment": payment mode required, 'Veuillez remplir tous les champs
 * obligatoire.'; the amount above 0, not above the remaining, in the parcel's or another currency:
 * docs/decisions/currencies.md "Payments in another currency"). The cross rate is tests/common/devises.test.ts', its
 * label tests/common/format.test.ts'.
 */
import { describe, expect, it } from 'vitest';
import {
  encaissementBody,
  encaissementEquivalentQuery,
  encaissementFormSchema,
  montantDepasseMessage,
} from '../../common/schemas/encaissement';

const COLIS = '00000000-0000-4000-8000-000000000001';
const MODE = '00000000-0000-4000-8000-000000000002';

/** The messages of a refused parse, by field. */
function errors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

/** The dialog's values for a parcel in `devise` with `resteAPayer` left, paying `montant` in `deviseTendue`. */
const form = (over: Record<string, unknown> = {}) => ({
  modePaiementID: MODE,
  montant: '25.75',
  deviseTendue: 'EUR',
  devise: 'EUR',
  resteAPayer: '25.75',
  tauxTendu: null,
  tauxColis: null,
  ...over,
});

describe('encaissement/create body', () => {
  it('defaults the payer to destinateur and keeps the amount as sent (the server rounds it to the currency)', () => {
    expect(encaissementBody.parse({ colisID: COLIS, modePaiementID: MODE, montantEncaisse: '1,005' })).toEqual({
      colisID: COLIS,
      modePaiementID: MODE,
      paymentby: 'destinateur',
      montantEncaisse: 1.005,
    });
  });

  it('refuses a missing mode with the spec text, and an amount that is not above 0', () => {
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, montantEncaisse: 0 }))).toEqual({
      modePaiementID: 'Veuillez remplir tous les champs obligatoire.',
      montantEncaisse: 'Le montant encaissé doit être supérieur à 0',
    });
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, paymentby: 'banque' }))).toHaveProperty('paymentby');
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, montantEncaisse: true }))).toEqual({
      montantEncaisse: 'Le montant encaissé doit être un nombre',
    });
  });

  it('takes an amount tendered in another currency, its code in any case; both or neither', () => {
    expect(encaissementBody.parse({ colisID: COLIS, modePaiementID: MODE, montantTendu: '10', deviseTendue: 'eur' })).toMatchObject({
      montantTendu: 10,
      deviseTendue: 'EUR',
    });
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, montantTendu: 10 }))).toEqual({
      deviseTendue: 'La devise du montant tendu est obligatoire',
    });
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, deviseTendue: 'EUR' }))).toEqual({
      montantTendu: 'Le montant tendu est obligatoire',
    });
    expect(
      errors(
        encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, montantEncaisse: 5, montantTendu: 10, deviseTendue: 'EUR' }),
      ),
    ).toEqual({ montantEncaisse: 'Indiquez le montant encaissé ou le montant tendu, pas les deux' });
  });

  it('refuses an unknown currency', () => {
    const refused = errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, montantTendu: 10, deviseTendue: 'ZZZ' }));
    expect(refused.deviseTendue).toMatch(/^Devise inconnue : indiquez un code ISO 4217 \(EUR, XOF/);
    expect(errors(encaissementEquivalentQuery.safeParse({ colisID: COLIS, deviseTendue: 'ZZZ' }))).toHaveProperty('deviseTendue');
    expect(encaissementEquivalentQuery.parse({ colisID: COLIS, deviseTendue: 'xof', montantTendu: '6 560' })).toEqual({
      colisID: COLIS,
      deviseTendue: 'XOF',
      montantTendu: 6560,
    });
  });
});

describe('the make-payment dialog form', () => {
  it("needs a payment mode ('' while none is chosen), with the spec text", () => {
    expect(errors(encaissementFormSchema.safeParse(form({ modePaiementID: '' })))).toEqual({
      modePaiementID: 'Veuillez remplir tous les champs obligatoire.',
    });
  });

  it("sends the remaining amount, or a lower one, in the parcel's currency rounded to its minor unit", () => {
    expect(encaissementFormSchema.parse(form())).toEqual({ modePaiementID: MODE, montantEncaisse: 25.75 });
    expect(encaissementFormSchema.parse(form({ montant: '1,005', resteAPayer: 30 }))).toEqual({
      modePaiementID: MODE,
      montantEncaisse: 1.01,
    });
    expect(encaissementFormSchema.parse(form({ montant: '6 559,5', devise: 'XOF', deviseTendue: 'XOF', resteAPayer: '6560.00' }))).toEqual({
      modePaiementID: MODE,
      montantEncaisse: 6560,
    });
  });

  it('refuses 0, an amount that rounds to 0, and an amount above the remaining with the server text', () => {
    expect(errors(encaissementFormSchema.safeParse(form({ montant: '0.00' })))).toEqual({
      montant: 'Le montant encaissé doit être supérieur à 0',
    });
    expect(
      errors(encaissementFormSchema.safeParse(form({ montant: '0,4', devise: 'XOF', deviseTendue: 'XOF', resteAPayer: 6560 }))),
    ).toEqual({
      montant: 'Le montant encaissé doit être supérieur à 0',
    });
    expect(errors(encaissementFormSchema.safeParse(form({ montant: '25.76' })))).toEqual({
      montant: montantDepasseMessage('25.75', 'EUR'),
    });
    expect(montantDepasseMessage('25.75', 'EUR')).toBe('Le montant dépasse le reste à payer (25,75\u00a0€).');
  });

  it('in another currency: sends montantTendu and deviseTendue, and checks the equivalent once the rates are known', () => {
    const xof = { devise: 'XOF', resteAPayer: '6560.00', deviseTendue: 'EUR' };
    // Rates unknown yet: the server alone checks the remaining.
    expect(encaissementFormSchema.parse(form({ ...xof, montant: '10' }))).toEqual({
      modePaiementID: MODE,
      montantTendu: 10,
      deviseTendue: 'EUR',
    });
    const rates = { tauxTendu: '1', tauxColis: '655.957000' };
    // 10 € = 6 559,57 F → 6 560 F: exactly the remaining.
    expect(encaissementFormSchema.parse(form({ ...xof, ...rates, montant: '10,004' }))).toEqual({
      modePaiementID: MODE,
      montantTendu: 10,
      deviseTendue: 'EUR',
    });
    // 10,01 € = 6 566 F, above the 6 560 F left.
    expect(errors(encaissementFormSchema.safeParse(form({ ...xof, ...rates, montant: '10.01' })))).toEqual({
      montant: montantDepasseMessage('6560.00', 'XOF'),
    });
  });
});
