/**
 * 'Rembourser' on a payment (docs/decisions/refunds-and-cash.md): a row action of the collections list (the payment
 * from the record context) and of a parcel's payment details (the payment given). Shown with the key
 * encaissementRembourser, on a payment (not a refund) that still has something to give back (encaissementRules.ts
 * remboursableOf); it opens the refund dialog (RembourserDialog), mounted only while open and downloaded when first
 * opened.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useHasPermission } from '../kit/useHasPermission';
import { estRemboursable } from './encaissementRules';
import type { Encaissement } from './types';
import { lazyDialog } from '../kit/lazyDialog';
import type { PaiementRemboursable } from './RembourserDialog';

/** Downloaded on the first opening (src/kit/lazyDialog.tsx). */
const RembourserDialog = lazyDialog(() => import('./RembourserDialog').then((m) => m.RembourserDialog));

/**
 * @param paiement the payment (default: the list row of the record context) and whether it is a refund
 * @param onDone what follows a refund (default: refresh the list)
 */
export const RembourserButton = ({
  paiement,
  onDone,
}: {
  paiement?: PaiementRemboursable & { rembourseID?: string | null };
  onDone?: () => void;
}) => {
  const record = useRecordContext<Encaissement>();
  const translate = useTranslate();
  const has = useHasPermission();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const target = paiement ?? (record ? { ...record, reference: record.colisID?.reference } : undefined);
  if (!target || !has('encaissementRembourser') || !estRemboursable(target)) return null;
  const label = translate('resources.encaissements.refund.action');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          color="warning"
          aria-label={label}
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <UndoIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <RembourserDialog
          paiement={target}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            if (onDone) onDone();
            else refresh();
          }}
        />
      )}
    </>
  );
};
