/**
 * The natures resource (spec 001 §2 Natures: list /natureColis, add /addNatureColis?groupeId={id}, edit
 * /natureColisUpdate?id=): list, add, edit, loaded lazily; reached mostly from a group's details page.
 */
import { lazy } from 'react';
import LabelIcon from '@mui/icons-material/Label';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="natureColis">. */
export const natureColisResource: ResourceProps = {
  name: 'natureColis',
  list: lazy(() => import('./NatureColisList')),
  create: lazy(() => import('./NatureColisCreate')),
  edit: lazy(() => import('./NatureColisEdit')),
  icon: LabelIcon,
  recordRepresentation: 'libelle',
};
