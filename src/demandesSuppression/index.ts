/**
 * The resource 'Demandes de suppression' (key colisDeleteApprouver; docs/decisions/deletion-requests.md): the list of
 * the parcels' deletion requests at /demandesSuppression, where an administrator approves (the parcel is deleted) or
 * refuses them with a reason; checked by react-admin's access control (RESOURCE_KEYS.demandesSuppression). Loaded lazily.
 */
import { lazy } from 'react';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="demandesSuppression">. */
export const demandesSuppressionResource: ResourceProps = {
  name: 'demandesSuppression',
  list: lazy(() => import('./DemandesSuppressionList')),
  icon: DeleteSweepIcon,
};
