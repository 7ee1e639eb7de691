/**
 * The status buttons of a departure row (src/departs/EnvoiStatutButtons.tsx; spec 000 §4 Departure statuses, §8):
 * which buttons a user sees for the keys it holds, which are enabled for each status, the Oui/Non confirmation and
 * the update it sends through the dataProvider.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type RaRecord, type UpdateParams } from 'react-admin';
import { HttpError } from '../../src/providers/httpError';
import { EnvoiStatutButtons } from '../../src/departs/EnvoiStatutButtons';
import type { PermissionKey } from '../../common/permissions';
import { renderAdmin, sessionWith, setupUser, waitForAuth } from './renderAdmin';

const EN_COURS = "Marquer en cours d'envoi";
const ARRIVE = 'Départ arrivé';
const CLOTURER = 'Clôturer';
const ALL_KEYS: PermissionKey[] = ['enCoursEnvoiDepart', 'arriveDepart', 'clotureDepart'];

const LIBELLES: Record<string, string> = {
  EN_ATTENTE: 'En attente',
  OUVERT: 'Ouvert',
  EN_COURS_ENVOI: "En cours d'envoi",
  ARRIVE: 'Arrivé',
  CLOTURE: 'Clôturé',
};

const depart = (code: string): RaRecord => ({
  id: 'envoi-1',
  reference: 'DEP-2025-001',
  statutID: { id: `statut-${code}`, code, libelle: LIBELLES[code] },
});

/** Renders the buttons of a departure in status `code` for a user holding `keys`. */
function renderButtons(code: string, keys: PermissionKey[] = ALL_KEYS) {
  return renderAdmin(<EnvoiStatutButtons />, { session: sessionWith(keys), resource: 'depart', record: depart(code) });
}

/** The label of each button shown and whether it is enabled, in the screen's order. */
async function shownButtons() {
  await screen.findAllByRole('button');
  return screen.getAllByRole('button').map((b) => [b.getAttribute('aria-label'), !(b as HTMLButtonElement).disabled]);
}

describe('EnvoiStatutButtons: buttons by status (spec 000 §4 table)', () => {
  it.each([
    ['EN_ATTENTE', [false, false, true]],
    ['OUVERT', [true, false, true]],
    ['EN_COURS_ENVOI', [false, true, true]],
    ['ARRIVE', [false, false, true]],
    ['CLOTURE', [true, false, false]],
  ])('status %s: en cours / arrivé / clôturer enabled = %j', async (code, enabled) => {
    renderButtons(code);
    expect(await shownButtons()).toEqual([
      [EN_COURS, enabled[0]],
      [ARRIVE, enabled[1]],
      [CLOTURER, enabled[2]],
    ]);
  });

  it('a departure without a status has its buttons shown but all disabled', async () => {
    renderAdmin(<EnvoiStatutButtons />, {
      session: sessionWith(ALL_KEYS),
      resource: 'depart',
      record: { id: 'envoi-1', reference: 'DEP-2025-001' },
    });
    expect(await shownButtons()).toEqual([
      [EN_COURS, false],
      [ARRIVE, false],
      [CLOTURER, false],
    ]);
  });
});

describe('EnvoiStatutButtons: buttons by permission (spec 000 §6)', () => {
  it.each<[PermissionKey[], string[]]>([
    [['enCoursEnvoiDepart'], [EN_COURS]],
    [['arriveDepart'], [ARRIVE]],
    [['clotureDepart'], [CLOTURER]],
    [
      ['enCoursEnvoiDepart', 'clotureDepart'],
      [EN_COURS, CLOTURER],
    ],
  ])('holding %j shows only %j', async (keys, labels) => {
    renderButtons('EN_COURS_ENVOI', keys);
    expect((await shownButtons()).map(([label]) => label)).toEqual(labels);
  });

  it('shows no button without any of the three keys, nor with the keys inactive', async () => {
    const inactive = sessionWith([]);
    inactive.privileges = ALL_KEYS.map((libelle) => ({ libelle, isActive: false }));
    for (const session of [sessionWith(['depart', 'departUpdate']), inactive]) {
      const { container, unmount } = renderAdmin(<EnvoiStatutButtons />, { session, resource: 'depart', record: depart('OUVERT') });
      await waitForAuth();
      expect(within(container).queryAllByRole('button')).toEqual([]);
      unmount();
    }
  });
});

describe('EnvoiStatutButtons: confirmation and update (spec 000 §4 "Each needs a yes/no confirmation", §8)', () => {
  it('asks Oui/Non naming the departure and the target status; Non sends nothing and says the change was cancelled', async () => {
    const update = vi.fn();
    renderAdmin(<EnvoiStatutButtons />, {
      session: sessionWith(ALL_KEYS),
      resource: 'depart',
      record: depart('OUVERT'),
      dataProvider: { update },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: CLOTURER }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Changer le statut du départ')).toBeTruthy();
    expect(within(dialog).getByText('Voulez-vous passer le départ DEP-2025-001 au statut « Clôturé » ?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(await screen.findByText('Vous avez annulez la modification !')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update).not.toHaveBeenCalled();
  });

  it('Oui sends update(depart, {id, data: {statutID: target}}) and says the status changed', async () => {
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.previousData, id: params.id } }));
    // The 'en cours d'envoi' confirmation reads the parcels it leaves waiting (none here: tests/render/departTransfert.test.tsx).
    const colisEnAttenteOfEnvoi = vi.fn(async () => ({ colis: [], departs: [] }));
    renderAdmin(<EnvoiStatutButtons />, {
      session: sessionWith(ALL_KEYS),
      resource: 'depart',
      record: depart('OUVERT'),
      dataProvider: { update, colisEnAttenteOfEnvoi },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: EN_COURS }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Voulez-vous passer le départ DEP-2025-001 au statut « En cours d'envoi » ?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText('Statut de départ mis à jour avec succès !')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    const [resource, params] = update.mock.calls[0];
    expect(resource).toBe('depart');
    expect(params.id).toBe('envoi-1');
    expect(params.data).toEqual({ statutID: 'EN_COURS_ENVOI' });
  });

  it("a refusal says 'Echec lors du changement !' followed by the server's message", async () => {
    // react-admin logs the refused mutation: keep the output for real failures.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Certains colis de ce départ sont encore en attente.';
    const update = vi.fn(async () => {
      throw new HttpError(message, 409, { message });
    });
    renderAdmin(<EnvoiStatutButtons />, {
      session: sessionWith(ALL_KEYS),
      resource: 'depart',
      record: depart('EN_COURS_ENVOI'),
      dataProvider: { update },
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: ARRIVE }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(`Echec lors du changement ! ${message}`)).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    expect((update.mock.calls[0] as unknown[])[1]).toMatchObject({ id: 'envoi-1', data: { statutID: 'ARRIVE' } });
  });
});
