/**
 * Pure rules of the cascade and details screens (docs/decisions/reference-screens.md): agencies (spec 001 §2 Téléphone
 * or '--', §5 phone without dial code), natures (§2 'value/unit or -', §5 digits only, back to the group), unit prices
 * (§5 proposed libelle, origin currency, the create and update bodies), the select helpers of the kit and the spec's
 * legacy paths.
 */
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES } from '../../common/phone';
import { agenceFormSchema } from '../../common/schemas/reference';
import { agenceBody, agenceFormRecord, agencePhoneLabel, agenceTelephoneComplet } from '../../src/agence/agenceRules';
import {
  groupeDetailsPath,
  natureBody,
  natureCreatePath,
  natureFormRecord,
  natureRedirect,
  prixExceptionnelLabel,
  prixExceptionnelValue,
  typedPrixExceptionnel,
} from '../../src/natureColis/natureColisRules';
import {
  deviseOrigine,
  formatPrix,
  nextLibelle,
  paramCreateBody,
  paramFormRecord,
  paramUpdateBody,
  proposeLibelle,
} from '../../src/paramNatureMode/paramNatureModeRules';
import { excludeChoice, sortByLibelle } from '../../src/kit/choices';
import { upperCase } from '../../src/kit/textParsers';
import { legacyTarget } from '../../src/routes/legacyRoutes';

const FR = { indicatif: '+33', longueurNumero: 9 };
const ID = '0b0b0b0b-0000-4000-8000-000000000001';
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('agencies', () => {
  it("shows the full phone or '--'", () => {
    expect(agencePhoneLabel({ telephoneComplet: '+33142587630' })).toBe('+33142587630');
    expect(agencePhoneLabel({ telephoneComplet: null })).toBe('--');
    expect(agencePhoneLabel({ telephoneComplet: ' ' })).toBe('--');
  });

  it('checks the typed phone with the chosen country (the server rule), empty allowed', () => {
    const form = { libelle: 'Agence', latitude: 48.8, longitude: 2.3, villeID: ID, paysID: ID };
    const phoneError = (telephone: string, paysTelephone: typeof FR | null) => {
      const result = agenceFormSchema.safeParse({ ...form, telephone, paysTelephone });
      return result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'telephone')?.message;
    };
    expect(phoneError('', FR)).toBeUndefined();
    expect(phoneError('01 42 58 76 30', FR)).toBeUndefined();
    expect(phoneError('0142', FR)).toBe(PHONE_MESSAGES.length(9, '33'));
    expect(phoneError('0142', null)).toBeUndefined();
    expect(agenceTelephoneComplet('01 42 58 76 30', FR)).toBe('+33142587630');
    expect(agenceTelephoneComplet('0142', FR)).toBeNull();
  });

  it('turns the loaded agency into form values and the form into the spec body', () => {
    const record = { id: 'a1', code: 'PAR1', villeID: { id: 'v1', libelle: 'Paris', paysID: { id: 'p1' } }, paysID: { id: 'p1' } };
    expect(agenceFormRecord(record)).toMatchObject({ villeID: 'v1', paysID: 'p1' });
    expect(agenceFormRecord({ villeID: { id: 'v1', paysID: { id: 'p2' } } })).toMatchObject({ paysID: 'p2' });
    const body = agenceBody({
      id: 'a1',
      code: 'PAR1',
      libelle: 'Agence',
      latitude: 48.8,
      longitude: 2.3,
      villeID: 'v1',
      paysID: 'p1',
      telephone: ' 0142587630 ',
      telephoneComplet: '+33142587630',
      isActive: true,
    });
    expect(body).toEqual({
      libelle: 'Agence',
      latitude: 48.8,
      longitude: 2.3,
      villeID: 'v1',
      paysID: 'p1',
      telephone: '0142587630',
      telephoneComplet: '+33142587630',
    });
    expect(agenceBody({ telephone: null, telephoneComplet: '+33' })).toMatchObject({ telephone: null, telephoneComplet: null });
  });
});

describe('natures', () => {
  it("shows the exceptional price with its unit, or '-'", () => {
    expect(nbsp(prixExceptionnelLabel({ prixExceptionnel: 7.5, unite: 'Kg' }))).toBe('7,50 €/Kg');
    expect(nbsp(prixExceptionnelLabel({ prixExceptionnel: '12', unite: '' }))).toBe('12,00 €');
    expect(prixExceptionnelLabel({ prixExceptionnel: null, unite: 'Kg' })).toBe('-');
    expect(prixExceptionnelLabel({ prixExceptionnel: 0 })).toBe('-');
  });

  it('keeps digits only as typed, a lone 0 becoming empty', () => {
    expect(typedPrixExceptionnel('12a3')).toBe('123');
    expect(typedPrixExceptionnel('0')).toBe('');
    expect(typedPrixExceptionnel('007')).toBe('7');
    expect(typedPrixExceptionnel('7,505')).toBe('7.50');
    expect(typedPrixExceptionnel('0,5')).toBe('0.5');
    expect(typedPrixExceptionnel('-5 €')).toBe('5');
    expect(typedPrixExceptionnel(null)).toBe('');
    expect(prixExceptionnelValue('')).toBeNull();
    expect(prixExceptionnelValue('0')).toBeNull();
    expect(prixExceptionnelValue('12')).toBe(12);
  });

  it('goes back to the group of the saved nature', () => {
    expect(natureCreatePath('g 1')).toBe('/natureColis/create?groupeId=g%201');
    expect(groupeDetailsPath('g1')).toBe('/groupeNatureColis/g1/show');
    expect(natureRedirect('natureColis', 'n1', { groupeNatureColisID: { id: 'g1', libelle: 'Vêtements' } })).toBe(
      '/groupeNatureColis/g1/show',
    );
    expect(natureRedirect('natureColis', 'n1', {})).toBe('/natureColis');
  });

  it('sends the code in upper case and the price as a number or null', () => {
    expect(
      natureBody({ id: 'n1', code: ' chaise ', libelle: 'Chaise', groupeNatureColisID: { id: 'g1' }, prixExceptionnel: '0', unite: 'Kg' }),
    ).toEqual({
      code: 'CHAISE',
      libelle: 'Chaise',
      description: '',
      groupeNatureColisID: 'g1',
      prixExceptionnel: null,
      unite: 'Kg',
    });
    expect(natureFormRecord({ groupeNatureColisID: { id: 'g1' }, prixExceptionnel: 7.5 })).toMatchObject({
      groupeNatureColisID: 'g1',
      prixExceptionnel: '7.5',
    });
    expect(natureFormRecord({ prixExceptionnel: null }).prixExceptionnel).toBe('');
    expect(upperCase('vet')).toBe('VET');
  });
});

describe('unit prices', () => {
  const parts = { groupe: 'Vêtements', villeOrigine: 'Paris', villeDestination: 'Dakar', mode: 'Aérien' };

  it('proposes the libelle of the seed once the four choices are made', () => {
    expect(proposeLibelle(parts)).toBe('Vêtements Paris → Dakar Aérien');
    expect(proposeLibelle({ ...parts, mode: undefined })).toBeUndefined();
  });

  it('replaces an empty or proposed libelle, never a typed one', () => {
    const next = 'Vêtements Paris → Thiès Aérien';
    expect(nextLibelle('', undefined, next)).toBe(next);
    expect(nextLibelle('Vêtements Paris → Dakar Aérien', 'Vêtements Paris → Dakar Aérien', next)).toBe(next);
    expect(nextLibelle('Tarif spécial', 'Vêtements Paris → Dakar Aérien', next)).toBeUndefined();
    expect(nextLibelle(next, undefined, next)).toBeUndefined();
    expect(nextLibelle('', undefined, undefined)).toBeUndefined();
  });

  it("shows the price with the origin country's currency", () => {
    // To the currency's minor unit (docs/decisions/currencies.md): cents for the euro, whole francs for XOF.
    expect(nbsp(formatPrix(9, 'EUR'))).toBe('9,00 €');
    expect(nbsp(formatPrix('1234.5', 'XOF'))).toBe('1 235 F CFA');
    expect(nbsp(formatPrix(9, undefined))).toBe('9,00 €');
    expect(formatPrix(null, 'XOF')).toBe('--');
    expect(deviseOrigine({ villeOrigineID: { id: 'v', paysID: { devise: 'EUR' } } })).toBe('EUR');
  });

  it('fills the countries from the cities and sends the spec names on create and update', () => {
    const record = {
      id: 'p1',
      libelle: 'L',
      prixUnitaire: 9,
      groupeNatureColisID: { id: 'g1' },
      villeOrigineID: { id: 'v1', paysID: { id: 'fr' } },
      villeDestinationID: { id: 'v2', paysID: { id: 'sn' } },
      modeEnvoiID: { id: 'm1' },
    };
    const form = paramFormRecord(record);
    expect(form).toMatchObject({
      paysOrigineID: 'fr',
      villeOrigineID: 'v1',
      paysDestinationID: 'sn',
      villeDestinationID: 'v2',
      groupeNatureColisID: 'g1',
      modeEnvoiID: 'm1',
    });
    expect(paramCreateBody(form)).toEqual({
      libelle: 'L',
      prixUnitaire: 9,
      groupeNatureColisID: 'g1',
      modeEnvoiID: 'm1',
      villeDorigineID: 'v1',
      villeID: 'v2',
    });
    expect(paramUpdateBody(form)).toEqual({
      libelle: 'L',
      prixUnitaire: 9,
      groupeNatureColisID: 'g1',
      modeEnvoiID: 'm1',
      villeOrigineID: 'v1',
      villeDestinationID: 'v2',
    });
  });
});

describe('select helpers and legacy paths', () => {
  it('sorts the French way and leaves out the excluded choice', () => {
    const choices = [
      { id: 'bf', libelle: 'Burkina Faso' },
      { id: 'bj', libelle: 'Bénin' },
      { id: 'fr', libelle: 'France' },
    ];
    expect(sortByLibelle(choices).map((c) => c.id)).toEqual(['bj', 'bf', 'fr']);
    expect(excludeChoice(choices, { id: 'fr' }).map((c) => c.id)).toEqual(['bf', 'bj']);
  });

  it('redirects the spec paths of agencies, groups, natures and unit prices', () => {
    expect(legacyTarget('/addAgence', '')).toBe('/agence/create');
    expect(legacyTarget('/agenceUpdate', '?id=a1')).toBe('/agence/a1');
    expect(legacyTarget('/addGroupeNatureColis', '')).toBe('/groupeNatureColis/create');
    expect(legacyTarget('/groupeNatureColisUpdate', '?id=g1')).toBe('/groupeNatureColis/g1');
    expect(legacyTarget('/groupeNatureColisDetails', '?id=g1')).toBe('/groupeNatureColis/g1/show');
    expect(legacyTarget('/groupeNatureColisDetails', '')).toBe('/groupeNatureColis');
    expect(legacyTarget('/addNatureColis', '?groupeId=g1')).toBe('/natureColis/create?groupeId=g1');
    expect(legacyTarget('/addNatureColis', '')).toBe('/natureColis/create');
    expect(legacyTarget('/natureColisUpdate', '?id=n1')).toBe('/natureColis/n1');
    expect(legacyTarget('/addParamNatureMode', '')).toBe('/paramNatureMode/create');
    expect(legacyTarget('/paramNatureModeUpdate', '?id=p1')).toBe('/paramNatureMode/p1');
  });
});
