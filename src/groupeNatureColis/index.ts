/**
 * The nature groups resource (spec 001 §2 Nature groups: list /groupeNatureColis, add /addGroupeNatureColis, edit
 * /groupeNatureColisUpdate?id=, details groupeNatureColisDetails?id=): list, add, edit and the details page (show),
 * loaded lazily; the legacy paths are in src/routes/legacyRoutes.ts.
 */
import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="groupeNatureColis">. */
export const groupeNatureColisResource: ResourceProps = {
  name: 'groupeNatureColis',
  list: lazy(() => import('./GroupeNatureColisList')),
  create: lazy(() => import('./GroupeNatureColisCreate')),
  edit: lazy(() => import('./GroupeNatureColisEdit')),
  show: lazy(() => import('./GroupeNatureColisShow')),
  icon: CategoryIcon,
  recordRepresentation: 'libelle',
};
