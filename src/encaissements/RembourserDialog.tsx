/**
 * The refund dialog (docs/decisions/refunds-and-cash.md "A refund is a negative collection"), opened by 'Rembourser'
 * on a payment of the collections list or of a parcel's payment details: the payment's amount and what it may still
 * give back (read-only, in its currency); the amount refunded, which defaults to all that is left refundable and may
 * be lowered; the payment mode and the reason, both required.
 * The form is checked with common/schemas/encaissement.ts remboursementFormSchema, built from the fields of the body
 * the server validates (the amount above 0 and not above what is left, with the server's text; the mode; the reason).
 * dataProvider.rembourserEncaissement → POST encaissement/rembourser/{id} {montant, modePaiementID, motif}; success
 * the server's message ('Remboursement enregistré.'), then the caller refreshes; a refusal (above what is left, a
 * closed cash day…) shows the server's message.
 */
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { DEVISE_COMPTABLE, isDevise } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { DecimalInput } from '../../common/money';
import { remboursementFormSchema, type RemboursementFormOutput, type RemboursementFormValues } from '../../common/schemas/encaissement';
import { serverMessage } from '../common/recordLabel';
import type { EncaissementMethods } from './encaissementMethods';
import { remboursableOf } from './encaissementRules';
import { useModesPaiement } from './useModesPaiement';

/** The payment a refund gives back: its id, amount, what its refunds gave back, currency and parcel reference. */
export interface PaiementRemboursable {
  id: string;
  montantEncaisse: DecimalInput;
  montantRembourse?: DecimalInput;
  devise?: string | null;
  reference?: string | null;
}

/** The dialog's resolver (made once): the schema's French messages, and the body on success. */
const resolver = zodResolver(remboursementFormSchema);

/** Takes the payment, whether the dialog is open, onClose, and onDone (called after a refund was recorded). */
export const RembourserDialog = ({
  paiement,
  open,
  onClose,
  onDone,
}: {
  paiement: PaiementRemboursable;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const { modes } = useModesPaiement();
  const [pending, setPending] = useState(false);
  const t = (key: string, options?: object) => translate(`resources.encaissements.refund.${key}`, options);
  const devise = paiement.devise && isDevise(paiement.devise) ? paiement.devise : DEVISE_COMPTABLE;
  const remboursable = remboursableOf({ ...paiement, devise });
  const defaultValues: RemboursementFormValues = { montant: remboursable, modePaiementID: '', motif: '', devise, remboursable };
  const { control, handleSubmit } = useForm<RemboursementFormValues, unknown, RemboursementFormOutput>({ resolver, defaultValues });

  /** A form the schema refuses: its first message as a warning too. */
  const onInvalid = (refused: FieldErrors<RemboursementFormValues>) => {
    const message = refused.montant?.message ?? refused.modePaiementID?.message ?? refused.motif?.message;
    if (message) notify(message, { type: 'warning' });
  };

  const submit = handleSubmit(async (body) => {
    setPending(true);
    try {
      const answer = await dataProvider.rembourserEncaissement(paiement.id, body);
      notify(answer.message || t('success'), { type: 'success' });
      onDone();
    } catch (error) {
      notify(serverMessage(error) ?? t('failure'), { type: 'error' });
    } finally {
      setPending(false);
    }
  }, onInvalid);

  const readOnly = (label: string, value: string, name: string) => (
    <TextField label={label} value={value} fullWidth slotProps={{ input: { readOnly: true }, htmlInput: { name } }} />
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onClick={(e) => e.stopPropagation()}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>
        {t('title')}
        {paiement.reference ? ` — ${paiement.reference}` : ''}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
          {readOnly(t('montantEncaisse'), formatMontant(paiement.montantEncaisse, devise), 'montantEncaisse')}
          {readOnly(t('remboursable'), formatMontant(remboursable, devise), 'remboursable')}
        </Box>
        <Controller
          name="montant"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              required
              fullWidth
              sx={{ mt: 2 }}
              label={`${t('montant')} (${devise})`}
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
        <Controller
          name="modePaiementID"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              fullWidth
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
        <Controller
          name="motif"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              required
              fullWidth
              multiline
              minRows={2}
              label={t('motif')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
              slotProps={{ htmlInput: { name: field.name, maxLength: 500 } }}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" color="warning" onClick={(e) => void submit(e)} disabled={pending}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
