/**
 * The dialog of 'Retiré' / 'Livré' (src/colis/FinishColisButton.tsx): the Oui/Non confirmation and, when money remains,
 * how the remainder is collected (currency, mode, payer), the recipient's release code when given
 * (docs/decisions/release-code.md), then POST colis/retirer|livrer/{id} through
 * dataProvider.finishColis. Checked with common/schemas/encaissement.ts finishFormSchema; its frame is the payment
 * dialogs' (src/encaissements/PaiementDialog.tsx). A module of its own, downloaded when the dialog first opens.
 */
import { Alert, DialogContentText } from '@mui/material';
import { TextInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
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

/**
 * The open dialog.
 * @param colis the parcel; `to` the end of its journey
 * @param onClose closes without a change; `onDone` after the server's success (the notice is shown)
 */
export const FinishColisDialog = ({
  colis,
  to,
  onClose,
  onDone,
}: {
  colis: ColisRecord;
  to: 'retirer' | 'livrer';
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const kind = to === 'retirer' ? 'retire' : 'livre';
  const owes = isPositiveMontant(colis.resteAPayer);
  const { run, pending } = useDialogMutation(
    async (paiement: FinishFormOutput) => ({ message: await dataProvider.finishColis(colis.id, to, paiement) }),
    { success: 'app.status.success', failure: 'app.status.failure', onDone },
  );
  const devises = useDevisesTendues(colis, owes);
  const resteAPayer = colis.resteAPayer ?? 0;
  return (
    <PaiementDialog
      title={k(`finish_title_${kind}`)}
      width={owes ? 600 : 444}
      defaultValues={{ modePaiementID: '', paymentby: COLLECTION_PAYER, montant: String(resteAPayer), codeRetrait: '' }}
      resolver={resolver}
      context={{ devise: devises.devise, deviseTendue: devises.deviseTendue, resteAPayer: owes ? resteAPayer : 0 }}
      onSubmit={(values) => run(values as FinishFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel="app.common.no"
      submit="app.common.yes"
    >
      <DialogContentText>{translate(k(`finish_confirm_${kind}`), { reference: colis.reference })}</DialogContentText>
      <TextInput
        source="codeRetrait"
        label="resources.colis.fields.codeRetrait"
        helperText={k('finish_code_help')}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ mt: 2 }}
      />
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
