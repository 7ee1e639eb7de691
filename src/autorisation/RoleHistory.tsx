/**
 * The latest changes of a role's permissions on the assignment screen (GET autorisation/historique/{roleId};
 * docs/decisions/audit-journal.md): granted or removed, the permission key, then date, time and author, newest first.
 */
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../kit/QueryStatus';
import { formatDateFr } from '../kit/formatDate';
import { fieldsOf } from '../providers/records';
import type { AutorisationMethods } from './autorisationMethods';

const T = 'resources.autorisation.history';

/** The history card of one role. */
export const RoleHistory = ({ roleId }: { roleId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & AutorisationMethods>();
  const history = useQuery({
    queryKey: ['autorisation', 'history', roleId],
    queryFn: ({ signal }) => dataProvider.getRoleHistory(roleId, { signal }),
  });
  return (
    <Card variant="outlined" aria-label={translate(`${T}.title`)}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate(`${T}.title`)}
        </Typography>
        <QueryStatus isPending={history.isPending} error={history.error}>
          {(history.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
          ) : (
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {(history.data ?? []).map((row) => (
                <Box component="li" key={row.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    {row.action === 'grant' || row.action === 'revoke' ? (
                      <Chip
                        size="small"
                        color={row.action === 'grant' ? 'success' : 'error'}
                        variant="outlined"
                        label={translate(`${T}.${row.action}`)}
                      />
                    ) : (
                      <Chip size="small" variant="outlined" label={translate(`${T}.${row.action}`, { _: row.action })} />
                    )}
                    <Typography
                      component="span"
                      sx={{ fontFamily: 'monospace', fontWeight: 600, fontSize: '0.875rem', wordBreak: 'break-all' }}
                    >
                      {String(fieldsOf(row.apres).privilege ?? fieldsOf(row.avant).privilege ?? '')}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {translate(`${T}.line`, {
                      date: formatDateFr(row.createdAt, 'dd/MM/yyyy'),
                      heure: formatDateFr(row.createdAt, 'HH:mm'),
                      auteur: row.auteur || translate(`${T}.system`),
                    })}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </QueryStatus>
      </CardContent>
    </Card>
  );
};
