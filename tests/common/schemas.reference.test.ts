/**
 * The reference resources' schemas (common/schemas/reference.ts), the ones the server's routes and the add / edit
 * forms validate with: French messages on the fields a form shows, numbers parsed and rounded by common/money.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  agenceFormSchema,
  agenceSchema,
  codeLibelleOptionalSchema,
  codeLibelleRequiredSchema,
  natureColisCreateSchema,
  natureColisUpdateSchema,
  paramNatureModeFormSchema,
  paramNatureModeSchema,
  paysCreateSchema,
  paysUpdateSchema,
  permissionSchema,
  villeSchema,
} from '../../common/schemas/reference';
import { formResolver } from '../../src/kit/formResolver';

const ID = '0b0b0b0b-0000-4000-8000-000000000001';

/** The field → message map of a refused value, as the form and the server's 400 show it. */
function errorsOf(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('reference schemas shared by the forms and the server', () => {
  it('word every required field of an empty form in French (spec 001 §5)', () => {
    expect(errorsOf(paysCreateSchema, { code: '', libelle: ' ', indicatif: '', longueurNumero: null, devise: '' })).toEqual({
      code: 'Le code est obligatoire',
      libelle: 'Le nom du pays est obligatoire',
      indicatif: "L'indicatif doit être de la forme +33",
      longueurNumero: 'La longueur du numéro est obligatoire',
      devise: 'La devise est obligatoire',
    });
    expect(errorsOf(villeSchema, { code: '', libelle: '', paysID: null })).toEqual({
      code: 'Le code est obligatoire',
      libelle: 'Le nom de la ville est obligatoire',
      paysID: 'Le pays est obligatoire',
    });
    expect(errorsOf(codeLibelleRequiredSchema, { code: '', libelle: '', description: '' })).toEqual({
      code: 'Le code est obligatoire',
      libelle: 'Le libellé est obligatoire',
      description: 'La description est obligatoire',
    });
    expect(errorsOf(permissionSchema, { libelle: '', description: '' })).toEqual({
      libelle: 'Le libellé est obligatoire',
      description: 'La description est obligatoire',
    });
    expect(errorsOf(paramNatureModeFormSchema, {})).toMatchObject({
      paysOrigineID: "Le pays d'origine est obligatoire",
      paysDestinationID: 'Le pays de destination est obligatoire',
      villeOrigineID: "La ville d'origine est obligatoire",
      prixUnitaire: 'Le prix unitaire est obligatoire',
    });
  });

  it('keep the differences between add and edit', () => {
    expect(paysUpdateSchema.safeParse({ code: 'FR', libelle: 'France', indicatif: '+33', longueurNumero: '9' }).success).toBe(true);
    expect(paysCreateSchema.safeParse({ code: 'FR', libelle: 'France', indicatif: '+33', longueurNumero: '9' }).success).toBe(false);
    const nature = { code: 'DOC', libelle: 'Documents', groupeNatureColisID: ID };
    expect(natureColisCreateSchema.safeParse(nature).success).toBe(true);
    expect(errorsOf(natureColisUpdateSchema, { ...nature, description: '' })).toEqual({ description: 'La description est obligatoire' });
    expect(codeLibelleOptionalSchema.safeParse({ code: 'ALIM', libelle: 'Alimentaire' }).success).toBe(true);
  });

  it('parse typed numbers once, through common/money.ts (1,005 € → 1,01 €)', () => {
    const prix = paramNatureModeSchema.parse({
      libelle: 'X',
      prixUnitaire: '1,005',
      groupeNatureColisID: ID,
      villeDorigineID: ID,
      villeID: ID,
      modeEnvoiID: ID,
    }) as { prixUnitaire: number; villeOrigineID: string; villeDestinationID: string };
    // A unit price is in its origin country's currency, unknown to the schema: parsed exactly, rounded by the server
    // to that currency's minor unit (1,01 € from Paris, 1 F from Dakar: tests/server/paramNatureMode.test.ts).
    expect(prix.prixUnitaire).toBe(1.005);
    expect([prix.villeOrigineID, prix.villeDestinationID]).toEqual([ID, ID]);
    const nature = (v: unknown) =>
      natureColisCreateSchema.parse({ code: 'A', libelle: 'B', groupeNatureColisID: ID, prixExceptionnel: v }).prixExceptionnel;
    expect(nature('7,505')).toBe('7.51');
    expect(nature(1.005)).toBe('1.01');
    expect(nature('0')).toBeNull();
    expect(nature('')).toBeNull();
    expect(errorsOf(natureColisCreateSchema, { code: 'A', libelle: 'B', groupeNatureColisID: ID, prixExceptionnel: 'abc' })).toEqual({
      prixExceptionnel: 'Le prix exceptionnel doit être un nombre positif',
    });
    expect(agenceSchema.parse({ libelle: 'Paris', latitude: '48,85', longitude: '2.35', villeID: ID }).latitude).toBe(48.85);
    expect(errorsOf(agenceSchema, { libelle: 'Paris', latitude: '91', longitude: true, villeID: ID })).toEqual({
      latitude: 'La latitude doit être comprise entre -90 et 90',
      longitude: 'La longitude doit être un nombre',
    });
  });

  it("check the agency's phone against the chosen country, as the server does", () => {
    const base = { libelle: 'Paris', latitude: 48.85, longitude: 2.35, villeID: ID, paysID: ID };
    const france = { indicatif: '+33', longueurNumero: 9 };
    expect(agenceFormSchema.safeParse({ ...base, telephone: '0612345678', paysTelephone: france }).success).toBe(true);
    expect(errorsOf(agenceFormSchema, { ...base, telephone: '06123', paysTelephone: france })).toHaveProperty('telephone');
    // No country chosen yet: the server decides (the form cannot know the length).
    expect(agenceFormSchema.safeParse({ ...base, telephone: '06123', paysTelephone: null }).success).toBe(true);
    expect(errorsOf(agenceFormSchema, { ...base, paysID: '' })).toEqual({ paysID: 'Le pays est obligatoire' });
    // Every error at once, the phone's included, while the city is still missing.
    expect(errorsOf(agenceFormSchema, { ...base, villeID: undefined, telephone: '06123', paysTelephone: france })).toEqual({
      villeID: 'La ville est obligatoire',
      telephone: expect.stringContaining('chiffres'),
    });
  });

  it('give the form its errors and leave its values as typed (formResolver)', async () => {
    const resolve = formResolver(villeSchema);
    const refused = await resolve({ code: '', libelle: 'Dakar', paysID: ID }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(refused.errors).toMatchObject({ code: { message: 'Le code est obligatoire' } });
    const accepted = await resolve({ code: ' dk ', libelle: 'Dakar', paysID: ID, id: 'x' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ code: ' dk ', libelle: 'Dakar', paysID: ID, id: 'x' });
  });
});
