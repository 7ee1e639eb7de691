/**
 * Status actions of a departure row (spec 000 §4 Departure statuses, §8 texts): 'Marquer en cours d'envoi'
 * (enCoursEnvoiDepart), 'Départ arrivé' (arriveDepart) and 'Clôturer' (clotureDepart). Each is shown only with its
 * key, enabled only when common/envoiRules.ts allows the move, and asks an Oui/Non confirmation ('en cours d'envoi':
 * EnCoursEnvoiDialog, which also lists the parcels left waiting and offers to move them); Oui sends
 * PUT envoi/update/{id} {statutID: code} through react-admin's update. Success 'Statut de départ mis à jour avec
 * succès !'; failure 'Echec lors du changement !' and the server's message; cancel 'Vous avez annulez la
 * modification !'.
 */
import { useState, type ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import FlightLandIcon from '@mui/icons-material/FlightLand';
import LockIcon from '@mui/icons-material/Lock';
import { Confirm, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { serverMessage } from '../kit/recordLabel';
import { useHasPermission } from '../kit/useHasPermission';
import { useOneAtATime } from '../kit/useOneAtATime';
import { envoiStatutActions, type EnvoiActionTarget, type EnvoiStatutAction } from './departRules';
import { EnCoursEnvoiDialog } from './EnCoursEnvoiDialog';

/** Icon of each target status. */
const ICONS: Record<EnvoiActionTarget, ReactElement> = {
  EN_COURS_ENVOI: <LocalShippingIcon fontSize="small" />,
  ARRIVE: <FlightLandIcon fontSize="small" />,
  CLOTURE: <LockIcon fontSize="small" />,
};

/** One action button with its confirmation; takes the action and the departure. */
const EnvoiStatutButton = ({ action, record }: { action: EnvoiStatutAction; record: RaRecord }) => {
  const resource = useResourceContext() ?? 'depart';
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  const t = 'resources.depart.status_change';
  const statut = translate(`resources.depart.statuts.${action.to}`);
  const current = (record.statutID as { libelle?: string } | undefined)?.libelle ?? '--';

  const handleCancel = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    setOpen(false);
    notify(`${t}.cancelled`, { type: 'info' });
  };

  // One status change however fast 'Oui' is clicked: a second click before the answer — even in the same tick, before
  // the button is drawn disabled — changes nothing (src/kit/useWrite.ts).
  const changeOnce = useOneAtATime(() =>
    update(
      resource,
      { id: record.id, data: { statutID: action.to }, previousData: record },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => {
          setOpen(false);
          notify(`${t}.success`, { type: 'success' });
          refresh();
        },
        onError: (error) => {
          setOpen(false);
          const message = serverMessage(error);
          const failure = translate(`${t}.failure`);
          notify(message ? `${failure} ${message}` : failure, { type: 'error', multiLine: true });
        },
      },
    ).catch(() => undefined),
  );

  const handleConfirm = (event?: React.MouseEvent) => {
    event?.stopPropagation();
    void changeOnce();
  };

  const tooltip = action.enabled ? action.libelle : `${action.libelle} — ${translate(`${t}.not_allowed`, { statut: current })}`;
  return (
    <>
      <Tooltip title={tooltip}>
        {/* A span keeps the tooltip on a disabled button. */}
        <span>
          <IconButton
            size="small"
            color="primary"
            aria-label={action.libelle}
            disabled={!action.enabled || isPending}
            data-statut-target={action.to}
            onClick={(event) => {
              event.stopPropagation();
              setOpen(true);
            }}
          >
            {ICONS[action.to]}
          </IconButton>
        </span>
      </Tooltip>
      {action.to === 'EN_COURS_ENVOI' ? (
        // Lists the parcels left waiting and offers to move them (docs/decisions/departure-ships-received.md).
        <EnCoursEnvoiDialog
          isOpen={open}
          record={record}
          question={translate(`${t}.confirm`, { reference: record.reference ?? '', statut })}
          loading={isPending}
          onConfirm={handleConfirm}
          onClose={handleCancel}
        />
      ) : (
        <Confirm
          isOpen={open}
          loading={isPending}
          title={`${t}.title`}
          content={translate(`${t}.confirm`, { reference: record.reference ?? '', statut })}
          confirm="app.common.yes"
          cancel="app.common.no"
          onConfirm={handleConfirm}
          onClose={handleCancel}
        />
      )}
    </>
  );
};

/** Takes no props; renders the status actions the user holds for the departure in the record context. */
export const EnvoiStatutButtons = () => {
  const record = useRecordContext();
  const has = useHasPermission();
  if (!record) return null;
  const code = (record.statutID as { code?: string } | undefined)?.code;
  return (
    <>
      {envoiStatutActions(code, has).map((action) => (
        <EnvoiStatutButton key={action.to} action={action} record={record} />
      ))}
    </>
  );
};
