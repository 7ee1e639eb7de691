/**
 * The messaging resources (spec 001 §2 /messagerie; docs/decisions/client-messaging.md): messagerie — the
 * 'Nouveau message' form and the sent messages — and mailOutbox — the 'Boîte d'envoi'. Lists only, loaded lazily.
 */
import { lazy } from 'react';
import MailIcon from '@mui/icons-material/Mail';
import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="messagerie">. */
export const messagerieResource: ResourceProps = {
  name: 'messagerie',
  list: lazy(() => import('./MessageriePage')),
  icon: MailIcon,
};

/** Props of <Resource name="mailOutbox">. */
export const mailOutboxResource: ResourceProps = {
  name: 'mailOutbox',
  list: lazy(() => import('./MailOutboxList')),
  icon: OutboxIcon,
};
