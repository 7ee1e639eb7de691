/**
 * 'Retiré' / 'Livré' row actions of an arrived parcel (EXPEDIE) — keys retraitColis / livraisonColis; spec 000 §4
 * "How RETIRE and LIVRE are reached is not shown", docs/api-contract.md colis/retirer|livrer. An Oui/Non confirmation;
 * when money remains, a required payment mode collected in the same step (dataProvider.finishColis → POST
 * colis/retirer|livrer/{id} {modePaiementID}).
 */
import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate, type DataProvider } from 'react-admin';
import { formatMontant } from '../../common/format';
import { serverMessage } from '../common/recordLabel';
import { useModesPaiement } from '../encaissements/useModesPaiement';
import type { ColisMethods } from './model/colisMethods';
import { isPositiveMontant } from './model/colisRules';
import type { ColisRecord } from './model/types';

/** Takes the parcel and the end of its journey ('retirer' → RETIRE, 'livrer' → LIVRE); renders a small text button. */
export const FinishColisButton = ({ colis, to }: { colis: ColisRecord; to: 'retirer' | 'livrer' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const { modes } = useModesPaiement();
  const [open, setOpen] = useState(false);
  const [modePaiementID, setModePaiementID] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const kind = to === 'retirer' ? 'retire' : 'livre';
  const owes = isPositiveMontant(colis.resteAPayer);
  const t = (key: string, options?: object) => translate(`resources.colis.notifications.${key}`, options);

  const close = () => {
    setOpen(false);
    setTouched(false);
  };

  const confirm = async () => {
    setTouched(true);
    if (owes && !modePaiementID) {
      notify('resources.colis.payment.required', { type: 'warning' });
      return;
    }
    setPending(true);
    try {
      const message = await dataProvider.finishColis(colis.id, to, owes ? modePaiementID : null);
      notify(message ?? 'app.status.success', { type: 'success' });
      close();
      refresh();
    } catch (error) {
      notify(serverMessage(error) ?? 'app.status.failure', { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="success"
        sx={{ minWidth: 0, px: 1, py: 0, ml: 0.5, textTransform: 'none' }}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(`resources.colis.action.${kind}`)}
      </Button>
      <Dialog open={open} onClose={close} onClick={(e) => e.stopPropagation()} maxWidth="xs" fullWidth>
        <DialogTitle>{t(`finish_title_${kind}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t(`finish_confirm_${kind}`, { reference: colis.reference })}</DialogContentText>
          {owes && (
            <>
              <Alert severity="warning" sx={{ my: 2 }}>
                {t('finish_remaining', { montant: formatMontant(colis.resteAPayer, colis.devise) })}
              </Alert>
              <TextField
                select
                required
                fullWidth
                label={translate('resources.colis.payment.modePaiementID')}
                value={modePaiementID}
                onChange={(e) => setModePaiementID(e.target.value)}
                error={touched && !modePaiementID}
                helperText={touched && !modePaiementID ? translate('resources.colis.payment.required') : ' '}
              >
                {modes.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.libelle}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.common.no')}</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={pending}>
            {translate('app.common.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
