/**
 * common/schemas/envoi.ts: the departure's request bodies and the AJOUTER / MODIFIER DÉPART form schema (spec 000 §5),
 * fed with what a form holds ('' and null when empty, typed numbers) and what a client sends, with the French messages.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { envoiBody, envoiFormSchema, envoiUpdateBody } from '../../common/schemas/envoi';

const MODE = '11111111-1111-4111-8111-111111111111';
const SN = '22222222-2222-4222-8222-222222222222';
const FR = '33333333-3333-4333-8333-333333333333';
const today = '2030-01-05';

/** A valid departure: closing ≤ departure ≤ arrival, none before today. */
const valid = {
  modeEnvoiID: MODE,
  paysID: SN,
  paysEmetteurID: FR,
  dateFin: '2030-01-08',
  dateDebut: '2030-01-10',
  dateArrive: '2030-01-12',
  contenu: 'Fret',
  poids: '100,5',
};

/** Field → first message of a failed parse (as formResolver and the server's error handler report it). */
function errorsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

describe('envoiBody (envoi/create)', () => {
  it('parses a typed weight and cuts ISO dates to their day', () => {
    const parsed = envoiBody.parse({ ...valid, dateArrive: '2030-01-12T00:00:00.000Z', poids: '1 250,0005' });
    expect(parsed).toMatchObject({ dateArrive: '2030-01-12', poids: 1250.001, contenu: 'Fret' });
    expect(envoiBody.parse({ ...valid, contenu: null }).contenu).toBeNull();
  });

  it('says what each empty field needs', () => {
    expect(errorsOf(envoiBody, { modeEnvoiID: '', paysID: null, dateDebut: '', dateArrive: null, poids: '' })).toEqual({
      modeEnvoiID: "Le mode d'envoi est obligatoire",
      paysID: 'Le pays de destination est obligatoire',
      paysEmetteurID: "Le pays d'origine est obligatoire",
      dateDebut: 'La date de départ est obligatoire',
      dateArrive: "La date d'arrivée est obligatoire",
      dateFin: 'La date de clôture est obligatoire',
      poids: 'Le poids global est obligatoire',
    });
  });

  it('refuses a weight of 0, one rounding to 0, above the maximum, and a non-date', () => {
    expect(errorsOf(envoiBody, { ...valid, poids: 0 }).poids).toBe('Le poids global doit être supérieur à 0');
    expect(errorsOf(envoiBody, { ...valid, poids: '0,0004' }).poids).toBe('Le poids global doit être supérieur à 0');
    expect(errorsOf(envoiBody, { ...valid, poids: true }).poids).toBe('Le poids global doit être un nombre');
    expect(errorsOf(envoiBody, { ...valid, poids: 10_000_000 }).poids).toBe('Le poids global ne peut pas dépasser 9999999');
    expect(errorsOf(envoiBody, { ...valid, dateFin: '2030-02-31' }).dateFin).toBe('Date invalide (AAAA-MM-JJ)');
  });
});

describe('envoiUpdateBody (envoi/update)', () => {
  it('takes the toggle, a status move or a full edit, which requires contenu', () => {
    expect(envoiUpdateBody.parse({ isActive: false })).toEqual({ isActive: false });
    expect(envoiUpdateBody.parse({ statutID: 'CLOTURE' })).toEqual({ statutID: 'CLOTURE' });
    expect(envoiUpdateBody.safeParse({ ...valid, contenu: '  ' }).success).toBe(false);
    expect(envoiUpdateBody.parse(valid)).toMatchObject({ contenu: 'Fret', poids: 100.5 });
  });
});

describe('envoiFormSchema (the departure form)', () => {
  const create = envoiFormSchema({ mode: 'create', today });

  it('accepts the form with contenu left empty on add, and reads the typed weight', () => {
    expect(create.parse({ ...valid, contenu: null })).toMatchObject({ contenu: null, poids: 100.5 });
    expect(create.safeParse({ ...valid, contenu: '' }).success).toBe(true);
  });

  it('requires contenu on edit', () => {
    const edit = envoiFormSchema({ mode: 'edit', today });
    expect(errorsOf(edit, { ...valid, contenu: null }).contenu).toBe('Le contenu est obligatoire');
    expect(errorsOf(edit, { ...valid, contenu: '   ' }).contenu).toBe('Le contenu est obligatoire');
  });

  it('refuses a date before today and dates out of the order closing ≤ departure ≤ arrival (common/envoiRules.ts)', () => {
    expect(errorsOf(create, { ...valid, dateFin: '2030-01-04' })).toEqual({ dateFin: ENVOI_MESSAGES.datePast });
    expect(errorsOf(create, { ...valid, dateFin: '2030-01-11' })).toEqual({ dateFin: ENVOI_MESSAGES.finAfterDebut });
    expect(errorsOf(create, { ...valid, dateArrive: '2030-01-09' })).toEqual({ dateArrive: ENVOI_MESSAGES.arriveBeforeDebut });
    expect(create.safeParse({ ...valid, dateFin: today, dateDebut: today, dateArrive: today }).success).toBe(true);
    expect(errorsOf(create, { ...valid, paysID: FR })).toEqual({ paysID: ENVOI_MESSAGES.paysDiffer });
  });

  it('shows the date rules even while another field is still empty', () => {
    expect(errorsOf(create, { ...valid, modeEnvoiID: null, poids: '', dateFin: '2030-01-04' })).toEqual({
      modeEnvoiID: "Le mode d'envoi est obligatoire",
      poids: 'Le poids global est obligatoire',
      dateFin: ENVOI_MESSAGES.datePast,
    });
  });

  it('on edit, accepts a past date left as saved, not a changed one (nor on add)', () => {
    const saved = { dateFin: '2030-01-01', dateDebut: '2030-01-02', dateArrive: '2030-01-03' };
    const edit = envoiFormSchema({ mode: 'edit', today, initial: saved });
    expect(edit.safeParse({ ...valid, ...saved }).success).toBe(true);
    expect(errorsOf(edit, { ...valid, ...saved, dateFin: '2030-01-02' })).toEqual({ dateFin: ENVOI_MESSAGES.datePast });
    const ignored = envoiFormSchema({ mode: 'create', today, initial: saved });
    expect(Object.keys(errorsOf(ignored, { ...valid, ...saved })).sort()).toEqual(['dateArrive', 'dateDebut', 'dateFin']);
  });
});
