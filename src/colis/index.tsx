/**
 * The parcels resource (spec 000 §2 Parcel list, Add parcel, Edit parcel, Parcel details): the list at /colis, the
 * details at /colis/{reference} (a child route of the resource), and the custom routes /addColis (key addColis) and
 * /colisUpdate/{id} (key colisUpdate) from colisRouteElements(). Screens load lazily.
 */
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceProps } from 'react-admin';
import { ColisDetailsRoute } from './colisRoutes';

export { colisRouteElements } from './colisRoutes';

/** Props of <Resource name="colis">: the list, and the details page as a child route /colis/:reference. */
export const colisResource: ResourceProps = {
  name: 'colis',
  list: lazy(() => import('./ColisList')),
  icon: Inventory2Icon,
  recordRepresentation: 'reference',
  children: <Route path=":reference" element={<ColisDetailsRoute />} />,
};
