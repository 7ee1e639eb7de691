/**
 * The loading and failure states of a read (spec 000 §8 "a load failure shows 'erreur' with the server message, else
 * 'erreur lors de la récupération'"): a spinner with 'Chargement en cours...' while pending, an error Alert on failure,
 * else the children.
 */
import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { serverMessage } from './recordLabel';

/** Props of QueryStatus. */
export interface QueryStatusProps {
  isPending: boolean;
  error: unknown;
  /** Title of the failure Alert (translation key; default 'erreur'); false for none. */
  errorTitle?: string | false;
  /** Text of the failure when the server gives no message (translation key; default 'erreur lors de la récupération'). */
  errorMessage?: string;
  /** What the read shows once loaded. */
  children?: ReactNode;
}

/** Renders the failure Alert, else the spinner while pending, else the children. */
export const QueryStatus = ({
  isPending,
  error,
  errorTitle = 'app.common.load_error_title',
  errorMessage = 'app.common.load_error',
  children,
}: QueryStatusProps) => {
  const translate = useTranslate();
  if (error) {
    return (
      <Alert severity="error">
        {errorTitle && <AlertTitle>{translate(errorTitle)}</AlertTitle>}
        {serverMessage(error) ?? translate(errorMessage)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
        <CircularProgress size={24} />
        <Typography>{translate('app.common.loading')}</Typography>
      </Box>
    );
  }
  return <>{children}</>;
};
