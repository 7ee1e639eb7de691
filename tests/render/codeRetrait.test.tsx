/**
 * 'Code de retrait' of the parcel details (src/colis/show/CodeRetraitCard.tsx, docs/decisions/release-code.md): the
 * code's state as the server answers it (never a code), a new code sent after Oui, a locked code unlocked, each write
 * once however fast it is clicked; nothing shown to staff outside the destination agency (404) nor without the key.
 */
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PermissionKey } from '../../common/permissions';
import { HttpError } from '../../src/providers/httpError';
import { CodeRetraitCard } from '../../src/colis/show/CodeRetraitCard';
import { renderAdmin, sessionWith, setupUser } from './renderAdmin';

const COLIS_ID = '01a21416-aca4-767e-aa5c-0000000000c1';

/** A state as GET colis/codeRetrait answers it. */
const etat = (over: Record<string, unknown>) => ({
  etat: 'ACTIF',
  envoyeLe: '2026-12-06T09:30:00.000Z',
  essaisRestants: 5,
  envois: 1,
  utiliseLe: null,
  ...over,
});

/** Renders the card with the key retraitColis (or `keys`), the methods given. */
function renderCard(methods: Record<string, unknown>, keys: PermissionKey[] = ['retraitColis'], statut = 'EXPEDIE') {
  renderAdmin(<CodeRetraitCard colisId={COLIS_ID} statut={statut} />, { session: sessionWith(keys), dataProvider: methods });
}

describe('the release code card', () => {
  it('an active code: sent on, attempts left; a new code after Oui, once, then the state read again', async () => {
    let sent = 0;
    const getCodeRetrait = vi.fn(async () => etat(sent ? { envois: 2, envoyeLe: '2026-12-06T10:45:00.000Z' } : {}));
    const sendCodeRetrait = vi.fn(async () => {
      sent++;
      return 'Un nouveau code de retrait a été envoyé au destinataire.';
    });
    renderCard({ getCodeRetrait, sendCodeRetrait });
    const card = await screen.findByTestId('code-retrait');
    expect(card.textContent).toMatch(/Code actif, envoyé au destinataire le 06\/12\/2026 \d\d:30 : encore 5 essais avant blocage\./);
    expect(card.textContent).toContain('1 code envoyé pour ce colis');
    const user = setupUser();
    await user.click(within(card).getByRole('button', { name: 'Envoyer un nouveau code' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("L'ancien code ne fonctionnera plus.");
    const oui = within(dialog).getByRole('button', { name: 'Oui' });
    fireEvent.click(oui);
    fireEvent.click(oui);
    expect(await screen.findByText('Un nouveau code de retrait a été envoyé au destinataire.')).toBeTruthy();
    expect(sendCodeRetrait).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('code-retrait').textContent).toContain('2 codes envoyés pour ce colis'));
  });

  it('a locked code says so and is unlocked once; a used one offers nothing', async () => {
    let unlocked = false;
    const getCodeRetrait = vi.fn(async () => etat(unlocked ? {} : { etat: 'BLOQUE', essaisRestants: 0 }));
    const unlockCodeRetrait = vi.fn(async () => {
      unlocked = true;
      return 'Code de retrait débloqué : le destinataire peut le saisir à nouveau.';
    });
    renderCard({ getCodeRetrait, unlockCodeRetrait });
    const card = await screen.findByTestId('code-retrait');
    expect(card.textContent).toContain('Code bloqué après 5 essais incorrects');
    const button = within(card).getByRole('button', { name: 'Débloquer le code' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Code de retrait débloqué : le destinataire peut le saisir à nouveau.')).toBeTruthy();
    expect(unlockCodeRetrait).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(screen.getByTestId('code-retrait')).queryByRole('button', { name: 'Débloquer le code' })).toBeNull());
  });

  it('a parcel released with its code: the date, no button', async () => {
    renderCard(
      { getCodeRetrait: async () => etat({ etat: 'UTILISE', utiliseLe: '2026-12-07T15:05:00.000Z' }) },
      ['retraitColis'],
      'RETIRE',
    );
    const card = await screen.findByTestId('code-retrait');
    expect(card.textContent).toMatch(/Code clos : le colis a été remis le 07\/12\/2026 \d\d:05/);
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('a parcel handed over: no button; a parcel not yet arrived: no card', async () => {
    renderCard({ getCodeRetrait: async () => etat({}) }, ['retraitColis'], 'RETIRE');
    const card = await screen.findByTestId('code-retrait');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    cleanup();
    const early = vi.fn(async () => etat({ etat: 'AUCUN' }));
    renderCard({ getCodeRetrait: early }, ['retraitColis'], 'RECEPTIONNE');
    await new Promise((r) => setTimeout(r, 50));
    expect(early).not.toHaveBeenCalled();
    expect(screen.queryByTestId('code-retrait')).toBeNull();
  });

  it('another agency (404) or no key: no card', async () => {
    const getCodeRetrait = vi.fn(async () => {
      throw new HttpError('Aucun colis trouvé', 404, { success: false, message: 'Aucun colis trouvé' });
    });
    renderCard({ getCodeRetrait });
    await waitFor(() => expect(getCodeRetrait).toHaveBeenCalled());
    expect(screen.queryByTestId('code-retrait')).toBeNull();
    const never = vi.fn(async () => etat({}));
    renderCard({ getCodeRetrait: never }, []);
    await new Promise((r) => setTimeout(r, 50));
    expect(never).not.toHaveBeenCalled();
  });
});
