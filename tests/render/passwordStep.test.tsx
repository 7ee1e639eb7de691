/**
 * The generated password's step (docs/decisions/staff-accounts.md), read from the stored session on the first render
 * (src/providers/usePasswordStep.ts): the layout sends a user who must still change it to /changer-mot-de-passe before
 * drawing anything, and the password change page shows its form to that user only, sending anyone else home.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import ChangePasswordPage from '../../src/auth/ChangePasswordPage';
import { AppLayout } from '../../src/layout/AppLayout';
import { CHANGE_PASSWORD_PATH } from '../../src/providers/authProvider';
import { renderAdmin, sessionWith } from './renderAdmin';

/** A staff user signed in with the password the server generated: no privileges until it is changed. */
const generated = () => sessionWith([], undefined, { mustChangePassword: true });

afterEach(() => vi.unstubAllGlobals());

describe('the generated password step', () => {
  it('the layout sends the user who must change it to the step, and draws no page', async () => {
    // The layout's privileges sync may call the server: unreachable here, which it tolerates.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { location } = renderAdmin(
      <AppLayout>
        <p>Tableau de bord</p>
      </AppLayout>,
      { session: generated(), path: '/' },
    );
    await waitFor(() => expect(location()).toBe(CHANGE_PASSWORD_PATH));
    expect(screen.queryByText('Tableau de bord')).toBeNull();
  });

  it('the password change page shows its form to that user and stays', async () => {
    const { location } = renderAdmin(<ChangePasswordPage />, { session: generated(), path: CHANGE_PASSWORD_PATH });
    expect(await screen.findByRole('button', { name: 'Changer mon mot de passe' })).toBeTruthy();
    expect(location()).toBe(CHANGE_PASSWORD_PATH);
  });

  it('the password change page sends a user with nothing to change home', async () => {
    const { location } = renderAdmin(<ChangePasswordPage />, { session: sessionWith([]), path: CHANGE_PASSWORD_PATH });
    await waitFor(() => expect(location()).toBe('/'));
  });
});
