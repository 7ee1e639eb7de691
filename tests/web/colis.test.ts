/**
 * Pure logic of the parcel screens (spec 000 §2 Parcel list / Add parcel / Edit parcel / Receipt PDF, §4 Parcel
 * statuses, §5 parcel rules, §9 pricing): row-action rules, recipient and sender, wizard step rules, settled-amount
 * clamping, the request body, edit prefill, the one-time code, and the receipt PDF.
 */
import { describe, expect, it } from 'vitest';
import {
  canCollectColis,
  canEditColis,
  canFinishColis,
  canPrintReceipt,
  isColisRegle,
  destinataireOf,
  expediteurOf,
} from '../../src/colis/model/colisRules';
import { isOwnColis, userSeesAllAgences } from '../../common/scopes';
import {
  buildColisBody,
  clampReglement,
  computeFormMontants,
  deviseDuDepart,
  envoiStepMissing,
  destinataireStepMissing,
  emptyColisValues,
  infoStepMissing,
  isModeLivraisonAgence,
  partyPhone,
  phonePays,
  symboleDevise,
  valuesFromColis,
  type ColisFormValues,
  type PrixNature,
} from '../../src/colis/model/wizardRules';
import { buildReceiptPdf, receiptDataFrom, receiptFileName, receiptQrText } from '../../src/colis/receipt';
import { isValidOtp } from '../../src/colis/show/ColisDeleteButton';
import { fr } from '../../src/i18n/fr';
import { colisWizardSchema, colisWizardStepSchema } from '../../common/schemas/colis';
import { formatEuro } from '../../common/format';
import { pasDevise } from '../../common/devises';
import type { ColisRecord } from '../../src/colis/model/types';

const st = (code: string) => ({ id: code, code, libelle: code });

describe('row actions follow the parcel status (spec 000 §4)', () => {
  it('edit and direct delete only while EN_ATTENTE', () => {
    expect(canEditColis({ statutID: st('EN_ATTENTE') })).toBe(true);
    expect(canEditColis({ statutID: st('RECEPTIONNE') })).toBe(false);
  });

  it('collection only when not EN_ATTENTE and money remains; a check when nothing remains', () => {
    expect(canCollectColis({ statutID: st('EN_ATTENTE'), resteAPayer: 10 })).toBe(false);
    expect(canCollectColis({ statutID: st('RECEPTIONNE'), resteAPayer: '10.50' })).toBe(true);
    expect(canCollectColis({ statutID: st('RECEPTIONNE'), resteAPayer: '0.00' })).toBe(false);
    expect(isColisRegle({ statutID: st('RECEPTIONNE'), resteAPayer: 0 })).toBe(true);
    expect(isColisRegle({ statutID: st('EN_ATTENTE'), resteAPayer: 0 })).toBe(false);
    expect(isColisRegle({ statutID: st('EXPEDIE'), resteAPayer: 0.01 })).toBe(false);
  });

  it('receipt when not EN_ATTENTE; Retiré / Livré only when EXPEDIE', () => {
    expect(canPrintReceipt({ statutID: st('EN_ATTENTE') })).toBe(false);
    expect(canPrintReceipt({ statutID: st('LIVRE') })).toBe(true);
    expect(canFinishColis({ statutID: st('EXPEDIE') })).toBe(true);
    expect(canFinishColis({ statutID: st('EN_COURS_ENVOI') })).toBe(false);
  });

  it('ADMIN (and SUPERADMIN) see every agency', () => {
    expect(userSeesAllAgences({ roleID: { code: 'ADMIN', toutesAgences: true } })).toBe(true);
    expect(userSeesAllAgences({ roleID: { code: 'INSPECTEUR', toutesAgences: true } })).toBe(true);
    expect(userSeesAllAgences({ roleID: { code: 'AGENT', toutesAgences: false } })).toBe(false);
    // The reach, never the code: a role renamed ADMIN would not see every agency.
    expect(userSeesAllAgences({ roleID: { code: 'ADMIN' } })).toBe(false);
    expect(userSeesAllAgences(null)).toBe(false);
  });
});

describe('recipient and sender of a parcel (spec 000 §2 Parcel list)', () => {
  it('takes the recipient record when present, else the free-text fields', () => {
    expect(
      destinataireOf({ destinataireID: { id: 'd', nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+221770000001' }, nomDestinataire: 'X' }),
    ).toEqual({
      nom: 'Diop Awa',
      telephone: '+221770000001',
    });
    expect(
      destinataireOf({
        destinataireID: null,
        nomDestinataire: 'Ndiaye',
        prenomsDestinataire: 'Fatou',
        telephoneDestinataire: '+221771112233',
      }),
    ).toEqual({
      nom: 'Ndiaye Fatou',
      telephone: '+221771112233',
    });
    expect(destinataireOf({})).toEqual({ nom: '', telephone: '' });
  });

  it('the sender falls back on the typed phone', () => {
    expect(expediteurOf({ expediteurID: null, NumeroSaisi: '+33611223344' })).toEqual({ nom: '', telephone: '+33611223344' });
  });
});

/** Ids as the server gives them (UUIDs: the wizard's schema takes the body's id rule). */
const ID = {
  envoi: '00000000-0000-4000-8000-000000000001',
  vet: '00000000-0000-4000-8000-000000000002',
  pagnes: '00000000-0000-4000-8000-000000000003',
  dakar: '00000000-0000-4000-8000-000000000004',
  agence: '00000000-0000-4000-8000-000000000005',
  especes: '00000000-0000-4000-8000-000000000006',
  inconnue: '00000000-0000-4000-8000-000000000007',
  a1: '00000000-0000-4000-8000-000000000008',
} as const;

const prixNatures: Record<string, PrixNature> = {
  [ID.vet]: { prixUnitaire: 9, prixExceptionnel: null },
  [ID.pagnes]: { prixUnitaire: 9, prixExceptionnel: 7.5 },
};

/** A step-2-complete form: 3 kg of Vêtements adulte (9 €/kg) and 2.5 kg of Pagnes (7,50 €/kg). */
function filled(extra: Partial<ColisFormValues> = {}): ColisFormValues {
  return {
    ...emptyColisValues(ID.envoi),
    detailsContenu: 'Habits',
    naturesColis: [
      { natureColisID: ID.vet, poids: 3 },
      { natureColisID: ID.pagnes, poids: '2.5' },
    ],
    villeID: ID.dakar,
    modeLivraisonID: ID.agence,
    ...extra,
  };
}

describe('wizard step 1 (spec 000 §2 CHOIX DU DEPART)', () => {
  it('needs a departure, and an agency for ADMIN', () => {
    expect(envoiStepMissing({ envoiID: null, agenceID: null }, { seesAllAgences: false })).toEqual(['depart']);
    expect(envoiStepMissing({ envoiID: ID.envoi, agenceID: null }, { seesAllAgences: false })).toEqual([]);
    expect(envoiStepMissing({ envoiID: ID.envoi, agenceID: null }, { seesAllAgences: true })).toEqual(['agence']);
    expect(envoiStepMissing({ envoiID: ID.envoi, agenceID: '' }, { seesAllAgences: true })).toEqual(['agence']);
    expect(envoiStepMissing({ envoiID: ID.envoi, agenceID: ID.a1 }, { seesAllAgences: true })).toEqual([]);
  });
});

describe('wizard step 2 (spec 000 §5 Parcel creation, step 2 Next)', () => {
  const ctx = { prixNatures, loading: false, withLivraison: false };

  it('computes the live amounts with common/pricing (exceptional price wins)', () => {
    const a = computeFormMontants(filled({ montantComplementaire: 2, montantExpedition: '1.5', reglement: 10 }), prixNatures, false);
    expect(a.lines.map((l) => l.prixTotal)).toEqual([27, 18.75]);
    expect(a.montant).toBe(45.75);
    expect(a.montantTotal).toBe(49.25);
    expect(a.resteAPayer).toBe(39.25);
    expect(a.poids).toBe(5.5);
  });

  it('counts the delivery amount only when the mode is not the agency pick-up', () => {
    expect(computeFormMontants(filled({ montantLivraison: 10 }), prixNatures, false).montantTotal).toBe(45.75);
    expect(computeFormMontants(filled({ montantLivraison: 10 }), prixNatures, true).montantTotal).toBe(55.75);
    expect(isModeLivraisonAgence({ code: 'AGENCE', libelle: 'Récupération en Agence ' })).toBe(true);
    expect(isModeLivraisonAgence({ code: 'X', libelle: 'Récupération en Agence ' })).toBe(true);
    expect(isModeLivraisonAgence({ code: 'DOMICILE', libelle: 'Livraison à domicile' })).toBe(false);
  });

  it('lets a complete step through', () => {
    expect(infoStepMissing(filled(), ctx)).toEqual([]);
  });

  it('lists what is missing', () => {
    const v = filled({ detailsContenu: ' ', villeID: null, modeLivraisonID: null, naturesColis: [{ natureColisID: null, poids: null }] });
    expect(infoStepMissing(v, ctx)).toEqual(['contenu', 'natures', 'poids', 'ville', 'modeLivraison']);
    expect(infoStepMissing(filled({ naturesColis: [] }), ctx)).toContain('natures');
  });

  it('refuses a weight that is not a number above 0, a line without price, and loading', () => {
    expect(infoStepMissing(filled({ naturesColis: [{ natureColisID: ID.vet, poids: 0 }] }), ctx)).toEqual(['poids']);
    expect(infoStepMissing(filled({ naturesColis: [{ natureColisID: ID.vet, poids: 'abc' }] }), ctx)).toEqual(['poids']);
    // 0,0004 kg rounds to 0,000 kg (3 decimals, as stored): not above 0.
    expect(infoStepMissing(filled({ naturesColis: [{ natureColisID: ID.vet, poids: '0,0004' }] }), ctx)).toEqual(['poids']);
    expect(infoStepMissing(filled({ naturesColis: [{ natureColisID: ID.vet, poids: '0,5' }] }), ctx)).toEqual([]);
    expect(infoStepMissing(filled({ naturesColis: [{ natureColisID: ID.inconnue, poids: 1 }] }), ctx)).toEqual(['prix']);
    expect(infoStepMissing(filled(), { ...ctx, loading: true })).toEqual(['loading']);
  });

  it('with an advance needs the payment mode (payer defaults to expediteur)', () => {
    expect(emptyColisValues().paymentby).toBe('expediteur');
    expect(infoStepMissing(filled({ reglement: 20 }), ctx)).toEqual(['modePaiement']);
    expect(infoStepMissing(filled({ reglement: 20, modePaiementID: ID.especes }), ctx)).toEqual([]);
    expect(infoStepMissing(filled({ reglement: '20', modePaiementID: '' }), ctx)).toEqual(['modePaiement']);
  });

  it('refuses a settled amount above the total or negative amounts', () => {
    expect(infoStepMissing(filled({ reglement: 100, modePaiementID: ID.especes }), ctx)).toEqual(['reglement']);
    expect(infoStepMissing(filled({ montantComplementaire: -1 }), ctx)).toEqual(['reglement']);
    expect(infoStepMissing(filled({ montantExpedition: 'abc' }), ctx)).toEqual(['reglement']);
    // A hidden delivery amount (agency pick-up) is not checked; a shown one is.
    expect(infoStepMissing(filled({ montantLivraison: -5 }), ctx)).toEqual([]);
    expect(infoStepMissing(filled({ montantLivraison: -5 }), { ...ctx, withLivraison: true })).toEqual(['reglement']);
    // Empty amounts (a cleared input) count as 0.
    expect(infoStepMissing(filled({ montantComplementaire: null, montantExpedition: '', reglement: '' }), ctx)).toEqual([]);
  });
});

describe('settled amount clamping (spec 000 §5 Settled amount)', () => {
  it('clamps above the total to the total, flagging the hint', () => {
    expect(clampReglement(60, 45.75)).toEqual({ value: 45.75, clamped: 'over' });
    expect(clampReglement('45.751', '45.75')).toEqual({ value: '45.751', clamped: null });
    expect(clampReglement('45.76', '45.75')).toEqual({ value: 45.75, clamped: 'over' });
  });

  it('clamps below 0 to 0 and keeps valid values', () => {
    expect(clampReglement(-5, 10)).toEqual({ value: 0, clamped: 'under' });
    expect(clampReglement(10, 10)).toEqual({ value: 10, clamped: null });
    expect(clampReglement('', 10)).toEqual({ value: '', clamped: null });
  });

  it('has the spec hint text', () => {
    expect(fr.resources.colis.info.reglement_too_high).toBe('montant réglé ne doit pas etre superieur au montant total');
  });
});

describe('step 3 rules (spec 000 §5 Step 3 save)', () => {
  /** The departure's countries, as the wizard loads them: the typed phones are checked against them. */
  const pays = { destinatairePays: { indicatif: '+221', longueur: 9 }, expediteurPays: { indicatif: '+33', longueur: 9 } };

  it('a known recipient needs a selected or typed sender', () => {
    const v = filled({ destinataireID: ID.a1 });
    expect(destinataireStepMissing(v, pays)).toEqual(['expediteur']);
    expect(destinataireStepMissing({ ...v, expediteurID: ID.especes }, pays)).toEqual([]);
    const saisi = { ...v, expediteurMode: 'saisie' as const, expediteurNom: 'Sy', expediteurPrenom: 'Ali', expediteurNumero: '0611223344' };
    expect(destinataireStepMissing(saisi, pays)).toEqual([]);
    expect(destinataireStepMissing({ ...saisi, expediteurPrenom: '', expediteurNumero: '06' }, pays)).toEqual(['expediteur_saisi']);
    // The sender's prénoms alone are missing: the save waits for them, as the server would refuse it.
    expect(destinataireStepMissing({ ...saisi, expediteurPrenom: ' ' }, pays)).toEqual(['expediteur_saisi']);
    // A sender's phone that is not one of the origin country's keeps the save waiting too.
    expect(destinataireStepMissing({ ...saisi, expediteurNumero: '06 11' }, pays)).toEqual(['expediteur_saisi']);
  });

  it('a new recipient needs nom, prénoms and adresse', () => {
    const v = filled({ expediteurID: ID.especes, nomDestinataire: 'Diop', prenomsDestinataire: 'Awa', adresseDestinataire: '' });
    expect(destinataireStepMissing(v, pays)).toEqual(['destinataire']);
    expect(destinataireStepMissing({ ...v, adresseDestinataire: 'Dakar' }, pays)).toEqual([]);
    expect(destinataireStepMissing({ ...v, prenomsDestinataire: '', expediteurID: null }, pays)).toEqual(['destinataire', 'expediteur']);
  });

  it('builds full phone numbers with common/phone.ts and the party country', () => {
    const fr = { indicatif: '+33', longueur: 9 };
    const sn = { indicatif: '+221', longueur: 9 };
    expect(partyPhone('+33', '06 12 34 56 78', fr)).toEqual({ ok: true, phone: '+33612345678' });
    expect(partyPhone('', '06 12 34 56 78', fr)).toEqual({ ok: true, phone: '+33612345678' });
    expect(partyPhone('+221', '+221 77 000 00 01', sn)).toEqual({ ok: true, phone: '+221770000001' });
    expect(partyPhone('+221', 'abc', sn)).toMatchObject({ ok: false, error: expect.stringContaining('Numéro de téléphone invalide') });
    expect(partyPhone('+221', '77 000', sn)).toEqual({
      ok: false,
      error: "Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +221",
    });
    // Another dial code typed beside the number: the country's length no longer applies (Italy has 10 digits).
    expect(phonePays('+39', sn)).toEqual({ indicatif: '+39', longueurNumero: null });
    expect(partyPhone('+39', '312 345 6789', sn)).toEqual({ ok: true, phone: '+393123456789' });
    expect(phonePays('', sn)).toEqual({ indicatif: '+221', longueurNumero: 9 });
  });
});

describe('request body of colis/create (docs/api-contract.md)', () => {
  it('sends ids, lines, amounts, the typed sender and the new recipient; no encaissement without advance', () => {
    const body = buildColisBody(
      filled({
        agenceID: 'a1',
        montantLivraison: 10,
        expediteurMode: 'saisie',
        expediteurNom: ' Sy ',
        expediteurPrenom: 'Ali',
        expediteurIndicatif: '+33',
        expediteurNumero: '06 11 22 33 44',
        nomDestinataire: 'Diop',
        prenomsDestinataire: 'Awa',
        adresseDestinataire: 'Dakar',
        destinataireIndicatif: '+221',
        destinataireNumero: '770000001',
      }),
      {
        seesAllAgences: false,
        modeEnvoi: { code: 'AERIEN', libelle: 'Aérien' },
        withLivraison: false,
        destinatairePays: { indicatif: '+221', longueur: 9 },
        expediteurPays: { indicatif: '+33', longueur: 9 },
      },
    );
    expect(body).toMatchObject({
      envoiID: ID.envoi,
      villeID: ID.dakar,
      modeLivraisonID: ID.agence,
      naturesColis: [
        // The weights as the form holds them (a number read from the text, or a text): the server reads them once.
        { natureColisID: ID.vet, poids: 3 },
        { natureColisID: ID.pagnes, poids: '2.5' },
      ],
      unite: 'KG',
      detailsContenu: 'Habits',
      montantLivraison: 0,
      reglement: 0,
      expediteurNom: 'Sy',
      expediteurPrenom: 'Ali',
      NumeroSaisi: '+33611223344',
      nomDestinataire: 'Diop',
      telephoneDestinataire: '+221770000001',
    });
    expect(body).not.toHaveProperty('agenceID');
    expect(body).not.toHaveProperty('encaissement');
    expect(body).not.toHaveProperty('expediteurID');
    expect(body).not.toHaveProperty('destinataireID');
  });

  it('sends a phone it cannot normalise as typed, for the server to refuse it on its field', () => {
    const body = buildColisBody(
      filled({
        expediteurID: 'c2',
        nomDestinataire: 'Diop',
        prenomsDestinataire: 'Awa',
        adresseDestinataire: 'Dakar',
        destinataireIndicatif: '+221',
        destinataireNumero: ' abc ',
      }),
      { seesAllAgences: false, withLivraison: false, destinatairePays: { indicatif: '+221', longueur: 9 } },
    );
    expect(body.telephoneDestinataire).toBe('abc');
  });

  it('air mode forces KG; ADMIN sends the agency; an advance sends its payment', () => {
    const body = buildColisBody(
      filled({ unite: 'M3', agenceID: ID.a1, destinataireID: 'c1', expediteurID: 'c2', reglement: 20, modePaiementID: 'esp' }),
      {
        seesAllAgences: true,
        modeEnvoi: { code: 'AERIEN', libelle: 'Aérien' },
        withLivraison: true,
      },
    );
    expect(body).toMatchObject({
      unite: 'KG',
      agenceID: ID.a1,
      destinataireID: 'c1',
      expediteurID: 'c2',
      reglement: 20,
      encaissement: { paymentby: 'expediteur', modePaiementID: 'esp' },
    });
    expect(body).not.toHaveProperty('nomDestinataire');
    expect(
      buildColisBody(filled({ unite: 'M3' }), {
        seesAllAgences: false,
        modeEnvoi: { code: 'MARITIME', libelle: 'Maritime' },
        withLivraison: false,
      }).unite,
    ).toBe('M3');
  });
});

describe("a typed 1,005 € is 1,01 € in the preview and the body, rounded once to the departure's currency", () => {
  const opts = { seesAllAgences: false, withLivraison: false };

  it('the preview amounts count 1,01 €', () => {
    const alone = computeFormMontants({ naturesColis: [], montantComplementaire: '1,005' }, {}, false);
    expect(alone.montantTotal).toBe(1.01);
    expect(alone.resteAPayer).toBe(1.01);
    expect(formatEuro(alone.montantTotal)).toMatch(/^1,01\s€$/);
    // With the natures (45,75 €): 46,76 €, not 46,75 € nor 46,755 €.
    expect(computeFormMontants(filled({ montantComplementaire: '1,005' }), prixNatures, false).montantTotal).toBe(46.76);
    expect(computeFormMontants(filled({ montantExpedition: 1.005 }), prixNatures, false).montantTotal).toBe(46.76);
  });

  it('the body buildColisBody sends carries 1.01', () => {
    const body = buildColisBody(filled({ montantComplementaire: '1,005', montantExpedition: 1.005, expediteurID: 'c2' }), opts);
    expect(body.montantComplementaire).toBe(1.01);
    expect(body.montantExpedition).toBe(1.01);
  });

  it('the form schema keeps 1,005 as typed: it does not know the currency, the preview and the body round it', () => {
    // The schema checks the amount (≥ 0, a number) and leaves its rounding to the departure's currency: rounding to the
    // cent here would round twice in F CFA ('10,495' → 10,50 → 11 F instead of 10 F).
    const step = colisWizardStepSchema(1, { withLivraison: false }).parse(filled({ montantComplementaire: '1,005' }));
    expect(step.montantComplementaire).toBe(1.005);
    const whole = colisWizardSchema({ withLivraison: true }).parse(
      filled({ montantLivraison: '1,005', reglement: '1,005', modePaiementID: ID.especes, expediteurID: ID.a1, destinataireID: ID.a1 }),
    );
    expect(whole).toMatchObject({ montantLivraison: 1.005, reglement: 1.005 });
  });

  it("in F CFA, '10,495' counts and is sent 10 F, not 11 F", () => {
    const xof = { naturesColis: [], montantComplementaire: '10,495', reglement: '2,495' };
    const a = computeFormMontants(xof, {}, false, 'XOF');
    expect([a.montantTotal, a.resteAPayer]).toEqual([10, 8]);
    const body = buildColisBody(filled({ ...xof, expediteurID: 'c2', modePaiementID: ID.especes }), { ...opts, devise: 'XOF' });
    expect([body.montantComplementaire, body.reglement]).toEqual([10, 2]);
    // An advance of 0,4 F CFA is none once rounded to the franc: no payment is sent.
    expect(buildColisBody(filled({ reglement: '0,4', expediteurID: 'c2' }), { ...opts, devise: 'XOF' })).not.toHaveProperty('encaissement');
  });
});

describe('edit prefill (spec 000 §2 Edit parcel)', () => {
  it('turns colis/getBy into form values', () => {
    const colis: ColisRecord = {
      id: 'c',
      reference: 'PAR1-2611-000001',
      envoiID: { id: 'e1' },
      agenceID: { id: 'a1' },
      villeID: { id: 'v1' },
      modeLivraisonID: { id: 'm1' },
      detailsContenu: 'Habits',
      unite: 'KG',
      montantComplementaire: '2.00',
      reglement: '0.00',
      naturesColis: [{ natureColisID: 'n1', poids: '3.000' }],
      expediteurID: { id: ID.a1, nom: 'Sy' },
      destinataireID: { id: ID.especes, nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+221770000001' },
    };
    const v = valuesFromColis(colis);
    expect(v).toMatchObject({
      envoiID: 'e1',
      agenceID: 'a1',
      villeID: 'v1',
      modeLivraisonID: 'm1',
      naturesColis: [{ natureColisID: 'n1', poids: 3 }],
      montantComplementaire: 2,
      expediteurMode: 'select',
      expediteurID: ID.a1,
      destinataireID: ID.especes,
      destinataireLookup: 'found',
      destinataireNumero: '+221770000001',
    });
    expect(destinataireStepMissing(v, { destinatairePays: { indicatif: '+221', longueur: 9 } })).toEqual([]);
  });
});

describe('deletion code (spec 000 §5)', () => {
  it('is exactly 4 digits', () => {
    expect(isValidOtp('1234')).toBe(true);
    expect(isValidOtp(' 1234 ')).toBe(true);
    expect(isValidOtp('12345')).toBe(false);
    expect(isValidOtp('12a4')).toBe(false);
  });
});

describe('receipt PDF (spec 000 §2 Receipt PDF)', () => {
  const colis: ColisRecord = {
    id: 'c',
    reference: 'PAR1-2611-000123',
    dateDepot: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    unite: 'KG',
    montantTotal: '45.75',
    reglement: '20.00',
    resteAPayer: '25.75',
    agenceID: { id: 'a', libelle: 'Agence Paris Château-Rouge', telephoneComplet: '+33142587630' },
    expediteurID: { id: 'x', nom: 'Martin', prenoms: 'Paul', telephoneComplet: '+33611223344' },
    destinataireID: null,
    nomDestinataire: 'Diop',
    prenomsDestinataire: 'Awa',
    telephoneDestinataire: '+221770000001',
  };
  const natures = [
    { poids: '3.000', prixTotal: '27.00', natureColisID: { libelle: 'Vêtements adulte' } },
    { poids: '2.500', prixTotal: '18.75', natureColisID: { libelle: 'Pagnes et tissus' } },
  ];

  it('takes the deposit date, else the last update', () => {
    expect(receiptDataFrom(colis, natures).date).toBe('2026-11-21T10:00:00.000Z');
    expect(receiptDataFrom({ ...colis, dateDepot: null }, natures).date).toBe('2026-11-22T10:00:00.000Z');
    expect(receiptDataFrom(colis, natures).destinataire).toEqual({ nom: 'Diop Awa', telephone: '+221770000001' });
  });

  it('is an A6 portrait PDF holding the reference, parties, natures and amounts', () => {
    const doc = buildReceiptPdf(receiptDataFrom(colis, natures));
    const width = doc.internal.pageSize.getWidth();
    const height = doc.internal.pageSize.getHeight();
    expect(Math.round(width)).toBe(105);
    expect(Math.round(height)).toBe(148);
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const part of [
      'PAR1-2611-000123',
      '21/11/2026',
      'Martin Paul',
      '+33611223344',
      'Diop Awa',
      '+221770000001',
      'Pagnes et tissus',
      '45,75',
      '25,75',
      'Agence Paris',
    ]) {
      expect(text).toContain(part);
    }
    expect(receiptFileName('PAR1-2611-000123')).toBe('recu-PAR1-2611-000123.pdf');
  });

  it('encodes the tracking address in its QR code, the reference when none is known', () => {
    const url = 'https://colis.example.fr/suivi/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    expect(receiptQrText(receiptDataFrom(colis, natures, url))).toBe(url);
    expect(receiptQrText(receiptDataFrom(colis, natures))).toBe('PAR1-2611-000123');
  });
});

describe('who may change a parcel', () => {
  it('its own agency or an ADMIN, not the destination agency', () => {
    const colis = { agenceID: { id: 'par1', libelle: 'Paris' } };
    expect(isOwnColis(colis, { roleID: { code: 'AGENT' }, agenceID: { id: 'par1' } })).toBe(true);
    expect(isOwnColis(colis, { roleID: { code: 'AGENT' }, agenceID: { id: 'dkr1' } })).toBe(false);
    expect(isOwnColis(colis, { roleID: { code: 'ADMIN', toutesAgences: true }, agenceID: null })).toBe(true);
    expect(isOwnColis({ agenceID: null }, { roleID: { code: 'AGENT' }, agenceID: null })).toBe(false);
  });
});

describe("the wizard's preview in the departure's currency (docs/decisions/currencies.md)", () => {
  const nbsp = (x: string) => x.replace(/[\u00a0\u202f]/g, ' ');
  /** Prices of a Dakar departure as colis/prixNature answers them: F CFA, the exceptional price converted. */
  const prixDakar: Record<string, PrixNature> = {
    [ID.vet]: { prixUnitaire: 5900, prixExceptionnel: null, devise: 'XOF', montantMinimum: 2000 },
    [ID.pagnes]: { prixUnitaire: 5900, prixExceptionnel: 4920, devise: 'XOF', exceptionnel: true },
  };

  it("takes the departure's currency, else the prices' one, else the euro", () => {
    expect(deviseDuDepart({ id: 'e', devise: 'XOF' })).toBe('XOF');
    expect(deviseDuDepart({ id: 'e' }, prixDakar)).toBe('XOF');
    expect(deviseDuDepart(undefined, prixNatures)).toBe('EUR');
    expect(deviseDuDepart({ devise: 'ZZZ' })).toBe('EUR');
  });

  it('computes whole francs: lines, charges typed with decimals, the remainder', () => {
    const a = computeFormMontants(filled({ montantComplementaire: '10,5', reglement: '1000,4' }), prixDakar, false, 'XOF');
    // 3 kg × 5 900 F + 2,5 kg × 4 920 F (the exceptional price as the server converted it) = 17 700 + 12 300;
    // 10,5 F of charges count 11 F, an advance of 1 000,4 F 1 000 F.
    expect(a.lines.map((l) => l.prixTotal)).toEqual([17700, 12300]);
    expect([a.montant, a.montantTotal, a.resteAPayer]).toEqual([30000, 30011, 29011]);
  });

  it("bills a line at least its unit price's minimum once it has a weight", () => {
    const small = filled({ naturesColis: [{ natureColisID: ID.vet, poids: '0,2' }] });
    expect(computeFormMontants(small, prixDakar, false, 'XOF').montant).toBe(2000); // 0,2 × 5 900 = 1 180 F < 2 000 F
    const empty = filled({ naturesColis: [{ natureColisID: ID.vet, poids: null }] });
    expect(computeFormMontants(empty, prixDakar, false, 'XOF').montant).toBe(0);
  });

  it("clamps the advance in whole francs and writes the currency's symbol and step", () => {
    expect(clampReglement('30011.4', 30011, 'XOF')).toEqual({ value: '30011.4', clamped: null }); // 30 011 F
    expect(clampReglement(30012, 30011, 'XOF')).toEqual({ value: 30011, clamped: 'over' });
    expect(nbsp(symboleDevise('XOF'))).toBe('F CFA');
    expect(symboleDevise('EUR')).toBe('€');
    expect([pasDevise('XOF'), pasDevise('EUR')]).toEqual([1, 0.01]);
    expect(nbsp(symboleDevise('XAF'))).toBe('F CFA (BEAC)');
  });

  it("refuses a nature weight below 0,01 kg with the schema's message", () => {
    const result = colisWizardStepSchema(1, { withLivraison: false }).safeParse(
      filled({ naturesColis: [{ natureColisID: ID.vet, poids: '0,005' }] }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("Le poids doit être d'au moins 0,01 kg");
    expect(
      colisWizardStepSchema(1, { withLivraison: false }).safeParse(filled({ naturesColis: [{ natureColisID: ID.vet, poids: '0,01' }] }))
        .success,
    ).toBe(true);
  });
});
