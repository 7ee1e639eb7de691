/**
 * The app bar's loading indicator (spec 000 §9 "Loader text 'Chargement en cours...'; loaders stop after 200 ms or
 * 1000 ms depending on the screen"; 001 §9 "200 ms in most lists and 1000 ms in others (including sending modes)";
 * docs/decisions/loaders.md): while any call of react-admin is pending, a spinner and 'Chargement en cours...' (the
 * text from 900 px up); it stops loaderStopMs after the last call ends, so calls in a row show one steady loader;
 * otherwise react-admin's refresh button.
 */
import { useEffect, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { RefreshIconButton, useLoading, useLocation, useTranslate } from 'react-admin';

/** How long the loader stays after the last call ends, by screen (ms). */
const LOADER_STOP_MS = { list: 200, other: 1000 } as const;

/**
 * The stop delay of the screen at `pathname`: 200 ms for a list (a path of one segment, e.g. /pays, /colis), 1000 ms for
 * the others (the dashboard, forms, details pages) and for the sending modes' screens, as the spec names them.
 */
function loaderStopMs(pathname: string): number {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'modeEnvoi') return LOADER_STOP_MS.other;
  return segments.length === 1 ? LOADER_STOP_MS.list : LOADER_STOP_MS.other;
}

/** Given to the app bar (no props). */
export const AppLoadingIndicator = () => {
  const loading = useLoading();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const stopMs = loaderStopMs(pathname);
  const [lingering, setLingering] = useState(false);

  // A call holds the loader; when the last one ends, it stays for the screen's delay, then stops.
  useEffect(() => {
    if (loading) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), stopMs);
    return () => clearTimeout(timer);
  }, [loading, stopMs]);

  if (!loading && !lingering) return <RefreshIconButton />;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="app-loader"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, minHeight: 40 }}
    >
      <CircularProgress color="inherit" size={18} thickness={5} aria-label={translate('app.layout.loading')} />
      <Typography variant="body2" component="span" sx={{ display: { xs: 'none', md: 'inline' }, whiteSpace: 'nowrap' }}>
        {translate('app.layout.loading')}
      </Typography>
    </Box>
  );
};
