/**
 * Frame of the pages outside the layout (login, forgot password, first password): centred card with logo, title and
 * subtitle. Without react-admin: the sign-in page shows it before react-admin loads (docs/decisions/screen-bundles.md).
 */
import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { frAuth } from '../i18n/frAuth';

/** Takes title and subtitle (French texts), the form as children and a footer (a link to the other page) below it. */
export const AuthCard = ({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle?: string;
  footer?: ReactNode;
  children: ReactNode;
}) => (
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
            {frAuth.name}
          </Typography>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
        {footer && <Box sx={{ mt: 2, textAlign: 'center' }}>{footer}</Box>}
      </CardContent>
    </Card>
  </Box>
);
