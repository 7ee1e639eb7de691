/**
 * The pickup modes ('mode de recuperation') resource (spec 001 §2 Pickup modes: /modeLivraison, /addmodeLivraison, /ModelivraisonUpdate?id={id}): list, add, edit on the code / libellé kit, loaded lazily.
 */
import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="modeLivraison">. */
export const modeLivraisonResource: ResourceProps = {
  name: 'modeLivraison',
  list: lazy(() => import('./ModeLivraisonList')),
  create: lazy(() => import('./ModeLivraisonCreate')),
  edit: lazy(() => import('./ModeLivraisonEdit')),
  icon: StorefrontIcon,
  recordRepresentation: 'libelle',
};
