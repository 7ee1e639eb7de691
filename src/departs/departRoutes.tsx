/**
 * Custom routes of the departure screens inside the layout (spec 000 §2): /listeClientParEnvoi?id= (key
 * departListClientby) and /listeEnvoiParClient?id= (key listeEnvoiParClient), each a lazy page behind its key.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { Guarded } from '../kit/Guarded';
import { CLIENTS_OF_DEPART_ROUTE, ENVOIS_OF_CLIENT_ROUTE } from './departPaths';

const DepartClientsPage = lazy(() => import('./DepartClientsPage'));
const ClientEnvoisPage = lazy(() => import('./ClientEnvoisPage'));

/** Returns the <Route> elements of the two pages, for a <CustomRoutes> block (with layout). */
export const departRouteElements = () => [
  <Route
    key={CLIENTS_OF_DEPART_ROUTE}
    path={CLIENTS_OF_DEPART_ROUTE}
    element={
      <Guarded permission="departListClientby">
        <DepartClientsPage />
      </Guarded>
    }
  />,
  <Route
    key={ENVOIS_OF_CLIENT_ROUTE}
    path={ENVOIS_OF_CLIENT_ROUTE}
    element={
      <Guarded permission="listeEnvoiParClient">
        <ClientEnvoisPage />
      </Guarded>
    }
  />,
];
