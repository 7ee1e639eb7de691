/**
 * The operations dashboard in the browser (spec 001 §2, §4, §5; docs/api-contract.md "Cash operations"): the list call
 * and its sums passed as react-admin's `meta`, the staff list of the form (user/listeAdmin), the period and agency
 * filter rules, and the shared rules of common/operationRules.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isFutureDate,
  operationCreatedMessage,
  operationPeriodStart,
  operationTypeLabel,
  parseOperationType,
} from '../../common/operationRules';
import { dataProvider } from '../../src/appDataProvider';
import { SESSION_KEY } from '../../src/providers/session';
import { periodOf, staffChoices, staffOfAgence, withAgence, withPeriod } from '../../src/operation/operationView';
import type { StaffUser } from '../../src/operation/operationMethods';
import { installBrowserStubs, installFetch } from './helpers';

/** A staff member as user/listeAdmin answers it: every field the server sends, `over` on top. */
const staff = (over: Pick<StaffUser, 'id' | 'nom' | 'prenoms'> & Partial<StaffUser>): StaffUser => ({
  _id: over.id,
  email: null,
  telephone: null,
  telephoneComplet: null,
  adresse: '',
  isActive: true,
  mustChangePassword: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  paysID: null,
  typeUserID: { id: 't-admin', _id: 't-admin', code: 'ADMIN', libelle: 'Administrateur' },
  roleID: null,
  agenceID: null,
  ...over,
});

/** An agency as a staff member's populated agenceID. */
const agence = (id: string) => ({ id, _id: id, code: id, libelle: id });

describe('common/operationRules', () => {
  it('periods: Semaine is today and the 6 days before, Mois since the 1st, Année unbounded', () => {
    expect(operationPeriodStart('semaine', '2026-11-22')).toBe('2026-11-16');
    expect(operationPeriodStart('semaine', '2026-03-02')).toBe('2026-02-24');
    expect(operationPeriodStart('mois', '2026-11-22')).toBe('2026-11-01');
    expect(operationPeriodStart('annee', '2026-11-22')).toBeNull();
    expect(isFutureDate('2026-11-23', '2026-11-22')).toBe(true);
    expect(isFutureDate('2026-11-22', '2026-11-22')).toBe(false);
  });

  it('types as sent, stored and shown; the success texts of spec 001 §8', () => {
    expect(['entrée', 'entree', 'ENTREE', ' Entrée '].map(parseOperationType)).toEqual(['entrée', 'entrée', 'entrée', 'entrée']);
    expect(parseOperationType('SORTIE')).toBe('sortie');
    expect(parseOperationType('virement')).toBeUndefined();
    expect(operationTypeLabel('entrée')).toBe('ENTREE');
    expect(operationTypeLabel('sortie')).toBe('SORTIE');
    expect(operationCreatedMessage('entrée')).toBe('Entrée ajouté avec succès !');
    expect(operationCreatedMessage('sortie')).toBe('Sortie ajouté avec succès !');
  });
});

describe('operation screen rules', () => {
  it('choosing an agency resets the period to Année; an empty choice means every agency', () => {
    expect(withAgence({ periode: 'semaine', q: 'x' }, 'a1')).toEqual({ periode: 'annee', q: 'x', agenceID: 'a1' });
    expect(withAgence({ periode: 'mois', agenceID: 'a1' }, null)).toEqual({ periode: 'annee' });
    expect(withPeriod({ agenceID: 'a1' }, 'mois')).toEqual({ agenceID: 'a1', periode: 'mois' });
    expect(periodOf({})).toBe('annee');
    expect(periodOf({ periode: 'bogus' })).toBe('annee');
  });

  it('staff choices: the list, plus the signed-in user and the record’s user when missing, by name', () => {
    const list = [staff({ id: 'u2', nom: 'Ndiaye', prenoms: 'Moussa' }), staff({ id: 'u1', nom: 'Benali', prenoms: 'Karim' })];
    expect(
      staffChoices(list, [
        { id: 'u1', fullName: 'Karim Benali' },
        { id: 'u9', nom: 'Ancien', prenoms: 'Agent' },
      ]),
    ).toEqual([
      { id: 'u9', name: 'Ancien Agent' },
      { id: 'u1', name: 'Benali Karim' },
      { id: 'u2', name: 'Ndiaye Moussa' },
    ]);
    expect(staffChoices(undefined, [{ id: 'me', fullName: 'Moi Même' }])).toEqual([{ id: 'me', name: 'Moi Même' }]);
  });
});

describe('staff of an agency', () => {
  it('keeps every member for a role that sees every agency, else those of its agency (unknown agency kept)', () => {
    const list = [
      staff({ id: 'a', nom: 'A', prenoms: 'a', agenceID: agence('PAR') }),
      staff({ id: 'b', nom: 'B', prenoms: 'b', agenceID: agence('DKR') }),
      staff({ id: 'c', nom: 'C', prenoms: 'c' }),
    ];
    expect(staffOfAgence(list, undefined)?.map((u) => u.id)).toEqual(['a', 'b', 'c']);
    expect(staffOfAgence(list, 'PAR')?.map((u) => u.id)).toEqual(['a', 'c']);
  });
});

describe('dataProvider — operation', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('getList calls operation/liste/{userId} with the period and passes the sums as meta', async () => {
    const row = { id: 'o1', _id: 'o1', date: '2026-11-20', montant: 12.5, type: 'entrée' };
    const calls = installFetch({
      'GET operation/liste/u1': {
        body: {
          success: true,
          datas: [row],
          total: 1,
          totalRevenue: 12.5,
          totalExpenses: 0,
          topRevenueSources: [],
          topExpenseCategories: [],
          byAgence: [],
        },
      },
    });
    const result = await dataProvider.getList('operation', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'date', order: 'DESC' },
      filter: { periode: 'semaine', agenceID: 'a1' },
    });
    expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({ periode: 'semaine', agenceID: 'a1', _sort: 'date' });
    expect(result.total).toBe(1);
    expect(result.meta).toEqual({ totalRevenue: 12.5, totalExpenses: 0, topRevenueSources: [], topExpenseCategories: [], byAgence: [] });
  });

  it('getStaffUsers reads user/listeAdmin and leaves inactive members out', async () => {
    installFetch({
      'GET user/listeAdmin': {
        body: {
          success: true,
          datas: [
            { id: 'u1', nom: 'A', prenoms: 'B', isActive: true },
            { id: 'u2', nom: 'C', prenoms: 'D', isActive: false },
          ],
        },
      },
    });
    expect((await dataProvider.getStaffUsers()).map((u) => u.id)).toEqual(['u1']);
  });
});
