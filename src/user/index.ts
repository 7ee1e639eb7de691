/**
 * The users resource (spec 001 §2 Users: list /user, add /addUser, edit /userUpdate?id=): list, add, edit, loaded
 * lazily; the legacy paths are in src/routes/legacyRoutes.ts. Staff only (users of type ADMIN); clients have their
 * own resource (src/clients) over the same user/* calls.
 */
import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="user">. */
export const userResource: ResourceProps = {
  name: 'user',
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record) => [record.nom, record.prenoms].filter(Boolean).join(' '),
};
