/** Footer with copyright and rights notice (spec 000 §2 "A footer carries a copyright and rights notice"). */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The footer (no props); the year is the current one. */
export const Footer = () => {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ mt: 'auto', py: 2, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.layout.footer', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};
