/**
 * 'Clients' cell of the departures list (spec 000 §2 column 'clients', needs departListClientby): an icon link to the
 * clients of the departure, /listeClientParEnvoi?id={id}. Renders nothing without the key.
 */
import { IconButton, Tooltip } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { useHasPermission } from '../kit/useHasPermission';
import { clientsOfDepartPath } from './departPaths';

/** Takes no props; reads the departure from the record context. */
export const ClientsLinkButton = () => {
  const record = useRecordContext();
  const has = useHasPermission();
  const translate = useTranslate();
  if (!record || !has('departListClientby')) return null;
  return (
    <Tooltip title={translate('resources.depart.action.clients_tooltip')}>
      <IconButton
        size="small"
        color="primary"
        component={LinkBase}
        to={clientsOfDepartPath(record.id)}
        aria-label={translate('resources.depart.action.clients')}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
        sx={{ border: 1, borderColor: 'primary.light' }}
      >
        <PeopleIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
