/**
 * The cash closing resource 'Caisse' (key caisse, docs/decisions/refunds-and-cash.md): one page at /caisse — the
 * expected amounts of an agency's day, the counted amounts and the closing, the closings' history — checked by
 * react-admin's access control (RESOURCE_KEYS.caisse: list needs caisse). Loaded lazily.
 */
import { lazy } from 'react';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="caisse">. */
export const caisseResource: ResourceProps = {
  name: 'caisse',
  list: lazy(() => import('./CaissePage')),
  icon: PointOfSaleIcon,
};
