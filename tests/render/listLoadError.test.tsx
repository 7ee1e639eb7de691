/**
 * A list whose read fails (src/kit/ListLoadError.tsx on every ReferenceListPage; spec 000 §8 "a load failure shows
 * 'erreur' with the server message"; docs/decisions/list-load-error.md): the page shows the server's message and a
 * 'Réessayer' button instead of 'Aucune donnée disponible', and 'Réessayer' reads the list again and shows its rows.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type GetListParams } from 'react-admin';
import { HttpError } from '../../src/providers/httpError';
import PaysList from '../../src/pays/PaysList';
import ColisList from '../../src/colis/ColisList';
import { renderAdmin, setupUser } from './renderAdmin';

const EMPTY = 'Aucune donnée disponible';

/** A getList whose read of `resource` fails once with a 500 'Erreur interne', then answers `rows`. */
function failingOnce(resource: string, rows: Record<string, unknown>[]) {
  let calls = 0;
  return vi.fn(async (name: string, _params: GetListParams) => {
    if (name !== resource) return { data: [], total: 0 };
    calls += 1;
    if (calls === 1) throw new HttpError('Erreur interne', 500, { success: false, message: 'Erreur interne' });
    return { data: rows, total: rows.length };
  });
}

/** The calls of `getList` for `resource`. */
const readsOf = (getList: ReturnType<typeof failingOnce>, resource: string) => getList.mock.calls.filter(([r]) => r === resource).length;

describe('A list whose read fails shows the error and Réessayer (spec 000 §8)', () => {
  it('countries: the server message and Réessayer, not the empty text; Réessayer shows the rows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getList = failingOnce('pays', [
      { id: 'pays-1', code: 'SN', libelle: 'Sénégal', devise: 'XOF', indicatif: '+221', isActive: true },
    ]);
    renderAdmin(<PaysList />, { resource: 'pays', path: '/pays', dataProvider: { getList } });

    const alert = await screen.findByTestId('load-error');
    expect(alert.textContent).toContain('Erreur interne');
    expect(screen.queryByText(EMPTY)).toBeNull();
    // No page counts beside the failure.
    expect(screen.queryByText(/sur un total de/)).toBeNull();
    const user = setupUser();
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));

    expect(await screen.findByText('Sénégal')).toBeTruthy();
    expect(readsOf(getList, 'pays')).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('load-error')).toBeNull());
  });

  it('parcels (the audited case): the error shows in place of the table', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const getList = failingOnce('colis', []);
    renderAdmin(<ColisList />, { resource: 'colis', path: '/colis', dataProvider: { getList, getMany: async () => ({ data: [] }) } });

    const alert = await screen.findByTestId('load-error');
    expect(alert.textContent).toContain('Erreur interne');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
    // Retried and empty: now the empty text is the truth.
    await setupUser().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(EMPTY)).toBeTruthy();
  });
});
