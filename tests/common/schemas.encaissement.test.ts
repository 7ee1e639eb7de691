/**
 * The payment's shared schemas (common/schemas/encaissement.ts): the encaissement/create body the server validates and
 * the make-payment dialog's form (spec 000 §5 "Make payment": payment mode required, 'Veuillez remplir tous les champs
 * obligatoire.'; the collected amount in euros, above 0, rounded to the cent).
 */
import { describe, expect, it } from 'vitest';
import { encaissementBody, encaissementFormSchema } from '../../common/schemas/encaissement';

const COLIS = '00000000-0000-4000-8000-000000000001';
const MODE = '00000000-0000-4000-8000-000000000002';

/** The messages of a refused parse, by field. */
function errors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('encaissement/create body', () => {
  it('defaults the payer to destinateur and rounds the amount half away from zero', () => {
    expect(encaissementBody.parse({ colisID: COLIS, modePaiementID: MODE, montantEncaisse: 1.005 })).toEqual({
      colisID: COLIS,
      modePaiementID: MODE,
      paymentby: 'destinateur',
      montantEncaisse: 1.01,
    });
  });

  it('refuses a missing mode with the spec text, and an amount that is not above 0', () => {
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, montantEncaisse: 0 }))).toEqual({
      modePaiementID: 'Veuillez remplir tous les champs obligatoire.',
      montantEncaisse: 'Le montant encaissé doit être supérieur à 0',
    });
    expect(errors(encaissementBody.safeParse({ colisID: COLIS, modePaiementID: MODE, paymentby: 'banque' }))).toHaveProperty('paymentby');
  });
});

describe('the make-payment dialog form', () => {
  it("needs a payment mode ('' while none is chosen), with the spec text", () => {
    expect(errors(encaissementFormSchema.safeParse({ modePaiementID: '', montantEncaisse: '25.75' }))).toEqual({
      modePaiementID: 'Veuillez remplir tous les champs obligatoire.',
    });
  });

  it('reads the remaining amount as the list gives it, in euros rounded to the cent', () => {
    expect(encaissementFormSchema.parse({ modePaiementID: MODE, montantEncaisse: '25.75' })).toEqual({
      modePaiementID: MODE,
      montantEncaisse: 25.75,
    });
    expect(encaissementFormSchema.parse({ modePaiementID: MODE, montantEncaisse: '1,005' }).montantEncaisse).toBe(1.01);
    expect(errors(encaissementFormSchema.safeParse({ modePaiementID: MODE, montantEncaisse: '0.00' }))).toEqual({
      montantEncaisse: 'Le montant encaissé doit être supérieur à 0',
    });
  });
});
