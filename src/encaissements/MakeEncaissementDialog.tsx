/**
 * Make-payment dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §8), width 700:
 * read-only total, settled and remaining amounts of the parcel, in its currency; the amount collected, which defaults
 * to the whole remaining amount and may be lowered (a partial payment); the currency it is tendered in, the parcel's or
 * another the server offers (encaissement/devises: the user's agency's country's), with its value in the parcel's
 * currency shown live at today's rate (docs/decisions/currencies.md "Payments in another currency"); a required
 * payment mode ('Veuillez remplir tous les champs obligatoire.'); the debtor is fixed to destinateur.
 * The form is checked with common/schemas/encaissement.ts encaissementFormSchema, built from the fields of the body the
 * server validates (the mode required, the amount above 0 and not above the remaining, with the server's text); a
 * refusal shows under its field and as a warning.
 * dataProvider.createEncaissement → POST encaissement/create {colisID, modePaiementID, paymentby: COLLECTION_PAYER,
 * montantEncaisse | montantTendu + deviseTendue}; success 'encaissement effectué avec succès', then the caller
 * refreshes.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { DEVISE_COMPTABLE, DEVISES, convertir, isDevise } from '../../common/devises';
import type { DecimalInput } from '../../common/money';
import { formatMontant } from '../../common/format';
import {
  encaissementFormSchema,
  tauxLibelle,
  type EncaissementFormOutput,
  type EncaissementFormValues,
} from '../../common/schemas/encaissement';
import { serverMessage } from '../common/recordLabel';
import type { EncaissementMethods } from './encaissementMethods';
import { useModesPaiement } from './useModesPaiement';

/** The parcel as the dialog needs it: id, reference, amounts in its currency (`devise`, the euro when absent). */
export interface PayableColis {
  id: string;
  reference: string;
  montantTotal?: DecimalInput;
  reglement?: DecimalInput;
  resteAPayer?: DecimalInput;
  devise?: string | null;
}

/** The dialog's resolver (made once): the schema's French messages, and the body's payment fields on success. */
const resolver = zodResolver(encaissementFormSchema);

/** A currency's label in the select: its code and French name ('XOF — Franc CFA (BCEAO)'). */
const deviseLabel = (code: string) => `${code} — ${DEVISES.find((d) => d.code === code)?.libelle ?? code}`;

/** The value in the parcel's currency of an amount typed in another, at both day rates; null when not computable. */
function equivalentOf(montant: unknown, from: string, to: string, tauxTendu?: string | null, tauxColis?: string | null): number | null {
  if (!tauxTendu || !tauxColis || (typeof montant !== 'string' && typeof montant !== 'number')) return null;
  try {
    return convertir(montant, from, to, tauxTendu, tauxColis);
  } catch {
    return null;
  }
}

/**
 * Takes the parcel, whether the dialog is open, onClose, and onPaid (called after a successful collection).
 */
export const MakeEncaissementDialog = ({
  colis,
  open,
  onClose,
  onPaid,
}: {
  colis: PayableColis;
  open: boolean;
  onClose: () => void;
  onPaid: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const { modes } = useModesPaiement();
  const initialDevise = colis.devise && isDevise(colis.devise) ? colis.devise : DEVISE_COMPTABLE;
  const resteAPayer = colis.resteAPayer ?? 0;
  const defaultValues: EncaissementFormValues = {
    modePaiementID: '',
    montant: String(resteAPayer),
    deviseTendue: initialDevise,
    devise: initialDevise,
    resteAPayer: typeof resteAPayer === 'number' ? resteAPayer : String(resteAPayer),
    tauxTendu: null,
    tauxColis: null,
  };
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<EncaissementFormValues, unknown, EncaissementFormOutput>({ resolver, defaultValues });
  const [pending, setPending] = useState(false);
  const [devises, setDevises] = useState<string[]>([initialDevise]);
  const [taux, setTaux] = useState<string | null>(null);
  const [tauxError, setTauxError] = useState<string | undefined>();
  /** The last currency asked to encaissement/equivalent: an older answer is dropped. */
  const asked = useRef<string | null>(null);
  const t = (key: string, options?: object) => translate(`resources.colis.payment.${key}`, options);
  const [devise, deviseTendue, montant, tauxTendu, tauxColis] = useWatch({
    control,
    name: ['devise', 'deviseTendue', 'montant', 'tauxTendu', 'tauxColis'],
  });

  // The parcel's currency and the others offered (its agency's country's); without an answer, the parcel's alone.
  useEffect(() => {
    if (!open) return;
    let live = true;
    void (async () => {
      try {
        const answer = await dataProvider.getEncaissementDevises(colis.id);
        if (!live || !isDevise(answer.devise)) return;
        if (getValues('devise') !== answer.devise) {
          setValue('devise', answer.devise);
          setValue('deviseTendue', answer.devise);
        }
        setDevises(answer.devises.filter(isDevise));
      } catch {
        // The parcel's currency stays the only one offered.
      }
    })();
    return () => {
      live = false;
    };
  }, [open, colis.id, dataProvider, getValues, setValue]);

  /** Another currency chosen: today's rates and the remaining amount in it, which becomes the amount. */
  const chooseDevise = async (code: string) => {
    setValue('deviseTendue', code);
    setValue('tauxTendu', null);
    setValue('tauxColis', null);
    setTaux(null);
    setTauxError(undefined);
    asked.current = code;
    if (code === getValues('devise')) {
      setValue('montant', String(getValues('resteAPayer')));
      return;
    }
    try {
      const answer = await dataProvider.getEquivalentEncaissement(colis.id, code);
      if (asked.current !== code) return;
      setValue('tauxTendu', answer.tauxTendu);
      setValue('tauxColis', answer.tauxColis);
      setValue('montant', String(answer.resteTendu));
      setTaux(answer.taux);
    } catch (error) {
      if (asked.current === code) setTauxError(serverMessage(error) ?? t('failure'));
    }
  };

  /** A form the schema refuses: its first message as a warning too (spec 000 §5 "Make payment"). */
  const onInvalid = (refused: FieldErrors<EncaissementFormValues>) => {
    const message = refused.modePaiementID?.message ?? refused.montant?.message ?? refused.deviseTendue?.message;
    if (message) notify(message, { type: 'warning' });
  };

  const submit = handleSubmit(async ({ modePaiementID, ...paiement }) => {
    setPending(true);
    try {
      const answer = await dataProvider.createEncaissement(colis.id, modePaiementID, paiement);
      notify(answer.message || t('success'), { type: 'success' });
      reset();
      onPaid();
    } catch (error) {
      notify(serverMessage(error) ?? t('failure'), { type: 'error' });
    } finally {
      setPending(false);
    }
  }, onInvalid);

  const readOnly = (label: string, value: DecimalInput, name: string) => (
    <TextField
      label={label}
      value={formatMontant(value, devise)}
      fullWidth
      slotProps={{ input: { readOnly: true }, htmlInput: { name } }}
    />
  );

  const autreDevise = deviseTendue !== devise;
  const equivalent = autreDevise ? equivalentOf(montant, deviseTendue, devise, tauxTendu, tauxColis) : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onClick={(e) => e.stopPropagation()}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 700, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>
        {t('title')} — {colis.reference}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2, pt: 1 }}>
          {readOnly(t('montantTotal'), colis.montantTotal, 'montantTotal')}
          {readOnly(t('reglement'), colis.reglement, 'reglement')}
          {readOnly(t('resteAPayer'), colis.resteAPayer, 'resteAPayer')}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2, mt: 2 }}>
          <Controller
            name="montant"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                required
                fullWidth
                label={t('montant')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? ' '}
                slotProps={{ htmlInput: { name: field.name, inputMode: 'decimal' } }}
              />
            )}
          />
          <TextField
            select
            fullWidth
            label={t('deviseTendue')}
            value={deviseTendue}
            onChange={(e) => void chooseDevise(e.target.value)}
            error={!!tauxError || !!errors.deviseTendue}
            helperText={tauxError ?? errors.deviseTendue?.message ?? ' '}
            slotProps={{ htmlInput: { name: 'deviseTendue' } }}
          >
            {devises.map((code) => (
              <MenuItem key={code} value={code}>
                {deviseLabel(code)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {autreDevise && equivalent !== null && taux && (
          <Typography variant="body2" data-testid="encaissement-equivalent" sx={{ mt: -1, mb: 1 }}>
            {t('equivalent', { montant: formatMontant(equivalent, devise), taux: tauxLibelle(taux, deviseTendue, devise) })}
          </Typography>
        )}
        <Controller
          name="modePaiementID"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              fullWidth
              sx={{ mt: 1 }}
              label={t('modePaiementID')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
              slotProps={{ htmlInput: { name: field.name } }}
            >
              {modes.map((m) => (
                <MenuItem key={m.id} value={m.id}>
                  {m.libelle}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" color="success" onClick={(e) => void submit(e)} disabled={pending}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
