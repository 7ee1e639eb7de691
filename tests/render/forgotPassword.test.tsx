/**
 * Password recovery (src/auth/ForgotPasswordPage.tsx; spec 000 §2 Forgot password, §8 texts), in the app (react-router's
 * navigation): after a wrong code the page shows one alert, the failure 'Une erreur est survenue. Veuillez réessayer.',
 * and no longer the 'code envoyé' alert of step 2 above or below it; the calls carry the typed values; a success leads
 * to /login. The server is a fetch stand-in (tests/render/authFetch.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import ForgotPasswordPage from '../../src/auth/ForgotPasswordPage';
import { RouterAuthNavigation } from '../../src/auth/RouterAuthNavigation';
import { frBase } from '../../src/i18n/frBase';
import { renderAdmin, setupUser, typeText } from './renderAdmin';
import { stubAuthFetch, type Answer } from './authFetch';

const FAILURE = 'Une erreur est survenue. Veuillez réessayer.';
/** The step-2 text (its wording is the recovery page's own choice, read from the app's texts). */
const OTP_SENT = frBase.app.forgot.otp_sent;

/** The alerts of the page's card (react-admin's toasts are outside it). */
const cardAlerts = () => Array.from(document.querySelectorAll('.MuiCard-root .MuiAlert-root')).map((a) => a.textContent);

afterEach(() => vi.unstubAllGlobals());

/** Renders the page and goes through step 1 (phone + email → code sent); `reset` is the server's answer to step 2. */
async function toStep2(reset: Answer) {
  const calls = stubAuthFetch({
    'POST auth/forgotPassword': { status: 200, body: { success: true, message: 'Code envoyé' } },
    'POST auth/validerPassword': reset,
  });
  const page = renderAdmin(
    <RouterAuthNavigation>
      <ForgotPasswordPage />
    </RouterAuthNavigation>,
    { path: '/forgotpassword' },
  );
  const user = setupUser();
  await typeText(user, await screen.findByRole('textbox', { name: /^Téléphone complet/ }), '+33 6 12 34 56 78');
  await typeText(user, screen.getByRole('textbox', { name: /^Email/ }), ' awa.kone@example.com ');
  await user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
  await screen.findByRole('textbox', { name: /^Code OTP/ });
  expect(calls).toEqual([
    { method: 'POST', path: 'auth/forgotPassword', body: { telephoneComplet: '+33612345678', email: 'awa.kone@example.com' } },
  ]);
  return { user, calls, page };
}

/** Types the code and the new password, then submits step 2. */
async function submitStep2(user: ReturnType<typeof setupUser>, otp: string) {
  await typeText(user, screen.getByRole('textbox', { name: /^Code OTP/ }), otp);
  await typeText(user, screen.getByLabelText(/^Nouveau mot de passe/, { selector: 'input' }), 'NouveauMotDePasse1!');
  await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
}

describe('Forgot password (spec 000 §2, §8)', () => {
  it("step 2 shows the 'code envoyé' alert alone", async () => {
    await toStep2({ status: 200, body: { success: true } });
    expect(cardAlerts()).toEqual([OTP_SENT]);
  });

  it('a wrong code shows one alert: the failure, not the code-sent text', async () => {
    const { user, calls } = await toStep2({ status: 400, body: { success: false, message: 'Code invalide ou expiré.' } });
    await submitStep2(user, '000000');
    await waitFor(() => expect(cardAlerts()).toEqual([FAILURE]));
    expect(calls[1]).toEqual({
      method: 'POST',
      path: 'auth/validerPassword',
      body: { telephoneComplet: '+33612345678', otp: '000000', newPassword: 'NouveauMotDePasse1!' },
    });
    // Still on step 2: the code can be typed again.
    expect(screen.getByRole('textbox', { name: /^Code OTP/ })).toBeTruthy();
  });

  it("refuses a code that is not 6 digits on the page, with the schema's message, and sends nothing", async () => {
    const { user, calls } = await toStep2({ status: 200, body: { success: true } });
    await submitStep2(user, '12a');
    expect(await screen.findByText('Le code doit contenir 6 chiffres')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('a reset goes to /login', async () => {
    const { user, page } = await toStep2({ status: 200, body: { success: true, message: 'Mot de passe modifié' } });
    await submitStep2(user, '123456');
    await waitFor(() => expect(page.location()).toBe('/login'));
  });
});
