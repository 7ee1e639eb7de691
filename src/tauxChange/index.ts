/**
 * The exchange rates resource 'Taux de change' (key tauxChange; docs/decisions/currencies.md): the history of the
 * rates at /tauxChange and a new rate at /tauxChange/create; no edit nor deletion (the history is kept). Loaded lazily.
 */
import { lazy } from 'react';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="tauxChange">. */
export const tauxChangeResource: ResourceProps = {
  name: 'tauxChange',
  list: lazy(() => import('./TauxChangeList')),
  create: lazy(() => import('./TauxChangeCreate')),
  icon: CurrencyExchangeIcon,
};
