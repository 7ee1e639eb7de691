/**
 * Active flag of a list row (spec 001 §2 "Status flags show as check (active, green) or ban (inactive, red)
 * icons", §4 active toggle, 000 §4 Active flag, §8 texts). A click opens a yes/no confirmation titled
 * 'Changer Statut'; Oui sends {isActive: !value}; the list reloads. Without the resource's status key the
 * button looks disabled and a click only says 'Vous n'avez pas la permission de modifier le statut.' (or the resource's
 * own text, e.g. operation types: "Vous n'avez pas l'autorisation de modifier le statut de ce type d'operations.").
 */
import { IconButton, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { Confirm, useUpdate } from 'react-admin';
import { useRecordConfirm, type RecordNamer } from './useRecordConfirm';

/**
 * Takes an optional `source` (default 'isActive'), `noPermissionMessage` (translation key of the text shown without
 * the status key, default 'app.status.no_permission') and `recordName` (how the confirmation names the row, default
 * recordLabel); reads the record and resource from context.
 */
export const ActiveToggleField = ({
  source = 'isActive',
  noPermissionMessage = 'app.status.no_permission',
  recordName,
}: {
  source?: string;
  label?: string;
  noPermissionMessage?: string;
  recordName?: RecordNamer;
}) => {
  const { record, resource, translate, notify, refresh, open, setOpen, canAccess, name, cancel } = useRecordConfirm(
    'active',
    'app.status.cancelled',
    recordName,
  );
  const [update, { isPending }] = useUpdate();

  if (!record || !resource) return null;
  const active = record[source] === true;

  const handleClick = (event: React.MouseEvent) => {
    event.stopPropagation();
    if (!canAccess) {
      notify(noPermissionMessage, { type: 'warning' });
      return;
    }
    setOpen(true);
  };

  const handleConfirm = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    update(
      resource,
      { id: record.id, data: { [source]: !active }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('app.status.success', { type: 'success' });
          refresh();
        },
        onError: () => {
          setOpen(false);
          notify('app.status.failure', { type: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Tooltip
        title={translate(canAccess === false ? noPermissionMessage : active ? 'app.status.active_tooltip' : 'app.status.inactive_tooltip')}
      >
        <IconButton
          size="small"
          onClick={handleClick}
          aria-label={translate(active ? 'app.common.active' : 'app.common.inactive')}
          aria-disabled={canAccess === false}
          data-testid="active-toggle"
          sx={{ opacity: canAccess === false ? 0.5 : 1 }}
        >
          {active ? <CheckCircleIcon sx={{ color: 'success.main' }} /> : <BlockIcon sx={{ color: 'error.main' }} />}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.status.title"
        content={translate(active ? 'app.status.confirm_deactivate' : 'app.status.confirm_activate', { name })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={handleConfirm}
        onClose={cancel}
      />
    </>
  );
};
