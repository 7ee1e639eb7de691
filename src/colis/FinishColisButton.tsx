/**
 * 'Retiré' / 'Livré' row actions of an arrived parcel (EXPEDIE) — keys retraitColis / livraisonColis; spec 000 §4
 * "How RETIRE and LIVRE are reached is not shown", docs/api-contract.md colis/retirer|livrer. An Oui/Non confirmation;
 * when money remains, a required payment mode collected in the same step (dataProvider.finishColis → POST
 * colis/retirer|livrer/{id} {modePaiementID}). Its frame is the payment dialogs' (src/encaissements/PaiementDialog.tsx),
 * mounted only while open.
 */
import { useState } from 'react';
import { Alert, Button, DialogContentText } from '@mui/material';
import { useDataProvider, useRefresh, useTranslate, type DataProvider } from 'react-admin';
import { formatMontant } from '../../common/format';
import { ModePaiementSelect, PaiementDialog, useDialogMutation } from '../encaissements/PaiementDialog';
import type { ColisMethods } from './model/colisMethods';
import { isPositiveMontant } from './model/colisRules';
import type { ColisRecord } from './model/types';

const k = (key: string) => `resources.colis.notifications.${key}`;

/** Takes the parcel and the end of its journey ('retirer' → RETIRE, 'livrer' → LIVRE); renders a small text button. */
export const FinishColisButton = ({ colis, to }: { colis: ColisRecord; to: 'retirer' | 'livrer' }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const [open, setOpen] = useState(false);
  const kind = to === 'retirer' ? 'retire' : 'livre';
  const owes = isPositiveMontant(colis.resteAPayer);
  const { run, pending } = useDialogMutation(
    async ({ modePaiementID }: { modePaiementID?: string }) => ({
      message: await dataProvider.finishColis(colis.id, to, owes ? modePaiementID : null),
    }),
    {
      success: 'app.status.success',
      failure: 'app.status.failure',
      onDone: () => {
        setOpen(false);
        refresh();
      },
    },
  );

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
        <PaiementDialog
          title={k(`finish_title_${kind}`)}
          width={444}
          defaultValues={{ modePaiementID: '' }}
          validate={(values) => (owes && !values.modePaiementID ? { modePaiementID: 'resources.colis.payment.required' } : {})}
          onSubmit={(values) => run(values)}
          pending={pending}
          onClose={() => setOpen(false)}
          cancel="app.common.no"
          submit="app.common.yes"
        >
          <DialogContentText>{translate(k(`finish_confirm_${kind}`), { reference: colis.reference })}</DialogContentText>
          {owes && (
            <>
              <Alert severity="warning" sx={{ my: 2 }}>
                {translate(k('finish_remaining'), { amount: formatMontant(colis.resteAPayer, colis.devise) })}
              </Alert>
              <ModePaiementSelect label="resources.colis.payment.modePaiementID" />
            </>
          )}
        </PaiementDialog>
      )}
    </>
  );
};
