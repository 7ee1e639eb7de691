/**
 * The currency a parcel's money is received in, shared by the dialogs that collect it (docs/decisions/currencies.md
 * "Payments in another currency", "The last minor units"): the make-payment dialog (MakeEncaissementDialog) and the
 * hand-over and delivery (src/colis/FinishColisButton.tsx). useDevisesTendues reads the currencies offered
 * (encaissement/devises: the parcel's, then the user's agency's country's) and, for another currency than the
 * parcel's, today's rates and the settling amount in it (encaissement/equivalent); MontantTendu shows the amount, the
 * currency select and the amount's value in the parcel's currency (the booking rule of common/schemas/encaissement.ts
 * valeurTendue, the server's: the settling amount books exactly the remainder and says its conversion difference).
 * PayeurSelect is who pays, as chosen (spec 000 §3 Payment 'paymentby'; the spec's debtor, destinateur, by default).
 */
import { useState } from 'react';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { MontantInput } from '../kit/MontantInput';
import { useFormContext, useWatch } from 'react-hook-form';
import { PAYMENT_BY_CHOICES } from '../../common/colisRules';
import { DEVISES, deviseOuEuro, isDevise, minorToNumber, tauxCroise } from '../../common/devises';
import type { DecimalInput } from '../../common/money';
import { formatMontant, formatMontantSigne, tauxLibelle } from '../../common/format';
import { valeurTendue } from '../../common/schemas/encaissement';
import { serverMessage } from '../kit/recordLabel';
import type { EncaissementMethods, EquivalentEncaissement } from './encaissementMethods';

type Methods = DataProvider & EncaissementMethods;

const k = (key: string) => `resources.colis.payment.${key}`;

/** A currency's label in the select: its code and French name ('XOF — Franc CFA (BCEAO)'). */
const deviseLabel = (code: string) => `${code} — ${DEVISES.find((d) => d.code === code)?.libelle ?? code}`;

/**
 * The select of the currency money changes hands in (payment, hand-over, delivery, refund: 'Devise'), its options
 * labelled 'XOF — Franc CFA (BCEAO)'; `label` its translation key (default 'Devise'); `error` is shown under it (a
 * currency without a rate today).
 */
export const DeviseSelect = ({
  devises,
  value,
  onChoose,
  error,
  label = k('deviseTendue'),
}: {
  label?: string;
  devises: readonly string[];
  value: string;
  onChoose: (code: string) => void;
  error?: string;
}) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      fullWidth
      label={translate(label)}
      value={value}
      onChange={(e) => onChoose(e.target.value)}
      error={!!error}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { name: 'deviseTendue' } }}
    >
      {devises.map((code) => (
        <MenuItem key={code} value={code}>
          {deviseLabel(code)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** encaissement/equivalent of a parcel in a currency (today's rates, its settling amount in it); a refusal is final. */
const equivalentQuery = (dataProvider: Methods, colisID: string, deviseTendue: string) =>
  queryOptions({
    queryKey: ['encaissement', 'getEquivalentEncaissement', { colisID, deviseTendue }],
    queryFn: ({ signal }) => dataProvider.getEquivalentEncaissement(colisID, deviseTendue, { signal }),
    retry: false,
  });

/** What useDevisesTendues answers: the parcel's currency, those offered, the one chosen and, for another, its rates. */
export interface DevisesTendues {
  /** The parcel's currency (encaissement/devises; the record's until it answers). */
  devise: string;
  /** The currencies offered, the parcel's first. */
  devises: string[];
  /** The currency chosen, the parcel's by default. */
  deviseTendue: string;
  choisir: (code: string) => void;
  /** Today's rates and the settling amount, for another currency once encaissement/equivalent answered. */
  taux?: EquivalentEncaissement;
  /** encaissement/equivalent's refusal (a currency without a rate today), in French. */
  tauxError?: string;
}

/**
 * The currencies a parcel's money may be received in, the one chosen (the parcel's by default) and, for another,
 * today's rates and its settling amount (encaissement/devises, encaissement/equivalent).
 * @param colis the parcel's id and currency (the euro when unknown)
 * @param enabled false: nothing is read (a dialog that collects nothing), the parcel's currency alone
 */
export function useDevisesTendues(colis: { id: string; devise?: string | null }, enabled = true): DevisesTendues {
  const translate = useTranslate();
  const dataProvider = useDataProvider<Methods>();
  // The parcel's currency and the others offered (its agency's country's); without an answer, the parcel's alone.
  const { data: offre } = useQuery({
    queryKey: ['encaissement', 'getEncaissementDevises', { colisID: colis.id }],
    queryFn: ({ signal }) => dataProvider.getEncaissementDevises(colis.id, { signal }),
    enabled,
  });
  const connue = offre && isDevise(offre.devise) ? offre : undefined;
  const devise = connue?.devise ?? deviseOuEuro(colis.devise);
  const [choisie, choisir] = useState<string>();
  const deviseTendue = choisie ?? devise;
  const autre = deviseTendue !== devise;
  const equivalent = useQuery({ ...equivalentQuery(dataProvider, colis.id, deviseTendue), enabled: enabled && autre });
  return {
    devise,
    devises: connue ? connue.devises.filter(isDevise) : [devise],
    deviseTendue,
    choisir,
    taux: autre ? equivalent.data : undefined,
    tauxError: autre && equivalent.isError ? (serverMessage(equivalent.error) ?? translate(k('failure'))) : undefined,
  };
}

/**
 * The amount (source `montant`) and the currency it is received in, and its value in the parcel's currency at today's
 * rates (with the conversion difference when it is the settling amount). Choosing a currency makes the settling amount
 * in it (or the parcel's remaining) the amount; an older currency's answer still awaited is dropped.
 * @param devises the parcel's currencies (useDevisesTendues)
 * @param resteAPayer the parcel's remaining, in its currency
 * @param fixe the amount is the whole remainder, read-only (the hand-over and the delivery)
 */
export const MontantTendu = ({
  colisID,
  devises: { devise, devises, deviseTendue, choisir, taux, tauxError },
  resteAPayer,
  fixe = false,
}: {
  colisID: string;
  devises: DevisesTendues;
  resteAPayer: DecimalInput;
  fixe?: boolean;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<Methods>();
  const queryClient = useQueryClient();
  const { setValue } = useFormContext();
  const montant = useWatch({ name: 'montant' }) as DecimalInput;

  const choose = (code: string) => {
    choisir(code);
    void queryClient.cancelQueries({ queryKey: ['encaissement', 'getEquivalentEncaissement', { colisID }] });
    if (code === devise) {
      setValue('montant', String(resteAPayer));
      return;
    }
    setValue('montant', '');
    queryClient.fetchQuery(equivalentQuery(dataProvider, colisID, code)).then(
      (answer) => setValue('montant', String(answer.resteTendu)),
      () => undefined, // cancelled by a later choice, or refused: the select shows the query's error
    );
  };

  let equivalent: string | null = null;
  let arrondi: string | null = null;
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
        if (valeur.ecart !== 0n) {
          arrondi = translate(k('arrondi'), { ecart: formatMontantSigne(minorToNumber(valeur.ecart, devise), devise) });
        }
      }
    } catch {
      // An amount being typed that is not a number yet: no equivalent.
    }
  }

  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2 }}>
        {fixe ? (
          <TextField
            label={translate(k('montant_solde'))}
            value={montant === '' || montant === undefined ? '…' : formatMontant(montant, deviseTendue)}
            fullWidth
            slotProps={{ input: { readOnly: true }, htmlInput: { name: 'montant', 'data-testid': 'montant-solde' } }}
          />
        ) : (
          <MontantInput source="montant" label={k('montant')} devise={deviseTendue} isRequired fullWidth />
        )}
        <DeviseSelect devises={devises} value={deviseTendue} onChoose={choose} error={tauxError} />
      </Box>
      {equivalent && (
        <Typography variant="body2" data-testid="encaissement-equivalent" sx={{ mt: -1, mb: 1 }}>
          {equivalent}
          {arrondi && (
            <Typography component="span" variant="body2" color="text.secondary" data-testid="encaissement-arrondi">
              {' '}
              {arrondi}
            </Typography>
          )}
        </Typography>
      )}
    </>
  );
};

/** Who pays (source `paymentby`): Expéditeur or Destinataire (the form's default: the spec's debtor, destinateur). */
export const PayeurSelect = () => {
  const translate = useTranslate();
  return (
    <SelectInput
      source="paymentby"
      label={k('paymentby')}
      choices={PAYMENT_BY_CHOICES.map((id) => ({ id, name: translate(`resources.encaissements.paymentby.${id}`) }))}
      translateChoice={false}
      isRequired
      fullWidth
    />
  );
};
