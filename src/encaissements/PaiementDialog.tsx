/**
 * The frame of the dialogs that move money on a parcel (spec 000 §2 "Payment dialogs"): the payment
 * (MakeEncaissementDialog), the refund (RembourserDialog) and the hand-over that collects the rest
 * (src/colis/FinishColisButton.tsx). One react-admin <Form> in a dialog of a given width: the title (with the parcel's
 * reference when given), a read-only summary of amounts (if any), the inputs, then the cancel and submit buttons; a
 * refused form shows each message under its field and its first one as a warning; the call's answer is notified
 * (useDialogMutation). Such a dialog is mounted only while open (its form starts afresh each time).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { Form, SelectInput, useNotify, useTranslate, type ValidateForm } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { z } from 'zod';
import { serverMessage } from '../kit/recordLabel';
import { useWrite } from '../kit/useWrite';
import { useModesPaiement } from './useModesPaiement';

/**
 * A resolver checking the values typed merged with what the dialog knows (its `context`: a currency, an amount left,
 * today's rates), so that only what the user types is a form value.
 * @param schema a dialog schema of common/schemas/encaissement.ts (its hidden fields are the context's)
 * @returns a react-hook-form resolver: on success the schema's output (the request body), else its French messages
 */
export function contextResolver(schema: z.ZodType): Resolver<FieldValues, object> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, object>;
  return (values, context, options) => resolve({ ...values, ...context }, context, options);
}

/**
 * The call of a dialog and what it says: pending while it runs, started once however often it is submitted meanwhile
 * (src/kit/useWrite.ts: a double click writes once); on success the server's message (else `success`) then
 * onDone; on failure the server's message (else `failure`), the dialog staying open.
 * @param send the call, given the form's output; its answer may carry the server's `message`
 * @param texts `success` and `failure`: messages or translation keys; `onDone`: what follows a success (close, refresh)
 * @returns `run` (give it the form's output) and `pending`
 */
export function useDialogMutation<V>(
  send: (values: V) => Promise<{ message?: string }>,
  { success, failure, onDone }: { success: string; failure: string; onDone: () => void },
) {
  const notify = useNotify();
  const { run, pending } = useWrite({
    mutationFn: send,
    onSuccess: (answer) => {
      notify(answer.message || success, { type: 'success' });
      onDone();
    },
    onError: (error) => notify(serverMessage(error) ?? failure, { type: 'error' }),
  });
  return { run, pending };
}

/**
 * The submit button of a dialog: disabled from the click — while the form checks its values, then while the call
 * runs (`pending`) — with a spinner meanwhile, so the agent sees the first click was taken.
 */
const SubmitButton = ({ label, color, pending }: { label: string; color: 'primary' | 'success' | 'warning'; pending: boolean }) => {
  const { isSubmitting } = useFormState();
  const busy = pending || isSubmitting;
  return (
    <Button
      type="submit"
      variant="contained"
      color={color}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
};

/** A field's message: a schema's text, or a form `validate`'s translation key with its arguments. */
type Message = string | { message: string; args?: Record<string, unknown> };

/** After a submit the form refuses, its first message as a warning (each field shows its own). */
const FirstErrorWarning = () => {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    const first = Object.values(errors).find((error) => error?.message)?.message as Message | undefined;
    if (typeof first === 'string') notify(first, { type: 'warning' });
    else if (first?.message) notify(first.message, { type: 'warning', messageArgs: first.args });
  }, [submitCount, errors, notify]);
  return null;
};

/** The <form> lays out no box: the title, content and actions stay the dialog's own (its scrolling content). */
const DialogForm = styled(Form)({ display: 'contents' });

/**
 * The payment mode select of a payment dialog (source modePaiementID): the active modes (useModesPaiement), by label,
 * required (no empty choice).
 * @param label its label (a translation key or a text)
 */
export const ModePaiementSelect = ({ label, sx }: { label: string; sx?: SxProps<Theme> }) => {
  const { modes } = useModesPaiement();
  return (
    <SelectInput
      source="modePaiementID"
      label={label}
      choices={modes}
      optionText="libelle"
      translateChoice={false}
      isRequired
      fullWidth
      sx={sx}
    />
  );
};

/** A read-only figure of the summary: its label (a translation key), its formatted value, and the input's name. */
interface Figure {
  label: string;
  value: string;
  name: string;
}

/**
 * The dialog, open (mount it only while open). Labels (title, figures, buttons) are translation keys.
 * @param title the dialog's title, followed by ' — reference' when a reference is given
 * @param width the paper's width in px (never wider than the screen less 32 px)
 * @param figures the read-only summary, one column each from the small breakpoint
 * @param defaultValues what the inputs start with (the form's record too: not the list row around the dialog)
 * @param resolver how the form is checked (contextResolver, given `context`), or `validate` (a form-level check)
 * @param onSubmit given the checked values (a resolver's output) once they pass
 * @param pending disables the submit button, with a spinner (useDialogMutation); so does the form's check of a submit
 * @param cancel the cancel button's label (it calls onClose); `submit` the submit button's, in `submitColor`
 */
export function PaiementDialog({
  title,
  reference,
  width,
  figures = [],
  defaultValues,
  resolver,
  validate,
  context,
  onSubmit,
  pending,
  onClose,
  cancel,
  submit,
  submitColor = 'primary',
  children,
}: {
  title: string;
  reference?: string | null;
  width: number;
  figures?: Figure[];
  defaultValues: FieldValues;
  resolver?: Resolver<FieldValues, object>;
  validate?: ValidateForm;
  context?: object;
  onSubmit: (values: FieldValues) => void;
  pending: boolean;
  onClose: () => void;
  cancel: string;
  submit: string;
  submitColor?: 'primary' | 'success' | 'warning';
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog
      open
      onClose={onClose}
      onClick={(e) => e.stopPropagation()}
      maxWidth={false}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogForm
        record={defaultValues}
        defaultValues={defaultValues}
        resolver={resolver}
        validate={validate}
        context={context}
        onSubmit={onSubmit}
        noValidate
        disableInvalidFormNotification
      >
        <FirstErrorWarning />
        <DialogTitle>
          {translate(title)}
          {reference ? ` — ${reference}` : ''}
        </DialogTitle>
        <DialogContent>
          {figures.length > 0 && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${figures.length}, 1fr)` }, gap: 2, pt: 1, mb: 1 }}>
              {figures.map(({ label, value, name }) => (
                <TextField
                  key={name}
                  label={translate(label)}
                  value={value}
                  fullWidth
                  slotProps={{ input: { readOnly: true }, htmlInput: { name } }}
                />
              ))}
            </Box>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate(cancel)}</Button>
          <SubmitButton label={translate(submit)} color={submitColor} pending={pending} />
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
