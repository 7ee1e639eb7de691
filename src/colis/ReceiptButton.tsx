/**
 * Receipt action (spec 000 §2 "Receipt PDF", §4 "receipt only when not EN_ATTENTE"): loads the parcel with its nature
 * lines (dataProvider.getColisByReference → GET colis/getByReference/{ref}) and, for a user who may read them
 * (encaissementDetailsColis or encaissementMake, the keys of encaissement/getByColisID), its payments
 * (dataProvider.getEncaissementsOfColis: payments and refunds), and downloads recu-{reference}.pdf built by ./receipt.ts, which (with jspdf
 * and qrcode) is imported only on click. Amounts are in the parcel's currency; a payment tendered in another currency
 * shows what was handed over and the rate (docs/decisions/currencies.md).
 */
import { IconButton, Tooltip } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { serverMessage } from '../kit/recordLabel';
import { useHasPermission } from '../kit/useHasPermission';
import { useWrite } from '../kit/useWrite';
import type { EncaissementMethods } from '../encaissements/encaissementMethods';
import type { Encaissement } from '../encaissements/types';
import type { ColisMethods } from './model/colisMethods';

/** Takes the parcel reference; renders a PDF icon button. */
export const ReceiptButton = ({ reference }: { reference: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & ColisMethods & EncaissementMethods>();
  const has = useHasPermission();
  const readsPayments = has('encaissementDetailsColis') || has('encaissementMake');
  const label = translate('resources.colis.action.receipt');

  // One download at a time: the button stays disabled from the click until the PDF is saved or refused.
  const receipt = useWrite({
    mutationFn: async () => {
      // jspdf and qrcode (~120 KB compressed) load only on click (docs/decisions/screen-bundles.md).
      const [{ colis, natures, suiviUrl }, { downloadReceipt, receiptDataFrom }] = await Promise.all([
        dataProvider.getColisByReference(reference),
        import('./receipt'),
      ]);
      const payments: Encaissement[] = readsPayments ? (await dataProvider.getEncaissementsOfColis(colis.id)).encaissements : [];
      downloadReceipt(receiptDataFrom(colis, natures, suiviUrl, payments));
    },
    onError: (error) => notify(serverMessage(error) ?? 'resources.colis.notifications.receipt_error', { type: 'error' }),
  });

  const download = (event: React.MouseEvent) => {
    event.stopPropagation();
    void receipt.run();
  };

  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={download} disabled={receipt.pending} sx={{ color: '#b71c1c' }}>
          <PictureAsPdfIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};
