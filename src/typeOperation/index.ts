/**
 * The operation types resource (spec 001 §2 Operation types: /typeOperation, /addTypeOperation, /typeOperationUpdate?id={id}): list, add, edit on the code / libellé kit, loaded lazily.
 */
import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="typeOperation">. */
export const typeOperationResource: ResourceProps = {
  name: 'typeOperation',
  list: lazy(() => import('./TypeOperationList')),
  create: lazy(() => import('./TypeOperationCreate')),
  edit: lazy(() => import('./TypeOperationEdit')),
  icon: CategoryIcon,
  recordRepresentation: 'libelle',
};
