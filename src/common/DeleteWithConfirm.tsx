/**
 * Delete button of a list row (spec 001 §4 "Deletion is a confirmed hard delete ('voulez vous supprimer ... ?',
 * Oui/Non); the list reloads", §8 texts). Shown only with the resource's delete key. Success 'suppression
 * effectuée'; failure the server message, else the given or generic text; cancel 'Opération annulée'.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Confirm,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { recordLabel, serverMessage } from './recordLabel';

/** Takes an optional failure text key (`errorMessage`, default the generic one); reads record and resource from context. */
export const DeleteWithConfirm = ({ errorMessage = 'app.delete.failure' }: { errorMessage?: string }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  const [deleteOne, { isPending }] = useDelete();

  if (!record || !resource || !canAccess) return null;
  const name = recordLabel(record) ?? translate('app.common.this_record');

  const handleCancel = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    setOpen(false);
    notify('app.delete.cancelled', { type: 'info' });
  };

  const handleConfirm = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.delete.success', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          notify(serverMessage(error) ?? errorMessage, { type: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Tooltip title={translate('app.common.delete')}>
        <IconButton
          size="small"
          color="error"
          aria-label={translate('app.common.delete')}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.delete.title"
        content={translate('app.delete.confirm', { name })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={handleConfirm}
        onClose={handleCancel}
      />
    </>
  );
};
