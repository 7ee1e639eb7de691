/**
 * Pure rules of the departure screens (spec 000 §2, §4, §5): weight gauge, status actions per status and permission,
 * save-button rule, the form's resolver (common/schemas/envoi.ts), request body, legacy paths, French texts, and the
 * dataProvider calls they use.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import {
  canSaveDepart,
  clientDisplayName,
  departBody,
  departFormRecord,
  envoiStatutActions,
  excludeChoice,
  sortByLibelle,
} from '../../src/departs/departRules';
import { departFormResolver } from '../../src/departs/DepartInputs';
import { poidsGauge } from '../../src/kit/poidsGauge';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { addDays, todayIso } from '../../common/dates';
import { legacyTarget } from '../../src/routes/legacyRoutes';
import { frenchAppMessages } from '../../src/i18n/fr';
import { dataProvider } from '../../src/appDataProvider';
import { clientsOfDepartPath, envoisOfClientPath } from '../../src/departs/departPaths';
import { installBrowserStubs, installFetch, type MessageTree } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('weight gauge', () => {
  it('is green with the used share while weight is available', () => {
    expect(poidsGauge(100, 75)).toEqual({ percent: 25, color: 'success', full: false });
    expect(poidsGauge('200.000', '199.900')).toEqual({ percent: 0.1, color: 'success', full: false });
    expect(poidsGauge(100, 100)).toEqual({ percent: 0, color: 'success', full: false });
  });

  it('is red and full when nothing is left', () => {
    expect(poidsGauge(100, 0)).toEqual({ percent: 100, color: 'error', full: true });
    expect(poidsGauge('50', '-1')).toEqual({ percent: 100, color: 'error', full: true });
  });

  it('survives missing or unreadable values', () => {
    expect(poidsGauge(undefined, undefined)).toEqual({ percent: 100, color: 'error', full: true });
    expect(poidsGauge('abc', 3)).toEqual({ percent: 100, color: 'error', full: true });
    expect(poidsGauge(10, null)).toEqual({ percent: 100, color: 'error', full: true });
  });
});

describe('status actions of a row', () => {
  const all = () => true;
  const enabled = (code: string | undefined, has: (k: string) => boolean = all) =>
    Object.fromEntries(envoiStatutActions(code, has).map((a) => [a.to, a.enabled]));

  it('follow common/envoiRules.ts per status', () => {
    expect(enabled('OUVERT')).toEqual({ EN_COURS_ENVOI: true, ARRIVE: false, CLOTURE: true });
    expect(enabled('EN_COURS_ENVOI')).toEqual({ EN_COURS_ENVOI: false, ARRIVE: true, CLOTURE: true });
    expect(enabled('ARRIVE')).toEqual({ EN_COURS_ENVOI: false, ARRIVE: false, CLOTURE: true });
    expect(enabled('CLOTURE')).toEqual({ EN_COURS_ENVOI: true, ARRIVE: false, CLOTURE: false });
    expect(enabled('EN_ATTENTE')).toEqual({ EN_COURS_ENVOI: false, ARRIVE: false, CLOTURE: true });
    expect(enabled(undefined)).toEqual({ EN_COURS_ENVOI: false, ARRIVE: false, CLOTURE: false });
  });

  it('show only the actions whose key the user holds, with the French labels', () => {
    const actions = envoiStatutActions('OUVERT', (k) => k === 'enCoursEnvoiDepart' || k === 'arriveDepart');
    expect(actions.map((a) => [a.key, a.libelle])).toEqual([
      ['enCoursEnvoiDepart', "Marquer en cours d'envoi"],
      ['arriveDepart', 'Départ arrivé'],
    ]);
    expect(envoiStatutActions('OUVERT', () => false)).toEqual([]);
  });
});

describe('departure form', () => {
  const full = {
    modeEnvoiID: 'm',
    paysID: 'sn',
    paysEmetteurID: 'fr',
    dateDebut: '2030-01-10',
    dateArrive: '2030-01-12',
    dateFin: '2030-01-08',
  };

  it('enables saving per spec 000 §5 (edit also needs contenu and poids)', () => {
    expect(canSaveDepart(full, 'create')).toBe(true);
    expect(canSaveDepart({ ...full, dateFin: '' }, 'create')).toBe(false);
    expect(canSaveDepart({ ...full, paysID: null }, 'create')).toBe(false);
    expect(canSaveDepart({}, 'create')).toBe(false);
    expect(canSaveDepart(full, 'edit')).toBe(false);
    expect(canSaveDepart({ ...full, contenu: '  ', poids: 10 }, 'edit')).toBe(false);
    expect(canSaveDepart({ ...full, contenu: 'Fret', poids: 10 }, 'edit')).toBe(true);
  });

  describe('resolver (common/schemas/envoi.ts envoiFormSchema)', () => {
    const MODE = '11111111-1111-4111-8111-111111111111';
    const SN = '22222222-2222-4222-8222-222222222222';
    const FR = '33333333-3333-4333-8333-333333333333';
    const today = todayIso();
    const form = {
      modeEnvoiID: MODE,
      paysID: SN,
      paysEmetteurID: FR,
      dateFin: addDays(today, 3),
      dateDebut: addDays(today, 5),
      dateArrive: addDays(today, 7),
      contenu: null,
      poids: 12.5,
    };
    const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
    /** Field → message of the resolver's answer. */
    const check = async (mode: 'create' | 'edit', values: Record<string, unknown>) => {
      const { errors, values: kept } = await departFormResolver(mode)(values, undefined, options);
      return { errors: Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e?.message])), kept };
    };

    it('passes a valid add form and keeps the values as typed', async () => {
      const values = { ...form, poids: '12,5' };
      expect(await check('create', values)).toEqual({ errors: {}, kept: values });
    });

    it('reports the required fields, the date rules of the server and the same-country rule with their messages', async () => {
      const { errors } = await check('create', { ...form, modeEnvoiID: null, poids: null, dateFin: addDays(today, -1), paysID: FR });
      expect(errors).toEqual({
        modeEnvoiID: "Le mode d'envoi est obligatoire",
        poids: 'Le poids global est obligatoire',
        dateFin: ENVOI_MESSAGES.datePast,
        paysID: ENVOI_MESSAGES.paysDiffer,
      });
      expect((await check('create', { ...form, dateArrive: addDays(today, 4) })).errors).toEqual({
        dateArrive: ENVOI_MESSAGES.arriveBeforeDebut,
      });
    });

    it('on edit, requires contenu and accepts the past dates the loaded record had (departFormRecord)', async () => {
      const past = { dateFin: addDays(today, -9), dateDebut: addDays(today, -8), dateArrive: addDays(today, -2) };
      const loaded = departFormRecord({ id: 'e1', ...form, ...past, contenu: 'Fret' });
      expect((await check('edit', loaded)).errors).toEqual({});
      expect((await check('edit', { ...loaded, contenu: '' })).errors).toEqual({ contenu: 'Le contenu est obligatoire' });
      expect((await check('edit', { ...loaded, dateFin: addDays(today, -10) })).errors).toEqual({ dateFin: ENVOI_MESSAGES.datePast });
      // Without the saved dates (an add), the same past dates are refused.
      expect(Object.keys((await check('create', { ...form, ...past })).errors).sort()).toEqual(['dateArrive', 'dateDebut', 'dateFin']);
    });
  });

  it('offers every destination but the chosen origin', () => {
    const choices = [
      { id: 'fr', libelle: 'France' },
      { id: 'sn', libelle: 'Sénégal' },
    ];
    expect(excludeChoice(choices, 'fr')).toEqual([{ id: 'sn', libelle: 'Sénégal' }]);
    expect(excludeChoice(choices, { id: 'sn' })).toEqual([{ id: 'fr', libelle: 'France' }]);
    expect(excludeChoice(choices, null)).toEqual(choices);
  });

  it('sends only the spec fields with ids, and loads populated references as ids', () => {
    const record = {
      id: 'e1',
      reference: 'DEP-2601-0001',
      poidsReel: '3.000',
      statutID: { id: 's', code: 'OUVERT' },
      modeEnvoiID: { id: 'm', libelle: 'Aérien' },
      paysID: { id: 'sn' },
      paysEmetteurID: { id: 'fr' },
      dateDebut: '2030-01-10',
      dateArrive: '2030-01-12T00:00:00Z',
      dateFin: '2030-01-08',
      contenu: ' Fret ',
      poids: '100.5',
    };
    const form = departFormRecord(record);
    expect(form).toMatchObject({
      modeEnvoiID: 'm',
      paysID: 'sn',
      paysEmetteurID: 'fr',
      dateArrive: '2030-01-12',
      reference: 'DEP-2601-0001',
    });
    expect(departBody(form)).toEqual({
      modeEnvoiID: 'm',
      paysID: 'sn',
      paysEmetteurID: 'fr',
      dateDebut: '2030-01-10',
      dateArrive: '2030-01-12',
      dateFin: '2030-01-08',
      contenu: 'Fret',
      poids: 100.5,
    });
  });

  it('names a client by nom and prenoms, else by phone', () => {
    expect(clientDisplayName({ nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+33612' })).toBe('Diop Awa');
    expect(clientDisplayName({ nom: '', telephoneComplet: '+33612' })).toBe('+33612');
    expect(clientDisplayName(undefined)).toBe('--');
  });
});

describe('routes and texts', () => {
  it('redirects the legacy departure paths', () => {
    expect(legacyTarget('/addDepart', '')).toBe('/depart/create');
    expect(legacyTarget('/departUpdate', '?id=abc')).toBe('/depart/abc');
    expect(legacyTarget('/departUpdate', '')).toBe('/depart');
    expect(clientsOfDepartPath('e 1')).toBe('/listeClientParEnvoi?id=e%201');
    expect(envoisOfClientPath('c1')).toBe('/listeEnvoiParClient?id=c1');
  });

  it('holds the spec texts of the departure screens', () => {
    const d = (frenchAppMessages as MessageTree).resources.depart;
    expect(d.page.list).toBe('LISTE DES DÉPARTS');
    expect(d.action.add).toBe('Ajouter un départ');
    expect(d.notifications.created).toBe('départ ajouté avec succès');
    expect(d.notifications.updated).toBe('Mise à jour du départ réussie !');
    expect(d.notifications.save_error).toBe("Erreur lors de l'enregistrement de l'envoi :");
    expect(d.status_change.success).toBe('Statut de départ mis à jour avec succès !');
    expect(d.status_change.failure).toBe('Echec lors du changement !');
    expect(d.status_change.cancelled).toBe('Vous avez annulez la modification !');
  });
});

describe('dataProvider calls of the departure screens', () => {
  it('lists envoi/liste under `envois` with paging, sort and the status filter', async () => {
    installBrowserStubs();
    const calls = installFetch({
      'GET envoi/liste': { body: { success: true, envois: [{ id: 'e1', reference: 'DEP-1' }], total: 1 } },
    });
    const res = await dataProvider.getList('depart', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'dep', statut: 'OUVERT' },
    });
    expect(res).toMatchObject({ data: [{ id: 'e1', reference: 'DEP-1' }], total: 1 });
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      _page: '1',
      _perPage: '10',
      _sort: 'createdAt',
      _order: 'DESC',
      q: 'dep',
      statut: 'OUVERT',
    });
  });

  it('changes a status with PUT envoi/update/{id} {statutID: code}', async () => {
    installBrowserStubs();
    const calls = installFetch({ 'PUT envoi/update/e1': { body: { success: true, data: { id: 'e1', statutID: { code: 'ARRIVE' } } } } });
    await dataProvider.update('depart', { id: 'e1', data: { statutID: 'ARRIVE' }, previousData: { id: 'e1' } });
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].body).toEqual({ statutID: 'ARRIVE' });
  });

  it('lists the clients of a departure (listClientsOfEnvoi) as records, and keeps the server refusal', async () => {
    installBrowserStubs();
    const calls = installFetch({
      'GET colis/ListClientsBy/e%201': {
        body: {
          success: true,
          datas: [{ _id: 'c1', nom: 'Diop', colis: [{ id: 'p1', reference: 'PAR1' }] }],
          envoi: { reference: 'DEP-1' },
        },
      },
      'GET colis/ListEnvoisBy/c9': { status: 403, body: { success: false, message: "Ce client n'a pas de colis dans votre agence." } },
    });
    const answer = await dataProvider.listClientsOfEnvoi('e 1');
    expect(calls[0].url.pathname).toBe('/api/colis/ListClientsBy/e%201');
    expect(answer.envoi).toEqual({ reference: 'DEP-1' });
    expect(answer.clients).toEqual([{ _id: 'c1', id: 'c1', nom: 'Diop', colis: [{ id: 'p1', reference: 'PAR1' }] }]);
    await expect(dataProvider.listEnvoisOfClient('c9')).rejects.toMatchObject({
      status: 403,
      body: { message: "Ce client n'a pas de colis dans votre agence." },
    });
  });

  it('lists the shipments of a client (listEnvoisOfClient) with the client, and an empty answer as no row', async () => {
    installBrowserStubs();
    installFetch({
      'GET colis/ListEnvoisBy/c1': {
        body: { success: true, client: { nom: 'Diop', prenoms: 'Awa' }, datas: [{ id: 'p1', reference: 'PAR1-2026-000001' }] },
      },
      'GET colis/ListEnvoisBy/c2': { body: { success: true } },
    });
    expect(await dataProvider.listEnvoisOfClient('c1')).toEqual({
      client: { nom: 'Diop', prenoms: 'Awa' },
      colis: [{ id: 'p1', reference: 'PAR1-2026-000001' }],
    });
    expect(await dataProvider.listEnvoisOfClient('c2')).toEqual({ client: undefined, colis: [] });
  });
});

describe('selects', () => {
  it('sort labels the French way', () => {
    const sorted = sortByLibelle([
      { libelle: 'Burkina Faso' },
      { libelle: 'Bénin' },
      { libelle: 'Côte d’Ivoire' },
      { libelle: 'belgique' },
    ]);
    expect(sorted.map((c) => c.libelle)).toEqual(['belgique', 'Bénin', 'Burkina Faso', 'Côte d’Ivoire']);
  });
});
