/**
 * The operations resource, route operation (spec 001 §2 'Entrées & Sorties': the 'Tableau de bord administratif' at
 * /operation, addOperation → /operation/create, operationUpdate?id= → /operation/{id}; §7 operation/…): the dashboard
 * list and the add / edit forms, loaded lazily.
 */
import { lazy } from 'react';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="operation">. */
export const operationResource: ResourceProps = {
  name: 'operation',
  list: lazy(() => import('./OperationList')),
  create: lazy(() => import('./OperationCreate')),
  edit: lazy(() => import('./OperationEdit')),
  icon: AccountBalanceWalletIcon,
};
