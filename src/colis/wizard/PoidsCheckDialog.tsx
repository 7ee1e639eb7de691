/**
 * Weight-check information dialog (spec 000 §4 "When a departure's weight check fails at parcel registration", §8):
 * the server message with 'Contacter Admins' (GET colis/contactAdminForEnvoi/{envoiId}, success 'opération terminée avec
 * succès') and 'Fermer'.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { serverMessage } from '../../kit/recordLabel';
import { useWrite } from '../../kit/useWrite';
import type { ColisMethods } from '../model/colisMethods';

/** Takes the server message, the departure id and onClose; open while `message` is set. */
export const PoidsCheckDialog = ({
  message,
  envoiId,
  onClose,
}: {
  message: string | null;
  envoiId?: string | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const t = (key: string) => translate(`resources.colis.notifications.${key}`);
  // The administrators are mailed once however fast 'Contacter Admins' is clicked (src/kit/useWrite.ts).
  const contact = useWrite({
    mutationFn: (id: string) => dataProvider.contactAdminsForEnvoi(id),
    onSuccess: (answer) => {
      notify(answer || t('contact_done'), { type: 'success' });
      onClose();
    },
    onError: (error) => notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' }),
  });

  return (
    <Dialog open={!!message} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('weight_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" color="warning" onClick={() => envoiId && contact.run(envoiId)} disabled={contact.pending || !envoiId}>
          {t('contact_admins')}
        </Button>
        <Button onClick={onClose}>{translate('resources.colis.info.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/** The 'Paramètre non trouvé' dialog of a nature without unit price (spec 000 §5, §8), with the server message. */
export const PrixNotFoundDialog = ({ message, onClose }: { message: string | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={!!message} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('resources.colis.info.price_not_found_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.colis.info.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
