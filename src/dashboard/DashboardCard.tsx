/**
 * The frame of every dashboard block: a card with its title, its content, a skeleton while its call loads and an
 * error with 'Réessayer' when it failed (spec 000 §8: the server message, else the dashboard's failure text).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../kit/recordLabel';

/** Props of DashboardCard. */
export interface DashboardCardProps {
  /** Translation key of the title. */
  title: string;
  /** Extra content right of the title. */
  action?: ReactNode;
  isPending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Height of the skeleton while loading (px). */
  skeletonHeight?: number;
  testId?: string;
  children?: ReactNode;
}

/** The failure of a call, with a retry button. */
const SectionError = ({ error, onRetry }: { error: unknown; onRetry?: () => void }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      data-testid="dashboard-error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('dashboard.retry')}
          </Button>
        )
      }
    >
      {serverMessage(error) ?? translate('dashboard.error')}
    </Alert>
  );
};

/** Renders the card: the error, else the skeleton, else the children. */
export const DashboardCard = ({ title, action, isPending, error, onRetry, skeletonHeight = 160, testId, children }: DashboardCardProps) => {
  const translate = useTranslate();
  return (
    <Card data-testid={testId} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {translate(title)}
          </Typography>
          {action}
        </Stack>
        {error ? (
          <SectionError error={error} onRetry={onRetry} />
        ) : isPending ? (
          <Skeleton variant="rounded" height={skeletonHeight} data-testid="dashboard-skeleton" />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
};
