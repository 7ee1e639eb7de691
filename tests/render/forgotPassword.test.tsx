/**
 * Password recovery (src/auth/ForgotPasswordPage.tsx; spec 000 §2 Forgot password, §8 texts): after a wrong code the
 * page shows one alert, the failure 'Une erreur est survenue. Veuillez réessayer.', and no longer the 'code envoyé'
 * alert of step 2 above or below it; the calls are the authProvider's, with the typed values.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpError } from 'react-admin';
import ForgotPasswordPage from '../../src/auth/ForgotPasswordPage';
import { frBase } from '../../src/i18n/frBase';
import { authProvider } from '../../src/providers/authProvider';
import { renderAdmin, setupUser, typeText } from './renderAdmin';

const FAILURE = 'Une erreur est survenue. Veuillez réessayer.';
/** The step-2 text (its wording is the recovery page's own choice, read from the app's texts). */
const OTP_SENT = frBase.app.forgot.otp_sent;

/** The alerts of the page's card (react-admin's toasts are outside it). */
const cardAlerts = () => Array.from(document.querySelectorAll('.MuiCard-root .MuiAlert-root')).map((a) => a.textContent);

/** Renders the page signed out and goes through step 1 (phone + email → code sent). */
async function toStep2() {
  const request = vi.spyOn(authProvider, 'requestPasswordReset').mockResolvedValue();
  const reset = vi
    .spyOn(authProvider, 'resetPassword')
    .mockRejectedValue(new HttpError('Code invalide ou expiré.', 400, { success: false, message: 'Code invalide ou expiré.' }));
  renderAdmin(<ForgotPasswordPage />, { path: '/forgotpassword' });
  const user = setupUser();
  await typeText(user, await screen.findByRole('textbox', { name: /^Téléphone complet/ }), '+33612345678');
  await typeText(user, screen.getByRole('textbox', { name: /^Email/ }), 'awa.kone@example.com');
  await user.click(screen.getByRole('button', { name: 'Recevoir le code' }));
  await screen.findByRole('textbox', { name: /^Code OTP/ });
  expect(request).toHaveBeenCalledWith({ telephoneComplet: '+33612345678', email: 'awa.kone@example.com' });
  return { user, reset };
}

describe('Forgot password, a wrong code (spec 000 §2, §8)', () => {
  it("step 2 shows the 'code envoyé' alert alone", async () => {
    await toStep2();
    expect(cardAlerts()).toEqual([OTP_SENT]);
  });

  it('a wrong code shows one alert: the failure, not the code-sent text', async () => {
    const { user, reset } = await toStep2();
    await typeText(user, screen.getByRole('textbox', { name: /^Code OTP/ }), '000000');
    await typeText(user, screen.getByLabelText(/^Nouveau mot de passe/), 'NouveauMotDePasse1!');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    expect(reset).toHaveBeenCalledWith({ telephoneComplet: '+33612345678', otp: '000000', newPassword: 'NouveauMotDePasse1!' });
    await waitFor(() => expect(cardAlerts()).toEqual([FAILURE]));
    // Still on step 2: the code can be typed again.
    expect(screen.getByRole('textbox', { name: /^Code OTP/ })).toBeTruthy();
  });
});
