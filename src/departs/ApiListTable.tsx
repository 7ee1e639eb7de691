/**
 * Frame of the two read-only tables built from one custom call (clients of a departure, shipments of a client —
 * spec 000 §2): react-admin's useList over the answer's rows (client-side sort and paging), a DataTable of the given
 * columns with an empty message, the French pagination, and an alert when the call fails.
 */
import type { ReactNode } from 'react';
import { Alert, Card } from '@mui/material';
import { DataTable, ListContextProvider, Loading, useList, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { ListPagination } from '../common/ListPagination';
import { serverMessage } from '../common/recordLabel';

/** Props of ApiListTable. */
export interface ApiListTableProps {
  /** Rows of the answer (each with an id). */
  rows: RaRecord[];
  isPending: boolean;
  error: unknown;
  /** Name used for the DataTable's stored column settings. */
  storeKey: string;
  /** Translation key of the message shown when there is no row. */
  emptyMessage: string;
  /** Initial client-side sort. */
  sort?: SortPayload;
  /** The DataTable.Col columns. */
  children: ReactNode;
}

/** Renders the table, a loader while pending, or the failure alert ('erreur lors de la récupération' + server message). */
export const ApiListTable = ({ rows, isPending, error, storeKey, emptyMessage, sort, children }: ApiListTableProps) => {
  const translate = useTranslate();
  const listContext = useList({ data: rows, isPending, perPage: 10, sort });
  if (error) {
    const message = serverMessage(error);
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate('resources.depart.clients.load_error')}
        {message ? ` : ${message}` : ''}
      </Alert>
    );
  }
  if (isPending) return <Loading />;
  return (
    <ListContextProvider value={listContext}>
      <Card sx={{ mt: 2 }}>
        <DataTable
          resource={storeKey}
          storeKey={`${storeKey}.datatable`}
          rowClick={false}
          bulkActionButtons={false}
          size="small"
          empty={<Alert severity="info">{translate(emptyMessage)}</Alert>}
        >
          {children}
        </DataTable>
        {rows.length > 0 && <ListPagination />}
      </Card>
    </ListContextProvider>
  );
};
