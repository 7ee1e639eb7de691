/**
 * The app's notification (src/layout/AppNotification.tsx, docs/decisions/notification-queue.md): one message at a time,
 * and a message sent while another is shown appears once the shown one has given way (about a second), not at the end
 * of the shown one's 4 s; a message alone stays its 4 s.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotify } from 'react-admin';
import { GIVE_WAY_MS } from '../../src/layout/AppNotification';
import { renderAdmin } from './renderAdmin';

let notify: ReturnType<typeof useNotify>;
/** Hands the test react-admin's notify. */
function NotifyHandle() {
  notify = useNotify();
  return null;
}

describe('the app notification', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('shows a message sent while another is shown once that one gave way, well before its 4 s', async () => {
    renderAdmin(<NotifyHandle />);
    act(() => notify('Statut mis à jour avec succès !', { type: 'success' }));
    expect(await screen.findByText('Statut mis à jour avec succès !')).toBeTruthy();
    act(() => notify('suppression effectuée', { type: 'success' }));
    // The second waits behind the first, which is still shown.
    expect(screen.queryByText('suppression effectuée')).toBeNull();
    // The give-way delay, then the first one's exit transition (React renders the close between the two), on the
    // test's clock: the second is on screen then, 1.5 s after it was sent.
    await act(() => vi.advanceTimersByTimeAsync(GIVE_WAY_MS));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('suppression effectuée')).toBeTruthy();
    expect(screen.queryByText('Statut mis à jour avec succès !')).toBeNull();
  });

  it('keeps a message alone on screen past the give-way delay', async () => {
    renderAdmin(<NotifyHandle />);
    act(() => notify('Mise à jour de la ville réussie !', { type: 'success' }));
    expect(await screen.findByText('Mise à jour de la ville réussie !')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(GIVE_WAY_MS + 1500));
    expect(screen.getByText('Mise à jour de la ville réussie !')).toBeTruthy();
  });
});
