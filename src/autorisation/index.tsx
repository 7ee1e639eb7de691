/**
 * The role–permission assignment resource, /autorisation (spec 001 §2 route autorisation; key `autorisation`): one
 * page, loaded lazily behind its key (Guarded: a user without it, or who loses it, goes to the 403 page).
 */
import { lazy } from 'react';
import SecurityIcon from '@mui/icons-material/Security';
import type { ResourceProps } from 'react-admin';
import { Guarded } from '../kit/Guarded';

const AutorisationPage = lazy(() => import('./AutorisationPage'));

/** The page behind its permission key. */
const AutorisationRoute = () => (
  <Guarded permission="autorisation">
    <AutorisationPage />
  </Guarded>
);

/** Props of <Resource name="autorisation">. */
export const autorisationResource: ResourceProps = {
  name: 'autorisation',
  list: AutorisationRoute,
  icon: SecurityIcon,
};
