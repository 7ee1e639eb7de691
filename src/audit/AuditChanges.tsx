/**
 * The before → after of one journal row (docs/decisions/audit-journal.md): one line per changed field with its French
 * name, the value before struck through and the value after; a creation shows the values after, a deletion the values
 * before and how it was authorised.
 */
import { Box, Typography } from '@mui/material';
import { formatDateFr } from '../kit/formatDate';
import { auditChanges, shownValue, type AuditJournalRow } from './auditRules';

const shown = (value: unknown) => shownValue(value, (iso) => formatDateFr(iso, 'dd/MM/yyyy HH:mm'));

/** Renders the changed fields of `row` (nothing when it holds none). */
export const AuditChanges = ({ row }: { row: Pick<AuditJournalRow, 'avant' | 'apres'> }) => {
  const lines = auditChanges(row);
  if (lines.length === 0) return <>--</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="audit-changes">
      {lines.map((l) => (
        <Typography component="li" variant="body2" key={l.key}>
          <strong>{l.label}</strong> :{' '}
          {'avant' in l && (
            <Box component="span" sx={{ color: 'text.secondary', textDecoration: 'apres' in l ? 'line-through' : undefined }}>
              {shown(l.avant)}
            </Box>
          )}
          {'avant' in l && 'apres' in l && ' → '}
          {'apres' in l && <span>{shown(l.apres)}</span>}
        </Typography>
      ))}
    </Box>
  );
};
