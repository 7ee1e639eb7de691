/**
 * 'Demandes de suppression', /demandesSuppression (key colisDeleteApprouver; docs/decisions/deletion-requests.md): the
 * parcels' deletion requests made when a processed parcel's deletion asked for the administrators' code (spec 000 §4
 * Parcel deletion), newest first, waiting ones by default (État filter). Columns: date, parcel (its status; 'supprimé'
 * once deleted), agency, requester, state, decision (who, when, the refusal's reason). A waiting request offers
 * 'Approuver' (Oui/Non confirmation; the server deletes the parcel) and 'Refuser' (a dialog whose reason is required,
 * common/schemas/demandeSuppression.ts). The table scrolls sideways on a phone with its actions pinned right.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Confirm,
  DataTable,
  List,
  RecordContextProvider,
  SelectInput,
  useListContext,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import { demandeRefusBody, DEMANDE_ETATS, type DemandeEtat } from '../../common/schemas/demandeSuppression';
import { formatDateFr } from '../kit/formatDate';
import { ListLoadError } from '../kit/ListLoadError';
import { ListPagination } from '../kit/ListPagination';
import { PageHeader } from '../kit/PageHeader';
import { SearchBox, WIDE_TABLE_SX } from '../kit/ReferenceListPage';
import { serverMessage } from '../kit/recordLabel';
import { StatutChip } from '../kit/StatutChip';
import { useWrite } from '../kit/useWrite';
import { fullName } from '../providers/records';
import type { DemandesSuppressionMethods } from './demandesSuppressionMethods';
import { EtatChip } from './EtatChip';

const f = 'resources.demandesSuppression';

/** A request as colis/demandesSuppression answers it. */
export interface DemandeRow extends RaRecord {
  createdAt: string;
  etat: DemandeEtat;
  motif: string | null;
  decideAt: string | null;
  motifRefus: string | null;
  colisID: {
    id: string;
    reference: string;
    deletedAt: string | null;
    statutID: { code: string; libelle: string };
    agenceID: { code: string; libelle: string };
  };
  demandeur: { nom: string; prenoms: string };
  agenceID: { libelle: string } | null;
  decideur: { nom: string; prenoms: string } | null;
}

/** The parcel of a row: its reference, and its status or 'supprimé'. */
const ColisCell = ({ record }: { record: DemandeRow }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {record.colisID.reference}
      </Typography>
      {record.colisID.deletedAt ? (
        <Chip size="small" variant="outlined" color="error" label={translate(`${f}.values.supprime`)} />
      ) : (
        <StatutChip statut={record.colisID.statutID} />
      )}
    </Box>
  );
};

/** The decision of a row: who and when, and the refusal's reason; '--' while it waits. */
const DecisionCell = ({ record }: { record: DemandeRow }) => {
  const translate = useTranslate();
  if (!record.decideAt) return <>--</>;
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2">
        {translate(`${f}.values.decision`, {
          nom: record.decideur ? fullName(record.decideur) : '--',
          date: formatDateFr(record.decideAt, 'dd/MM/yyyy HH:mm'),
        })}
      </Typography>
      {record.motifRefus && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${f}.values.motif`, { motif: record.motifRefus })}
        </Typography>
      )}
    </Box>
  );
};

/** 'Approuver' with its Oui/Non confirmation: the server deletes the parcel. Takes the row from the record context. */
const ApproveButton = () => {
  const record = useRecordContext<DemandeRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & DemandesSuppressionMethods>();
  const [open, setOpen] = useState(false);
  // Approved once however fast 'Oui' is clicked (src/kit/useWrite.ts).
  const approve = useWrite({
    mutationFn: (id: string) => dataProvider.approveDemandeSuppression(id),
    onSuccess: (message) => notify(message ?? `${f}.notifications.approved`, { type: 'success' }),
    onError: (error) => notify(serverMessage(error) ?? `${f}.notifications.error`, { type: 'error' }),
    onSettled: () => {
      setOpen(false);
      refresh();
    },
  });
  const pending = approve.pending;
  if (!record) return null;

  return (
    <>
      <Button size="small" color="success" variant="contained" startIcon={<CheckIcon />} onClick={() => setOpen(true)} disabled={pending}>
        {translate(`${f}.action.approve`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title={`${f}.confirm.approve_title`}
        content={translate(`${f}.confirm.approve`, { reference: record.colisID.reference })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={() => approve.run(String(record.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** 'Refuser' and its dialog: the reason is required (the server's rule and message). Takes the row from context. */
const RefuseButton = () => {
  const record = useRecordContext<DemandeRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<DataProvider & DemandesSuppressionMethods>();
  const [open, setOpen] = useState(false);
  const [motif, setMotif] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setOpen(false);
    setMotif('');
    setTouched(false);
  };
  // Refused once however fast 'Refuser' is clicked (src/kit/useWrite.ts).
  const refuse = useWrite({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => dataProvider.refuseDemandeSuppression(id, reason),
    onSuccess: (message) => {
      notify(message ?? `${f}.notifications.refused`, { type: 'success' });
      close();
      refresh();
    },
    onError: (e) => notify(serverMessage(e) ?? `${f}.notifications.error`, { type: 'error' }),
  });
  const pending = refuse.pending;
  if (!record) return null;
  const checked = demandeRefusBody.safeParse({ motif });
  const error = checked.success ? undefined : checked.error.issues[0]?.message;

  const submit = () => {
    setTouched(true);
    if (checked.success) refuse.run({ id: String(record.id), reason: checked.data.motif });
  };

  return (
    <>
      <Button size="small" color="error" variant="outlined" startIcon={<CloseIcon />} onClick={() => setOpen(true)}>
        {translate(`${f}.action.refuse`)}
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
        <DialogTitle>{translate(`${f}.confirm.refuse_title`, { reference: record.colisID.reference })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            required
            label={translate(`${f}.fields.motifRefus`)}
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!error}
            helperText={touched && error ? error : translate(`${f}.confirm.refuse_help`)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate(`${f}.action.cancel`)}</Button>
          <Button variant="contained" color="error" onClick={submit} disabled={pending}>
            {translate(`${f}.action.refuse`)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** The actions of a waiting request; nothing once decided. */
const DemandeActions = () => {
  const record = useRecordContext<DemandeRow>();
  if (!record || record.etat !== 'EN_ATTENTE') return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap' }}>
      <ApproveButton />
      <RefuseButton />
    </Box>
  );
};

/** One request as a card, on a phone (the table's columns would not fit): parcel and state, then who and when. */
const DemandeCard = ({ record }: { record: DemandeRow }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="demande-card">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <ColisCell record={record} />
          <EtatChip etat={record.etat} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`${f}.values.demande`, {
            date: formatDateFr(record.createdAt, 'dd/MM/yyyy HH:mm'),
            nom: fullName(record.demandeur),
            agence: record.colisID.agenceID.libelle,
          })}
        </Typography>
        {record.decideAt && <DecisionCell record={record} />}
        <DemandeActions />
      </CardContent>
    </Card>
  );
};

/** The rows of the page as cards (phone), read from the list's context. */
const DemandeCards = () => {
  const translate = useTranslate();
  const { data, isPending } = useListContext<DemandeRow>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{translate('ra.navigation.no_results')}</Typography>;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <DemandeCard record={record} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** The list page (no props). */
const DemandesSuppressionList = () => {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SearchBox key="q" source="q" alwaysOn />,
    <SelectInput
      key="etat"
      source="etat"
      label={`${f}.fields.etat`}
      emptyText={`${f}.filters.all`}
      choices={DEMANDE_ETATS.map((etat) => ({ id: etat, name: `${f}.etats.${etat}` }))}
      alwaysOn
      size="small"
    />,
  ];
  return (
    <>
      <PageHeader title={`${f}.page.list`} steps={[{ label: `${f}.page.list` }]} />
      <List
        title={translate(`${f}.page.list`)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filterDefaultValues={{ etat: 'EN_ATTENTE' }}
        perPage={10}
        filters={filters}
        actions={false}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        error={<ListLoadError />}
        sx={phone ? undefined : WIDE_TABLE_SX}
      >
        {phone ? (
          <DemandeCards />
        ) : (
          <DataTable rowClick={false} bulkActionButtons={false} size="small">
            <DataTable.Col
              source="createdAt"
              render={(r: DemandeRow) => formatDateFr(r.createdAt, 'dd/MM/yyyy HH:mm')}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            <DataTable.Col source="reference" label={`${f}.fields.colisID`} render={(r: DemandeRow) => <ColisCell record={r} />} />
            <DataTable.Col
              source="agence"
              disableSort
              label={`${f}.fields.agence`}
              render={(r: DemandeRow) => r.colisID.agenceID.libelle}
            />
            <DataTable.Col source="demandeur" disableSort render={(r: DemandeRow) => fullName(r.demandeur)} />
            <DataTable.Col source="etat" render={(r: DemandeRow) => <EtatChip etat={r.etat} />} />
            <DataTable.Col source="decideAt" label={`${f}.fields.decision`} render={(r: DemandeRow) => <DecisionCell record={r} />} />
            <DataTable.Col label={translate('app.common.actions')} disableSort>
              <DemandeActions />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
    </>
  );
};

export default DemandesSuppressionList;
