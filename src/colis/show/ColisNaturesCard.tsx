/**
 * Middle card of the parcel details (spec 000 §2 Parcel details): the nature lines (nature, weight, unit price,
 * amount) from dataProvider.getColisByReference (GET colis/getByReference/{ref}), the observations, the total to pay,
 * the amount already paid and the remaining amount, every amount in the parcel's currency (`devise`,
 * docs/decisions/currencies.md).
 */
import { Box, Card, CardContent, CardHeader, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { formatKg, formatMontant } from '../../../common/format';
import { prixLigneOf } from '../../../common/pricing';
import { QueryStatus } from '../../kit/QueryStatus';
import type { ColisMethods } from '../model/colisMethods';
import type { ColisRecord } from '../model/types';
import { DetailItem } from './DetailItem';

/** Takes the parcel (its amounts come from the record, its lines from the reference call). */
export const ColisNaturesCard = ({ colis }: { colis: ColisRecord }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const t = (key: string) => translate(`resources.colis.details.${key}`);
  const details = useQuery({
    queryKey: ['colis', 'getColisByReference', colis.reference],
    queryFn: ({ signal }) => dataProvider.getColisByReference(colis.reference, { signal }),
    retry: false,
  });
  const unite = colis.unite ?? 'kg';
  const montant = (value: Parameters<typeof formatMontant>[0]) => formatMontant(value, colis.devise);
  return (
    <Card>
      <CardHeader title={t('natures')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <QueryStatus isPending={details.isPending} error={details.error}>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('natures')} sx={{ '& td, & th': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('nature')}</TableCell>
                  <TableCell align="right">{t('poids')}</TableCell>
                  <TableCell align="right">{t('prix_unitaire')}</TableCell>
                  <TableCell align="right">{t('montant')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(details.data?.natures ?? []).map((n, i) => (
                  <TableRow key={n.id ?? i}>
                    <TableCell>{n.natureColisID?.libelle ?? '--'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatKg(n.poids, n.unitePoid ?? unite)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {montant(prixLigneOf(n.prixExceptionnel, n.prixUnitaire, colis.devise || undefined))}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {montant(n.prixTotal)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </QueryStatus>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('observations')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
          {colis.observation || '--'}
        </Typography>
        <Divider sx={{ mb: 1 }} />
        <DetailItem label={t('total')}>
          <strong data-testid="details-total">{montant(colis.montantTotal)}</strong>
        </DetailItem>
        <DetailItem label={t('deja_paye')}>
          <span data-testid="details-reglement">{montant(colis.reglement)}</span>
        </DetailItem>
        <DetailItem label={t('reste')}>
          <strong data-testid="details-reste">{montant(colis.resteAPayer)}</strong>
        </DetailItem>
      </CardContent>
    </Card>
  );
};
