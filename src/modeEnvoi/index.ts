/**
 * The sending modes resource (spec 001 §2 Sending modes: /modeEnvoi, /addmodeEnvoi, /modeEnvoiUpdate?id={id}): list, add, edit on the code / libellé kit, loaded lazily.
 */
import { lazy } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="modeEnvoi">. */
export const modeEnvoiResource: ResourceProps = {
  name: 'modeEnvoi',
  list: lazy(() => import('./ModeEnvoiList')),
  create: lazy(() => import('./ModeEnvoiCreate')),
  edit: lazy(() => import('./ModeEnvoiEdit')),
  icon: LocalShippingIcon,
  recordRepresentation: 'libelle',
};
