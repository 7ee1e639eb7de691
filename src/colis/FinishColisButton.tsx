/**
 * 'Retiré' / 'Livré' row actions of an arrived parcel (EXPEDIE) — keys retraitColis / livraisonColis; spec 000 §4
 * "How RETIRE and LIVRE are reached is not shown", docs/api-contract.md colis/retirer|livrer. An Oui/Non confirmation;
 * when money remains, the whole remainder is collected in the same step: in the currency chosen — the parcel's or the
 * counter's, the same choice as the make-payment dialog's (src/encaissements/MontantTendu.tsx; the amount shown is the
 * settling amount in it, docs/decisions/currencies.md "The last minor units") —, paid by whom is chosen (the recipient
 * by default), with a required payment mode (dataProvider.finishColis → POST colis/retirer|livrer/{id}
 * {modePaiementID, paymentby, deviseTendue?, montantTendu?}). The form is checked with common/schemas/encaissement.ts
 * finishFormSchema. The dialog (src/colis/FinishColisDialog.tsx) is mounted only while open and downloaded when first
 * opened (src/kit/lazyDialog.tsx).
 */
import { useState } from 'react';
import { Button } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { lazyDialog } from '../kit/lazyDialog';
import type { ColisRecord } from './model/types';

const FinishColisDialog = lazyDialog(() => import('./FinishColisDialog').then((m) => m.FinishColisDialog));

/** Takes the parcel and the end of its journey ('retirer' → RETIRE, 'livrer' → LIVRE); renders a small text button. */
export const FinishColisButton = ({ colis, to }: { colis: ColisRecord; to: 'retirer' | 'livrer' }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const kind = to === 'retirer' ? 'retire' : 'livre';

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="success"
        sx={{ minWidth: 0, px: 1, py: 0, ml: 0.5, textTransform: 'none' }}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(`resources.colis.action.${kind}`)}
      </Button>
      {open && (
        <FinishColisDialog
          colis={colis}
          to={to}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      )}
    </>
  );
};
