/**
 * 'Retiré' / 'Livré' row actions of an arrived parcel (EXPEDIE) — keys retraitColis / livraisonColis; spec 000 §4
 * "How RETIRE and LIVRE are reached is not shown", docs/api-contract.md colis/retirer|livrer. An Oui/Non confirmation;
 * when money remains, the whole remainder is collected in the same step: in the currency chosen — the parcel's or the
 * counter's, the same choice as the make-payment dialog's (src/encaissements/MontantTendu.tsx; the amount shown is the
 * settling amount in it, docs/decisions/currencies.md "The last minor units") —, paid by whom is chosen (the recipient
 * by default), with a required payment mode (dataProvider.finishColis → POST colis/retirer|livrer/{id}
 * {modePaiementID, paymentby, deviseTendue?, montantTendu?}). The form is checked with common/schemas/encaissement.ts
 * finishFormSchema. Its frame is the payment dialogs' (src/encaissements/PaiementDialog.tsx), mounted only while open.
 */
import { useState } from 'react';
import { Alert, Button, DialogContentText } from '@mui/material';
import { useDataProvider, useRefresh, useTranslate, type DataProvider } from 'react-admin';
import { COLLECTION_PAYER } from '../../common/colisRules';
import { formatMontant } from '../../common/format';
import { finishFormSchema, type FinishFormOutput } from '../../common/schemas/encaissement';
import { MontantTendu, PayeurSelect, useDevisesTendues } from '../encaissements/MontantTendu';
import { ModePaiementSelect, PaiementDialog, contextResolver, useDialogMutation } from '../encaissements/PaiementDialog';
import type { ColisMethods } from './model/colisMethods';
import { isPositiveMontant } from './model/colisRules';
import type { ColisRecord } from './model/types';

const k = (key: string) => `resources.colis.notifications.${key}`;

/** The dialog's resolver (made once): the schema's French messages, and the body on success. */
const resolver = contextResolver(finishFormSchema);

/** The open dialog: the confirmation and, when money remains, how the remainder is collected. */
const FinishDialog = ({
  colis,
  kind,
  owes,
  onSubmit,
  pending,
  onClose,
}: {
  colis: ColisRecord;
  kind: 'retire' | 'livre';
  owes: boolean;
  onSubmit: (values: FinishFormOutput) => void;
  pending: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const devises = useDevisesTendues(colis, owes);
  const resteAPayer = colis.resteAPayer ?? 0;
  return (
    <PaiementDialog
      title={k(`finish_title_${kind}`)}
      width={owes ? 600 : 444}
      defaultValues={{ modePaiementID: '', paymentby: COLLECTION_PAYER, montant: String(resteAPayer) }}
      resolver={resolver}
      context={{ devise: devises.devise, deviseTendue: devises.deviseTendue, resteAPayer: owes ? resteAPayer : 0 }}
      onSubmit={(values) => onSubmit(values as FinishFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel="app.common.no"
      submit="app.common.yes"
    >
      <DialogContentText>{translate(k(`finish_confirm_${kind}`), { reference: colis.reference })}</DialogContentText>
      {owes && (
        <>
          <Alert severity="warning" sx={{ my: 2 }}>
            {translate(k('finish_remaining'), { amount: formatMontant(colis.resteAPayer, colis.devise) })}
          </Alert>
          <MontantTendu colisID={colis.id} devises={devises} resteAPayer={resteAPayer} fixe />
          <ModePaiementSelect label="resources.colis.payment.modePaiementID" />
          <PayeurSelect />
        </>
      )}
    </PaiementDialog>
  );
};

/** Takes the parcel and the end of its journey ('retirer' → RETIRE, 'livrer' → LIVRE); renders a small text button. */
export const FinishColisButton = ({ colis, to }: { colis: ColisRecord; to: 'retirer' | 'livrer' }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const [open, setOpen] = useState(false);
  const kind = to === 'retirer' ? 'retire' : 'livre';
  const owes = isPositiveMontant(colis.resteAPayer);
  const { run, pending } = useDialogMutation(
    async (paiement: FinishFormOutput) => ({ message: await dataProvider.finishColis(colis.id, to, paiement) }),
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
      {open && <FinishDialog colis={colis} kind={kind} owes={owes} onSubmit={run} pending={pending} onClose={() => setOpen(false)} />}
    </>
  );
};
