/**
 * Error pages (spec 000 §2 routes, 001 §2 "Outside the main layout"): 404 'Erreur 404' (react-admin catchAll),
 * 403 'Erreur 403' at /notauthenticate, 500 'Erreur 500' at /errorserver, each with a link home. The route guard's
 * rule "a visit to an error page coming from serverError goes home" (spec 000 §2, 001 §4): the 404 and 403 pages
 * reached from /errorserver (back, forward or a redirect) open the dashboard instead (routeTrail.tsx).
 */
import { useEffect } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import LockIcon from '@mui/icons-material/Lock';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import HomeIcon from '@mui/icons-material/Home';
import { LinkBase, useNavigate, useTranslate } from 'react-admin';
import { previousPathname } from './routeTrail';

/** Path of the server-error page (spec 000 §2 route name serverError). */
const SERVER_ERROR_PATH = '/errorserver';

/** Goes home, replacing the entry, when the page before was the server-error page (spec 000 §2, 001 §4). */
function useHomeAfterServerError() {
  const navigate = useNavigate();
  useEffect(() => {
    if (previousPathname() === SERVER_ERROR_PATH) navigate('/', { replace: true });
  }, [navigate]);
}

/** One error page: icon, title key, text key; `fullScreen` when shown outside the layout. */
const ErrorPage = ({
  icon: Icon,
  title,
  text,
  fullScreen = false,
}: {
  icon: SvgIconComponent;
  title: string;
  text: string;
  fullScreen?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : '60vh',
        p: 2,
        bgcolor: fullScreen ? 'grey.100' : undefined,
      }}
    >
      <Card sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CardContent sx={{ py: 5 }}>
          <Icon sx={{ fontSize: 64, color: 'text.secondary' }} />
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, my: 2 }}>
            {translate(title)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate(text)}
          </Typography>
          <Button variant="contained" component={LinkBase} to="/" startIcon={<HomeIcon />}>
            {translate('app.common.back_home')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};

/** 404 page, the react-admin catchAll (rendered inside the layout); home when reached from /errorserver. */
export const NotFoundPage = () => {
  useHomeAfterServerError();
  return <ErrorPage icon={SearchOffIcon} title="app.errors.not_found_title" text="app.errors.not_found_text" />;
};

/** 403 page at /notauthenticate (outside the layout); home when reached from /errorserver. */
export const ForbiddenPage = () => {
  useHomeAfterServerError();
  return <ErrorPage icon={LockIcon} title="app.errors.forbidden_title" text="app.errors.forbidden_text" fullScreen />;
};

/** 500 page at /errorserver (outside the layout). */
export const ServerErrorPage = () => (
  <ErrorPage icon={ReportProblemIcon} title="app.errors.server_title" text="app.errors.server_text" fullScreen />
);
