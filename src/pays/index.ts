/**
 * The countries resource (spec 001 §2 Countries): list, add, edit, loaded lazily, plus its legacy paths
 * (/addPays, /paysUpdate?id=) registered in src/routes/legacyRoutes.ts.
 */
import { lazy } from 'react';
import PublicIcon from '@mui/icons-material/Public';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="pays">. */
export const paysResource: ResourceProps = {
  name: 'pays',
  list: lazy(() => import('./PaysList')),
  create: lazy(() => import('./PaysCreate')),
  edit: lazy(() => import('./PaysEdit')),
  icon: PublicIcon,
  recordRepresentation: 'libelle',
};
