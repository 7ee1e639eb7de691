/**
 * The messaging schemas (common/schemas/message.ts), the ones the server's message and notification routes and the
 * 'Nouveau message' form validate with (spec 001 §5 "subject required, at most 30 characters; message required; a
 * selected recipient is required for individuel and depart").
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES as M, contactClientsBody, messageBody, notificationBody } from '../../common/schemas/message';
import { formResolver } from '../../src/kit/formResolver';

const ID = '0b0b0b0b-0000-4000-8000-000000000001';

/** The first message of each field in error, as the form and the server's 400 show them; {} when accepted. */
function errorsOf(schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(v).error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

/** The form as it opens: every client, nothing selected, empty texts. */
const opened = { typeDestinataire: 'tous', destinataires: null, sujet: '', message: '' };

describe("'Nouveau message' form and notification/contactClients (contactClientsBody)", () => {
  it('requires the subject and the message of an empty form', () => {
    expect(errorsOf(contactClientsBody, opened)).toEqual({
      sujet: "L'objet est obligatoire",
      message: 'Le message est obligatoire',
    });
    expect(errorsOf(contactClientsBody, { ...opened, sujet: '   ', message: ' \n ' })).toEqual({ sujet: M.sujet, message: M.message });
  });

  it('allows 30 characters of subject, not 31', () => {
    expect(errorsOf(contactClientsBody, { ...opened, sujet: 'x'.repeat(30), message: 'Bonjour' })).toEqual({});
    expect(errorsOf(contactClientsBody, { ...opened, sujet: 'x'.repeat(31), message: 'Bonjour' })).toEqual({
      sujet: "L'objet ne doit pas dépasser 30 caractères",
    });
  });

  it('requires a selected client or departure for individuel and depart, with the other errors', () => {
    expect(errorsOf(contactClientsBody, { ...opened, typeDestinataire: 'individuel' })).toEqual({
      destinataires: 'Veuillez sélectionner un client',
      sujet: M.sujet,
      message: M.message,
    });
    expect(
      errorsOf(contactClientsBody, { ...opened, typeDestinataire: 'depart', destinataires: '', sujet: 'Départ', message: 'Bonjour' }),
    ).toEqual({
      destinataires: 'Veuillez sélectionner un départ',
    });
    expect(errorsOf(contactClientsBody, { typeDestinataire: 'depart', destinataires: ID, sujet: 'Départ', message: 'Bonjour' })).toEqual(
      {},
    );
    // Every client: no selection needed, whatever the field holds ('tous' from the API, null from the form).
    expect(errorsOf(contactClientsBody, { typeDestinataire: 'tous', destinataires: 'tous', sujet: 'Promo', message: 'Bonjour' })).toEqual(
      {},
    );
    expect(contactClientsBody.parse({ sujet: 'Promo', message: 'Bonjour' }).typeDestinataire).toBe('tous');
    expect(errorsOf(contactClientsBody, { ...opened, typeDestinataire: 'certains', sujet: 'a', message: 'b' })).toEqual({
      typeDestinataire: M.typeDestinataire,
    });
  });

  it('gives the form its errors and leaves its values as typed (formResolver)', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as never;
    const resolve = formResolver(contactClientsBody);
    const refused = await resolve({ ...opened, typeDestinataire: 'individuel', sujet: 'x'.repeat(31) }, undefined, options);
    expect(refused.errors).toMatchObject({
      destinataires: { message: 'Veuillez sélectionner un client' },
      sujet: { message: "L'objet ne doit pas dépasser 30 caractères" },
      message: { message: 'Le message est obligatoire' },
    });
    const typed = { typeDestinataire: 'individuel', destinataires: ID, sujet: ' Colis arrivé ', message: 'Bonjour' };
    const accepted = await resolve(typed, undefined, options);
    expect(accepted.errors).toEqual({});
    expect(accepted.values).toEqual(typed);
  });
});

describe('message/sendbyEmail and notification/create bodies', () => {
  it('require an address, a subject and a text; a receiver and a parcel', () => {
    expect(errorsOf(messageBody, { email: '', subject: '', htmlContent: '' })).toEqual({
      email: M.email,
      subject: M.sujet,
      htmlContent: M.message,
    });
    expect(errorsOf(messageBody, { email: 'a@b', subject: 'Mot de passe', htmlContent: 'x' })).toEqual({ email: M.emailInvalid });
    expect(errorsOf(notificationBody, { message: '', receiverID: null, colisID: 'x' })).toEqual({
      message: M.message,
      receiverID: 'Le destinataire est obligatoire',
      colisID: 'Le colis est obligatoire',
    });
    expect(errorsOf(notificationBody, { message: 'Votre colis est arrivé', receiverID: ID, colisID: ID })).toEqual({});
  });
});

describe('a body that is not an object (security probe 2026-12-01 F8)', () => {
  it('fails contactClientsBody as a refusal, never a crash of its refinement', () => {
    for (const value of [null, [], 's', 1, true]) {
      const result = contactClientsBody.safeParse(value);
      expect(result.success).toBe(false);
    }
  });
});
