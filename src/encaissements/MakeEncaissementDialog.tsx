/**
 * Make-payment dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §8), width 700, mounted
 * only while open; its frame is PaiementDialog: read-only total, settled and remaining amounts of the parcel, in its
 * currency; the amount collected, which defaults to the whole remaining amount and may be lowered (a partial payment);
 * the currency it is tendered in, the parcel's or another the server offers, with its value in the parcel's currency
 * shown live at today's rates (./MontantTendu.tsx, shared with the hand-over and the delivery;
 * docs/decisions/currencies.md "Payments in another currency", "The last minor units"); who pays, chosen (the spec's
 * debtor, destinateur, by default: a sender paying later is recorded as the sender); a required payment mode
 * ('Veuillez remplir tous les champs obligatoire.').
 * The form is checked with common/schemas/encaissement.ts encaissementFormSchema, built from the fields of the body the
 * server validates (the mode required, the amount above 0 and its value not above the remaining, with the server's
 * text); the user types the amount and the mode, the dialog knows the currencies, the remaining and the rates; a
 * refusal shows under its field and as a warning.
 * dataProvider.createEncaissement → POST encaissement/create {colisID, modePaiementID, paymentby,
 * montantEncaisse | montantTendu + deviseTendue}; success 'encaissement effectué avec succès', then the caller
 * refreshes.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { COLLECTION_PAYER } from '../../common/colisRules';
import type { DecimalInput } from '../../common/money';
import { formatMontant } from '../../common/format';
import { encaissementFormSchema, type EncaissementFormOutput } from '../../common/schemas/encaissement';
import type { EncaissementMethods } from './encaissementMethods';
import { MontantTendu, PayeurSelect, useDevisesTendues } from './MontantTendu';
import { ModePaiementSelect, PaiementDialog, contextResolver, useDialogMutation } from './PaiementDialog';

/** The parcel as the dialog needs it: id, reference, amounts in its currency (`devise`, the euro when absent). */
export interface PayableColis {
  id: string;
  reference: string;
  montantTotal?: DecimalInput;
  reglement?: DecimalInput;
  resteAPayer?: DecimalInput;
  devise?: string | null;
}

type Methods = DataProvider & EncaissementMethods;

/** The dialog's resolver (made once): the schema's French messages, and the body's payment fields on success. */
const resolver = contextResolver(encaissementFormSchema);

const k = (key: string) => `resources.colis.payment.${key}`;

/** Takes the parcel, onClose, and onPaid (called after a successful collection). */
export const MakeEncaissementDialog = ({ colis, onClose, onPaid }: { colis: PayableColis; onClose: () => void; onPaid: () => void }) => {
  const dataProvider = useDataProvider<Methods>();
  const resteAPayer = colis.resteAPayer ?? 0;
  const devises = useDevisesTendues(colis);
  const { devise, deviseTendue, taux } = devises;
  const { run, pending } = useDialogMutation(
    ({ modePaiementID, ...paiement }: EncaissementFormOutput) => dataProvider.createEncaissement(colis.id, modePaiementID, paiement),
    { success: k('success'), failure: k('failure'), onDone: onPaid },
  );
  const figure = (name: 'montantTotal' | 'reglement' | 'resteAPayer') => ({
    label: k(name),
    value: formatMontant(colis[name], devise),
    name,
  });

  return (
    <PaiementDialog
      title={k('title')}
      reference={colis.reference}
      width={700}
      figures={[figure('montantTotal'), figure('reglement'), figure('resteAPayer')]}
      defaultValues={{ montant: String(resteAPayer), modePaiementID: '', paymentby: COLLECTION_PAYER }}
      resolver={resolver}
      context={{ devise, deviseTendue, resteAPayer, tauxTendu: taux?.tauxTendu ?? null, tauxColis: taux?.tauxColis ?? null }}
      onSubmit={(paiement) => run(paiement as EncaissementFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel={k('cancel')}
      submit={k('submit')}
      submitColor="success"
    >
      <MontantTendu colisID={colis.id} devises={devises} resteAPayer={resteAPayer} />
      <ModePaiementSelect label={k('modePaiementID')} sx={{ mt: 1 }} />
      <PayeurSelect />
    </PaiementDialog>
  );
};
