/**
 * 'Ajouter entrée/sortie' (src/operation/OperationCreate.tsx; spec 001 §5 Operation add, docs/decisions/currencies.md):
 * the currency is left empty, so the server books the operation in its agency's country's currency — the agency of
 * the staff member chosen, which the browser does not know. An administrator of a Paris agency recording for a Dakar
 * clerk sends no currency (the server then takes F CFA), never the euro of its own agency.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CreateParams, GetListParams, GetOneParams } from 'react-admin';
import OperationCreate from '../../src/operation/OperationCreate';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText, type User } from './renderAdmin';

const PARIS = { id: 'agence-1', code: 'PAR1', libelle: 'Paris Nord' };
const CARBURANT = { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e01', code: 'CARBURANT', libelle: 'Carburant', isActive: true };
const MOI = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e02';
const CLERC_DAKAR = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e03';

/** The dataProvider of the form: the staff list, the operation types, the records of the user's agency, the write. */
function provider() {
  return {
    getStaffUsers: vi.fn(async () => [
      { id: MOI, nom: 'Koné', prenoms: 'Awa', agenceID: { id: PARIS.id } },
      { id: CLERC_DAKAR, nom: 'Sow', prenoms: 'Fatou', agenceID: { id: 'agence-dakar' } },
    ]),
    getList: vi.fn(async (resource: string, _params: GetListParams) => {
      const data = resource === 'typeOperation' ? [CARBURANT] : [];
      return { data, total: data.length };
    }),
    getMany: vi.fn(async (resource: string) => ({ data: resource === 'typeOperation' ? [CARBURANT] : [] })),
    // The user's own agency is in France: what a preset of the signed-in user's currency would have read.
    getOne: vi.fn(async (resource: string, params: GetOneParams) => {
      if (resource === 'agence') return { data: { ...PARIS, paysID: 'pays-fr' } };
      if (resource === 'pays') return { data: { id: 'pays-fr', libelle: 'France', devise: 'EUR' } };
      throw new Error(`getOne ${resource} ${params.id}`);
    }),
    create: vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'operation-1' } })),
  };
}

/** Picks `option` in the select labelled `label`. */
async function choose(user: User, label: RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('OperationCreate: the currency is the server’s to choose', () => {
  it('leaves the currency empty and sends none when recording for a clerk of another agency', async () => {
    const dataProvider = provider();
    renderAdmin(<OperationCreate />, {
      session: sessionWith(['operation', 'addOperation'], ADMIN_ROLE, { id: MOI, agenceID: PARIS }),
      dataProvider,
      resource: 'operation',
      path: '/operation/create',
    });
    const user = setupUser();
    const montant = await screen.findByRole('textbox', { name: /^Montant/ });
    const devise = document.querySelector<HTMLInputElement>('input[name="devise"]');
    expect(devise?.value).toBe('');
    await choose(user, /^Utilisateur/, 'Sow Fatou');
    await typeText(user, montant, '5000');
    await choose(user, /^Motif/, 'Carburant');
    await user.click(screen.getByRole('radio', { name: 'Sortie' }));
    await typeText(user, screen.getByRole('textbox', { name: /^Description/ }), 'Plein du camion');
    expect(devise?.value).toBe('');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledTimes(1));
    const [resource, { data }] = dataProvider.create.mock.calls[0];
    expect(resource).toBe('operation');
    expect(data).toMatchObject({ userID: CLERC_DAKAR, motif: CARBURANT.id, type: 'sortie', description: 'Plein du camion' });
    expect(data).not.toHaveProperty('devise');
  });
});
