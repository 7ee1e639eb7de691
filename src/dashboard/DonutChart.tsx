/**
 * A donut of the dashboard (spec 000 §2 'etat des encaissements', 'etat des colis'; recharts): its segments with the
 * total in the middle, a French tooltip, and a legend listing every segment with its count and detail (amounts).
 */
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCount } from './dashboardView';

/** One segment. */
export interface DonutSegment {
  key: string;
  /** Translation key of the label. */
  label: string;
  count: number;
  color: string;
  /** Text under the label in the legend (e.g. the amount). */
  detail?: string;
}

/** Takes the segments and a test id; renders the donut and its legend. */
export const DonutChart = ({ segments, testId }: { segments: DonutSegment[]; testId: string }) => {
  const translate = useTranslate();
  const total = segments.reduce((n, s) => n + s.count, 0);
  const data =
    total > 0 ? segments.filter((s) => s.count > 0) : [{ key: 'none', label: 'dashboard.donut.none', count: 1, color: '#e0e0e0' }];
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center', gap: 2 }}>
      <Box sx={{ position: 'relative', width: 200, height: 200, flexShrink: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="count"
              nameKey="label"
              innerRadius="62%"
              outerRadius="92%"
              paddingAngle={data.length > 1 ? 1 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {data.map((s) => (
                <Cell key={s.key} fill={s.color} />
              ))}
            </Pie>
            {total > 0 && (
              <Tooltip
                formatter={(value, _name, item) => {
                  const s = (item as { payload?: DonutSegment }).payload;
                  const text = `${formatCount(Number(value))} ${translate('dashboard.donut.center')}${s?.detail ? ` · ${s.detail}` : ''}`;
                  return [text, s ? translate(s.label) : ''];
                }}
              />
            )}
          </PieChart>
        </ResponsiveContainer>
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }} data-testid={`${testId}-total`}>
            {formatCount(total)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('dashboard.donut.center')}
          </Typography>
        </Box>
      </Box>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0, width: '100%', minWidth: 0 }}>
        {segments.map((s) => (
          <Box component="li" key={s.key} data-testid={`${testId}-${s.key}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: s.color, mt: 0.5, flexShrink: 0 }} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2">{translate(s.label)}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid={`${testId}-${s.key}-value`}>
                  {formatCount(s.count)}
                </Typography>
              </Box>
              {s.detail && (
                <Typography variant="caption" color="text.secondary" component="p">
                  {s.detail}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
};
