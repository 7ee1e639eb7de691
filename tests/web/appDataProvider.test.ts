/**
 * The named methods of AppDataProvider (src/colis/model/colisMethods.ts, src/encaissements/encaissementMethods.ts) and the
 * parcel create / update through the dataProvider's CRUD calls (spec 000 §4, §5, §7; docs/api-contract.md "Parcels
 * and payments"): the request each sends and what it gives back, refusals included. Also where the wizard shows a
 * refused save's field errors.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, installFetch } from './helpers';
import { dataProvider } from '../../src/appDataProvider';
import { SESSION_KEY } from '../../src/providers/session';
import { buildColisBody, emptyColisValues } from '../../src/colis/model/wizardRules';
import { stepOfField, wizardFieldErrors } from '../../src/colis/wizard/serverErrors';

const COLIS = { id: 'c1', reference: 'PAR1-2026-000001', montantTotal: 45.75, statutID: { code: 'RECEPTIONNE' } };

describe('parcel methods of AppDataProvider', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-1', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('getColisByReference reads the parcel, its nature lines and total; getColisHistorique the history', async () => {
    const natures = [{ id: 'l1', poids: '3.000', prixTotal: 27, natureColisID: { id: 'n1', libelle: 'Vêtements adulte' } }];
    const historique = [{ id: 'h1', dateAction: '2026-11-20T10:00:00Z', statutApresID: { code: 'EN_ATTENTE' } }];
    const calls = installFetch({
      'GET colis/getByReference/PAR1-2026-000001': { body: { success: true, data: COLIS, prixTotal: 45.75, natureColisDetails: natures } },
      'GET colis/getHistoriqueByReference/PAR1-2026-000001': { body: { success: true, datas: historique } },
    });
    expect(await dataProvider.getColisByReference('PAR1-2026-000001')).toEqual({ colis: COLIS, natures, prixTotal: 45.75 });
    expect(await dataProvider.getColisHistorique('PAR1-2026-000001')).toEqual(historique);
    expect(calls.every((c) => c.headers.Authorization === 'Bearer tok-1')).toBe(true);
  });

  it('getColisByReference of an unknown reference rejects with 404', async () => {
    installFetch({ 'GET colis/getByReference/X': { status: 404, body: { success: false, message: 'Colis introuvable' } } });
    await expect(dataProvider.getColisByReference('X')).rejects.toMatchObject({ status: 404, message: 'Colis introuvable' });
  });

  it('deleteColis tells a deletion (200) from a code e-mailed to the administrators (202); the code deletes', async () => {
    const calls = installFetch({
      'DELETE colis/delete/c1/AGENT': { body: { success: true, message: 'suppression effectuée' } },
      'DELETE colis/delete/c2/ADMIN': { status: 202, body: { success: false, otpRequired: true, message: 'Un code a été envoyé' } },
      'POST colis/deleteWithOtp': { body: { success: true } },
    });
    expect(await dataProvider.deleteColis('c1', '')).toEqual({ outcome: 'deleted', message: 'suppression effectuée' });
    expect(await dataProvider.deleteColis('c2', 'ADMIN')).toEqual({ outcome: 'otp', message: 'Un code a été envoyé' });
    await dataProvider.deleteColisWithOtp('c2', '1234');
    expect(calls[2].body).toEqual({ colisId: 'c2', codeOtp: '1234' });
  });

  it('finishColis sends how the remainder is collected (mode, payer, currency and amount shown), or nothing', async () => {
    const calls = installFetch({
      'POST colis/retirer/c1': { body: { success: true, message: 'Colis retiré' } },
      'POST colis/livrer/c1': { body: { success: true, message: 'Colis livré' } },
    });
    const paiement = { modePaiementID: 'esp', paymentby: 'expediteur' as const, deviseTendue: 'EUR', montantTendu: 44.76 };
    expect(await dataProvider.finishColis('c1', 'retirer', paiement)).toBe('Colis retiré');
    expect(await dataProvider.finishColis('c1', 'livrer', {})).toBe('Colis livré');
    expect(calls.map((c) => c.body)).toEqual([paiement, {}]);
  });

  it("getCaisseAttendu keeps the day's conversion differences beside its lines", async () => {
    installFetch({
      'GET caisse/attendu': {
        body: {
          success: true,
          agence: { id: 'a', code: 'PAR1', libelle: 'Agence Paris Château-Rouge' },
          date: '2026-12-01',
          lignes: [{ modePaiementID: 'm', modePaiement: null, libelle: 'Espèces', devise: 'EUR', attendu: '27.85' }],
          ecartsConversion: [{ devise: 'GNF', ecart: '23' }],
          cloture: null,
        },
      },
    });
    const day = await dataProvider.getCaisseAttendu({ date: '2026-12-01' });
    expect(day.lignes).toHaveLength(1);
    expect(day.ecartsConversion).toEqual([{ devise: 'GNF', ecart: '23' }]);
  });

  it('the wizard calls: open departures, cities, nature price (with its 409), client by phone, contact admins', async () => {
    const calls = installFetch({
      'GET envoi/ouvertActif': { body: { success: true, data: [{ id: 'e1', reference: 'DEP-1' }] } },
      'GET ville/getVilleByPaysID/sn': { body: { success: true, villes: [{ id: 'v1', libelle: 'Dakar' }] } },
      'GET colis/prixNature': ({ url }) =>
        url.searchParams.get('natureColisID') === 'n1'
          ? { body: { success: true, data: { prixUnitaire: 9, prixExceptionnel: 0, libelle: 'Vêtements adulte' } } }
          : { status: 409, body: { success: false, message: 'Aucun prix unitaire associé à : Aérien, Sénégal, Vaisselle' } },
      'GET user/getByTelephone/%2B221770000001': { body: { success: true, data: { id: 'k1', nom: 'Diop' } } },
      'GET user/getByTelephone/%2B221770000002': { body: { success: false, message: 'Client introuvable' } },
      'GET colis/contactAdminForEnvoi/e1': { body: { success: true, message: 'opération terminée avec succès' } },
    });
    expect(await dataProvider.getOpenEnvois()).toEqual([{ id: 'e1', reference: 'DEP-1' }]);
    expect(await dataProvider.getVillesByPays('sn')).toEqual([{ id: 'v1', libelle: 'Dakar' }]);
    expect(await dataProvider.getPrixNature({ envoiID: 'e1', natureColisID: 'n1', villeID: 'v1', agenceID: null })).toEqual({
      prixUnitaire: 9,
      prixExceptionnel: 0,
      libelle: 'Vêtements adulte',
      montantMinimum: null,
    });
    expect(Object.fromEntries(calls[2].url.searchParams)).toEqual({ envoiID: 'e1', natureColisID: 'n1', villeID: 'v1' });
    await expect(dataProvider.getPrixNature({ envoiID: 'e1', natureColisID: 'n2' })).rejects.toMatchObject({
      status: 409,
      message: 'Aucun prix unitaire associé à : Aérien, Sénégal, Vaisselle',
    });
    expect(await dataProvider.findClientByPhone('+221770000001')).toEqual({ id: 'k1', nom: 'Diop' });
    expect(await dataProvider.findClientByPhone('+221770000002')).toBeNull();
    expect(await dataProvider.contactAdminsForEnvoi('e1')).toBe('opération terminée avec succès');
  });

  it("create and update of 'colis' send the wizard's body as built (POST colis/create, PUT colis/update/{id})", async () => {
    const values = {
      ...emptyColisValues('e1'),
      detailsContenu: 'Habits',
      villeID: 'v1',
      modeLivraisonID: 'agence',
      naturesColis: [{ natureColisID: 'n1', poids: 3 }],
      expediteurID: 'k2',
      destinataireID: 'k1',
      reglement: 20,
      modePaiementID: 'esp',
    };
    const body = buildColisBody(values, { seesAllAgences: false, withLivraison: false });
    const calls = installFetch({
      'POST colis/create': { body: { success: true, message: 'colis ajouté avec succès', data: { ...COLIS, id: 'new' } } },
      'PUT colis/update/c1': { body: { success: true, message: 'colis modifié avec succès', data: COLIS } },
    });
    expect((await dataProvider.create('colis', { data: body })).data).toMatchObject({ id: 'new', reference: COLIS.reference });
    expect(calls[0].body).toEqual(body);
    expect(calls[0].body).toMatchObject({ encaissement: { paymentby: 'expediteur', modePaiementID: 'esp' }, reglement: 20 });
    expect((await dataProvider.update('colis', { id: 'c1', data: body, previousData: COLIS })).data).toEqual(COLIS);
    expect(calls[1].body).toEqual(body);
  });

  it('a refused create keeps the weight-check message and field for the wizard', async () => {
    installFetch({
      'POST colis/create': {
        status: 409,
        body: {
          success: false,
          message: 'Le poids disponible du départ DEP-1 est de 2 kg',
          errors: { poids: 'Poids disponible insuffisant' },
        },
      },
    });
    await expect(dataProvider.create('colis', { data: { envoiID: 'e1' } })).rejects.toMatchObject({
      status: 409,
      body: { message: 'Le poids disponible du départ DEP-1 est de 2 kg', errors: { poids: 'Poids disponible insuffisant' } },
    });
  });
});

describe('payment methods of AppDataProvider', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-1', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the payment modes and the payments of a parcel; collects the remaining amount as destinateur', async () => {
    const calls = installFetch({
      'GET modePaiement/liste': { body: { success: true, datas: [{ id: 'esp', libelle: 'Espèces' }] } },
      'GET encaissement/getByColisID/c1': {
        body: {
          success: true,
          encaissements: [{ id: 'p1', montantEncaisse: 20 }],
          colis: { reference: COLIS.reference, resteAPayer: 25.75 },
        },
      },
      'POST encaissement/create': {
        body: { success: true, message: 'encaissement effectué avec succès', data: { reglement: 45.75, resteAPayer: 0 } },
      },
    });
    expect(await dataProvider.getModesPaiement()).toEqual([{ id: 'esp', libelle: 'Espèces' }]);
    // The list holds inactive modes too: the dialogs ask for the active ones only.
    expect(calls[0].url.searchParams.get('isActive')).toBe('true');
    expect(await dataProvider.getEncaissementsOfColis('c1')).toEqual({
      encaissements: [{ id: 'p1', montantEncaisse: 20 }],
      colis: { reference: COLIS.reference, resteAPayer: 25.75 },
    });
    expect(await dataProvider.createEncaissement('c1', 'cb')).toEqual({
      message: 'encaissement effectué avec succès',
      reglement: 45.75,
      resteAPayer: 0,
    });
    expect(calls[2].body).toEqual({ colisID: 'c1', modePaiementID: 'cb', paymentby: 'destinateur' });
  });

  it('an answer without rows gives empty lists', async () => {
    installFetch({
      'GET modePaiement/liste': { body: { success: true } },
      'GET encaissement/getByColisID/c2': { body: { success: true } },
    });
    expect(await dataProvider.getModesPaiement()).toEqual([]);
    expect((await dataProvider.getEncaissementsOfColis('c2')).encaissements).toEqual([]);
  });
});

describe("a refused save's field errors in the wizard", () => {
  it('land on the form field typed for each body field, on the first step holding one', () => {
    expect(
      wizardFieldErrors({
        telephoneDestinataire: 'Numéro invalide',
        'naturesColis.0.poids': 'Le poids doit être supérieur à 0',
        'encaissement.modePaiementID': 'Mode de paiement requis',
      }),
    ).toEqual({
      step: 1,
      fields: {
        destinataireNumero: 'Numéro invalide',
        'naturesColis.0.poids': 'Le poids doit être supérieur à 0',
        modePaiementID: 'Mode de paiement requis',
      },
    });
    expect(wizardFieldErrors({ NumeroSaisi: 'Téléphone requis' })).toEqual({ step: 2, fields: { expediteurNumero: 'Téléphone requis' } });
    expect(wizardFieldErrors({ agenceID: 'Agence requise', detailsContenu: 'Contenu requis' })?.step).toBe(0);
  });

  it('leave the weight check and unknown keys to the notification', () => {
    expect(wizardFieldErrors({ poids: 'Poids disponible insuffisant' })).toBeNull();
    expect(wizardFieldErrors({ body: 'Corps invalide' })).toBeNull();
    expect(wizardFieldErrors(undefined)).toBeNull();
    expect(stepOfField('naturesColis.3.natureColisID')).toBe(1);
    expect(stepOfField('inconnu')).toBe(-1);
  });
});
