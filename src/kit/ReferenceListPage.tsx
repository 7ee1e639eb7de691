/**
 * The list screen of every reference resource (spec 001 §1–§2, §4, §6; 000 §9 table labels; an empty list keeps its
 * toolbar and shows 'Aucune donnée disponible' in the table, as the spec's tables do; a failed read shows the error and
 * 'Réessayer' instead, ListLoadError):
 * breadcrumb + upper-case title, an add button (only with the create key), a search box 'Rechercher :',
 * a sortable DataTable of the given columns followed by a Statut column (ActiveToggleField) and an
 * Actions column (edit / delete, shown only when the user holds edit or delete), default sort by date
 * added descending, and the French pagination.
 */
import type { ReactElement, ReactNode } from 'react';
import { InputAdornment } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  CreateButton,
  DataTable,
  List,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PageHeader, type BreadcrumbStep } from './PageHeader';
import { ActiveToggleField } from './ActiveToggleField';
import { DeleteWithConfirm } from './DeleteWithConfirm';
import { EditIconButton } from './EditIconButton';
import { ExportListButton } from './ExportListButton';
import { ListLoadError } from './ListLoadError';
import { ListPagination } from './ListPagination';
import type { RecordNamer } from './useRecordConfirm';

/** Props of ReferenceListPage. */
export interface ReferenceListPageProps {
  /** Translation key of the title, e.g. 'resources.pays.page.list' ('LISTE DES PAYS'). */
  title: string;
  /** Translation key of the add button, e.g. 'resources.pays.action.add' ('Ajouter un pays'). */
  createLabel?: string;
  /** The data columns (DataTable.Col …) before Statut and Actions. */
  children: ReactNode;
  /** Whether to add the Statut column (default true). */
  withActive?: boolean;
  /** Translation key of the delete failure text when the server gives none. */
  deleteErrorMessage?: string;
  /** Extra row actions placed before edit and delete (each checks its own permission). */
  extraRowActions?: ReactNode;
  /** Extra filters besides the search box. */
  filters?: ReactElement[];
  /** Row actions replacing the default edit and delete buttons (each checks its own permission). */
  rowActions?: ReactNode;
  /** A wide table: compact cells (WIDE_TABLE_SX); every table scrolls sideways inside its card (LIST_TABLE_SX). */
  wide?: boolean;
  /** Translation key of the text a status click shows without the status key (default 'app.status.no_permission'). */
  activeNoPermissionMessage?: string;
  /**
   * A rule beside the delete key (e.g. payments: only a role that sees every agency may delete, 001 §6 and
   * server/access/scopes.ts): false hides the delete button and, with no other action, the Actions column.
   */
  deleteAllowed?: boolean;
  /** A rule per row beside the delete key (e.g. a system role, a key the product uses): false hides its delete button. */
  recordDeletable?: (record: RaRecord) => boolean;
  /**
   * A rule per row beside the edit, status and delete keys, the twin of a server rule on that record (e.g. another
   * agency's record, a role used in another agency, a user of a wider role: common/autorisationRules.ts): false hides
   * the row's edit and delete buttons and its status click only says the user may not change it.
   */
  recordEditable?: (record: RaRecord) => boolean;
  /** How the Statut and delete confirmations name a row (default recordLabel: libelle, nom prenoms, code, reference). */
  recordName?: RecordNamer;
  /** Breadcrumb steps after home (default: the title alone). */
  steps?: BreadcrumbStep[];
}

/**
 * Layout of every list table: on a narrow screen the table scrolls sideways inside its card (`contain: inline-size`
 * keeps it from widening react-admin's fit-content layout, so the page itself never scrolls sideways) while the last
 * column (actions) stays on one line, pinned to the right.
 */
const LIST_TABLE_SX = {
  contain: 'inline-size',
  '& .RaList-main': { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaDataTable-table td:last-of-type, & .RaDataTable-table th:last-of-type': {
    whiteSpace: 'nowrap',
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
  },
  '& .RaDataTable-table th:last-of-type': { zIndex: 3 },
} as const;

/** Layout of a wide table: LIST_TABLE_SX with narrower cells. */
export const WIDE_TABLE_SX = {
  ...LIST_TABLE_SX,
  '& .RaDataTable-table th, & .RaDataTable-table td': { px: 1, fontSize: '0.8125rem' },
} as const;

/** Search box of the lists: label 'Rechercher :' (spec 001 §2), always shown, sent as `q`. */
export const SearchBox = (props: { source: string; alwaysOn?: boolean }) => (
  <TextInput
    {...props}
    label="app.list.search"
    resettable
    size="small"
    slotProps={{
      input: {
        startAdornment: (
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        ),
      },
    }}
  />
);

/**
 * Top actions: 'Exporter' (the whole filtered list from the server, ExportListButton) and the add button
 * (react-admin's CreateButton hides itself without the create key).
 */
const ListActions = ({ createLabel }: { createLabel?: string }) => (
  <TopToolbar>
    <ExportListButton />
    {createLabel && <CreateButton label={createLabel} variant="contained" />}
  </TopToolbar>
);

/** The delete button of a row, unless `deletable` says this record is not (the server refuses it too). */
const RowDelete = ({
  deletable,
  errorMessage,
  recordName,
}: {
  deletable?: (record: RaRecord) => boolean;
  errorMessage?: string;
  recordName?: RecordNamer;
}) => {
  const record = useRecordContext();
  if (record && deletable && !deletable(record)) return null;
  return <DeleteWithConfirm errorMessage={errorMessage} recordName={recordName} />;
};

/** The edit button of a row, unless `editable` says this record is not (the server refuses it too). */
const RowEdit = ({ editable }: { editable?: (record: RaRecord) => boolean }) => {
  const record = useRecordContext();
  if (record && editable && !editable(record)) return null;
  return <EditIconButton />;
};

/** Renders the whole list page of the resource in context (takes ReferenceListPageProps). */
export const ReferenceListPage = ({
  title,
  createLabel,
  children,
  withActive = true,
  deleteErrorMessage,
  extraRowActions,
  filters = [],
  rowActions,
  wide = false,
  activeNoPermissionMessage,
  deleteAllowed = true,
  recordDeletable,
  recordEditable,
  recordName,
  steps,
}: ReferenceListPageProps) => {
  const resource = useResourceContext();
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const { canAccess: canDeleteKey } = useCanAccess({ resource, action: 'delete' });
  const canDelete = !!canDeleteKey && deleteAllowed;
  const showActions = rowActions ? true : !!canEdit || canDelete || !!extraRowActions;
  const deletable =
    recordDeletable || recordEditable
      ? (record: RaRecord) => (recordDeletable?.(record) ?? true) && (recordEditable?.(record) ?? true)
      : undefined;
  const label = translate(title);

  return (
    <>
      <PageHeader title={title} steps={steps ?? [{ label: title }]} />
      <List
        title={label}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        filters={[<SearchBox key="q" source="q" alwaysOn />, ...filters]}
        actions={<ListActions createLabel={createLabel} />}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        error={<ListLoadError />}
        sx={wide ? WIDE_TABLE_SX : LIST_TABLE_SX}
      >
        <DataTable rowClick={false} bulkActionButtons={false} size="small">
          {children}
          {withActive && (
            <DataTable.Col source="isActive" label={translate(`resources.${resource}.fields.isActive`, { _: 'Statut' })}>
              <ActiveToggleField noPermissionMessage={activeNoPermissionMessage} recordName={recordName} recordAllowed={recordEditable} />
            </DataTable.Col>
          )}
          {showActions && (
            <DataTable.Col label={translate('app.common.actions')} disableSort>
              {rowActions ?? (
                <>
                  {extraRowActions}
                  <RowEdit editable={recordEditable} />
                  {canDelete && <RowDelete deletable={deletable} errorMessage={deleteErrorMessage} recordName={recordName} />}
                </>
              )}
            </DataTable.Col>
          )}
        </DataTable>
      </List>
    </>
  );
};
