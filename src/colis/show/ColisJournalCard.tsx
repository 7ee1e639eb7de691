/**
 * 'Historique des modifications' of the parcel details (docs/decisions/audit-journal.md): the parcel's audit journal —
 * date, action, author, address and the changed fields before → after — from dataProvider.getAuditOf
 * (GET audit/liste?entity=colis&entityId=…), newest first, with a link to the whole journal filtered on the parcel.
 * Shown only to a user holding auditListe: the journal names the staff and the addresses they worked from, so it stays
 * with the administrators (the status history card is there for everyone who may see the parcel).
 */
import { Alert, Box, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { QueryStatus } from '../../kit/QueryStatus';
import { formatDateFr } from '../../kit/formatDate';
import { useHasPermission } from '../../kit/useHasPermission';
import { AuditChanges } from '../../audit/AuditChanges';
import { actionLabel } from '../../audit/auditRules';
import type { AuditMethods } from '../../audit/auditMethods';

/** Rows shown on the card; the link opens the rest. */
const SHOWN = 10;

/** The card body (the key is checked by ColisJournalCard). */
const JournalCard = ({ colisId }: { colisId: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & AuditMethods>();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`resources.audit.card.${key}`, opts);
  const journal = useQuery({
    queryKey: ['audit', 'colis', colisId],
    queryFn: ({ signal }) => dataProvider.getAuditOf('colis', colisId, { signal, limit: SHOWN }),
    retry: false,
  });
  const rows = journal.data?.rows ?? [];
  const total = journal.data?.total ?? 0;
  const filter = encodeURIComponent(JSON.stringify({ entity: 'colis', entityId: colisId }));
  return (
    <Card data-testid="colis-journal" sx={{ gridColumn: '1 / -1' }}>
      <CardHeader title={t('title')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <QueryStatus isPending={journal.isPending} error={journal.error} errorTitle={false}>
          {rows.length === 0 ? (
            <Alert severity="info">{t('empty')}</Alert>
          ) : (
            <>
              {rows.map((row) => (
                <Box key={row.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                  <Typography variant="body2">
                    <strong>{actionLabel(row.action)}</strong> — {formatDateFr(row.createdAt, 'dd/MM/yyyy HH:mm')}
                    {row.auteur ? ` — ${t('by', { name: row.auteur })}` : ''}
                    {row.adresseIP ? ` ${t('from', { ip: row.adresseIP })}` : ''}
                  </Typography>
                  <AuditChanges row={row} />
                </Box>
              ))}
              <Link component={RouterLink} to={`/audit?filter=${filter}`} variant="body2">
                {t('more', { total })}
              </Link>
            </>
          )}
        </QueryStatus>
      </CardContent>
    </Card>
  );
};

/** Takes the parcel id; renders nothing without the key auditListe. */
export const ColisJournalCard = ({ colisId }: { colisId: string }) => {
  const can = useHasPermission();
  return can('auditListe') ? <JournalCard colisId={colisId} /> : null;
};
