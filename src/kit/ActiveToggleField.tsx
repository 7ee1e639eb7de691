/**
 * Active flag of a list row (spec 001 §2 "Status flags show as check (active, green) or ban (inactive, red)
 * icons", §4 active toggle, 000 §4 Active flag, §8 texts). A click opens a yes/no confirmation titled
 * 'Changer Statut'; Oui sends {isActive: !value}; the list reloads. Without the resource's status key the
 * button looks disabled and a click only says 'Vous n'avez pas la permission de modifier le statut.' (or the resource's
 * own text, e.g. operation types: "Vous n'avez pas l'autorisation de modifier le statut de ce type d'operations.").
 * A deactivation the server refuses because active records still depend on the row (409 with `dependances`,
 * docs/decisions/deactivation-dependants.md) opens a second 'Changer Statut' confirmation with the server's message
 * (what it affects); Oui sends it again with `force=true` (the update's `meta: {force: true}`), Non cancels.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { Confirm, useUpdate, type RaRecord } from 'react-admin';
import { useRecordConfirm, type RecordNamer } from './useRecordConfirm';
import { serverMessage } from './recordLabel';
import { useOneAtATime } from './useOneAtATime';

/** The server's message of a deactivation to confirm (409 whose body names `dependances`), or undefined. */
function dependantsMessage(error: unknown): string | undefined {
  const e = error as { status?: unknown; body?: { message?: unknown; dependances?: unknown } } | undefined;
  if (e?.status !== 409 || !e.body?.dependances || typeof e.body.message !== 'string') return undefined;
  return e.body.message;
}

/**
 * Takes an optional `source` (default 'isActive'), `noPermissionMessage` (translation key of the text shown without
 * the status key, default 'app.status.no_permission') and `recordName` (how the confirmation names the row, default
 * recordLabel); reads the record and resource from context.
 */
export const ActiveToggleField = ({
  source = 'isActive',
  noPermissionMessage = 'app.status.no_permission',
  recordName,
  recordAllowed,
}: {
  source?: string;
  label?: string;
  noPermissionMessage?: string;
  recordName?: RecordNamer;
  /** A rule per row beside the status key (ReferenceListPage recordEditable): false acts as the key's absence. */
  recordAllowed?: (record: RaRecord) => boolean;
}) => {
  const confirm = useRecordConfirm('active', 'app.status.cancelled', recordName);
  const { record, resource, translate, notify, refresh, open, setOpen, name, cancel } = confirm;
  const canAccess = confirm.canAccess && (!record || !recordAllowed || recordAllowed(record));
  const [update, { isPending }] = useUpdate();
  /** The server's message while its second confirmation (a deactivation with active dependants) is open. */
  const [forceMessage, setForceMessage] = useState<string | null>(null);

  /**
   * Sends the inverse value; `force` confirms a deactivation the server asked to confirm. Once however fast 'Oui' is
   * clicked: a second click before the answer changes nothing (src/kit/useWrite.ts).
   */
  const send = useOneAtATime(async (target: RaRecord, force: boolean) =>
    update(
      resource,
      { id: target.id, data: { [source]: target[source] !== true }, previousData: target, meta: force ? { force: true } : undefined },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => {
          setOpen(false);
          setForceMessage(null);
          notify('app.status.success', { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          const toConfirm = force ? undefined : dependantsMessage(error);
          setForceMessage(toConfirm ?? null);
          // The spec's 'Echec lors du changement !', with the server's reason when it gives one (a system role, a lock-out).
          if (!toConfirm) notify(serverMessage(error) ?? 'app.status.failure', { type: 'error' });
        },
      },
    ).catch(() => undefined),
  );

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
    void send(record, false);
  };

  const handleForce = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    void send(record, true);
  };

  /** 'Non' on the second confirmation: nothing is sent ('Vous avez annulez la modification !'). */
  const cancelForce = (event?: React.MouseEvent) => {
    setForceMessage(null);
    cancel(event);
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
      <Confirm
        isOpen={forceMessage !== null}
        loading={isPending}
        title="app.status.title"
        content={<span data-testid="active-toggle-dependants">{forceMessage}</span>}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={handleForce}
        onClose={cancelForce}
      />
    </>
  );
};
