/**
 * The 'Tableau de bord administratif', route operation (spec 001 §2: period selector Semaine / Mois / Année, refresh,
 * agency filter for ADMIN — other roles see their agency in brackets —, cards 'Revenus hors colis' and 'Dépenses hors
 * colis' in euros, table 'Détails des Transactions' (Date, Utilisateur, Motif, Type, Montant, Statut, Actions),
 * 'Top 5 des sources de revenus', 'Top 5 des catégories de dépenses'; §4 active toggle and deletion; §6 keys
 * operationUpdate, operationDelete, operationUpdateStatut, addOperation). One list call (operation/liste/{userId})
 * pages, sorts and filters the rows on the server and answers, beside them, the sums of the cards and the top 5 over
 * every row of the same filter (react-admin's list `meta`): nothing is summed in the browser. Each amount is shown in
 * its operation's currency; the cards and the top 5 are in euros, each amount at its day's rate
 * (docs/decisions/currencies.md), and a line says how many operations had no rate and were left out. Deleting cancels
 * the operation (the server keeps it).
 */
import { Suspense, lazy } from 'react';
import { Alert, Box, Card, CardContent, Chip, Grid, Stack, Tooltip, Typography, useTheme } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import {
  DataTable,
  FilterForm,
  List,
  useCanAccess,
  useListContext,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import { formatEuro, formatMontant } from '../../common/format';
import { operationPeriodStart, operationTypeLabel } from '../../common/operationRules';
import { userSeesAllAgences } from '../../common/scopes';
import { ActiveToggleField } from '../kit/ActiveToggleField';
import { ExportListButton } from '../kit/ExportListButton';
import { DateFrField } from '../kit/DateFrField';
import { DeleteWithConfirm } from '../kit/DeleteWithConfirm';
import { EditIconButton } from '../kit/EditIconButton';
import { ListLoadError } from '../kit/ListLoadError';
import { ListPagination } from '../kit/ListPagination';
import { PageHeader } from '../kit/PageHeader';
import { SearchBox } from '../kit/ReferenceListPage';
import { WhenVisible } from '../kit/WhenVisible';
import { formatDateFr } from '../kit/formatDate';
import { fullName } from '../providers/records';
import { useAppIdentity } from '../kit/useAppIdentity';
import { OperationToolbar } from './OperationToolbar';

/**
 * The charts (recharts, ~85 KB compressed) load when their section, below the table, scrolls into view (watched
 * once the table has its rows): neither with the list nor with the screen (docs/decisions/screen-bundles.md).
 */
const TopChart = lazy(() => import('./OperationCharts').then((m) => ({ default: m.TopChart })));
/** Height held by a chart's place until it shows (px): a chart of 5 bars is 48 × 5 + 40. */
const CHART_HEIGHT = 280;
import { periodOf, type OperationSummaryMeta } from './operationView';

const f = 'resources.operation';

/** A row of the table as the list call answers it. */
interface OperationRow extends RaRecord {
  date: string;
  montant: number;
  devise?: string;
  type: string;
  motif?: { code: string; libelle: string };
  userID?: { nom: string; prenoms: string };
}

/** How the Statut and delete confirmations name an operation: "l'opération LOYER de 1 800,00 € du 01/11/2026". */
const operationName = (record: RaRecord, translate: TranslateFunction) =>
  translate(`${f}.record_name`, {
    motif: (record as OperationRow).motif?.code ?? '',
    montant: formatMontant((record as OperationRow).montant, (record as OperationRow).devise),
    date: formatDateFr((record as OperationRow).date),
  });

/** One card of a sum in euros, with its icon and the period it covers. */
const SumCard = ({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number | undefined;
  tone: 'success' | 'error';
  testId: string;
}) => {
  const theme = useTheme();
  const translate = useTranslate();
  const { filterValues, isPending } = useListContext();
  const start = operationPeriodStart(periodOf(filterValues));
  const Icon = tone === 'success' ? TrendingUpIcon : TrendingDownIcon;
  return (
    <Card sx={{ height: '100%', borderLeft: `4px solid ${theme.palette[tone].main}` }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {translate(label)}
            </Typography>
            <Typography variant="h5" component="p" data-testid={testId} sx={{ fontWeight: 700, color: `${tone}.main`, mt: 0.5 }}>
              {isPending || value === undefined ? '…' : formatEuro(value)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {start ? translate(`${f}.periods.since`, { date: formatDateFr(start) }) : translate(`${f}.periods.all`)}
            </Typography>
          </Box>
          <Icon sx={{ fontSize: 44, color: `${tone}.light` }} />
        </Stack>
      </CardContent>
    </Card>
  );
};

/** ENTREE / SORTIE as a coloured chip. */
const TypeChip = ({ type }: { type: string }) => (
  <Chip size="small" label={operationTypeLabel(type)} color={type === 'entrée' ? 'success' : 'error'} variant="outlined" />
);

/** The motif's code, its label in a tooltip. */
const MotifCell = ({ record }: { record: OperationRow }) =>
  record.motif ? (
    <Tooltip title={record.motif.libelle}>
      <span>{record.motif.code}</span>
    </Tooltip>
  ) : (
    <>--</>
  );

/**
 * The table without rows: 'Aucune donnée disponible', as every list says (the period is always a filter, so
 * react-admin's own text would offer to clear filters that cannot be cleared).
 */
const NoRows = () => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {translate('ra.navigation.no_results')}
    </Typography>
  );
};

/** A titled card of the dashboard, with optional content right of the title. */
const Section = ({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    // On a narrow screen the table scrolls sideways inside its card instead of widening the page.
    <Card
      sx={{
        height: '100%',
        minWidth: 0,
        contain: 'inline-size',
        '& .RaDataTable-tableWrapper, & .MuiTablePagination-root': { overflowX: 'auto' },
      }}
    >
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {translate(title)}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};

/** The search box of the table ('Rechercher :'), a filter of the same list call. */
const SEARCH = [<SearchBox key="q" source="q" alwaysOn />];

/** The page under its title: the toolbar, the cards, the table and the two top 5. */
const OperationDashboard = () => {
  const translate = useTranslate();
  const theme = useTheme();
  const { meta, isPending } = useListContext();
  const summary = (meta ?? {}) as OperationSummaryMeta;
  const { canAccess: canEdit } = useCanAccess({ resource: 'operation', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'operation', action: 'delete' });
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <OperationToolbar />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SumCard label={`${f}.cards.revenue`} value={summary.totalRevenue} tone="success" testId="operation-revenue" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SumCard label={`${f}.cards.expenses`} value={summary.totalExpenses} tone="error" testId="operation-expenses" />
        </Grid>
      </Grid>
      {!isPending && !!summary.horsTaux && (
        <Alert severity="warning" data-testid="operation-hors-taux">
          {translate(`${f}.cards.hors_taux`, { smart_count: summary.horsTaux })}
        </Alert>
      )}
      <Section
        title={`${f}.table.title`}
        action={
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <Box sx={{ '& form': { p: 0, minHeight: 0 }, '& .RaFilterFormInput-spacer': { display: 'none' } }}>
              <FilterForm filters={SEARCH} />
            </Box>
            <ExportListButton />
          </Stack>
        }
      >
        <DataTable rowClick={false} bulkActionButtons={false} size="small" empty={<NoRows />}>
          <DataTable.Col source="date" cellSx={() => ({ whiteSpace: 'nowrap' })}>
            <DateFrField source="date" />
          </DataTable.Col>
          <DataTable.Col source="userID" render={(r: OperationRow) => fullName(r.userID) || '--'} />
          <DataTable.Col source="motif" render={(r: OperationRow) => <MotifCell record={r} />} />
          <DataTable.Col source="type" render={(r: OperationRow) => <TypeChip type={r.type} />} />
          <DataTable.Col
            source="montant"
            align="right"
            render={(r: OperationRow) => formatMontant(r.montant, r.devise)}
            cellSx={() => ({ whiteSpace: 'nowrap', fontWeight: 600 })}
          />
          <DataTable.Col source="isActive">
            <ActiveToggleField recordName={operationName} />
          </DataTable.Col>
          {(canEdit || canDelete) && (
            <DataTable.Col label={translate('app.common.actions')} disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
              <EditIconButton />
              <DeleteWithConfirm errorMessage={`${f}.notifications.delete_error`} recordName={operationName} />
            </DataTable.Col>
          )}
        </DataTable>
        <ListPagination />
      </Section>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={`${f}.charts.revenue`}>
            <WhenVisible minHeight={CHART_HEIGHT} ready={!isPending}>
              <Suspense fallback={null}>
                <TopChart lines={summary.topRevenueSources ?? []} color={theme.palette.success.main} testId="operation-top-revenue" />
              </Suspense>
            </WhenVisible>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={`${f}.charts.expenses`}>
            <WhenVisible minHeight={CHART_HEIGHT} ready={!isPending}>
              <Suspense fallback={null}>
                <TopChart lines={summary.topExpenseCategories ?? []} color={theme.palette.error.main} testId="operation-top-expenses" />
              </Suspense>
            </WhenVisible>
          </Section>
        </Grid>
      </Grid>
    </Stack>
  );
};

/** The dashboard page (no props). */
const OperationList = () => {
  const translate = useTranslate();
  const identity = useAppIdentity();
  const own = !userSeesAllAgences(identity) && identity?.agenceID?.libelle;
  const title = translate(`${f}.page.list`) + (own ? ` (${own})` : '');
  return (
    <>
      <PageHeader title={title} steps={[{ label: `${f}.page.list` }]} />
      <List
        resource="operation"
        title={title}
        sort={{ field: 'date', order: 'DESC' }}
        perPage={10}
        filterDefaultValues={{ periode: 'annee' }}
        actions={false}
        pagination={false}
        exporter={false}
        empty={false}
        error={<ListLoadError />}
        component={Box}
      >
        <OperationDashboard />
      </List>
    </>
  );
};

export default OperationList;
