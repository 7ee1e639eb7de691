/**
 * Row action of the clients list: an icon link to the client's shipments, /listeEnvoiParClient?id={id} (spec 000 §2
 * "Shipments of a client", key listeEnvoiParClient). Renders nothing without the key.
 */
import { IconButton, Tooltip } from '@mui/material';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { LinkBase, useRecordContext, useTranslate } from 'react-admin';
import { useHasPermission } from '../kit/useHasPermission';
import { envoisOfClientPath } from '../departs/departPaths';

/** Takes no props; reads the client from the record context. */
export const ClientEnvoisButton = () => {
  const record = useRecordContext();
  const has = useHasPermission();
  const translate = useTranslate();
  if (!record || !has('listeEnvoiParClient')) return null;
  const label = translate('resources.clients.action.envois');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="primary"
        component={LinkBase}
        to={envoisOfClientPath(record.id)}
        aria-label={label}
        onClick={(event: React.MouseEvent) => event.stopPropagation()}
      >
        <Inventory2Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
