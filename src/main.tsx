/**
 * Browser entry point (docs/architecture.md §5, docs/decisions/screen-bundles.md "The sign-in entry"): signed out at
 * /login, /forgotpassword or /, the sign-in entry without react-admin (src/auth/PublicApp.tsx); anywhere else, or
 * signed in, the application (src/App.tsx), a chunk of its own: its failed download says so in French.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasLiveSession } from './providers/sessionStore';
import { loadOnce } from './kit/loadOnce';
import { PublicApp, type AppOpener } from './auth/PublicApp';
import { FORGOT_PATH, LOGIN_PATH } from './auth/authNavigation';

/** The paths the sign-in entry serves to a signed-out browser (/ leads to /login, as the app's access check would). */
const SIGN_IN_PATHS = new Set(['/', LOGIN_PATH, FORGOT_PATH]);

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
const root = createRoot(container);

/** Replaces the loading text when a chunk cannot be downloaded (a lost connection, a release replaced meanwhile). */
const loadFailed = () => {
  container.textContent = 'Le chargement a échoué. Vérifiez la connexion puis rechargez la page.';
};

/** The app's module, downloaded once; a failed download is tried again on the next call. */
const loadApp = loadOnce(() => import('./App'));

/** Opens the app: from the sign-in entry after sign-in, or at once. */
const app: AppOpener = {
  preload: () => void loadApp().catch(() => undefined),
  show: () =>
    loadApp().then(({ App }) =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
};

if (!hasLiveSession() && SIGN_IN_PATHS.has(window.location.pathname)) {
  root.render(
    <StrictMode>
      <PublicApp app={app} />
    </StrictMode>,
  );
} else {
  app.show().catch(loadFailed);
}
