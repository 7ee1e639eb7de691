/** List/detail field showing a record's date as dd/MM/yyyy (spec 000 §9); for DataTable.Col children. */
import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateFr } from './formatDate';

/** Takes the `source` of the date (default 'createdAt') and an optional date-fns pattern. */
export const DateFrField = ({ source = 'createdAt', pattern }: { source?: string; pattern?: string; label?: string }) => {
  const record = useRecordContext();
  return (
    <Typography component="span" variant="body2">
      {formatDateFr(record?.[source] as string | undefined, pattern)}
    </Typography>
  );
};
