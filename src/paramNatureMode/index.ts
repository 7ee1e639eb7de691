/**
 * The unit prices resource (spec 001 §2 Unit prices 'Prix Unitaire': list /paramNatureMode, add /addParamNatureMode,
 * edit /paramNatureModeUpdate?id=): list, add, edit, loaded lazily; the legacy paths are in src/routes/legacyRoutes.ts.
 */
import { lazy } from 'react';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="paramNatureMode">. */
export const paramNatureModeResource: ResourceProps = {
  name: 'paramNatureMode',
  list: lazy(() => import('./ParamNatureModeList')),
  create: lazy(() => import('./ParamNatureModeCreate')),
  edit: lazy(() => import('./ParamNatureModeEdit')),
  icon: PriceChangeIcon,
  recordRepresentation: 'libelle',
};
