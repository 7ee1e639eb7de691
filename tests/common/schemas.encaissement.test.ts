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
  soldeTenduMinor,
  valeurTendue,
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
  paymentby: 'destinateur',
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
    expect(encaissementFormSchema.parse(form())).toEqual({ modePaiementID: MODE, paymentby: 'destinateur', montantEncaisse: 25.75 });
    expect(encaissementFormSchema.parse(form({ montant: '1,005', resteAPayer: 30 }))).toEqual({
      modePaiementID: MODE,
      paymentby: 'destinateur',
      montantEncaisse: 1.01,
    });
    expect(encaissementFormSchema.parse(form({ montant: '6 559,5', devise: 'XOF', deviseTendue: 'XOF', resteAPayer: '6560.00' }))).toEqual({
      modePaiementID: MODE,
      paymentby: 'destinateur',
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
      paymentby: 'destinateur',
      montantTendu: 10,
      deviseTendue: 'EUR',
    });
    const rates = { tauxTendu: '1', tauxColis: '655.957000' };
    // 10 € = 6 559,57 F → 6 560 F: exactly the remaining.
    expect(encaissementFormSchema.parse(form({ ...xof, ...rates, montant: '10,004' }))).toEqual({
      modePaiementID: MODE,
      paymentby: 'destinateur',
      montantTendu: 10,
      deviseTendue: 'EUR',
    });
    // 10,01 € = 6 566 F, above the 6 560 F left.
    expect(errors(encaissementFormSchema.safeParse(form({ ...xof, ...rates, montant: '10.01' })))).toEqual({
      montant: montantDepasseMessage('6560.00', 'XOF'),
    });
  });
});

describe('the settling amount of another currency (docs/decisions/currencies.md "The last minor units")', () => {
  const gnf = { devise: 'GNF', deviseTendue: 'EUR', tauxTendu: '1', tauxColis: '9350' };

  it('is the remainder converted, rounded half away from zero, and at least one minor unit', () => {
    expect(soldeTenduMinor({ ...gnf, reste: '260375' })).toBe(2785n); // 27,8476 € → 27,85 €
    expect(soldeTenduMinor({ ...gnf, reste: '71' })).toBe(1n); // 0,0076 € → 0,01 €
    expect(soldeTenduMinor({ ...gnf, reste: '1' })).toBe(1n); // 0,0001 € would round to 0: one cent
    expect(soldeTenduMinor({ ...gnf, reste: '0' })).toBe(0n);
    expect(soldeTenduMinor({ ...gnf, deviseTendue: 'GNF', reste: '71' })).toBe(71n);
    expect(soldeTenduMinor({ ...gnf, tauxTendu: null, reste: '71' })).toBeNull();
  });

  it('books exactly the remainder and keeps the conversion difference; any other amount its conversion', () => {
    expect(valeurTendue({ ...gnf, reste: '260375', montant: '27,85' })).toEqual({ montant: 260375n, ecart: 23n });
    expect(valeurTendue({ ...gnf, reste: '260375', montant: '27.84' })).toEqual({ montant: 260304n, ecart: 0n });
    expect(valeurTendue({ ...gnf, reste: '71', montant: '0.01' })).toEqual({ montant: 71n, ecart: 23n });
    // Above the settling amount: its conversion, which the caller refuses as above the remainder.
    expect(valeurTendue({ ...gnf, reste: '260375', montant: '27.86' })).toEqual({ montant: 260491n, ecart: 0n });
    // A euro parcel settled in F CFA: 29,50 € ← 19 351 F (19 350,73 F), worth 29,50 € again.
    const eur = { devise: 'EUR', deviseTendue: 'XOF', tauxTendu: '655.957', tauxColis: '1' };
    expect(soldeTenduMinor({ ...eur, reste: '29.50' })).toBe(19351n);
    expect(valeurTendue({ ...eur, reste: '29.50', montant: 19351 })).toEqual({ montant: 2950n, ecart: 0n });
  });

  it('the dialog refuses nothing it would book as the remainder', () => {
    expect(encaissementFormSchema.parse(form({ ...gnf, resteAPayer: '260375', montant: '27,85' }))).toMatchObject({
      montantTendu: 27.85,
      deviseTendue: 'EUR',
    });
  });
});
