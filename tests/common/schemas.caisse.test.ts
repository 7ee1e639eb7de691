/**
 * common/schemas/caisse.ts: the body of caisse/cloture and the schema of the 'Caisse' form built from the same line
 * (docs/decisions/refunds-and-cash.md), fed with what the form holds (typed amounts with a French comma, '' when empty)
 * and what a client sends; the day (real, not after today), the reason of a reopening.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../common/dates';
import {
  CAISSE_MESSAGES as M,
  caisseAttenduQuery,
  caisseClotureBody,
  caisseClotureeMessage,
  caisseClotureForm,
  caisseDejaClotureeMessage,
  caisseRouvrirBody,
} from '../../common/schemas/caisse';

const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';
const today = todayIso();

/** Field → first message of a failed parse (as formResolver and the server's error handler report it). */
function errorsOf(schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

describe('caisseClotureBody', () => {
  it('reads the counted amounts as typed or sent, rounded half away from zero to their currency', () => {
    const body = caisseClotureBody.parse({
      agenceID: '',
      date: today,
      comptes: [
        { modePaiementID: ESPECES, devise: 'xof', montant: '2 950,5' },
        { modePaiementID: ESPECES, devise: 'EUR', montant: 1.005 },
        { modePaiementID: null, devise: 'XOF', montant: '-2500' },
        { devise: 'GBP', montant: '1,005' },
      ],
    });
    expect(body).toEqual({
      agenceID: undefined,
      date: today,
      comptes: [
        { modePaiementID: ESPECES, devise: 'XOF', montant: 2951 },
        { modePaiementID: ESPECES, devise: 'EUR', montant: 1.01 },
        { modePaiementID: null, devise: 'XOF', montant: -2500 },
        { modePaiementID: null, devise: 'GBP', montant: 1.01 },
      ],
      commentaire: '',
    });
  });

  it('refuses a future or unreal day, a duplicated line, an unknown field, with French messages', () => {
    const line = { modePaiementID: null, devise: 'XOF', montant: 1 };
    expect(errorsOf(caisseClotureBody, { date: addDays(today, 1), comptes: [] })).toEqual({ date: M.dateFuture });
    expect(errorsOf(caisseClotureBody, { date: '2026-02-30', comptes: [] })).toEqual({ date: M.dateInvalide });
    expect(errorsOf(caisseClotureBody, { comptes: [] })).toEqual({ date: M.dateRequise });
    expect(errorsOf(caisseClotureBody, { date: today })).toEqual({ comptes: M.comptesRequis });
    expect(errorsOf(caisseClotureBody, { date: today, comptes: [line, { ...line, montant: 2 }] })).toEqual({ comptes: M.ligneDouble });
    expect(errorsOf(caisseClotureBody, { date: today, comptes: [{ ...line, montant: 2e9 }] })).toEqual({
      'comptes.0.montant': 'Le montant compté ne peut pas dépasser 1\u202f000\u202f000\u202f000',
    });
    expect(errorsOf(caisseClotureBody, { date: today, comptes: [{ ...line, montant: true }] })).toEqual({
      'comptes.0.montant': 'Le montant compté doit être un nombre',
    });
    expect(Object.keys(errorsOf(caisseClotureBody, { date: today, comptes: [], attendu: 3 }))).toEqual(['body']);
    expect(errorsOf(caisseClotureBody, { agenceID: 'x', date: today, comptes: [] })).toEqual({ agenceID: M.agenceInvalide });
  });
});

describe('caisseClotureForm', () => {
  it("accepts the form's lines (with what they show) and requires each amount", () => {
    const line = { modePaiementID: ESPECES, devise: 'XOF', libelle: 'Espèces', attendu: '3000' };
    expect(caisseClotureForm.parse({ comptes: [{ ...line, montant: '3 000' }], commentaire: ' ok ' })).toEqual({
      comptes: [{ modePaiementID: ESPECES, devise: 'XOF', montant: 3000 }],
      commentaire: 'ok',
    });
    expect(errorsOf(caisseClotureForm, { comptes: [{ ...line, montant: '' }], commentaire: '' })).toEqual({
      'comptes.0.montant': 'Le montant compté est obligatoire',
    });
    expect(errorsOf(caisseClotureForm, { comptes: [{ ...line, montant: '12abc' }], commentaire: '' })).toEqual({
      'comptes.0.montant': 'Le montant compté doit être un nombre',
    });
  });
});

describe('the query, the reopening and the messages', () => {
  it('reads the query of caisse/attendu and the reason of a reopening', () => {
    expect(caisseAttenduQuery.parse({ agenceID: '', date: today })).toEqual({ agenceID: undefined, date: today });
    expect(errorsOf(caisseRouvrirBody, { motif: '   ' })).toEqual({ motif: M.motifRequis });
    expect(caisseRouvrirBody.parse({ motif: ' Oubli ' })).toEqual({ motif: 'Oubli' });
  });

  it('words the closed day the way migration 0022 does', () => {
    expect(caisseClotureeMessage('2026-11-26')).toBe('La caisse du 26/11/2026 est clôturée pour cette agence.');
    expect(caisseDejaClotureeMessage('2026-11-26')).toBe('La caisse du 26/11/2026 est déjà clôturée pour cette agence.');
  });
});
