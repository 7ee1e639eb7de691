/**
 * Row actions of the parcel list (spec 000 §2 Parcel list, §4 Parcel statuses), each behind its permission key and
 * status rule: details (colisDetail) → /colis/{id}/show; edit (colisUpdate) only while EN_ATTENTE → /colis/{id};
 * delete (colisDelete); make a collection (encaissementMake) when not EN_ATTENTE and money remains — a green check when
 * fully paid; list collections (encaissementDetailsColis); receipt PDF when not EN_ATTENTE; 'Retiré' / 'Livré'
 * (retraitColis / livraisonColis) when EXPEDIE.
 */
import { useState } from 'react';
import { Box, IconButton, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import PaymentsIcon from '@mui/icons-material/Payments';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { LinkBase, useCreatePath, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useHasPermission } from '../kit/useHasPermission';
import { ColisDeleteButton } from './show/ColisDeleteButton';
import { FinishColisButton } from './FinishColisButton';
import { ReceiptButton } from './ReceiptButton';
import { isOwnColis } from '../../common/scopes';
import { canCollectColis, canEditColis, canFinishColis, canPrintReceipt, isColisRegle } from './model/colisRules';
import type { ColisRecord } from './model/types';
import { useAppIdentity } from '../kit/useAppIdentity';
import { lazyDialog } from '../kit/lazyDialog';

// Mounted while open, downloaded on the first opening (src/kit/lazyDialog.tsx).
const MakeEncaissementDialog = lazyDialog(() => import('../encaissements/MakeEncaissementDialog').then((m) => m.MakeEncaissementDialog));
const EncaissementDetailsDialog = lazyDialog(() =>
  import('../encaissements/EncaissementDetailsDialog').then((m) => m.EncaissementDetailsDialog),
);

/** A small icon link with a tooltip that does not trigger the row click. */
const IconLink = ({
  to,
  label,
  icon,
  color = 'primary',
}: {
  to: string;
  label: string;
  icon: React.ReactNode;
  color?: 'primary' | 'info';
}) => (
  <Tooltip title={label}>
    <IconButton
      size="small"
      color={color}
      aria-label={label}
      component={LinkBase}
      to={to}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {icon}
    </IconButton>
  </Tooltip>
);

/** Takes no props; reads the parcel from the row's record context. */
export const ColisRowActions = () => {
  const record = useRecordContext<ColisRecord>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const can = useHasPermission();
  const createPath = useCreatePath();
  const identity = useAppIdentity();
  const [paying, setPaying] = useState(false);
  const [listing, setListing] = useState(false);
  if (!record) return null;
  const own = isOwnColis(record, identity);
  const a = (key: string) => translate(`resources.colis.action.${key}`);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap' }}>
      {can('colisDetail') && (
        <IconLink
          to={createPath({ resource: 'colis', type: 'show', id: record.id })}
          label={a('details')}
          icon={<VisibilityIcon fontSize="small" />}
          color="info"
        />
      )}
      {can('colisUpdate') && own && canEditColis(record) && (
        <IconLink
          to={createPath({ resource: 'colis', type: 'edit', id: record.id })}
          label={a('edit')}
          icon={<EditIcon fontSize="small" />}
        />
      )}
      {own && <ColisDeleteButton />}
      {can('encaissementMake') && canCollectColis(record) && (
        <Tooltip title={a('pay')}>
          <IconButton
            size="small"
            color="warning"
            aria-label={a('pay')}
            onClick={(e) => {
              e.stopPropagation();
              setPaying(true);
            }}
          >
            <PaymentsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can('encaissementMake') && isColisRegle(record) && (
        <Tooltip title={a('paid')}>
          <CheckCircleIcon fontSize="small" color="success" aria-label={a('paid')} sx={{ mx: 0.625 }} />
        </Tooltip>
      )}
      {can('encaissementDetailsColis') && (
        <Tooltip title={a('payments')}>
          <IconButton
            size="small"
            color="secondary"
            aria-label={a('payments')}
            onClick={(e) => {
              e.stopPropagation();
              setListing(true);
            }}
          >
            <ReceiptLongIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canPrintReceipt(record) && <ReceiptButton reference={record.reference} />}
      {canFinishColis(record) && can('retraitColis') && <FinishColisButton colis={record} to="retirer" />}
      {canFinishColis(record) && can('livraisonColis') && <FinishColisButton colis={record} to="livrer" />}
      {paying && (
        <MakeEncaissementDialog
          colis={record}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            refresh();
          }}
        />
      )}
      {listing && (
        <EncaissementDetailsDialog colisId={record.id} reference={record.reference} open={listing} onClose={() => setListing(false)} />
      )}
    </Box>
  );
};
