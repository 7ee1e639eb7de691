/**
 * Make-payment dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §8), width 700, mounted
 * only while open; its frame is PaiementDialog: read-only total, settled and remaining amounts of the parcel, in its
 * currency; the amount collected, which defaults to the whole remaining amount and may be lowered (a partial payment);
 * the currency it is tendered in, the parcel's or another the server offers (encaissement/devises: the user's agency's
 * country's), with its value in the parcel's currency shown live at today's rates (encaissement/equivalent;
 * docs/decisions/currencies.md "Payments in another currency"); a required payment mode ('Veuillez remplir tous les
 * champs obligatoire.'); the debtor is fixed to destinateur.
 * The form is checked with common/schemas/encaissement.ts encaissementFormSchema, built from the fields of the body the
 * server validates (the mode required, the amount above 0 and its value not above the remaining, with the server's
 * text); the user types the amount and the mode, the dialog knows the currencies, the remaining and the rates; a
 * refusal shows under its field and as a warning.
 * dataProvider.createEncaissement → POST encaissement/create {colisID, modePaiementID, paymentby: COLLECTION_PAYER,
 * montantEncaisse | montantTendu + deviseTendue}; success 'encaissement effectué avec succès', then the caller
 * refreshes.
 */
import { useState } from 'react';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TextInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DEVISES, deviseOuEuro, isDevise, minorToNumber, tauxCroise } from '../../common/devises';
import type { DecimalInput } from '../../common/money';
import { formatMontant, tauxLibelle } from '../../common/format';
import { encaissementFormSchema, valeurTendue, type EncaissementFormOutput } from '../../common/schemas/encaissement';
import { serverMessage } from '../common/recordLabel';
import type { EncaissementMethods, EquivalentEncaissement } from './encaissementMethods';
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

/** A currency's label in the select: its code and French name ('XOF — Franc CFA (BCEAO)'). */
const deviseLabel = (code: string) => `${code} — ${DEVISES.find((d) => d.code === code)?.libelle ?? code}`;

/** encaissement/equivalent of a parcel in a currency (today's rates, its remaining in it); a refusal is final. */
const equivalentQuery = (dataProvider: Methods, colisID: string, deviseTendue: string) =>
  queryOptions({
    queryKey: ['encaissement', 'getEquivalentEncaissement', { colisID, deviseTendue }],
    queryFn: ({ signal }) => dataProvider.getEquivalentEncaissement(colisID, deviseTendue, { signal }),
    retry: false,
  });

/**
 * The amount and the currency it is tendered in, and its equivalent in the parcel's currency: choosing a currency makes
 * its remaining (or the parcel's) the amount; an older currency's answer still awaited is dropped.
 */
const MontantTendu = ({
  colisID,
  devise,
  deviseTendue,
  devises,
  resteAPayer,
  taux,
  tauxError,
  onChoose,
}: {
  colisID: string;
  devise: string;
  deviseTendue: string;
  devises: string[];
  resteAPayer: DecimalInput;
  taux?: EquivalentEncaissement;
  tauxError?: string;
  onChoose: (code: string) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<Methods>();
  const queryClient = useQueryClient();
  const { setValue } = useFormContext();
  const montant = useWatch({ name: 'montant' }) as DecimalInput;

  const choose = (code: string) => {
    onChoose(code);
    void queryClient.cancelQueries({ queryKey: ['encaissement', 'getEquivalentEncaissement', { colisID }] });
    if (code === devise) {
      setValue('montant', String(resteAPayer));
      return;
    }
    queryClient.fetchQuery(equivalentQuery(dataProvider, colisID, code)).then(
      (answer) => setValue('montant', String(answer.resteTendu)),
      () => undefined, // cancelled by a later choice, or refused: the select shows the query's error
    );
  };

  let equivalent: string | null = null;
  if (deviseTendue !== devise && taux) {
    try {
      const valeur = valeurTendue({
        montant,
        deviseTendue,
        devise,
        tauxTendu: taux.tauxTendu,
        tauxColis: taux.tauxColis,
        reste: resteAPayer,
      });
      if (valeur !== null) {
        equivalent = translate(k('equivalent'), {
          montant: formatMontant(minorToNumber(valeur.montant, devise), devise),
          taux: tauxLibelle(tauxCroise(taux.tauxTendu, taux.tauxColis), deviseTendue, devise),
        });
      }
    } catch {
      // An amount being typed that is not a number yet: no equivalent.
    }
  }

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
        <TextInput source="montant" label={k('montant')} isRequired fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <TextField
          select
          fullWidth
          label={translate(k('deviseTendue'))}
          value={deviseTendue}
          onChange={(e) => choose(e.target.value)}
          error={!!tauxError}
          helperText={tauxError ?? ' '}
          slotProps={{ htmlInput: { name: 'deviseTendue' } }}
        >
          {devises.map((code) => (
            <MenuItem key={code} value={code}>
              {deviseLabel(code)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {equivalent && (
        <Typography variant="body2" data-testid="encaissement-equivalent" sx={{ mt: -1, mb: 1 }}>
          {equivalent}
        </Typography>
      )}
    </>
  );
};

/** Takes the parcel, onClose, and onPaid (called after a successful collection). */
export const MakeEncaissementDialog = ({ colis, onClose, onPaid }: { colis: PayableColis; onClose: () => void; onPaid: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<Methods>();
  const resteAPayer = colis.resteAPayer ?? 0;
  // The parcel's currency and the others offered (its agency's country's); without an answer, the parcel's alone.
  const { data: offre } = useQuery({
    queryKey: ['encaissement', 'getEncaissementDevises', { colisID: colis.id }],
    queryFn: ({ signal }) => dataProvider.getEncaissementDevises(colis.id, { signal }),
  });
  const connue = offre && isDevise(offre.devise) ? offre : undefined;
  const devise = connue?.devise ?? deviseOuEuro(colis.devise);
  /** The currency chosen; none: the parcel's. */
  const [choisie, setChoisie] = useState<string>();
  const deviseTendue = choisie ?? devise;
  const autreDevise = deviseTendue !== devise;
  const equivalent = useQuery({ ...equivalentQuery(dataProvider, colis.id, deviseTendue), enabled: autreDevise });
  const taux = autreDevise ? equivalent.data : undefined;
  const tauxError = autreDevise && equivalent.isError ? (serverMessage(equivalent.error) ?? translate(k('failure'))) : undefined;
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
      defaultValues={{ montant: String(resteAPayer), modePaiementID: '' }}
      resolver={resolver}
      context={{ devise, deviseTendue, resteAPayer, tauxTendu: taux?.tauxTendu ?? null, tauxColis: taux?.tauxColis ?? null }}
      onSubmit={(paiement) => run(paiement as EncaissementFormOutput)}
      pending={pending}
      onClose={onClose}
      cancel={k('cancel')}
      submit={k('submit')}
      submitColor="success"
    >
      <MontantTendu
        colisID={colis.id}
        devise={devise}
        deviseTendue={deviseTendue}
        devises={connue ? connue.devises.filter(isDevise) : [devise]}
        resteAPayer={resteAPayer}
        taux={taux}
        tauxError={tauxError}
        onChoose={setChoisie}
      />
      <ModePaiementSelect label={k('modePaiementID')} sx={{ mt: 1 }} />
    </PaiementDialog>
  );
};
