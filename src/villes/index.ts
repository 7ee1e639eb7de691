/**
 * The cities resource (spec 001 §2 Cities: /villes, /addVille, /villeUpdate?id={id}): list, add, edit, loaded lazily;
 * the legacy paths redirect in src/routes/legacyRoutes.ts.
 */
import { lazy } from 'react';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="villes">. */
export const villesResource: ResourceProps = {
  name: 'villes',
  list: lazy(() => import('./VillesList')),
  create: lazy(() => import('./VillesCreate')),
  edit: lazy(() => import('./VillesEdit')),
  icon: LocationCityIcon,
  recordRepresentation: 'libelle',
};
