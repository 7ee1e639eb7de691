/**
 * What react-admin's `<Admin>` does, without what `<Admin>` imports for its defaults
 * (docs/decisions/screen-bundles.md): `<Admin>` is `<AdminContext>` + `<AdminUI>`, and `AdminUI` imports react-admin's
 * default layout (app bar, sidebar, menu, popper, hotkeys), login form, error and not-found pages even when they are
 * replaced, and `<Admin>` its English messages; the sign-in page downloaded all of them. Here the context and ra-core's
 * `CoreAdminUI` get every page explicitly: ours, react-admin's small `LoadingPage` and `Notification` (through
 * `AppNotification`), and its error pages loaded when shown.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, LoadingPage, localStorageStore, type AdminProps } from 'react-admin';
import { AppNotification } from './layout/AppNotification';

const RaError = lazy(() => import('./layout/raDefaultPages').then((m) => ({ default: m.Error })));
const RaAuthenticationError = lazy(() => import('./layout/raDefaultPages').then((m) => ({ default: m.AuthenticationError })));

/** The error boundary's page (react-admin's `Error`: message, details, back button), loaded when an error occurs. */
const ErrorPage = (props: ComponentProps<typeof RaError>) => (
  <Suspense fallback={null}>
    <RaError {...props} />
  </Suspense>
);

/** Shown when the authentication check fails with an error that is not a refused session (react-admin's page). */
const AuthenticationErrorPage = () => (
  <Suspense fallback={null}>
    <RaAuthenticationError />
  </Suspense>
);

/** React-admin's default store (preferences in localStorage), as `<Admin>` creates it. */
const store = localStorageStore();

/**
 * Takes `<Admin>`'s props (those the back-office uses: providers, theme, pages, layout, dashboard, title,
 * requireAuth, disableTelemetry) and the resources and custom routes as children; renders the application.
 */
export const AppShell = ({
  authProvider,
  dataProvider,
  i18nProvider,
  theme,
  children,
  ...ui
}: Pick<
  AdminProps,
  | 'authProvider'
  | 'dataProvider'
  | 'i18nProvider'
  | 'theme'
  | 'children'
  | 'title'
  | 'disableTelemetry'
  | 'requireAuth'
  | 'layout'
  | 'loginPage'
  | 'dashboard'
  | 'catchAll'
  | 'accessDenied'
>) => (
  <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme} store={store}>
    <CssBaseline enableColorScheme>
      <CoreAdminUI loading={LoadingPage} error={ErrorPage} authenticationError={AuthenticationErrorPage} {...ui}>
        {children}
      </CoreAdminUI>
      <AppNotification />
    </CssBaseline>
  </AdminContext>
);
