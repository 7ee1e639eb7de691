/**
 * The dialog of 'Retiré' / 'Livré' (src/colis/FinishColisButton.tsx): the Oui/Non confirmation and, when money remains,
 * how the remainder is collected (currency, mode, payer), who takes the parcel — the release code, their identity
 * document or an authorised proxy's (./release/IdentificationInputs) — their signature (./release/SignatureInput) and a
 * photo (./release/PhotoInput) (docs/decisions/release-proof.md), then POST colis/retirer|livrer/{id} through
 * dataProvider.finishColis. Checked with common/schemas/encaissement.ts finishFormSchema; its frame is the payment
 * dialogs' (src/encaissements/PaiementDialog.tsx). A module of its own, downloaded when the dialog first opens.
 */
import { Alert, DialogContentText } from '@mui/material';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { COLLECTION_PAYER } from '../../common/colisRules';
import { formatMontant } from '../../common/format';
import { finishFormSchema, type FinishFormOutput } from '../../common/schemas/encaissement';
import { MontantTendu, PayeurSelect, useDevisesTendues } from '../encaissements/MontantTendu';
import { ModePaiementSelect, PaiementDialog, contextResolver, useDialogMutation } from '../encaissements/PaiementDialog';
import type { ColisMethods } from './model/colisMethods';
import { IdentificationInputs } from './release/IdentificationInputs';
import { PhotoInput } from './release/PhotoInput';
import { SignatureInput } from './release/SignatureInput';
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
      width={600}
      defaultValues={{
        modePaiementID: '',
        paymentby: COLLECTION_PAYER,
        montant: String(resteAPayer),
        identification: 'code',
        codeRetrait: '',
      }}
      resolver={resolver}
      context={{ devise: devises.devise, deviseTendue: devises.deviseTendue, resteAPayer: owes ? resteAPayer : 0 }}
      onSubmit={(values) => run(values as FinishFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel="app.common.no"
      submit="app.common.yes"
    >
      <DialogContentText>{translate(k(`finish_confirm_${kind}`), { reference: colis.reference })}</DialogContentText>
      <IdentificationInputs colisId={String(colis.id)} />
      <SignatureInput source="signature" label="resources.colis.release.signature" />
      <PhotoInput source="photo" />
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
