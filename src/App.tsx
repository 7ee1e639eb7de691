/**
 * The back-office application (docs/architecture.md §5; spec 000 §2 routes, 001 §2 route table): <AppShell> (react-admin's
 * <Admin> without its default pages, docs/decisions/screen-bundles.md) with the
 * French i18nProvider, authProvider, dataProvider, our layout, login page, dashboard, error pages and
 * access-denied redirect; resources and custom routes. Resource screens are loaded lazily.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { CustomRoutes, Loading, Resource } from 'react-admin';
import { AppShell } from './AppShell';
import { appTheme, prefersReducedMotion } from './theme';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './appDataProvider';
import { i18nProvider, loadResourceMessages } from './i18n/i18nProvider';
import { NotFoundPage, ForbiddenPage, ServerErrorPage } from './layout/ErrorPage';
import { AccessDeniedRedirect } from './layout/AccessGuards';
import { RouteTrail } from './layout/routeTrail';
import { Guarded } from './kit/Guarded';
import { legacyRouteElements } from './routes/legacyRouteElements';
import LoginPage from './auth/LoginPage';
import { RouterAuthNavigation } from './auth/RouterAuthNavigation';
import { FORGOT_PATH } from './auth/authNavigation';
import { paysResource } from './pays';
import { departResource, departRouteElements } from './departs';
import { colisResource } from './colis';
import { villesResource } from './villes';
import { modeEnvoiResource } from './modeEnvoi';
import { modeLivraisonResource } from './modeLivraison';
import { modePaiementResource } from './modePaiement';
import { typeOperationResource } from './typeOperation';
import { operationResource } from './operation';
import { tauxChangeResource } from './tauxChange';
import { roleResource } from './role';
import { permissionResource } from './permission';
import { agenceResource } from './agence';
import { userResource } from './user';
import { groupeNatureColisResource } from './groupeNatureColis';
import { natureColisResource } from './natureColis';
import { paramNatureModeResource } from './paramNatureMode';
import { clientsResource } from './clients';
import { encaissementsResource } from './encaissements';
import { caisseResource } from './caisse';
import { demandesSuppressionResource } from './demandesSuppression';
import { inventaireResource } from './inventaire';
import { autorisationResource } from './autorisation';
import { mailOutboxResource, messagerieResource } from './messagerie';
import { auditResource } from './audit';

const AppLayout = lazy(() => Promise.all([import('./layout/AppLayout'), loadResourceMessages()]).then(([m]) => ({ default: m.AppLayout })));
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ChangePasswordPage = lazy(() => import('./auth/ChangePasswordPage'));
const ProfilPage = lazy(() => import('./profil/ProfilPage'));

/**
 * The layout (app bar, menu and its icons, footer), loaded after sign-in with the resources' French texts so the
 * sign-in page downloads neither (docs/decisions/screen-bundles.md); react-admin's Loading shows meanwhile. Takes the page as children.
 */
const LazyLayout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading />}>
    <AppLayout>{children}</AppLayout>
  </Suspense>
);

/** The theme, without motion when the system asks for reduced motion (src/theme.ts). */
const theme = appTheme(prefersReducedMotion());

/**
 * Renders the whole application (no props). A BrowserRouter gives the spec's plain paths (/login, /pays,
 * /paysUpdate?id=…) instead of react-admin's default hash URLs; the server answers index.html for them.
 */
export const App = () => (
  <BrowserRouter>
    {/* The page before the current one: the error pages' rule after /errorserver (spec 000 §2, 001 §4). */}
    <RouteTrail />
    <AppShell
      title="Back-office Colis"
      disableTelemetry
      requireAuth
      theme={theme}
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={LazyLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      catchAll={NotFoundPage}
      accessDenied={AccessDeniedRedirect}
    >
      <Resource {...paysResource} />
      <Resource {...departResource} />
      <Resource {...colisResource} />
      <Resource {...villesResource} />
      <Resource {...modeEnvoiResource} />
      <Resource {...modeLivraisonResource} />
      <Resource {...modePaiementResource} />
      <Resource {...typeOperationResource} />
      <Resource {...operationResource} />
      <Resource {...tauxChangeResource} />
      <Resource {...roleResource} />
      <Resource {...permissionResource} />
      <Resource {...agenceResource} />
      <Resource {...userResource} />
      <Resource {...groupeNatureColisResource} />
      <Resource {...natureColisResource} />
      <Resource {...paramNatureModeResource} />
      <Resource {...clientsResource} />
      <Resource {...encaissementsResource} />
      <Resource {...caisseResource} />
      <Resource {...demandesSuppressionResource} />
      <Resource {...inventaireResource} />
      <Resource {...autorisationResource} />
      <Resource {...messagerieResource} />
      <Resource {...mailOutboxResource} />
      <Resource {...auditResource} />
      <CustomRoutes noLayout>
        <Route
          path={FORGOT_PATH}
          element={
            <Guarded>
              <RouterAuthNavigation>
                <ForgotPasswordPage />
              </RouterAuthNavigation>
            </Guarded>
          }
        />
        <Route
          path="/changer-mot-de-passe"
          element={
            <Guarded>
              <ChangePasswordPage />
            </Guarded>
          }
        />
        <Route path="/notauthenticate" element={<ForbiddenPage />} />
        <Route path="/errorserver" element={<ServerErrorPage />} />
        {legacyRouteElements()}
      </CustomRoutes>
      <CustomRoutes>
        {departRouteElements()}
        <Route
          path="/profil"
          element={
            <Guarded permission="profil">
              <ProfilPage />
            </Guarded>
          }
        />
      </CustomRoutes>
    </AppShell>
  </BrowserRouter>
);
