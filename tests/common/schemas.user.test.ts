/**
 * The user schemas (common/schemas/user.ts), the ones the server's user routes and the user add / edit and profile
 * forms validate with (spec 001 §5 User add and edit, spec 000 §5 Profile): the forms' raw values ('' and null), the
 * French messages, the phone typed without the dial code checked with common/phone.ts, the agency by role.
 */
import { describe, expect, it } from 'vitest';
import {
  USER_FIELD_MESSAGES as M,
  profilBody,
  profilOnlyBody,
  staffCreateBody,
  staffUpdateBody,
  userFormSchema,
} from '../../common/schemas/user';
import { PHONE_MESSAGES } from '../../common/phone';
import { formResolver } from '../../src/kit/formResolver';

const PAYS = '0b0b0b0b-0000-4000-8000-000000000001';
const ROLE = '0b0b0b0b-0000-4000-8000-000000000002';
const AGENCE = '0b0b0b0b-0000-4000-8000-000000000003';
const FR = { indicatif: '+33', longueurNumero: 9 };
const AGENT = { toutesAgences: false };
const ADMIN = { toutesAgences: true };

/** The first message of each field in error, as the form and the server's 400 show them; {} when accepted. */
function errorsOf(schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(v).error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

/** An add form filled in, as the inputs hold it. */
const filled = {
  nom: 'Diallo',
  prenoms: 'Awa',
  email: 'awa@exemple.fr',
  adresse: '1 rue de Paris',
  telephone: '06 12 34 56 78',
  paysID: PAYS,
  roleID: ROLE,
  agenceID: AGENCE,
};

/** An empty add form: texts '', selects null or ''. */
const empty = { nom: '', prenoms: ' ', email: '', adresse: '', telephone: '', paysID: null, roleID: '', agenceID: null };

describe('user add form (userFormSchema)', () => {
  it('words every required field of an empty form in French, the country with the spec text', () => {
    expect(errorsOf(userFormSchema({}), empty)).toEqual({
      nom: M.nom,
      prenoms: M.prenoms,
      email: M.email,
      adresse: M.adresse,
      telephone: M.telephone,
      paysID: 'Le pays est requis !',
      roleID: M.roleID,
      agenceID: M.agenceRequired,
    });
    expect(errorsOf(userFormSchema({}), {})).toMatchObject({ nom: M.nom, paysID: 'Le pays est requis !', telephone: M.telephone });
  });

  it('accepts a filled form and refuses a bad e-mail', () => {
    expect(errorsOf(userFormSchema({ pays: FR, role: AGENT }), filled)).toEqual({});
    expect(errorsOf(userFormSchema({}), { ...filled, email: 'awa@' })).toEqual({ email: 'Email invalide !' });
    expect(errorsOf(userFormSchema({}), { ...filled, nom: 'x'.repeat(101) })).toEqual({ nom: '100 caractères au maximum' });
  });

  it("checks the phone typed without dial code with the chosen country's rule (common/phone.ts)", () => {
    const schema = userFormSchema({ pays: FR, role: AGENT });
    expect(errorsOf(schema, { ...filled, telephone: '06 12' })).toEqual({ telephone: PHONE_MESSAGES.length(9, '33') });
    expect(errorsOf(schema, { ...filled, telephone: 'abc' })).toEqual({ telephone: PHONE_MESSAGES.invalid });
    expect(errorsOf(schema, { ...filled, telephone: '+221 77 000 00 01' })).toEqual({
      telephone: 'Numéro de téléphone invalide : saisissez un numéro du pays choisi (indicatif +33)',
    });
    // No country chosen yet: only required (the country's own error shows).
    expect(errorsOf(userFormSchema({ role: AGENT }), { ...filled, paysID: null, telephone: '06 12' })).toEqual({
      paysID: 'Le pays est requis !',
    });
  });

  it('requires an agency unless the chosen role reaches every agency', () => {
    expect(errorsOf(userFormSchema({ pays: FR, role: AGENT }), { ...filled, agenceID: '' })).toEqual({ agenceID: M.agenceRequired });
    expect(errorsOf(userFormSchema({ pays: FR }), { ...filled, agenceID: null })).toEqual({ agenceID: M.agenceRequired });
    expect(errorsOf(userFormSchema({ pays: FR, role: ADMIN }), { ...filled, agenceID: '' })).toEqual({});
    expect(errorsOf(userFormSchema({ pays: FR, role: ADMIN }), { ...filled, agenceID: 'pas-un-id' })).toEqual({ agenceID: M.agenceID });
  });
});

describe('user edit form (userFormSchema edit)', () => {
  /** An edit form as loaded (userFormRecord): ids, read-only e-mail and phone, fields the form does not send. */
  const loaded = {
    id: 'u',
    nom: 'Diallo',
    prenoms: 'Awa',
    adresse: 'Rue',
    email: 'awa@exemple.fr',
    telephone: '612345678',
    telephoneComplet: '+33612345678',
    paysID: PAYS,
    roleID: ROLE,
    agenceID: AGENCE,
    typeUserID: null,
    isActive: true,
  };

  it("requires the country with 'Le pays est requis !' and leaves the read-only phone unchecked", () => {
    const schema = userFormSchema({ edit: true, pays: FR, role: AGENT });
    expect(errorsOf(schema, loaded)).toEqual({});
    expect(errorsOf(schema, { ...loaded, paysID: '' })).toEqual({ paysID: 'Le pays est requis !' });
    expect(errorsOf(schema, { ...loaded, paysID: null, adresse: '' })).toEqual({ paysID: 'Le pays est requis !', adresse: M.adresse });
    expect(errorsOf(schema, { ...loaded, telephone: '06' })).toEqual({});
    expect(errorsOf(schema, { ...loaded, agenceID: null })).toEqual({ agenceID: M.agenceRequired });
  });

  it('gives the form its errors and leaves its values as typed (formResolver)', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const resolve = formResolver(userFormSchema({ edit: true, pays: FR, role: AGENT }));
    const refused = await resolve({ ...loaded, paysID: null }, undefined, options);
    expect(refused.errors).toMatchObject({ paysID: { message: 'Le pays est requis !' } });
    const accepted = await resolve({ ...loaded, nom: ' Diallo ' }, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual({ ...loaded, nom: ' Diallo ' });
  });
});

describe('user request bodies', () => {
  it('POST user/create: the same fields and messages, JSON ids, empty agency as none', () => {
    expect(staffCreateBody.safeParse({ ...filled, agenceID: '', typeUserID: null }).data).toMatchObject({
      agenceID: null,
      typeUserID: null,
    });
    expect(errorsOf(staffCreateBody, { ...filled, paysID: 7 })).toEqual({ paysID: 'Le pays est requis !' });
    expect(errorsOf(staffCreateBody, { ...filled, email: ' ' })).toEqual({ email: M.email });
  });

  it('PUT user/update: email and telephone optional (read-only), staff fields required', () => {
    const { email, telephone, ...rest } = filled;
    expect(email && telephone).toBeTruthy();
    expect(errorsOf(staffUpdateBody, rest)).toEqual({});
    expect(errorsOf(staffUpdateBody, { ...rest, roleID: null })).toEqual({ roleID: M.roleID });
  });

  it('profile: nom and prenoms required, adresse may be empty or null; a staff field needs the full body', () => {
    expect(errorsOf(profilBody, { nom: 'Diallo', prenoms: 'Awa', adresse: null, email: 'lu@seul.fr' })).toEqual({});
    expect(errorsOf(profilBody, { nom: '', prenoms: '', adresse: '' })).toEqual({ nom: M.nom, prenoms: M.prenoms });
    expect(profilOnlyBody.safeParse({ nom: 'Diallo', prenoms: 'Awa', roleID: ROLE }).success).toBe(false);
    expect(profilOnlyBody.safeParse({ nom: 'Diallo', prenoms: 'Awa' }).success).toBe(true);
  });
});
