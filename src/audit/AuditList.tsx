/**
 * 'Journal d'audit', /audit (key auditListe; docs/decisions/audit-journal.md): every recorded change, newest first —
 * date, author, address, entity, action and the readable before → after — filtered by entity, author (autocomplete) and
 * period (Du / Au), paged by the server (GET audit/liste). An entity id in the address (?filter={"entityId":…}) narrows
 * it to one record (the parcel card's link).
 */
import { Chip, Typography } from '@mui/material';
import { AutocompleteInput, DataTable, List, ReferenceInput, SelectInput, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { fullName } from '../providers/records';
import { DateInputFr } from '../kit/DateInputFr';
import { formatDateFr } from '../kit/formatDate';
import { ListLoadError } from '../kit/ListLoadError';
import { ListPagination } from '../kit/ListPagination';
import { PageHeader } from '../kit/PageHeader';
import { WIDE_TABLE_SX } from '../kit/ReferenceListPage';
import { AuditChanges } from './AuditChanges';
import { AUDIT_ENTITIES, actionLabel, entityLabel, type AuditJournalRow } from './auditRules';

const f = 'resources.audit';
type Row = AuditJournalRow & RaRecord;

/** 'Nom Prénoms' of a staff member in the author autocomplete (the one order, common/format.ts fullName), else its e-mail. */
const userName = (u: { nom?: string; prenoms?: string; email?: string }) => fullName(u) || u.email || '';

/**
 * The filter on one record (set by the parcel card's link): a chip that removes it; nothing otherwise. `source` and
 * `alwaysOn` are read by react-admin's filter form.
 */
const RecordFilterChip = (_props: { source: string; alwaysOn?: boolean }) => {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  if (!filterValues?.entityId) return null;
  const { entityId: _dropped, ...rest } = filterValues as Record<string, unknown>;
  return (
    <Chip
      sx={{ alignSelf: 'center', mb: 1 }}
      color="primary"
      variant="outlined"
      data-testid="audit-record-filter"
      label={translate(`${f}.filters.record`)}
      onDelete={() => setFilters(rest, {})}
    />
  );
};

/** The journal page (no props). */
const AuditList = () => {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="entity"
      source="entity"
      label={`${f}.filters.entity`}
      emptyText={`${f}.filters.all`}
      choices={Object.entries(AUDIT_ENTITIES).map(([id, name]) => ({ id, name }))}
      alwaysOn
      size="small"
    />,
    <ReferenceInput key="userId" source="userId" reference="user" alwaysOn>
      <AutocompleteInput
        label={`${f}.filters.user`}
        optionText={userName}
        filterToQuery={(q: string) => ({ q })}
        size="small"
        sx={{ minWidth: 240 }}
      />
    </ReferenceInput>,
    <DateInputFr key="debut" source="debut" label={`${f}.filters.debut`} alwaysOn size="small" fullWidth={false} />,
    <DateInputFr key="fin" source="fin" label={`${f}.filters.fin`} alwaysOn size="small" fullWidth={false} />,
    <RecordFilterChip key="entityId" source="entityId" alwaysOn />,
  ];
  return (
    <>
      <PageHeader title={`${f}.page.list`} steps={[{ label: `${f}.page.list` }]} />
      <List
        title={translate(`${f}.page.list`)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        actions={false}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        error={<ListLoadError />}
        sx={WIDE_TABLE_SX}
      >
        <DataTable
          rowClick={false}
          bulkActionButtons={false}
          size="small"
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="audit-empty">
              {translate(`${f}.empty`)}
            </Typography>
          }
        >
          <DataTable.Col
            source="createdAt"
            disableSort
            render={(r: Row) => formatDateFr(r.createdAt, 'dd/MM/yyyy HH:mm')}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="auteur" disableSort render={(r: Row) => r.auteur || translate(`${f}.system`)} />
          <DataTable.Col source="adresseIP" disableSort render={(r: Row) => r.adresseIP ?? '--'} />
          <DataTable.Col source="entite" disableSort render={(r: Row) => entityLabel(r.entite)} />
          <DataTable.Col source="action" disableSort render={(r: Row) => actionLabel(r.action)} />
          <DataTable.Col source="changes" disableSort render={(r: Row) => <AuditChanges row={r} />} />
        </DataTable>
      </List>
    </>
  );
};

export default AuditList;
