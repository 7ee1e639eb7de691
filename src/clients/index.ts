/**
 * The clients resource (spec 000 §2 route names clients and clientUpdate, §6 keys clients / clientUpdate /
 * clientUpdateStatut): users of type CLIENT, listed with user/listeClients and edited with user/getBy and
 * user/update (src/providers/resourceApi.ts), loaded lazily; the legacy path /clientUpdate?id= is in
 * src/routes/legacyRoutes.ts. No add screen: the parcel wizard creates clients.
 */
import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { fullName } from '../providers/records';

/** Props of <Resource name="clients">. */
export const clientsResource: ResourceProps = {
  name: 'clients',
  list: lazy(() => import('./ClientsList')),
  edit: lazy(() => import('./ClientsEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record) => fullName(record),
};
