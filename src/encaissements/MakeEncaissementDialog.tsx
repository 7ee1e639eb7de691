/**
 * Make-payment dialog (spec 000 §2 "Payment dialogs", §4 "Parcel payment", §5 "Make payment", §8), width 700:
 * read-only total, settled and remaining amounts of the parcel; a required payment mode ('Veuillez remplir tous les
 * champs obligatoire.'); the debtor is fixed to destinateur and the collected amount is the whole remaining amount.
 * The form is checked with common/schemas/encaissement.ts encaissementFormSchema, built from the fields of the body the
 * server validates (the mode required, the amount above 0 in euros); a refusal shows under its field and as a warning.
 * dataProvider.createEncaissement → POST encaissement/create {colisID, modePaiementID, paymentby: COLLECTION_PAYER}; success 'encaissement effectué avec
 * succès', then the caller refreshes.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import type { DecimalInput } from '../../common/money';
import { formatEuro } from '../../common/format';
import { encaissementFormSchema, type EncaissementFormValues } from '../../common/schemas/encaissement';
import { serverMessage } from '../common/recordLabel';
import type { EncaissementMethods } from './encaissementMethods';
import { useModesPaiement } from './useModesPaiement';

/** The parcel as the dialog needs it: id, reference, amounts in euros. */
export interface PayableColis {
  id: string;
  reference: string;
  montantTotal?: DecimalInput;
  reglement?: DecimalInput;
  resteAPayer?: DecimalInput;
}

/** The dialog's resolver (made once): the schema's French messages, and the parsed values on success. */
const resolver = zodResolver(encaissementFormSchema);

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
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { modePaiementID: '', montantEncaisse: colis.resteAPayer ?? '' } satisfies EncaissementFormValues,
  });
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: object) => translate(`resources.colis.payment.${key}`, options);

  /** A form the schema refuses: its first message as a warning too (spec 000 §5 "Make payment"). */
  const onInvalid = (refused: FieldErrors<EncaissementFormValues>) => {
    const message = refused.modePaiementID?.message ?? refused.montantEncaisse?.message;
    if (message) notify(message, { type: 'warning' });
  };

  const submit = handleSubmit(async ({ modePaiementID }) => {
    setPending(true);
    try {
      const answer = await dataProvider.createEncaissement(colis.id, modePaiementID);
      notify(answer.message || t('success'), { type: 'success' });
      reset();
      onPaid();
    } catch (error) {
      notify(serverMessage(error) ?? t('failure'), { type: 'error' });
    } finally {
      setPending(false);
    }
  }, onInvalid);

  const readOnly = (label: string, value: DecimalInput, name: string, error?: string) => (
    <TextField
      label={label}
      value={formatEuro(value)}
      fullWidth
      error={!!error}
      helperText={error}
      slotProps={{ input: { readOnly: true }, htmlInput: { name } }}
    />
  );

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
          {readOnly(t('resteAPayer'), colis.resteAPayer, 'resteAPayer', errors.montantEncaisse?.message)}
        </Box>
        <Controller
          name="modePaiementID"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              fullWidth
              sx={{ mt: 2 }}
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
