/**
 * Routes of the parcel screens (spec 000 §2 route table): /addColis and /colisUpdate/{id} as custom routes inside the
 * layout, and /colis/{reference} as a child route of the colis resource; each behind the permission whose name is the
 * route's (addColis, colisUpdate, colisDetail).
 */
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import type { PermissionKey } from '../../common/permissions';
import { RequirePermission } from '../layout/AccessGuards';

const ColisCreatePage = lazy(() => import('./ColisCreatePage'));
const ColisEditPage = lazy(() => import('./ColisEditPage'));
const ColisDetailsPage = lazy(() => import('./ColisDetailsPage'));

/** A lazy page behind a permission. */
const Guarded = ({ permission, children }: { permission: PermissionKey; children: React.ReactNode }) => (
  <RequirePermission permission={permission}>
    <Suspense fallback={<Loading />}>{children}</Suspense>
  </RequirePermission>
);

/** The <Route> elements of /addColis and /colisUpdate/:id, for a <CustomRoutes> block inside the layout. */
export const colisRouteElements = () => [
  <Route
    key="addColis"
    path="/addColis"
    element={
      <Guarded permission="addColis">
        <ColisCreatePage />
      </Guarded>
    }
  />,
  <Route
    key="colisUpdate"
    path="/colisUpdate/:id"
    element={
      <Guarded permission="colisUpdate">
        <ColisEditPage />
      </Guarded>
    }
  />,
];

/** The details route /colis/:reference, a child of <Resource name="colis">. */
export const ColisDetailsRoute = () => (
  <Guarded permission="colisDetail">
    <ColisDetailsPage />
  </Guarded>
);
