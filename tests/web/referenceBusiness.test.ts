/**
 * Pure rules and calls of the clients and collections screens (spec 000 §2 clients / clientUpdate, §6; 001 §2
 * Collections list, §6 encaissementDelete, §7, §8): the client edit body, the payment row readers ('colis supprimé'),
 * who may delete a payment, the access keys of both resources, the legacy path /clientUpdate?id=, their French
 * texts, and the dataProvider calls the lists make.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientUpdateBody } from '../../src/clients/clientRules';
import { colisOfEncaissement, isColisDeleted, paymentByKey } from '../../src/encaissements/encaissementRules';
import { userMayDeleteEncaissement } from '../../common/scopes';
import { canAccessWith } from '../../src/providers/authProvider';
import { SESSION_KEY, type Session } from '../../src/providers/session';
import { legacyTarget } from '../../src/routes/legacyRoutes';
import { frenchAppMessages } from '../../src/i18n/fr';
import { dataProvider } from '../../src/appDataProvider';
import { installBrowserStubs, installFetch } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const session = (keys: Record<string, boolean>, roleCode = 'ADMIN'): Session => ({
  token: 'tok',
  user: { id: 'u1', nom: 'Admin', prenoms: 'Test', roleID: { id: 'r1', code: roleCode } } as Session['user'],
  privileges: Object.entries(keys).map(([libelle, isActive]) => ({ libelle, isActive })),
});

/** Reads a dotted key of the merged French messages. */
const text = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], frenchAppMessages);

describe('client edit body (PUT user/update/{id})', () => {
  it('sends nom, prenoms and adresse only, trimmed; phone, e-mail and the rest of the record stay out', () => {
    expect(
      clientUpdateBody({
        id: 'c1',
        nom: ' Diop ',
        prenoms: 'Awa ',
        adresse: ' Rue 10 ',
        telephoneComplet: '+221770000001',
        email: 'a@b.sn',
        isActive: true,
        createdAt: '2026-01-01',
      }),
    ).toEqual({ nom: 'Diop', prenoms: 'Awa', adresse: 'Rue 10' });
  });

  it('turns missing or non-text values into empty strings (the server then names the missing field)', () => {
    expect(clientUpdateBody({ nom: 'Fall', adresse: null })).toEqual({ nom: 'Fall', prenoms: '', adresse: '' });
    expect(clientUpdateBody({ nom: 5, prenoms: ['x'] })).toEqual({ nom: '', prenoms: '', adresse: '' });
  });
});

describe('payment rows of the collections list', () => {
  const row = (colisID: unknown) => ({ id: 'p1', colisID }) as never;

  it("marks a payment whose parcel was deleted ('colis supprimé' from colisID.deletedAt)", () => {
    expect(isColisDeleted(row({ id: 'c1', reference: 'PAR1-1', deletedAt: '2026-11-20T10:00:00.000Z' }))).toBe(true);
    expect(isColisDeleted(row({ id: 'c1', reference: 'PAR1-1', deletedAt: null }))).toBe(false);
    expect(isColisDeleted(row({ id: 'c1', reference: 'PAR1-1' }))).toBe(false);
  });

  it("finds the parcel of the popup, or none ('Colis non trouvé')", () => {
    expect(colisOfEncaissement(row({ id: 'c1', reference: 'PAR1-1' }))).toEqual({ id: 'c1', reference: 'PAR1-1' });
    expect(colisOfEncaissement(row(null))).toBeUndefined();
    expect(colisOfEncaissement(row({ reference: 'sans id' }))).toBeUndefined();
    expect(colisOfEncaissement(undefined)).toBeUndefined();
    expect(isColisDeleted(row(null))).toBe(false);
  });

  it("names who paid ('Effectué par') with the spec's three values", () => {
    expect(paymentByKey('expediteur')).toBe('resources.encaissements.paymentby.expediteur');
    expect(paymentByKey(null)).toBeUndefined();
    for (const by of ['expediteur', 'destinateur', 'partiel']) expect(text(paymentByKey(by)!)).toEqual(expect.any(String));
    expect(text('resources.encaissements.paymentby.destinateur')).toBe('Destinataire');
  });

  it('lets only a role that sees every agency delete a payment, whatever its keys (server mayDeleteEncaissement)', () => {
    expect(userMayDeleteEncaissement({ roleID: { code: 'ADMIN', toutesAgences: true } })).toBe(true);
    expect(userMayDeleteEncaissement({ roleID: { code: 'SUPERADMIN', toutesAgences: true } })).toBe(true);
    expect(userMayDeleteEncaissement({ roleID: { code: 'AGENT' } })).toBe(false);
    expect(userMayDeleteEncaissement(null)).toBe(false);
  });
});

describe('access keys of the two resources', () => {
  it('clients: list clients, edit clientUpdate, status clientUpdateStatut; no add nor delete', () => {
    const s = session({ clients: true, clientUpdate: true, clientUpdateStatut: false, userUpdate: true });
    expect(canAccessWith(s, 'clients', 'list')).toBe(true);
    expect(canAccessWith(s, 'clients', 'edit')).toBe(true);
    expect(canAccessWith(s, 'clients', 'active')).toBe(false);
    expect(canAccessWith(s, 'clients', 'create')).toBe(false);
    expect(canAccessWith(s, 'clients', 'delete')).toBe(false);
    expect(canAccessWith(session({ clients: true, userUpdate: true, userUpdateStatut: true }), 'clients', 'edit')).toBe(false);
  });

  it('encaissements: list encaissements, status encaissementUpdateStatut, delete encaissementDelete; no edit', () => {
    const s = session({ encaissements: true, encaissementUpdateStatut: true, encaissementDelete: true });
    expect(canAccessWith(s, 'encaissements', 'list')).toBe(true);
    expect(canAccessWith(s, 'encaissements', 'active')).toBe(true);
    expect(canAccessWith(s, 'encaissements', 'delete')).toBe(true);
    expect(canAccessWith(s, 'encaissements', 'edit')).toBe(false);
    expect(canAccessWith(session({ colis: true }, 'AGENT'), 'encaissements', 'list')).toBe(false);
  });
});

describe('legacy path and texts', () => {
  it('redirects /clientUpdate?id= to the client edit page, and the list without an id', () => {
    expect(legacyTarget('/clientUpdate', '?id=c1')).toBe('/clients/c1');
    expect(legacyTarget('/clientUpdate', '')).toBe('/clients');
  });

  it("has the spec's texts of the collections list and the clients' screens", () => {
    expect(text('resources.encaissements.fields.modePaiementID')).toBe('Mode de Paiement');
    expect(text('resources.encaissements.fields.createdAt')).toBe("Date d'ajout");
    expect(text('resources.encaissements.fields.paymentby')).toBe('Effectué par');
    expect(text('resources.encaissements.fields.montantEncaisse')).toBe('Montant encaissé');
    expect(text('resources.encaissements.fields.montantRestant')).toBe('Montant restant');
    expect(text('resources.encaissements.fields.colisID')).toBe('Détails colis');
    expect(text('resources.encaissements.colis.not_found_title')).toBe('Erreur');
    expect(text('resources.encaissements.colis.not_found')).toBe('Colis non trouvé');
    expect(text('resources.encaissements.colis.deleted')).toBe('colis supprimé');
    expect(text('resources.clients.page.list')).toBe('LISTE DES CLIENTS');
    expect(text('resources.clients.notifications.updated')).toBe('Mise à jour du client réussie !');
    // The generic texts the kit uses for both lists.
    expect(text('app.status.failure')).toBe('Echec lors du changement !');
    expect(text('app.status.no_permission')).toBe("Vous n'avez pas la permission de modifier le statut.");
  });
});

describe('dataProvider calls of the two lists', () => {
  it('lists the payments with GET encaissement/liste/{userId}, paging, sort, search and the agency filter', async () => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify(session({ encaissements: true })));
    const calls = installFetch({
      'GET encaissement/liste/u1': {
        body: { success: true, datas: [{ _id: 'p1', montantEncaisse: 20, colisID: { id: 'c1', reference: 'PAR1-1' } }], total: 1 },
      },
    });
    const res = await dataProvider.getList('encaissements', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'montantEncaisse', order: 'ASC' },
      filter: { q: 'PAR1', agenceID: 'a1' },
    });
    expect(res).toMatchObject({ data: [{ id: 'p1', montantEncaisse: 20 }], total: 1 });
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({
      _page: '2',
      _perPage: '25',
      _sort: 'montantEncaisse',
      _order: 'ASC',
      q: 'PAR1',
      agenceID: 'a1',
      _byAgence: '0',
    });
  });

  it('toggles and deletes a payment with encaissement/update/{id} {isActive} and encaissement/delete/{id}', async () => {
    installBrowserStubs();
    const calls = installFetch({
      'PUT encaissement/update/p1': { body: { success: true, message: 'Statut mis à jour avec succès !' } },
      'DELETE encaissement/delete/p1': { body: { success: true, message: 'suppression effectuée' } },
    });
    await dataProvider.update('encaissements', { id: 'p1', data: { isActive: false }, previousData: { id: 'p1' } });
    await dataProvider.delete('encaissements', { id: 'p1', previousData: { id: 'p1' } });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', '/api/encaissement/update/p1', { isActive: false }],
      ['DELETE', '/api/encaissement/delete/p1', undefined],
    ]);
  });

  it('lists clients under `clients` with user/listeClients and edits one with user/getBy and user/update', async () => {
    installBrowserStubs();
    const calls = installFetch({
      'GET user/listeClients': { body: { success: true, clients: [{ id: 'c1', nom: 'Diop' }], total: 1 } },
      'GET user/getBy/c1': { body: { success: true, data: { id: 'c1', nom: 'Diop', prenoms: 'Awa' } } },
      'PUT user/update/c1': { body: { success: true, data: { id: 'c1', nom: 'Diop', prenoms: 'Fatou' } } },
    });
    const list = await dataProvider.getList('clients', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nom', order: 'ASC' },
      filter: {},
    });
    expect(list).toMatchObject({ data: [{ id: 'c1', nom: 'Diop' }], total: 1 });
    expect((await dataProvider.getOne('clients', { id: 'c1' })).data).toMatchObject({ prenoms: 'Awa' });
    await dataProvider.update('clients', {
      id: 'c1',
      data: clientUpdateBody({ nom: 'Diop', prenoms: 'Fatou', adresse: '', email: 'x@y.z' }),
      previousData: { id: 'c1' },
    });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/user/listeClients',
      'GET /api/user/getBy/c1',
      'PUT /api/user/update/c1',
    ]);
    expect(calls[2].body).toEqual({ nom: 'Diop', prenoms: 'Fatou', adresse: '' });
  });
});
