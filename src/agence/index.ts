/**
 * The agencies resource (spec 001 §2 Agencies: list /agence, add /addAgence, edit /agenceUpdate?id=): list, add, edit,
 * loaded lazily; the legacy paths are in src/routes/legacyRoutes.ts.
 */
import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="agence">. */
export const agenceResource: ResourceProps = {
  name: 'agence',
  list: lazy(() => import('./AgenceList')),
  create: lazy(() => import('./AgenceCreate')),
  edit: lazy(() => import('./AgenceEdit')),
  icon: StorefrontIcon,
  recordRepresentation: 'libelle',
};
