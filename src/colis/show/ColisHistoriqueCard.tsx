/**
 * Right card of the parcel details (spec 000 §2 Parcel details): the status history (date, before, after, author) from
 * dataProvider.getColisHistorique (GET colis/getHistoriqueByReference/{ref}), or 'Ce colis n'a pas encore d'historique'.
 * An entry of a payment or a refund shows its line ('Encaissement de 20,00 €') across the two status columns, never
 * as 'Réceptionné → Réceptionné' (audit 000 B2, docs/decisions/payment-history.md).
 */
import { Alert, Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { QueryStatus } from '../../kit/QueryStatus';
import { formatDateFr } from '../../kit/formatDate';
import { fullName } from '../../providers/records';
import type { ColisMethods } from '../model/colisMethods';

/** Takes the parcel reference. */
export const ColisHistoriqueCard = ({ reference }: { reference: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const t = (key: string) => translate(`resources.colis.details.${key}`);
  const historique = useQuery({
    queryKey: ['colis', 'getColisHistorique', reference],
    queryFn: ({ signal }) => dataProvider.getColisHistorique(reference, { signal }),
    retry: false,
  });
  const rows = historique.data ?? [];
  return (
    <Card>
      <CardHeader title={t('historique')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <QueryStatus
          isPending={historique.isPending}
          error={historique.error}
          errorTitle={false}
          errorMessage="resources.colis.details.history_error"
        >
          {rows.length === 0 ? (
            <Alert severity="info">{t('no_history')}</Alert>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('historique')} sx={{ '& td, & th': { px: 1 } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('date')}</TableCell>
                    <TableCell>{t('avant')}</TableCell>
                    <TableCell>{t('apres')}</TableCell>
                    <TableCell>{t('auteur')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((h, i) => (
                    <TableRow key={h.id ?? i}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateFr(h.dateAction)}</TableCell>
                      {h.paiement ? (
                        // A payment or a refund, not a status change (docs/decisions/payment-history.md).
                        <TableCell colSpan={2} sx={{ fontStyle: 'italic' }}>
                          {h.libelle ?? t(h.paiement.type)}
                        </TableCell>
                      ) : (
                        <>
                          <TableCell>{h.statutAvantID?.libelle ?? '--'}</TableCell>
                          <TableCell>{h.statutApresID?.libelle ?? '--'}</TableCell>
                        </>
                      )}
                      <TableCell>{fullName(h.auteurID) || '--'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryStatus>
      </CardContent>
    </Card>
  );
};
