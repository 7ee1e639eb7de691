/**
 * The stock inventories resource (spec 001 §2 route table "Inventory | /inventaire | - | /inventaire/{id} detail";
 * keys inventaire and addInventaire): the list 'Etats de stocks' at /inventaire, the detail at the spec's
 * /inventaire/{id} (and react-admin's own /inventaire/{id}/show), and the scanning screen 'Nouvel inventaire' at
 * /inventaire/create, each checked by react-admin's access control (RESOURCE_KEYS.inventaire: list and show need
 * inventaire, create addInventaire). Screens load lazily.
 */
import { createElement, lazy } from 'react';
import { Route } from 'react-router-dom';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { ResourceProps } from 'react-admin';

const InventaireShow = lazy(() => import('./InventaireShow'));

/** Props of <Resource name="inventaire">. */
export const inventaireResource: ResourceProps = {
  name: 'inventaire',
  list: lazy(() => import('./InventaireList')),
  create: lazy(() => import('./InventaireCreate')),
  show: InventaireShow,
  icon: FactCheckIcon,
  // The spec's detail path /inventaire/{id} (the resource has no edit page to take it).
  children: createElement(Route, { path: ':id', element: createElement(InventaireShow) }),
};
