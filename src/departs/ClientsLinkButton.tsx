/**
 * 'Clients' cell of the departures list (spec 000 §2 column 'clients', needs departListClientby): a link to the
 * clients of the departure, /listeClientParEnvoi?id={id}. Renders nothing without the key.
 */
import PeopleIcon from '@mui/icons-material/People';
import { Button, useRecordContext } from 'react-admin';
import { useHasPermission } from '../common/useHasPermission';
import { clientsOfDepartPath } from './departPaths';

/** Takes no props; reads the departure from the record context. */
export const ClientsLinkButton = (_props: { label?: string }) => {
  const record = useRecordContext();
  const has = useHasPermission();
  if (!record || !has('departListClientby')) return null;
  return (
    <Button
      to={clientsOfDepartPath(record.id)}
      label="resources.depart.action.clients"
      variant="outlined"
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      <PeopleIcon />
    </Button>
  );
};
