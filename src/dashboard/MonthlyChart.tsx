/**
 * Bar chart 'Nombre de Colis envoyés par mois' (spec 000 §2, recharts): the parcels registered in each of the last
 * twelve months, French month abbreviations on the axis, the month's name and count in the tooltip.
 */
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthAbbrFr, monthLongFr, type MonthCount } from '../../common/dashboard';
import { formatCount } from './dashboardView';

/** Takes the twelve months; renders the chart (or a line saying there is nothing when every month is 0). */
export const MonthlyChart = ({ months }: { months: MonthCount[] }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const empty = months.every((m) => m.count === 0);
  return (
    <Box data-testid="monthly-chart" sx={{ position: 'relative' }}>
      <ResponsiveContainer width="100%" height={narrow ? 220 : 280}>
        <BarChart data={months} margin={{ top: 8, right: 8, left: narrow ? -24 : -12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={(m: string) => monthAbbrFr(m)}
            interval={narrow ? 1 : 0}
            tick={{ fontSize: narrow ? 10 : 12 }}
            tickLine={false}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: narrow ? 10 : 12 }} tickFormatter={(v: number) => formatCount(v)} />
          <Tooltip
            labelFormatter={(m) => monthLongFr(String(m))}
            formatter={(value) => [translate('dashboard.monthly.tooltip', { count: formatCount(Number(value)) }), '']}
            separator=""
            cursor={{ fill: 'rgba(21, 101, 192, 0.08)' }}
          />
          <Bar dataKey="count" fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      {empty && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
          {translate('dashboard.monthly.none')}
        </Typography>
      )}
    </Box>
  );
};
