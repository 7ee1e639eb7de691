/**
 * The sign-in entry (src/auth/PublicApp.tsx, docs/decisions/screen-bundles.md "The sign-in entry"), as a signed-out
 * browser gets it before react-admin: / shows the sign-in form at /login; the recovery link and the browser's back
 * button move between the two pages; a reset comes back to the sign-in page with its success; a sign-in starts the
 * app's download with the credentials' call, stores the session, then shows the app at / (or at the first password
 * change); two clicks sign in once; a failed download says so in French. The server is a fetch stand-in
 * (tests/render/authFetch.ts); the app's opener records what it is asked (src/main.tsx gives the real one).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_LOAD_FAILURE, PublicApp, type AppOpener } from '../../src/auth/PublicApp';
import { hasLiveSession } from '../../src/providers/sessionStore';
import { stubAuthFetch } from './authFetch';

/** A signed token that expires in an hour (the entry keeps it as it is). */
const token = () => `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.signature`;

/** The server's answers to a good sign-in of an administrator whose role holds one privilege. */
function adminServer(extra: Record<string, unknown> = {}) {
  return stubAuthFetch({
    'POST auth/loginAD': (body) =>
      (body as { password?: string }).password === 'Secret-2026'
        ? {
            status: 200,
            body: {
              success: true,
              token: token(),
              data: { id: 'u1', nom: 'Koné', prenoms: 'Awa', typeUserID: { id: 't1', code: 'ADMIN' }, roleID: { id: 'r1', code: 'ADMIN' } },
              ...extra,
            },
          }
        : { status: 401, body: { success: false, message: 'Email ou mot de passe incorrect.' } },
    'GET autorisation/listePermissionByRoleID/r1': {
      status: 200,
      body: { success: true, datas: [{ isActive: true, privilegeID: { libelle: 'colisListe', isActive: true } }] },
    },
  });
}

/** An opener that records the calls; `show` fails when `failShow` is set. */
function opener(failShow = false) {
  const order: string[] = [];
  const app: AppOpener = {
    preload: vi.fn(() => void order.push('preload')),
    show: vi.fn(async () => {
      order.push(`show ${window.location.pathname}`);
      if (failShow) throw new Error('Failed to fetch dynamically imported module');
    }),
  };
  return { app, order };
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

/** Fills the sign-in form. */
async function typeCredentials(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'awa.kone@example.com');
  await user.type(screen.getByLabelText(/^Mot de passe/, { selector: 'input' }), password);
}

describe('the sign-in entry', () => {
  it('shows the sign-in form at /login for /, and moves to the recovery and back', async () => {
    stubAuthFetch({});
    const user = userEvent.setup();
    render(<PublicApp app={opener().app} />);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    await user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeTruthy();
    expect(window.location.pathname).toBe('/forgotpassword');
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('signs in once, with the download started first, stores the session and shows the app at /', async () => {
    const calls = adminServer();
    const { app, order } = opener();
    const user = userEvent.setup();
    render(<PublicApp app={app} />);
    await typeCredentials(user, 'Secret-2026');
    const button = screen.getByRole('button', { name: 'Je me connecte' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(app.show).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['preload', 'show /']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST auth/loginAD', 'GET autorisation/listePermissionByRoleID/r1']);
    expect(calls[0].body).toEqual({ email: 'awa.kone@example.com', password: 'Secret-2026', type: 'ADMIN' });
    expect(hasLiveSession()).toBe(true);
    // The button stays disabled until the app replaces the page.
    expect((screen.getByRole('button', { name: '' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the first password change for a generated password', async () => {
    adminServer({ mustChangePassword: true });
    const { app, order } = opener();
    const user = userEvent.setup();
    render(<PublicApp app={app} />);
    await typeCredentials(user, 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Je me connecte' }));
    await waitFor(() => expect(order).toEqual(['preload', 'show /changer-mot-de-passe']));
  });

  it("shows the server's refusal and keeps the form", async () => {
    adminServer();
    const { app } = opener();
    const user = userEvent.setup();
    render(<PublicApp app={app} />);
    await typeCredentials(user, 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Je me connecte' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Email ou mot de passe incorrect.');
    expect(app.show).not.toHaveBeenCalled();
    expect(hasLiveSession()).toBe(false);
    expect((screen.getByRole('button', { name: 'Je me connecte' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so in French when the app's download fails, and a second click opens it", async () => {
    adminServer();
    const { app } = opener(true);
    const user = userEvent.setup();
    render(<PublicApp app={app} />);
    await typeCredentials(user, 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Je me connecte' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(APP_LOAD_FAILURE);
    vi.mocked(app.show).mockResolvedValueOnce(undefined);
    await user.click(screen.getByRole('button', { name: 'Je me connecte' }));
    await waitFor(() => expect(app.show).toHaveBeenCalledTimes(2));
  });

  it("refuses an empty form on the page, with the spec's texts, and calls nothing", async () => {
    const calls = stubAuthFetch({});
    const user = userEvent.setup();
    render(<PublicApp app={opener().app} />);
    await user.click(await screen.findByRole('button', { name: 'Je me connecte' }));
    expect(await screen.findByText('Votre email est obligatoire !')).toBeTruthy();
    expect(screen.getByText('Votre mot de passe est obligatoire !')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('comes back from a reset to the sign-in page, which says the password was reset', async () => {
    stubAuthFetch({
      'POST auth/forgotPassword': { status: 200, body: { success: true } },
      'POST auth/validerPassword': { status: 200, body: { success: true } },
    });
    window.history.replaceState(null, '', '/forgotpassword');
    const user = userEvent.setup();
    render(<PublicApp app={opener().app} />);
    await user.type(await screen.findByRole('textbox', { name: /^Téléphone complet/ }), '+33612345678');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'awa.kone@example.com');
    await user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
    await user.type(await screen.findByRole('textbox', { name: /^Code OTP/ }), '123456');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/, { selector: 'input' }), 'NouveauMotDePasse1!');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText('Mot de passe réinitialisé avec succès !')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});
