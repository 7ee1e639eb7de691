/**
 * Deletion of a parcel from the list and the details page (spec 000 §4 "Parcel deletion", §5 one-time code, §8):
 * the shared DeleteWithConfirm (Oui/Non) calls dataProvider.deleteColis (DELETE colis/delete/{id}/{roleCode}); 200 → 'suppression effectuée';
 * 202 → a dialog asks for the 4-digit code e-mailed to the administrators ('Le code OTP doit contenir 4 chiffres',
 * input up to 6 characters) and POST colis/deleteWithOtp {colisId, codeOtp}; failure 'suppression echouée'. A parcel
 * that collected money shows 'Encaissé : X' in the confirmation, and the server refuses its deletion until it is
 * refunded ('Ce colis a encaissé X : remboursez-le avant de le supprimer.', shown as the error).
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord, type DataProvider } from 'react-admin';
import { DEVISE_COMPTABLE, isDevise, toMinor } from '../../../common/devises';
import { formatMontant } from '../../../common/format';
import { DeleteWithConfirm } from '../../kit/DeleteWithConfirm';
import { serverMessage } from '../../kit/recordLabel';
import type { ColisMethods } from '../model/colisMethods';
import { useAppIdentity } from '../../kit/useAppIdentity';
import { useWrite } from '../../kit/useWrite';

/** Whether a one-time code has the required form: exactly 4 digits (spec 000 §5). */
export function isValidOtp(code: string): boolean {
  return /^\d{4}$/.test(code.trim());
}

/** Props of the code dialog. */
interface OtpDialogProps {
  colisId: string;
  message?: string;
  onClose: () => void;
  onDeleted: () => void;
}

/** The dialog asking for the 4-digit code and deleting with it. */
const OtpDialog = ({ colisId, message, onClose, onDeleted }: OtpDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !isValidOtp(code);
  const t = (key: string) => translate(`resources.colis.notifications.${key}`);
  // Deleted once however fast 'Valider' is clicked or Enter pressed (src/kit/useWrite.ts).
  const remove = useWrite({
    mutationFn: (otp: string) => dataProvider.deleteColisWithOtp(colisId, otp),
    onSuccess: () => {
      notify('app.delete.success', { type: 'success' });
      onDeleted();
    },
    onError: (error) => notify(serverMessage(error) ?? t('delete_otp_failed'), { type: 'error' }),
  });
  const pending = remove.pending;

  const submit = () => {
    setTouched(true);
    if (!invalid) remove.run(code.trim());
  };

  return (
    <Dialog open onClose={onClose} onClick={(e) => e.stopPropagation()} maxWidth="xs" fullWidth>
      <DialogTitle>{t('delete_otp_title')}</DialogTitle>
      <DialogContent>
        {message && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          label={t('delete_otp_label')}
          value={code}
          onChange={(e) => setCode(e.target.value.slice(0, 6))}
          onBlur={() => setTouched(true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          error={touched && invalid}
          helperText={touched && invalid ? t('delete_otp_invalid') : ' '}
          slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', 'aria-label': t('delete_otp_label') } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={pending}>
          {t('validate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * What the deletion's confirmation says of a parcel that holds collected money (its settled amount: its payments less
 * its refunds, docs/decisions/refunds-and-cash.md): 'Encaissé : X' in its currency and that it must be refunded first
 * (the server refuses the deletion until then, with its own message); nothing for a parcel that holds none.
 */
const EncaisseWarning = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const devise = isDevise(record.devise) ? record.devise : DEVISE_COMPTABLE;
  if (toMinor(record.reglement ?? 0, devise) <= 0n) return null;
  const t = (key: string, options?: object) => translate(`resources.colis.notifications.${key}`, options);
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="colis-delete-encaisse">
      <strong>{t('delete_encaisse', { montant: formatMontant(record.reglement, devise) })}</strong>
      <br />
      {t('delete_rembourser')}
    </Alert>
  );
};

/**
 * The delete button of a parcel (record from context), shown only with colisDelete. The confirmation shows what a
 * paid parcel collected (EncaisseWarning).
 * @param variant 'icon' in list rows, 'button' on the details page
 * @param onDeleted what follows a deletion (default: refresh the list)
 */
export const ColisDeleteButton = ({ variant = 'icon', onDeleted }: { variant?: 'icon' | 'button'; onDeleted?: () => void }) => {
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const identity = useAppIdentity();
  const [otp, setOtp] = useState<{ colisId: string; message?: string } | null>(null);

  const action = async (record: RaRecord) => {
    const answer = await dataProvider.deleteColis(String(record.id), identity?.roleID?.code ?? '');
    if (answer.outcome === 'deleted') return true;
    setOtp({ colisId: String(record.id), message: answer.message });
    return false;
  };

  const afterDelete = () => {
    setOtp(null);
    if (onDeleted) onDeleted();
    else refresh();
  };

  return (
    <>
      <DeleteWithConfirm
        action={action}
        onDeleted={onDeleted}
        variant={variant}
        label="resources.colis.action.delete"
        errorMessage="app.delete.failure"
        details={(record) => <EncaisseWarning record={record} />}
      />
      {otp && (
        <OtpDialog
          colisId={otp.colisId}
          message={otp.message}
          onClose={() => {
            // The 202 also made a deletion request: its state shows on the parcel (docs/decisions/deletion-requests.md).
            setOtp(null);
            refresh();
          }}
          onDeleted={afterDelete}
        />
      )}
    </>
  );
};
