/**
 * The collections resource, /encaissements (spec 001 §2 Collections list, §7 encaissement/liste/{userId},
 * encaissement/update/{id}, encaissement/delete/{id}): a list only, loaded lazily. The payment dialogs of the parcel
 * screens live beside it in this folder.
 */
import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="encaissements">. */
export const encaissementsResource: ResourceProps = {
  name: 'encaissements',
  list: lazy(() => import('./EncaissementsList')),
  icon: PaymentsIcon,
};
