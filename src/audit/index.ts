/**
 * The audit journal resource (docs/decisions/audit-journal.md): 'Journal d'audit', a list only, loaded lazily (key
 * auditListe).
 */
import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="audit">. */
export const auditResource: ResourceProps = {
  name: 'audit',
  list: lazy(() => import('./AuditList')),
  icon: HistoryIcon,
};
