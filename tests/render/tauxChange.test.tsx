/**
 * 'Nouveau taux de change' (src/tauxChange/TauxChangeCreate.tsx; docs/decisions/exchange-rate-history.md, audit 001
 * B6): a currency that already has a rate today shows it and offers « Remplacer ce taux »; ticked, the save sends
 * `remplacer` and says the rate was corrected.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CreateParams } from 'react-admin';
import TauxChangeCreate from '../../src/tauxChange/TauxChangeCreate';
import { addDays, todayIso } from '../../common/dates';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText } from './renderAdmin';

const today = todayIso();

/** Renders the form with GNF's history: 9 000 from 30 days ago, 9 350 from today. */
function renderForm() {
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'taux-1' } }));
  const getList = vi.fn(async (_resource: string, params: { filter: { devise?: string } }) => {
    const data =
      params.filter.devise === 'GNF'
        ? [
            { id: 'gnf-2', devise: 'GNF', taux: '9350', dateDebut: today },
            { id: 'gnf-1', devise: 'GNF', taux: '9000', dateDebut: addDays(today, -30) },
          ]
        : [];
    return { data, total: data.length };
  });
  renderAdmin(<TauxChangeCreate />, {
    session: sessionWith(['tauxChange'], ADMIN_ROLE),
    dataProvider: { create, getList },
    resource: 'tauxChange',
    path: '/tauxChange/create',
  });
  return { create, user: setupUser() };
}

describe('correcting the rate of today (001 B6)', () => {
  it('shows the rate already entered today, and sends remplacer once « Remplacer ce taux » is ticked', async () => {
    const { create, user } = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /^Devise/ }));
    await user.click(await screen.findByRole('option', { name: /^GNF/ }));
    const existant = await screen.findByTestId('taux-existant');
    expect(existant.textContent?.replace(/\s/g, ' ')).toContain('Un taux de GNF est déjà saisi pour le');
    expect(existant.textContent?.replace(/\s/g, ' ')).toContain(': 9 350 pour 1 €.');
    await typeText(user, screen.getByRole('textbox', { name: /^Taux/ }), '9 400');
    await user.click(screen.getByLabelText('Remplacer ce taux'));
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toEqual({ devise: 'GNF', taux: '9 400', dateDebut: today, remplacer: true });
    expect(await screen.findByText('Taux de change corrigé avec succès !')).toBeTruthy();
  });

  it('offers nothing to replace and sends no remplacer for a currency without a rate that day', async () => {
    const { create, user } = renderForm();
    await user.click(await screen.findByRole('combobox', { name: /^Devise/ }));
    await user.click(await screen.findByRole('option', { name: /^USD/ }));
    await typeText(user, screen.getByRole('textbox', { name: /^Taux/ }), '1,08');
    expect(screen.queryByTestId('taux-existant')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toEqual({ devise: 'USD', taux: '1,08', dateDebut: today });
    expect(await screen.findByText('Taux de change enregistré avec succès !')).toBeTruthy();
  });
});
