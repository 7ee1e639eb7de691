/**
 * Payment details dialog (spec 000 §2 "Payment dialogs", §8), width 600: parcel reference, number of payments, total,
 * collected and remaining amounts, the list (date, mode, amount, remaining, by) and 'Fermer'; with no payment the
 * information 'Aucun encaissement trouvé pour le colis de référence {ref}'. dataProvider.getEncaissementsOfColis → GET
 * encaissement/getByColisID/{id}. Amounts in the parcel's currency (`devise`), with what was handed over when a payment
 * was tendered in another (docs/decisions/currencies.md). A refund shows 'Remboursement' and its reason, a refunded
 * payment how much it gave back, and 'Rembourser' (key encaissementRembourser) opens the refund dialog on a payment
 * with something left to give back (docs/decisions/refunds-and-cash.md).
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRefresh, useTranslate, type DataProvider } from 'react-admin';
import { formatMontant } from '../../common/format';
import { formatDateFr } from '../kit/formatDate';
import { QueryStatus } from '../kit/QueryStatus';
import type { EncaissementMethods } from './encaissementMethods';
import { ecartConversionDe, montantRemis } from './montantRemis';
import { useHasPermission } from '../kit/useHasPermission';
import { estRembourse, isRemboursement } from './encaissementRules';
import { RembourserButton } from './RembourserButton';

/** Takes the parcel id and reference, whether the dialog is open, and onClose. */
export const EncaissementDetailsDialog = ({
  colisId,
  reference,
  open,
  onClose,
}: {
  colisId: string;
  reference: string;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const t = (key: string, options?: object) => translate(`resources.colis.payment_details.${key}`, options);
  const r = (key: string, options?: object) => translate(`resources.encaissements.refund.${key}`, options);
  const has = useHasPermission();
  const refresh = useRefresh();
  const canRefund = has('encaissementRembourser');
  const query = useQuery({
    queryKey: ['encaissement', 'getEncaissementsOfColis', colisId],
    queryFn: ({ signal }) => dataProvider.getEncaissementsOfColis(colisId, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const rows = query.data?.encaissements ?? [];
  const colis = query.data?.colis;
  const devise = colis?.devise ?? rows[0]?.devise;

  const info = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      onClick={(e) => e.stopPropagation()}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: 600, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        {query.isPending || query.isError ? (
          <QueryStatus isPending={query.isPending} error={query.error} />
        ) : rows.length === 0 ? (
          <Alert severity="info">{t('empty', { reference: colis?.reference ?? reference })}</Alert>
        ) : (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 1.5, mb: 2 }}>
              {info(t('reference'), colis?.reference ?? reference)}
              {info(t('count'), String(rows.length))}
              {info(t('montantTotal'), formatMontant(colis?.montantTotal, devise))}
              {info(t('encaisse'), formatMontant(colis?.reglement, devise))}
              {info(t('reste'), formatMontant(colis?.resteAPayer, devise))}
            </Box>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('date')}</TableCell>
                  <TableCell>{t('mode')}</TableCell>
                  <TableCell align="right">{t('montant')}</TableCell>
                  <TableCell align="right">{t('restant')}</TableCell>
                  <TableCell>{t('par')}</TableCell>
                  {canRefund && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, index) => (
                  <TableRow key={row.id ?? index}>
                    <TableCell>{formatDateFr(row.createdAt)}</TableCell>
                    <TableCell>{row.modePaiementID?.libelle ?? '--'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMontant(row.montantEncaisse, row.devise ?? devise)}
                      {montantRemis(row) && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {translate('resources.encaissements.montant_remis', { montant: montantRemis(row) })}
                        </Typography>
                      )}
                      {ecartConversionDe(row) && (
                        <Typography variant="caption" color="text.secondary" component="div" data-testid="ecart-conversion">
                          {translate('resources.encaissements.ecart_conversion', { ecart: ecartConversionDe(row) })}
                        </Typography>
                      )}
                      {isRemboursement(row) && (
                        <Typography variant="caption" color="warning.main" component="div" data-testid="remboursement">
                          {[r('label'), row.motif].filter(Boolean).join(' : ')}
                        </Typography>
                      )}
                      {estRembourse(row) && (
                        <Typography variant="caption" color="warning.main" component="div">
                          {r('rembourse', { montant: formatMontant(row.montantRembourse, row.devise ?? devise) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMontant(row.montantRestant, row.devise ?? devise)}
                    </TableCell>
                    <TableCell>{row.paymentby ? t(`by.${row.paymentby}`, { _: row.paymentby }) : '--'}</TableCell>
                    {canRefund && (
                      <TableCell padding="none">
                        {row.id && (
                          <RembourserButton
                            paiement={{ ...row, id: row.id, devise: row.devise ?? devise, reference: colis?.reference ?? reference }}
                            onDone={() => {
                              void query.refetch();
                              refresh();
                            }}
                          />
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
