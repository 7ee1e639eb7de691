/**
 * common/schemas/operation.ts: the body of operation/create and operation/update, which is also the schema of the
 * 'Ajouter / Modifier entrée/sortie' form (spec 001 §5 Operation add, §9 amount minimum 1), fed with what the form
 * holds ('' and null when empty, typed amounts) and what a client sends, with the French messages.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../common/dates';
import { OPERATION_MESSAGES as M } from '../../common/operationRules';
import { operationBody, operationForm } from '../../common/schemas/operation';

const USER = '11111111-1111-4111-8111-111111111111';
const MOTIF = '22222222-2222-4222-8222-222222222222';
const today = todayIso();

const valid = { date: today, montant: '12,5', description: 'Achat de cartons', userID: USER, motif: MOTIF, type: 'sortie' };

/** Field → first message of a failed parse (as formResolver and the server's error handler report it). */
function errorsOf(values: unknown): Record<string, string> {
  const result = operationBody.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

describe('operationBody', () => {
  it('parses the form: a typed amount exactly (its currency rounds it, on the server), the type as written', () => {
    expect(operationBody.parse(valid)).toEqual({ ...valid, montant: 12.5 });
    // Not rounded to the cent here: '2,495' F CFA must become 2 F, not 2,50 then 3 F (server/operation/service.ts).
    expect(operationBody.parse({ ...valid, montant: '1,005' }).montant).toBe(1.005);
    expect(operationBody.parse({ ...valid, montant: '2,495', devise: 'XOF' }).montant).toBe(2.495);
    expect(operationBody.parse({ ...valid, montant: '1 250' }).montant).toBe(1250);
    expect(operationBody.parse({ ...valid, type: 'ENTREE' }).type).toBe('entrée');
    expect(operationBody.parse({ ...valid, description: '  Achat  ' }).description).toBe('Achat');
  });

  it('says what each empty field of the form needs', () => {
    expect(errorsOf({ date: '', montant: null, description: '', userID: '', motif: null, type: null })).toEqual({
      date: M.dateRequired,
      montant: 'Le montant est obligatoire',
      description: M.descriptionRequired,
      userID: M.userRequired,
      motif: M.motifRequired,
      type: M.typeInvalid,
    });
    expect(errorsOf({ ...valid, date: null }).date).toBe(M.dateRequired);
    expect(errorsOf({}).date).toBe(M.dateRequired);
  });

  it('needs at least 1 as typed, in any currency (the message names none)', () => {
    expect(errorsOf({ ...valid, montant: '0,99' }).montant).toBe(M.montantMin);
    expect(errorsOf({ ...valid, montant: 0.994 }).montant).toBe(M.montantMin);
    expect(errorsOf({ ...valid, montant: 0.995 }).montant).toBe(M.montantMin);
    expect(errorsOf({ ...valid, montant: -5 }).montant).toBe(M.montantMin);
    expect(M.montantMin).toBe("Le montant doit être d'au moins 1.");
    expect(errorsOf({ ...valid, montant: 2e9 }).montant).toBe('Le montant ne peut pas dépasser 1\u202f000\u202f000\u202f000');
    expect(errorsOf({ ...valid, montant: 'abc' }).montant).toBe('Le montant doit être un nombre');
    expect(errorsOf({ ...valid, montant: true }).montant).toBe('Le montant doit être un nombre');
  });

  it('takes a day not after today: past days pass, tomorrow and non-days do not', () => {
    expect(operationBody.safeParse({ ...valid, date: addDays(today, -30) }).success).toBe(true);
    expect(errorsOf({ ...valid, date: addDays(today, 1) })).toEqual({ date: M.dateFuture });
    expect(errorsOf({ ...valid, date: '2026-13-45' })).toEqual({ date: M.dateInvalid });
    expect(errorsOf({ ...valid, date: 'hier' })).toEqual({ date: M.dateInvalid });
    expect(errorsOf({ ...valid, date: '2026-02-30' })).toEqual({ date: M.dateInvalid });
  });

  it('refuses a type other than entrée / sortie and ids that are not ids', () => {
    expect(errorsOf({ ...valid, type: 'virement' })).toEqual({ type: M.typeInvalid });
    expect(errorsOf({ ...valid, motif: 'pas-un-id', userID: 'moi' })).toEqual({ motif: M.motifRequired, userID: M.userRequired });
  });
  it("takes an optional ISO currency (none: the server decides); the body refuses an unknown field, the form keeps the record's", () => {
    expect(operationBody.parse({ ...valid, devise: 'xof' }).devise).toBe('XOF');
    expect(operationBody.parse({ ...valid, devise: '' }).devise).toBeUndefined();
    expect(operationBody.parse({ ...valid, devise: null }).devise).toBeUndefined();
    expect(errorsOf({ ...valid, devise: 'FCFA' }).devise).toMatch(/^Devise inconnue/);
    expect(operationBody.safeParse({ ...valid, monnaie: 'XAF' }).success).toBe(false);
    expect(operationForm.safeParse({ ...valid, id: 'x', userIDRef: { id: 'y' }, devise: 'EUR' }).success).toBe(true);
  });
});
