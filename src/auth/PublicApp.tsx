/**
 * The sign-in entry (docs/decisions/screen-bundles.md "The sign-in entry"): what a signed-out browser shows at /login
 * and /forgotpassword (and at /, which leads to /login) without downloading react-admin or react-router. The same
 * sign-in form and recovery page as the app's, in MUI's theme provider with the back-office's theme choices; the two
 * pages move through the browser's history (back and forward included). On sign-in the app's download starts with the
 * credentials' check, and the app is then shown in place of this tree (src/main.tsx).
 */
import { useEffect, useState } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { baseTheme, prefersReducedMotion } from '../baseTheme';
import { login } from '../providers/credentials';
import { AuthNavigationContext, FORGOT_PATH, LOGIN_PATH } from './authNavigation';
import { LoginForm, type LoginValues } from './LoginForm';
import ForgotPasswordPage from './ForgotPasswordPage';

/** How the entry opens the app (src/main.tsx). */
export interface AppOpener {
  /** Starts the app's download (nothing when it runs or is done). */
  preload: () => void;
  /** Shows the app at the browser's current address; rejects when its download fails. */
  show: () => Promise<void>;
}

/** Shown when the app's download fails after a successful sign-in (the session is kept: signing in again opens it). */
export const APP_LOAD_FAILURE = "Le chargement de l'application a échoué. Vérifiez la connexion puis réessayez.";

/** The page the browser is at, and the notice its history entry holds; any other path than the recovery is /login. */
interface Page {
  path: string;
  notice?: string;
}

/** Reads the current history entry; puts /login in the address bar when it showed another path (/). */
function currentPage(): Page {
  const path = window.location.pathname === FORGOT_PATH ? FORGOT_PATH : LOGIN_PATH;
  if (window.location.pathname !== path) window.history.replaceState(null, '', path);
  return { path, notice: (window.history.state as { notice?: string } | null)?.notice };
}

/**
 * Signs in, then opens the app at the page the sign-in asks for (the first password change) or the dashboard.
 * @param app the app's opener (src/main.tsx)
 * @returns the sign-in form's `login`: rejects with the server's message (wrong credentials) or APP_LOAD_FAILURE
 */
function signInAndOpen(app: AppOpener) {
  return async (credentials: LoginValues) => {
    // Downloaded while the credentials travel: the app's first screen does not wait for a second round trip.
    app.preload();
    const answer = await login(credentials);
    window.history.replaceState(null, '', answer?.redirectTo ?? '/');
    await app.show().catch((e: unknown) => {
      throw new Error(APP_LOAD_FAILURE, { cause: e });
    });
  };
}

/**
 * The signed-out pages.
 * @param app opens the app after sign-in (src/main.tsx)
 */
export const PublicApp = ({ app }: { app: AppOpener }) => {
  // Our theme choices alone: react-admin's default theme would bring react-admin (src/baseTheme.ts). Made here, not
  // when the module loads: src/main.tsx imports this module for the signed-in start too.
  const [theme] = useState(() => createTheme(baseTheme(prefersReducedMotion())));
  const [page, setPage] = useState(currentPage);
  useEffect(() => {
    const moved = () => setPage(currentPage());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const go = (path: string, notice?: string) => {
    window.history.pushState(notice ? { notice } : null, '', path);
    setPage({ path, notice });
  };
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <AuthNavigationContext.Provider value={{ notice: page.notice, go }}>
        {page.path === FORGOT_PATH ? <ForgotPasswordPage key={FORGOT_PATH} /> : <LoginForm key={LOGIN_PATH} login={signInAndOpen(app)} />}
      </AuthNavigationContext.Provider>
    </ThemeProvider>
  );
};
