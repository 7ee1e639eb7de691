/**
 * 'Top 5 des sources de revenus' and 'Top 5 des catégories de dépenses' (spec 001 §2; recharts): horizontal bars of
 * the five operation types of most revenue / expenses, summed by the server over the dashboard's filter (the list
 * call's `topRevenueSources` / `topExpenseCategories`), the motif's code on the axis, its label and the amount in
 * euros in the tooltip.
 */
import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatEuro } from '../../common/format';
import type { TopLine } from './operationView';

/** Takes the lines (at most 5), the bar colour and a test id; renders the chart, or a line saying there is nothing. */
export const TopChart = ({ lines, color, testId }: { lines: TopLine[]; color: string; testId: string }) => {
  const translate = useTranslate();
  const theme = useTheme();
  if (lines.length === 0) {
    return (
      <Typography data-testid={testId} variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate('resources.operation.charts.none')}
      </Typography>
    );
  }
  const data = lines.map((l) => ({ code: l.motif.code, libelle: l.motif.libelle, montant: l.montant }));
  return (
    <Box data-testid={testId}>
      <ResponsiveContainer width="100%" height={48 * data.length + 40}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tick={{ fontSize: 11 }}
            tickFormatter={(v: number) =>
              new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 }).format(v) + ' €'
            }
          />
          <YAxis type="category" dataKey="code" width={150} tick={{ fontSize: 11 }} tickLine={false} />
          <Tooltip
            labelFormatter={(_code, payload) => String(payload?.[0]?.payload?.libelle ?? _code)}
            formatter={(value) => [formatEuro(Number(value)), '']}
            separator=""
            cursor={{ fill: theme.palette.action.hover }}
          />
          <Bar dataKey="montant" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};
