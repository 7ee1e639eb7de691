/**
 * Step 3 of the edit wizard (src/colis/wizard/StepDestinataire.tsx over the values of src/colis/model/wizardRules.ts
 * valuesFromColis; spec 000 §2 Edit parcel): a saved full number shows its dial code once — 'Indicatif +221' beside
 * '709563833', not beside '+221709563833' — for the recipient and the typed sender, and a new search still looks the
 * recipient up by the full number.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Form, type GetOneParams } from 'react-admin';
import { StepDestinataire } from '../../src/colis/wizard/StepDestinataire';
import { valuesFromColis } from '../../src/colis/model/wizardRules';
import type { ColisRecord, Envoi } from '../../src/colis/model/types';
import { renderAdmin, setupUser } from './renderAdmin';

const SN = '22222222-2222-4222-8222-000000000001';
const FR = '22222222-2222-4222-8222-000000000002';
const CLIENT = '66666666-6666-4666-8666-000000000001';

const PAYS: Record<string, Record<string, unknown>> = {
  [SN]: { id: SN, libelle: 'Sénégal', indicatif: '+221', longueurNumero: 9 },
  [FR]: { id: FR, libelle: 'France', indicatif: '+33', longueurNumero: 9 },
};

const envoi = {
  id: '11111111-1111-4111-8111-000000000001',
  reference: 'DEP-2611-0076',
  paysID: { id: SN, libelle: 'Sénégal' },
  paysEmetteurID: { id: FR, libelle: 'France' },
} as unknown as Envoi;

/** A saved parcel (colis/getBy) whose recipient is a known client and whose sender was typed. */
const colis = {
  id: '01a1ef54-2875-752f-abb6-bcfa2ad89219',
  reference: 'PAR1-2611-000568',
  envoiID: { id: envoi.id },
  statutID: { id: 's', code: 'EN_ATTENTE', libelle: 'En attente' },
  destinataireID: { id: CLIENT, nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+221709563833' },
  NumeroSaisi: '+33612345678',
  naturesColis: [],
} as unknown as ColisRecord;

/** Renders step 3 inside a form holding the edit wizard's values of `colis`. */
function renderStep3() {
  const provider = {
    getOne: vi.fn(async (resource: string, params: GetOneParams) => {
      if (resource === 'pays' && PAYS[params.id]) return { data: PAYS[params.id] };
      throw new Error(`getOne ${resource} ${params.id}`);
    }),
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getMany: vi.fn(async () => ({ data: [] })),
    findClientByPhone: vi.fn(async () => ({ id: CLIENT, nom: 'Diop', prenoms: 'Awa', telephoneComplet: '+221709563833' })),
  };
  renderAdmin(
    <Form record={valuesFromColis(colis)}>
      <StepDestinataire envoi={envoi} />
    </Form>,
    { dataProvider: provider, resource: 'colis' },
  );
  return { provider, user: setupUser() };
}

const textbox = (name: RegExp) => screen.getAllByRole('textbox', { name }) as HTMLInputElement[];

describe('Edit wizard, step 3: the dial code shows once (spec 000 §2 Edit parcel)', () => {
  it("the recipient's saved number shows without the dial code beside 'Indicatif +221'", async () => {
    renderStep3();
    await waitFor(() => expect(textbox(/^Indicatif/)[0].value).toBe('+221'));
    expect((screen.getByRole('textbox', { name: /^Téléphone du destinataire/ }) as HTMLInputElement).value).toBe('709563833');
  });

  it("the typed sender's number too, beside 'Indicatif +33'", async () => {
    renderStep3();
    await waitFor(() => expect(textbox(/^Indicatif/).map((i) => i.value)).toEqual(['+221', '+33']));
    expect((screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }) as HTMLInputElement).value).toBe('612345678');
  });

  it('a new search looks the recipient up by the full number', async () => {
    const { provider, user } = renderStep3();
    await waitFor(() => expect(textbox(/^Indicatif/)[0].value).toBe('+221'));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(provider.findClientByPhone).toHaveBeenCalledWith('+221709563833'));
  });
});
