/**
 * The loading and failure states of a read (spec 000 §8 "a load failure shows 'erreur' with the server message, else
 * 'erreur lors de la récupération'"): a spinner with 'Chargement en cours...' while pending, an error Alert on failure,
 * else the children.
 */
import type { ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from '@mui/material';
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
  /** Reads again: adds a 'Réessayer' button to the failure Alert (lists, docs/decisions/list-load-error.md). */
  onRetry?: () => void;
  /** What the read shows once loaded. */
  children?: ReactNode;
}

/** Props of LoadErrorAlert: the failure of a read and what QueryStatus passes on. */
export type LoadErrorAlertProps = Pick<QueryStatusProps, 'error' | 'errorTitle' | 'errorMessage' | 'onRetry'>;

/**
 * The failure of a read (spec 000 §8): title 'erreur', the server message or 'erreur lors de la récupération', and a
 * 'Réessayer' button when `onRetry` is given. role="alert", so a screen reader says it.
 */
export const LoadErrorAlert = ({
  error,
  errorTitle = 'app.common.load_error_title',
  errorMessage = 'app.common.load_error',
  onRetry,
}: LoadErrorAlertProps) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      data-testid="load-error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.common.retry')}
          </Button>
        )
      }
    >
      {errorTitle && <AlertTitle>{translate(errorTitle)}</AlertTitle>}
      {serverMessage(error) ?? translate(errorMessage)}
    </Alert>
  );
};

/** Renders the failure Alert (LoadErrorAlert), else the spinner while pending, else the children. */
export const QueryStatus = ({ isPending, error, errorTitle, errorMessage, onRetry, children }: QueryStatusProps) => {
  const translate = useTranslate();
  if (error) return <LoadErrorAlert error={error} errorTitle={errorTitle} errorMessage={errorMessage} onRetry={onRetry} />;
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
