/**
 * Departures list 'LISTE DES DÉPARTS' (spec 000 §2 Departures list, §4, §9): reference, date added, mode, departure,
 * arrival and closing dates, origin and destination countries, content, global weight, available weight with its
 * gauge, active toggle, status, clients link, actions (manifest and labels PDFs, docs/decisions/departure-manifest.md;
 * status changes, edit, delete). Default sort date added descending, search 'Rechercher :', filter by status, button
 * 'Ajouter un départ'.
 */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { DataTable, SelectInput, useTranslate } from 'react-admin';
import { formatKg } from '../../common/format';
import { formatDateFr } from '../kit/formatDate';
import { DeleteWithConfirm } from '../kit/DeleteWithConfirm';
import { EditIconButton } from '../kit/EditIconButton';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { libelleOf } from '../providers/records';
import { ActiveToggleField } from '../kit/ActiveToggleField';
import { StatutChipField } from '../kit/StatutChip';
import { useHasPermission } from '../kit/useHasPermission';
import { ENVOI_ACTION_TARGETS, ENVOI_STATUT_CODES } from './departRules';
import { ENVOI_TRANSITIONS } from '../../common/envoiRules';
import { PoidsGaugeField } from './PoidsGaugeField';
import { ClientsLinkButton } from './ClientsLinkButton';
import { EnvoiStatutButtons } from './EnvoiStatutButtons';
import { ManifestButtons } from './ManifestButtons';

/** Status filter: the departure status codes, sent as `statut` (the server filters on the status code). */
const statutFilter = (
  <SelectInput
    key="statut"
    source="statut"
    label="resources.depart.fields.statut"
    alwaysOn
    size="small"
    emptyText="resources.depart.filters.all_statuses"
    choices={ENVOI_STATUT_CODES.map((code) => ({ id: code, name: `resources.depart.statuts.${code}` }))}
  />
);

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * A cell of two or three stacked lines: the first one plain, the others small and grey (the folded columns). Lines
 * stay on one line unless `wrap` (a route between two long country names must not widen the table past 1 280 px).
 */
const Stacked = ({ lines, wrap = false }: { lines: ReactNode[]; wrap?: boolean }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
    {lines.map((line, index) => (
      <Typography
        key={index}
        component="span"
        variant={index === 0 ? 'body2' : 'caption'}
        color={index === 0 ? undefined : 'text.secondary'}
        sx={{ fontSize: index === 0 ? '0.8125rem' : undefined, ...(wrap ? { overflowWrap: 'anywhere' } : nowrap) }}
      >
        {line}
      </Typography>
    ))}
  </Box>
);

/** The three dates, each with its short French label: Départ, Arrivée, Clôture (dd/MM/yyyy). */
const DatesCell = ({ record }: { record: Record<string, string | null | undefined> }) => {
  const translate = useTranslate();
  const t = 'resources.depart.list_columns';
  return (
    <Stacked
      lines={[
        `${translate(`${t}.depart`)} ${formatDateFr(record.dateDebut)}`,
        `${translate(`${t}.arrivee`)} ${formatDateFr(record.dateArrive)}`,
        `${translate(`${t}.cloture`)} ${formatDateFr(record.dateFin)}`,
      ]}
    />
  );
};

/** The row's actions in a grid of four across, so the column stays narrow (manifests, status moves, edit, delete). */
const RowActions = ({ withStatutActions }: { withStatutActions: boolean }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, auto)', justifyContent: 'start', columnGap: 0.25 }}>
    <ManifestButtons />
    {withStatutActions && <EnvoiStatutButtons />}
    <EditIconButton />
    <DeleteWithConfirm errorMessage="resources.depart.notifications.delete_error" />
  </Box>
);

/**
 * The departures list page (no props). The spec's 15 columns, folded so that the list fits a 1 280 px screen without a
 * sideways scroll (docs/decisions/departures-list-columns.md): reference over its date added, the three dates in one
 * column, origin → destination over the sending mode; then content, global weight, available weight with its gauge,
 * active toggle, status, clients and the actions, four icons across.
 */
const DepartList = () => {
  const has = useHasPermission();
  const translate = useTranslate();
  const withStatutActions = ENVOI_ACTION_TARGETS.some((to) => has(ENVOI_TRANSITIONS[to]!.key));
  const t = 'resources.depart.list_columns';
  return (
    <ReferenceListPage
      title="resources.depart.page.list"
      createLabel="resources.depart.action.add"
      withActive={false}
      wide
      filters={[statutFilter]}
      rowActions={<RowActions withStatutActions={withStatutActions} />}
    >
      <DataTable.Col
        source="reference"
        label={translate(`${t}.reference`)}
        render={(record) => (
          <Stacked
            lines={[
              <Box component="span" sx={{ fontWeight: 600 }}>
                {record.reference}
              </Box>,
              formatDateFr(record.createdAt),
            ]}
          />
        )}
      />
      <DataTable.Col source="dateDebut" label={translate(`${t}.dates`)} render={(record) => <DatesCell record={record} />} />
      <DataTable.Col
        source="paysEmetteurID"
        label={translate(`${t}.trajet`)}
        cellSx={() => ({ maxWidth: 170 })}
        render={(record) => (
          <Stacked
            wrap
            lines={[`${libelleOf('paysEmetteurID')(record)} → ${libelleOf('paysID')(record)}`, libelleOf('modeEnvoiID')(record)]}
          />
        )}
      />
      <DataTable.Col source="contenu" cellSx={() => ({ minWidth: 90, maxWidth: 150 })} />
      <DataTable.Col source="poids" cellSx={() => nowrap} render={(record) => formatKg(record.poids)} />
      <DataTable.Col source="poidsDisponible" disableSort cellSx={() => ({ minWidth: 100 })}>
        <PoidsGaugeField />
      </DataTable.Col>
      <DataTable.Col source="isActive">
        <ActiveToggleField />
      </DataTable.Col>
      <DataTable.Col source="statutID">
        <StatutChipField />
      </DataTable.Col>
      <DataTable.Col source="clients" disableSort>
        <ClientsLinkButton />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default DepartList;
