/**
 * The latest changes of a user (GET user/historique/{id}, docs/decisions/audit-journal.md): who, when, what, before →
 * after, newest first, under the edit form. Shown to a user holding the key `user`.
 */
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useTranslate, type DataProvider } from 'react-admin';
import { QueryStatus } from '../kit/QueryStatus';
import { formatDateFr } from '../kit/formatDate';
import type { UserMethods } from './userMethods';
import { auditLines } from './userRules';

/** Renders the history card of the user in the record context (no props). */
export const UserHistory = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & UserMethods>();
  const id = record?.id ? String(record.id) : '';
  const {
    data = [],
    isPending,
    error,
  } = useQuery({
    queryKey: ['user', 'historique', id],
    queryFn: ({ signal }) => dataProvider.getUserHistory(id, { signal }),
    enabled: !!id,
  });
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 800 }} data-testid="user-history">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('resources.user.history.title')}
        </Typography>
        <QueryStatus isPending={isPending} error={error}>
          {data.length === 0 && <Typography color="text.secondary">{translate('resources.user.history.empty')}</Typography>}
          {data.map((row) => {
            const { title, changes } = auditLines(row);
            return (
              <Box key={row.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                <Typography variant="body2">
                  <strong>{title}</strong> — {formatDateFr(row.createdAt, 'dd/MM/yyyy HH:mm')}
                  {row.auteur ? ` — ${translate('resources.user.history.by', { name: row.auteur })}` : ''}
                </Typography>
                {changes.map((line) => (
                  <Typography key={line} variant="body2" color="text.secondary" sx={{ pl: 2 }}>
                    {line}
                  </Typography>
                ))}
              </Box>
            );
          })}
        </QueryStatus>
      </CardContent>
    </Card>
  );
};
