/** One 'label: value' line of a card of the parcel details page. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** Takes the label (already translated) and the value. */
export const DetailItem = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.6, borderBottom: 1, borderColor: 'divider' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div" sx={{ fontWeight: 500, textAlign: 'right' }}>
      {children}
    </Typography>
  </Box>
);
