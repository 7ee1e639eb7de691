/**
 * The departures resource (spec 000 §2 Departures list, Add departure, edit): react-admin resource 'depart' (API
 * path 'envoi', list key 'envois'), loaded lazily; its legacy paths (/addDepart, /departUpdate?id=) are in
 * src/routes/legacyRoutes.ts and its two custom routes (clients of a departure, shipments of a client) in
 * departRoutes.tsx.
 */
import { lazy } from 'react';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="depart">. */
export const departResource: ResourceProps = {
  name: 'depart',
  list: lazy(() => import('./DepartList')),
  create: lazy(() => import('./DepartCreate')),
  edit: lazy(() => import('./DepartEdit')),
  icon: FlightTakeoffIcon,
  recordRepresentation: 'reference',
};

export { departRouteElements } from './departRoutes';
