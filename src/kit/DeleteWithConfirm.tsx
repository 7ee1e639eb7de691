/**
 * Delete button of a list row (spec 001 §4 "Deletion is a confirmed hard delete ('voulez vous supprimer ... ?',
 * Oui/Non); the list reloads", §8 texts). Shown only with the resource's delete key. Success 'suppression
 * effectuée'; failure: the error dialog titled 'erreur' of spec 000 §8 / 001 §8 with the given or generic text ('une
 * erreur s'est produite pendant la suppression') and, under it, the server's reason (e.g. the record is in use);
 * cancel 'Opération annulée'.
 */
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useDelete, type RaRecord } from 'react-admin';
import { serverMessage } from './recordLabel';
import { useWrite } from './useWrite';
import { useRecordConfirm, type RecordNamer } from './useRecordConfirm';

/** Props of DeleteWithConfirm; all optional. */
export interface DeleteWithConfirmProps {
  /** Failure text key when the server gives no message (default the generic one). */
  errorMessage?: string;
  /**
   * A deletion of its own instead of the dataProvider's delete (e.g. a call that may ask for a code). Resolves true
   * when the record is gone (success text and refresh follow), false when the deletion goes on elsewhere (nothing
   * more happens here); rejects with the server's error.
   */
  action?: (record: RaRecord) => Promise<boolean>;
  /** Called after a successful deletion instead of refreshing (e.g. leave a details page). */
  onDeleted?: () => void;
  /** 'icon' (list rows, default) or 'button' (a labelled button, e.g. on a details page). */
  variant?: 'icon' | 'button';
  /** Text of the button variant (translation key, default 'Supprimer'). */
  label?: string;
  /** How the confirmation names the record (default recordLabel: libelle, nom prenoms, code, reference). */
  recordName?: RecordNamer;
  /** What the confirmation says under its question about this record (e.g. a parcel's collected money). */
  details?: (record: RaRecord) => ReactNode;
}

/** Takes DeleteWithConfirmProps; reads record and resource from context; renders nothing without the delete key. */
export const DeleteWithConfirm = ({
  errorMessage = 'app.delete.failure',
  action,
  onDeleted,
  variant = 'icon',
  label = 'app.common.delete',
  recordName,
  details,
}: DeleteWithConfirmProps) => {
  const { record, resource, translate, notify, refresh, open, setOpen, canAccess, name, cancel } = useRecordConfirm(
    'delete',
    'app.delete.cancelled',
    recordName,
  );
  const [deleteOne] = useDelete();
  // The failed deletion shown in the 'erreur' dialog: the server's reason, or null when it gave none.
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);

  const done = () => {
    setOpen(false);
    notify('app.delete.success', { type: 'success' });
    if (onDeleted) onDeleted();
    else refresh();
  };
  // The deletion (the feature's own `action`, else react-admin's), once however fast 'Oui' is clicked: a second click
  // before the answer deletes nothing more (src/kit/useWrite.ts). Resolves whether the record is gone.
  const remove = useWrite({
    mutationFn: async ({ target, from }: { target: RaRecord; from: string }) => {
      if (action) return action(target);
      await deleteOne(from, { id: target.id, previousData: target }, { mutationMode: 'pessimistic', returnPromise: true });
      return true;
    },
    onSuccess: (deleted) => (deleted ? done() : setOpen(false)),
    onError: (error) => {
      setOpen(false);
      setFailure({ reason: serverMessage(error) ?? null });
    },
  });

  if (!record || !resource || !canAccess) return null;

  const handleConfirm = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    remove.run({ target: record, from: resource });
  };

  const openConfirm = (event: React.MouseEvent) => {
    event.stopPropagation();
    setOpen(true);
  };

  return (
    <>
      {variant === 'button' ? (
        <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={openConfirm}>
          {translate(label)}
        </Button>
      ) : (
        <Tooltip title={translate(label)}>
          <IconButton size="small" color="error" aria-label={translate(label)} onClick={openConfirm}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Confirm
        isOpen={open}
        loading={remove.pending}
        title="app.delete.title"
        content={
          details ? (
            <>
              <DialogContentText>{translate('app.delete.confirm', { name })}</DialogContentText>
              {details(record)}
            </>
          ) : (
            translate('app.delete.confirm', { name })
          )
        }
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={handleConfirm}
        onClose={cancel}
      />
      <Dialog
        open={!!failure}
        onClose={() => setFailure(null)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby="delete-failure-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="delete-failure-title" sx={{ color: 'error.main' }}>
          {translate('app.delete.error_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(errorMessage)}</DialogContentText>
          {failure?.reason && failure.reason !== translate(errorMessage) && (
            <DialogContentText sx={{ mt: 1, color: 'text.primary' }}>{failure.reason}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFailure(null)} autoFocus>
            {translate('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
