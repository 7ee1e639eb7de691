/**
 * The refund dialog (docs/decisions/refunds-and-cash.md "A refund is a negative collection", "Amounts"), opened by
 * 'Rembourser' on a payment of the collections list or of a parcel's payment details, and mounted only while open: the
 * payment's amount and what it may still give back (read-only, in the currency given back, with its value in the
 * payment's); the currency given back in — the one the payment was received in (the default) or its parcel's, when
 * they differ; the amount refunded, which defaults to all that is left refundable in that currency (its settling
 * amount at the payment's own rates, docs/decisions/currencies.md "The last minor units") and may be lowered; the
 * payment mode and the reason, both required. Its frame: PaiementDialog.
 * The form is checked with common/schemas/encaissement.ts remboursementFormSchema, built from the fields of the body
 * the server validates (the amount above 0 and not above what is left, with the server's text; the mode; the reason).
 * dataProvider.rembourserEncaissement → POST encaissement/rembourser/{id} {montant, deviseTendue, modePaiementID,
 * motif}; success the server's message ('Remboursement enregistré.'), then the caller refreshes; a refusal (above what
 * is left, a closed cash day…) shows the server's message.
 */
import { useState } from 'react';
import { Typography } from '@mui/material';
import { TextInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { deviseOuEuro, isDevise, minorToNumber, minorToString } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { DecimalInput } from '../../common/money';
import { remboursementFormSchema, soldeTenduMinor, valeurTendue, type RemboursementFormOutput } from '../../common/schemas/encaissement';
import type { EncaissementMethods } from './encaissementMethods';
import { remboursableOf } from './encaissementRules';
import { MontantInput } from '../kit/MontantInput';
import { ModePaiementSelect, PaiementDialog, contextResolver, useDialogMutation } from './PaiementDialog';
import { DeviseSelect } from './MontantTendu';

/**
 * The payment a refund gives back: its id, amount, what its refunds gave back, currency and parcel reference; and, when
 * it was received in another currency, that currency and the payment's rates (units for 1 €).
 */
export interface PaiementRemboursable {
  id: string;
  montantEncaisse: DecimalInput;
  montantRembourse?: DecimalInput;
  devise?: string | null;
  deviseTendue?: string | null;
  tauxTendu?: string | null;
  tauxColis?: string | null;
  reference?: string | null;
}

/** The dialog's resolver (made once): the schema's French messages, and the body on success. */
const resolver = contextResolver(remboursementFormSchema);

const k = (key: string) => `resources.encaissements.refund.${key}`;

/** The rates of a conversion of the refund: the payment's own (the only currencies offered are its two). */
interface Taux {
  devise: string;
  tauxTendu?: string | null;
  tauxColis?: string | null;
}

/** What is left refundable in `deviseTendue` (the settling amount at the payment's rates), as decimal text. */
function remboursableEn(deviseTendue: string, remboursable: string, taux: Taux): string {
  const minor = soldeTenduMinor({ ...taux, deviseTendue, reste: remboursable }) ?? 0n;
  return minorToString(minor, deviseTendue);
}

/**
 * The currency given back in (when the payment was received in another currency than its parcel's) and the amount,
 * with its value in the payment's currency; choosing a currency makes all that is left in it the amount.
 */
const MontantRendu = ({
  devises,
  deviseTendue,
  onChoose,
  remboursable,
  taux,
}: {
  devises: string[];
  deviseTendue: string;
  onChoose: (code: string) => void;
  remboursable: string;
  taux: Taux;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const montant = useWatch({ name: 'montant' }) as DecimalInput;
  let equivalent: string | null = null;
  if (deviseTendue !== taux.devise) {
    try {
      const valeur = valeurTendue({ ...taux, deviseTendue, montant, reste: remboursable });
      if (valeur)
        equivalent = translate(k('equivalent'), { montant: formatMontant(minorToNumber(valeur.montant, taux.devise), taux.devise) });
    } catch {
      // An amount being typed that is not a number yet: no equivalent.
    }
  }
  return (
    <>
      {devises.length > 1 && (
        <DeviseSelect
          label={k('deviseTendue')}
          devises={devises}
          value={deviseTendue}
          onChoose={(code) => {
            onChoose(code);
            setValue('montant', remboursableEn(code, remboursable, taux));
          }}
        />
      )}
      <MontantInput source="montant" label={`${translate(k('montant'))} (${deviseTendue})`} devise={deviseTendue} isRequired fullWidth />
      {equivalent && (
        <Typography variant="body2" data-testid="remboursement-equivalent" sx={{ mt: -1, mb: 1 }}>
          {equivalent}
        </Typography>
      )}
    </>
  );
};

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
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const devise = deviseOuEuro(paiement.devise);
  const remboursable = remboursableOf({ ...paiement, devise });
  // The currency it was received in first (the default), when another than the parcel's and its rates are known.
  const recue =
    paiement.deviseTendue && isDevise(paiement.deviseTendue) && paiement.deviseTendue !== devise && paiement.tauxTendu && paiement.tauxColis
      ? paiement.deviseTendue
      : undefined;
  const devises = recue ? [recue, devise] : [devise];
  const [deviseTendue, setDeviseTendue] = useState(devises[0]!);
  const taux: Taux = { devise, tauxTendu: paiement.tauxTendu, tauxColis: paiement.tauxColis };
  const { run, pending } = useDialogMutation((body: RemboursementFormOutput) => dataProvider.rembourserEncaissement(paiement.id, body), {
    success: k('success'),
    failure: k('failure'),
    onDone,
  });
  const resteRendu = remboursableEn(deviseTendue, remboursable, taux);
  const resteTexte =
    deviseTendue === devise
      ? formatMontant(remboursable, devise)
      : `${formatMontant(resteRendu, deviseTendue)} (${formatMontant(remboursable, devise)})`;

  return (
    <PaiementDialog
      title={k('title')}
      reference={paiement.reference}
      width={600}
      figures={[
        { label: k('montantEncaisse'), value: formatMontant(paiement.montantEncaisse, devise), name: 'montantEncaisse' },
        { label: k('remboursable'), value: resteTexte, name: 'remboursable' },
      ]}
      defaultValues={{ montant: resteRendu, modePaiementID: '', motif: '' }}
      resolver={resolver}
      context={{ devise, remboursable, deviseTendue, tauxTendu: taux.tauxTendu ?? null, tauxColis: taux.tauxColis ?? null }}
      onSubmit={(body) => run(body as RemboursementFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel={k('cancel')}
      submit={k('submit')}
      submitColor="warning"
    >
      <MontantRendu devises={devises} deviseTendue={deviseTendue} onChoose={setDeviseTendue} remboursable={remboursable} taux={taux} />
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
