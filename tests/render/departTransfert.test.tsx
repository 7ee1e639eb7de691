/**
 * The confirmation of 'Marquer en cours d'envoi' (src/departs/EnCoursEnvoiDialog.tsx;
 * docs/decisions/departure-ships-received.md): it lists the parcels the departure leaves waiting (reference, sender,
 * amount due in its currency), moves those the user may move to the departure chosen (colis/transferer), or leaves
 * them; 'Oui' ships.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type RaRecord, type UpdateParams } from 'react-admin';
import { HttpError } from '../../src/providers/httpError';
import { EnvoiStatutButtons } from '../../src/departs/EnvoiStatutButtons';
import type { ColisEnAttente, DepartCandidat, EnAttenteOfEnvoi } from '../../src/departs/departMethods';
import { formatMontant } from '../../common/format';
import type { PermissionKey } from '../../common/permissions';
import { renderAdmin, sessionWith, setupUser, waitForAuth } from './renderAdmin';

const EN_COURS = "Marquer en cours d'envoi";

const depart: RaRecord = {
  id: 'envoi-1',
  reference: 'DEP-2611-0001',
  statutID: { id: 'statut-OUVERT', code: 'OUVERT', libelle: 'Ouvert' },
};

const attente = (over: Partial<ColisEnAttente>): ColisEnAttente => ({
  id: 'c-1',
  _id: over.id ?? 'c-1',
  reference: 'PAR1-2611-000001',
  poids: 5,
  unite: 'KG',
  montantTotal: 50,
  reglement: 0,
  resteAPayer: 50,
  devise: 'EUR',
  agenceID: 'agence-1',
  expediteur: { nom: 'Ndiaye', prenoms: 'Awa' },
  deplacable: true,
  ...over,
});

/** An amount as the page shows it, spaces as Testing Library reads them (it folds the no-break spaces). */
const montant = (value: number, devise: string) => formatMontant(value, devise).replace(/\s/g, ' ');

const WAITING: ColisEnAttente[] = [
  attente({}),
  attente({ id: 'c-2', reference: 'PAR1-2611-000002', resteAPayer: 6560, devise: 'XOF', expediteur: { nom: 'Diop', prenoms: 'Moussa' } }),
  attente({ id: 'c-3', reference: 'MRS1-2611-000003', resteAPayer: 12.5, expediteur: null, deplacable: false }),
];
const SUIVANT: DepartCandidat = {
  id: 'envoi-2',
  _id: 'envoi-2',
  reference: 'DEP-2611-0002',
  dateDebut: '2026-12-10',
  dateFin: '2026-12-08',
  poids: 100,
  poidsReel: 72.5,
  poidsDisponible: 27.5,
  devise: 'EUR',
};

/** Renders the buttons of an OUVERT departure for a user holding `keys`, the dataProvider answering `answers` in turn. */
function renderDialog(keys: PermissionKey[], answers: EnAttenteOfEnvoi[], more: Record<string, unknown> = {}) {
  let call = 0;
  const colisEnAttenteOfEnvoi = vi.fn(async () => answers[Math.min(call++, answers.length - 1)]);
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.previousData, id: params.id } }));
  renderAdmin(<EnvoiStatutButtons />, {
    session: sessionWith(keys),
    resource: 'depart',
    record: depart,
    dataProvider: { update, colisEnAttenteOfEnvoi, ...more },
  });
  return { colisEnAttenteOfEnvoi, update };
}

async function openDialog() {
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: EN_COURS }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe("'en cours d'envoi' confirmation: the parcels left waiting", () => {
  it('lists each waiting parcel with its sender and amount due in its currency, and Oui ships', async () => {
    const { colisEnAttenteOfEnvoi, update } = renderDialog(['enCoursEnvoiDepart', 'colisUpdate'], [{ colis: WAITING, departs: [SUIVANT] }]);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText("Voulez-vous passer le départ DEP-2611-0001 au statut « En cours d'envoi » ?")).toBeTruthy();
    expect(
      await within(dialog).findByText('3 colis en attente (non réceptionnés) resteront sur ce départ et ne partiront pas :'),
    ).toBeTruthy();
    expect(colisEnAttenteOfEnvoi).toHaveBeenCalledWith('envoi-1', expect.anything());
    const row = (reference: string) => within(dialog).getByText(reference).closest('tr') as HTMLElement;
    expect(within(row('PAR1-2611-000001')).getByText('Ndiaye Awa')).toBeTruthy();
    expect(within(row('PAR1-2611-000001')).getByText(montant(50, 'EUR'))).toBeTruthy();
    expect(within(row('PAR1-2611-000002')).getByText('Diop Moussa')).toBeTruthy();
    expect(within(row('PAR1-2611-000002')).getByText(montant(6560, 'XOF'))).toBeTruthy();
    expect(montant(6560, 'XOF')).toBe('6 560 F CFA');
    expect(within(row('MRS1-2611-000003')).getByText('--')).toBeTruthy();
    // Another agency's parcel may not be moved: its box is off and disabled.
    const other = within(row('MRS1-2611-000003')).getByRole('checkbox') as HTMLInputElement;
    expect(other.disabled).toBe(true);
    expect(other.checked).toBe(false);
    expect((within(row('PAR1-2611-000001')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    // Leave them: Oui ships the departure.
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Statut de départ mis à jour avec succès !')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect((update.mock.calls[0] as unknown[])[1]).toMatchObject({ id: 'envoi-1', data: { statutID: 'EN_COURS_ENVOI' } });
  });

  it('moves the ticked parcels to the departure chosen, then shows none left', async () => {
    const transfererColis = vi.fn(async () => '1 colis transféré vers le départ DEP-2611-0002.');
    const { colisEnAttenteOfEnvoi, update } = renderDialog(
      ['enCoursEnvoiDepart', 'colisUpdate'],
      [
        { colis: WAITING, departs: [SUIVANT] },
        { colis: [WAITING[2]], departs: [SUIVANT] },
      ],
      { transfererColis },
    );
    const { user, dialog } = await openDialog();
    await within(dialog).findByText('PAR1-2611-000002');
    const moveButton = within(dialog).getByRole('button', { name: 'Déplacer les colis choisis' }) as HTMLButtonElement;
    expect(moveButton.disabled).toBe(true);
    // Untick the second one, choose the target (its weight left shown).
    await user.click(within(dialog).getByRole('checkbox', { name: 'Choisir PAR1-2611-000002' }));
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'DEP-2611-0002 — 27,5 kg disponibles — départ le 10/12/2026' }));
    await user.click(moveButton);
    expect(await screen.findByText('1 colis transféré vers le départ DEP-2611-0002.')).toBeTruthy();
    expect(transfererColis).toHaveBeenCalledWith(['c-1'], 'envoi-2');
    // Read again: only the other agency's parcel is left.
    await waitFor(() => expect(colisEnAttenteOfEnvoi.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(await within(dialog).findByText('1 colis en attente (non réceptionné) restera sur ce départ et ne partira pas :')).toBeTruthy();
    expect(within(dialog).queryByText('PAR1-2611-000001')).toBeNull();
    expect(update).not.toHaveBeenCalled();
  });

  it("says the server's refusal of a move and keeps the parcels listed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Le poids disponible sur le départ DEP-2611-0002 est insuffisant : 2 kg disponibles, 5 kg demandés.';
    const transfererColis = vi.fn(async () => {
      throw new HttpError(message, 409, { message });
    });
    renderDialog(['enCoursEnvoiDepart', 'colisUpdate'], [{ colis: WAITING, departs: [SUIVANT] }], { transfererColis });
    const { user, dialog } = await openDialog();
    await within(dialog).findByText('PAR1-2611-000001');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: /DEP-2611-0002/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer les colis choisis' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(transfererColis).toHaveBeenCalledWith(['c-1', 'c-2'], 'envoi-2');
    expect(within(dialog).getByText('PAR1-2611-000001')).toBeTruthy();
  });

  it('without the parcel edit key: the parcels are listed, nothing offers to move them', async () => {
    renderDialog(['enCoursEnvoiDepart'], [{ colis: WAITING, departs: [SUIVANT] }]);
    await waitForAuth();
    const { dialog } = await openDialog();
    await within(dialog).findByText('PAR1-2611-000001');
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Déplacer les colis choisis' })).toBeNull();
  });

  it('says when every parcel was received', async () => {
    renderDialog(['enCoursEnvoiDepart', 'colisUpdate'], [{ colis: [], departs: [] }]);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Tous les colis de ce départ ont été réceptionnés : ils partiront tous.')).toBeTruthy();
  });

  it('offers no departure when none of the route is open', async () => {
    renderDialog(['enCoursEnvoiDepart', 'colisUpdate'], [{ colis: WAITING, departs: [] }]);
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('Aucun autre départ ouvert sur ce trajet : les colis resteront en attente ici.')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });
});
