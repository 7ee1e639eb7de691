/**
 * The payment modes resource (payment modes of spec 000 §3 (the spec lists no screen; paths follow the other modes: /modePaiement, /modePaiement/create, /modePaiement/{id})): list, add, edit on the code / libellé kit, loaded lazily.
 */
import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="modePaiement">. */
export const modePaiementResource: ResourceProps = {
  name: 'modePaiement',
  list: lazy(() => import('./ModePaiementList')),
  create: lazy(() => import('./ModePaiementCreate')),
  edit: lazy(() => import('./ModePaiementEdit')),
  icon: PaymentsIcon,
  recordRepresentation: 'libelle',
};
