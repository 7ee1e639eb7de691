/**
 * The parcels resource (spec 000 §2 Parcel list, Add parcel, Edit parcel, Parcel details): the list at /colis, the
 * wizard at /colis/create (key addColis) and /colis/{id} (key colisUpdate), the details at /colis/{id}/show (key
 * colisDetail), each checked by react-admin's access control (RESOURCE_KEYS.colis). The spec's paths /addColis,
 * /colisUpdate/{id} and /colis/{reference} redirect there (src/routes/legacyRoutes.ts). Screens load lazily.
 */
import { lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="colis">. */
export const colisResource: ResourceProps = {
  name: 'colis',
  list: lazy(() => import('./ColisList')),
  create: lazy(() => import('./ColisCreate')),
  edit: lazy(() => import('./ColisEdit')),
  show: lazy(() => import('./ColisShow')),
  icon: Inventory2Icon,
  recordRepresentation: 'reference',
};
