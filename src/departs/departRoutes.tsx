/**
 * Custom routes of the departure screens inside the layout (spec 000 §2): /listeClientParEnvoi?id= (key
 * departListClientby) and /listeEnvoiParClient?id= (key listeEnvoiParClient), each guarded like the profile page
 * and loaded lazily.
 */
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { RequirePermission } from '../layout/AccessGuards';
import { CLIENTS_OF_DEPART_ROUTE, ENVOIS_OF_CLIENT_ROUTE } from './departPaths';

const DepartClientsPage = lazy(() => import('./DepartClientsPage'));
const ClientEnvoisPage = lazy(() => import('./ClientEnvoisPage'));

/** Returns the <Route> elements of the two pages, for a <CustomRoutes> block (with layout). */
export const departRouteElements = () => [
  <Route
    key={CLIENTS_OF_DEPART_ROUTE}
    path={CLIENTS_OF_DEPART_ROUTE}
    element={
      <RequirePermission permission="departListClientby">
        <Suspense fallback={<Loading />}>
          <DepartClientsPage />
        </Suspense>
      </RequirePermission>
    }
  />,
  <Route
    key={ENVOIS_OF_CLIENT_ROUTE}
    path={ENVOIS_OF_CLIENT_ROUTE}
    element={
      <RequirePermission permission="listeEnvoiParClient">
        <Suspense fallback={<Loading />}>
          <ClientEnvoisPage />
        </Suspense>
      </RequirePermission>
    }
  />,
];
