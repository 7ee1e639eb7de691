/**
 * Live summary of INFO COLIS (spec 000 §2 step 2, §9): total weight, amount of the natures, total and remaining to pay,
 * from common/pricing.ts computeColisMontants (the server's own arithmetic), in the departure's currency. A negative
 * remaining flags the error 'paid amount higher than total' (§5 Edit parcel).
 */
import { Alert, Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type ColisMontants } from '../../../common/pricing';
import { formatKg, formatMontant } from '../../../common/format';

/** One summary line. */
const Row = ({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
    <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
      {label}
    </Typography>
    <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 500 }} data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

/** Takes the computed amounts, the unit and the departure's currency; renders the summary card. */
export const MontantSummary = ({ montants, unite, devise }: { montants: ColisMontants; unite: string; devise: string }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.colis.info.${key}`);
  return (
    <Card variant="outlined" sx={{ bgcolor: 'grey.50' }} aria-label={t('summary')}>
      <CardContent>
        <Typography variant="subtitle2" color="primary" sx={{ mb: 1, textTransform: 'uppercase' }}>
          {t('summary')}
        </Typography>
        <Row label={t('poids_total')} value={formatKg(montants.poids, unite)} testId="summary-poids" />
        <Row label={t('montant')} value={formatMontant(montants.montant, devise)} testId="summary-montant" />
        <Divider sx={{ my: 1 }} />
        <Row label={t('total')} value={formatMontant(montants.montantTotal, devise)} strong testId="summary-total" />
        <Row label={t('reste')} value={formatMontant(montants.resteAPayer, devise)} strong testId="summary-reste" />
        {montants.resteAPayer < 0 && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('negative_reste')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
