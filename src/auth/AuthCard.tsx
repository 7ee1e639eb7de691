/** Frame of the pages outside the layout (login, forgot password): centred card with logo, title and subtitle. */
import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { useTranslate } from 'react-admin';

/** Takes title and subtitle (translation keys or texts) and the form as children. */
export const AuthCard = ({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1565c0 0%, #0d47a1 45%, #002171 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={8}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56, mb: 1 }}>
              <LocalShippingIcon />
            </Avatar>
            <Typography variant="overline" color="text.secondary">
              {translate('app.name')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate(title, { _: title })}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
                {translate(subtitle, { _: subtitle })}
              </Typography>
            )}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
