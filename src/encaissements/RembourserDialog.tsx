/**
 * The refund dialog (docs/decisions/refunds-and-cash.md "A refund is a negative collection"), opened by 'Rembourser'
 * on a payment of the collections list or of a parcel's payment details, and mounted only while open: the payment's
 * amount and what it may still give back (read-only, in its currency); the amount refunded, which defaults to all that
 * is left refundable and may be lowered; the payment mode and the reason, both required. Its frame: PaiementDialog.
 * The form is checked with common/schemas/encaissement.ts remboursementFormSchema, built from the fields of the body
 * the server validates (the amount above 0 and not above what is left, with the server's text; the mode; the reason).
 * dataProvider.rembourserEncaissement → POST encaissement/rembourser/{id} {montant, modePaiementID, motif}; success
 * the server's message ('Remboursement enregistré.'), then the caller refreshes; a refusal (above what is left, a
 * closed cash day…) shows the server's message.
 */
import { TextInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { deviseOuEuro } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { DecimalInput } from '../../common/money';
import { remboursementFormSchema, type RemboursementFormOutput } from '../../common/schemas/encaissement';
import type { EncaissementMethods } from './encaissementMethods';
import { remboursableOf } from './encaissementRules';
import { ModePaiementSelect, PaiementDialog, contextResolver, useDialogMutation } from './PaiementDialog';

/** The payment a refund gives back: its id, amount, what its refunds gave back, currency and parcel reference. */
export interface PaiementRemboursable {
  id: string;
  montantEncaisse: DecimalInput;
  montantRembourse?: DecimalInput;
  devise?: string | null;
  reference?: string | null;
}

/** The dialog's resolver (made once): the schema's French messages, and the body on success. */
const resolver = contextResolver(remboursementFormSchema);

const k = (key: string) => `resources.encaissements.refund.${key}`;

/** Takes the payment, onClose, and onDone (called after a refund was recorded). */
export const RembourserDialog = ({
  paiement,
  onClose,
  onDone,
}: {
  paiement: PaiementRemboursable;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const devise = deviseOuEuro(paiement.devise);
  const remboursable = remboursableOf({ ...paiement, devise });
  const { run, pending } = useDialogMutation((body: RemboursementFormOutput) => dataProvider.rembourserEncaissement(paiement.id, body), {
    success: k('success'),
    failure: k('failure'),
    onDone,
  });

  return (
    <PaiementDialog
      title={k('title')}
      reference={paiement.reference}
      width={600}
      figures={[
        { label: k('montantEncaisse'), value: formatMontant(paiement.montantEncaisse, devise), name: 'montantEncaisse' },
        { label: k('remboursable'), value: formatMontant(remboursable, devise), name: 'remboursable' },
      ]}
      defaultValues={{ montant: remboursable, modePaiementID: '', motif: '' }}
      resolver={resolver}
      context={{ devise, remboursable }}
      onSubmit={(body) => run(body as RemboursementFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel={k('cancel')}
      submit={k('submit')}
      submitColor="warning"
    >
      <TextInput
        source="montant"
        label={`${translate(k('montant'))} (${devise})`}
        isRequired
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <ModePaiementSelect label={k('modePaiementID')} />
      <TextInput
        source="motif"
        label={k('motif')}
        isRequired
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </PaiementDialog>
  );
};
