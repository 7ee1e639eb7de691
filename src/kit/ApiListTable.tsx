/**
 * Read-only tables built from one named dataProvider call (clients of a departure, shipments of a client — spec 000 §2)
 * and the page around them: react-admin's useList over the answer's rows (client-side sort and paging), a DataTable of
 * the given columns with an empty message, the French pagination, and the load states of QueryStatus. ApiListPage adds
 * the breadcrumb and title, and a warning instead of the table when the page's `?id=` is missing (useIdParam).
 */
import type { ReactNode } from 'react';
import { Alert, Box, Card } from '@mui/material';
import { DataTable, ListContextProvider, useList, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ListPagination } from './ListPagination';
import { PageHeader, type BreadcrumbStep } from './PageHeader';
import { QueryStatus } from './QueryStatus';

/** Props of ApiListTable. */
interface ApiListTableProps {
  /** Rows of the answer (each with an id). */
  rows: RaRecord[];
  isPending: boolean;
  error: unknown;
  /** Reads again (react-query's refetch): the failure Alert then offers 'Réessayer'. */
  onRetry?: () => void;
  /** Name used for the DataTable's stored column settings. */
  storeKey: string;
  /** Translation key of the message shown when there is no row. */
  emptyMessage: string;
  /** Initial client-side sort. */
  sort?: SortPayload;
  /** The DataTable.Col columns. */
  children: ReactNode;
}

/** Renders the table, a loader while pending, or the failure alert ('erreur' + server message, 'Réessayer'). */
const ApiListTable = ({ rows, isPending, error, onRetry, storeKey, emptyMessage, sort, children }: ApiListTableProps) => {
  const translate = useTranslate();
  const listContext = useList({ data: rows, isPending, perPage: 10, sort });
  return (
    <Box sx={{ mt: 2 }}>
      <QueryStatus isPending={isPending} error={error} onRetry={onRetry}>
        <ListContextProvider value={listContext}>
          <Card>
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
      </QueryStatus>
    </Box>
  );
};

/** The `?id=` of the current URL ('' when absent). */
export function useIdParam(): string {
  const [params] = useSearchParams();
  return params.get('id') ?? '';
}

/** Props of ApiListPage: the page heading, the page's id, and those of the table. */
export interface ApiListPageProps extends ApiListTableProps {
  /** Title (translation key or text). */
  title: string;
  steps: BreadcrumbStep[];
  /** The id the page lists for ('' when the URL has none). */
  id: string;
  /** Translation key of the warning shown instead of the table when `id` is ''. */
  missingIdMessage: string;
}

/** Renders the breadcrumb and title, then the table (or the missing-id warning). */
export const ApiListPage = ({ title, steps, id, missingIdMessage, ...table }: ApiListPageProps) => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={title} steps={steps} />
      {id ? (
        <ApiListTable {...table} />
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate(missingIdMessage)}
        </Alert>
      )}
    </>
  );
};
