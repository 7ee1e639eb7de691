/**
 * 'Boîte d'envoi', /mailOutbox (key mailOutbox; docs/decisions/client-messaging.md, sms-channel.md): the e-mails and
 * SMS of the outbox, with their channel and an SMS's delivery state (Remis, Non remis, Expiré, Désinscrit) — every
 * one for a role that sees every agency, its agency's for another (scoped by the server:
 * docs/decisions/mail-and-lock-scope.md) — with their recipient, subject, status (En attente, En cours d'envoi, Envoyé,
 * Échec), attempts, last error and dates, newest first; a status filter and search by address or subject. A role that
 * sees every agency (ADMIN) sends a failed mail again (mail/retry/{id}). The body is never shown: some mails carry
 * one-time codes.
 */
import { Chip, IconButton, Tooltip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  DataTable,
  SelectInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
  type DataProvider,
} from 'react-admin';
import { HttpError } from '../providers/httpError';
import { CANAUX, type Canal } from '../../common/canal';
import { userSeesAllAgences } from '../../common/scopes';
import { formatDateFr } from '../kit/formatDate';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { useAppIdentity } from '../kit/useAppIdentity';
import { useWrite } from '../kit/useWrite';
import type { MessagerieMethods } from './messagerieMethods';

const f = 'resources.mailOutbox';

/** A mail as mail/liste answers it. */
interface OutboxMail extends RaRecord {
  createdAt: string;
  to: string;
  subject: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  sentAt: string | null;
  enCours: boolean;
  canal: Canal;
  delivery: 'DELIVERED' | 'UNDELIVERED' | 'EXPIRED' | 'OPTED_OUT' | null;
  smsParts: number | null;
}

const DELIVERY_COLOR = { DELIVERED: 'success', UNDELIVERED: 'error', EXPIRED: 'warning', OPTED_OUT: 'default' } as const;

/** The channel chip: E-mail, or SMS with its parts count. */
const CanalField = ({ record }: { record: OutboxMail }) => {
  const translate = useTranslate();
  const label = translate(`${f}.canal.${record.canal ?? 'email'}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={record.canal === 'sms' ? 'secondary' : 'default'}
      label={record.canal === 'sms' && (record.smsParts ?? 1) > 1 ? `${label} ×${record.smsParts}` : label}
    />
  );
};

/** An SMS's delivery state from its receipt (or its opt-out); '--' for an e-mail or while no receipt came. */
const DeliveryField = ({ record }: { record: OutboxMail }) => {
  const translate = useTranslate();
  if (!record.delivery) return <>--</>;
  return <Chip size="small" color={DELIVERY_COLOR[record.delivery]} label={translate(`${f}.delivery.${record.delivery}`)} />;
};

const STATUS_COLOR = { PENDING: 'warning', SENDING: 'info', SENT: 'success', FAILED: 'error' } as const;

/** The status chip; a PENDING mail a worker holds reads "En cours d'envoi". */
const StatusField = ({ record }: { record: OutboxMail }) => {
  const translate = useTranslate();
  const status = record.status === 'PENDING' && record.enCours ? 'SENDING' : record.status;
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`${f}.status.${status}`)} />;
};

/** The last error, cut to one line (whole text on hover). */
const ErrorField = ({ record }: { record: OutboxMail }) =>
  record.lastError ? (
    <Tooltip title={record.lastError}>
      <Typography variant="body2" color="error" noWrap sx={{ maxWidth: 260 }}>
        {record.lastError}
      </Typography>
    </Tooltip>
  ) : (
    <>--</>
  );

/** 'Renvoyer' on a failed mail, for a role that sees every agency. */
const RetryButton = () => {
  const record = useRecordContext<OutboxMail>();
  const identity = useAppIdentity();
  const dataProvider = useDataProvider<DataProvider & MessagerieMethods>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  // Sent back once however fast it is clicked (src/kit/useWrite.ts).
  const retry = useWrite({
    mutationFn: (id: string) => dataProvider.retryMail(id),
    onSuccess: (message) => {
      notify(message ?? translate(`${f}.action.retry`), { type: 'success' });
      refresh();
    },
    onError: (error) => {
      const message = error instanceof HttpError ? (error.body as { message?: string } | undefined)?.message : undefined;
      notify(message || translate(`${f}.notifications.retry_error`), { type: 'error' });
    },
  });
  if (!record || record.status !== 'FAILED' || !userSeesAllAgences(identity)) return null;
  return (
    <Tooltip title={translate(`${f}.action.retry`)}>
      <span>
        <IconButton
          size="small"
          color="primary"
          aria-label={translate(`${f}.action.retry`)}
          disabled={retry.pending}
          onClick={() => retry.run(String(record.id))}
        >
          <ReplayIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};

/**
 * The filter on one message's mails (set by the sent list's delivery counts): a chip that removes it; nothing when
 * the whole outbox is shown. `source` and `alwaysOn` are read by react-admin's filter form.
 */
const MessageFilterChip = (_props: { source: string; alwaysOn?: boolean }) => {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  if (!filterValues?.messageID) return null;
  const { messageID: _dropped, ...rest } = filterValues as Record<string, unknown>;
  return (
    <Chip
      sx={{ alignSelf: 'center', mb: 1 }}
      color="primary"
      variant="outlined"
      label={translate(`${f}.filters.message`)}
      onDelete={() => setFilters(rest, {})}
    />
  );
};

/** The outbox page (no props). */
const MailOutboxList = () => {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="canal"
      source="canal"
      label={`${f}.filters.canal`}
      emptyText={`${f}.filters.all`}
      choices={CANAUX.map((id) => ({ id, name: translate(`${f}.canal.${id}`) }))}
      alwaysOn
      size="small"
    />,
    <SelectInput
      key="delivery"
      source="delivery"
      label={`${f}.filters.delivery`}
      emptyText={`${f}.filters.all`}
      choices={(['DELIVERED', 'UNDELIVERED', 'EXPIRED', 'OPTED_OUT'] as const).map((id) => ({
        id,
        name: translate(`${f}.delivery.${id}`),
      }))}
      alwaysOn
      size="small"
    />,
    <SelectInput
      key="status"
      source="status"
      label={`${f}.filters.status`}
      emptyText={`${f}.filters.all`}
      choices={(['PENDING', 'SENT', 'FAILED'] as const).map((id) => ({ id, name: translate(`${f}.status.${id}`) }))}
      alwaysOn
      size="small"
    />,
    <MessageFilterChip key="messageID" source="messageID" alwaysOn />,
  ];
  return (
    <ReferenceListPage
      title={`${f}.page.list`}
      steps={[{ label: 'resources.messagerie.page.list', to: '/messagerie' }, { label: `${f}.page.list` }]}
      withActive={false}
      wide
      filters={filters}
      rowActions={<RetryButton />}
    >
      <DataTable.Col
        source="createdAt"
        render={(r: OutboxMail) => formatDateFr(r.createdAt, 'dd/MM/yyyy HH:mm')}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <DataTable.Col source="canal" render={(r: OutboxMail) => <CanalField record={r} />} />
      <DataTable.Col source="to" />
      <DataTable.Col source="subject" />
      <DataTable.Col source="status" render={(r: OutboxMail) => <StatusField record={r} />} />
      <DataTable.Col source="delivery" render={(r: OutboxMail) => <DeliveryField record={r} />} />
      <DataTable.Col source="attempts" align="right" />
      <DataTable.Col source="lastError" disableSort render={(r: OutboxMail) => <ErrorField record={r} />} />
      <DataTable.Col
        source="sentAt"
        render={(r: OutboxMail) => (r.sentAt ? formatDateFr(r.sentAt, 'dd/MM/yyyy HH:mm') : '--')}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
    </ReferenceListPage>
  );
};

export default MailOutboxList;
