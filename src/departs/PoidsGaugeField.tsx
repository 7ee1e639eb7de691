/**
 * 'Poids disponible' cell of the departures list (spec 000 §2 column 'available weight'): the available weight in kg
 * above a fill gauge (MUI LinearProgress) of the weight already used — green while there is room, red when full.
 */
import { Box, LinearProgress, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatKg } from '../../common/format';
import { poidsGauge } from '../kit/poidsGauge';

/** Takes no props (reads poids and poidsDisponible of the record in context); renders the text and gauge. */
export const PoidsGaugeField = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const gauge = poidsGauge(record.poids, record.poidsDisponible);
  const disponible = formatKg(record.poidsDisponible ?? 0);
  const label = translate('resources.depart.gauge.label', { disponible, poids: formatKg(record.poids ?? 0) });
  return (
    <Tooltip title={label}>
      <Box sx={{ minWidth: 96 }} data-testid="poids-gauge" data-full={gauge.full}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: `${gauge.color}.main`, whiteSpace: 'nowrap' }}>
          {gauge.full ? `${disponible} · ${translate('resources.depart.gauge.full')}` : disponible}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={gauge.percent}
          color={gauge.color}
          aria-label={label}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      </Box>
    </Tooltip>
  );
};
