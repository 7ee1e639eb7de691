/**
 * The sent messages of /messagerie (spec 001 §3 Message; docs/decisions/client-messaging.md): date and time, author,
 * recipients (type and the departure's reference or the client's name), subject, and the delivery of their e-mails from
 * the outbox — sent, pending, failed — with the clients that have no e-mail. Newest first; search by subject or text;
 * agency-scoped on the server (message/liste).
 */
import { Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { DataTable, LinkBase, List, TextInput, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { formatDateFr } from '../kit/formatDate';
import { ListLoadError } from '../kit/ListLoadError';
import { ListPagination } from '../kit/ListPagination';

const f = 'resources.messagerie';

/** A sent message as message/liste answers it. */
export interface SentMessage extends RaRecord {
  createdAt: string;
  typeDestinataire: string;
  destinataireLibelle: string | null;
  sujet: string;
  message: string;
  nbEnvoyes: number;
  nbEnAttente: number;
  nbEchecs: number;
  nbSansEmail: number;
  /** Per channel (docs/decisions/sms-channel.md): SMS queued, delivered (receipt), not delivered, opted out. */
  nbSms?: number;
  nbSmsRemis?: number;
  nbSmsNonRemis?: number;
  nbDesinscrits?: number;
  auteurID: { nom?: string; prenoms?: string } | null;
}

/** The outbox filtered on one message's mails. */
export const outboxOfMessage = (id: RaRecord['id']) => `/mailOutbox?filter=${encodeURIComponent(JSON.stringify({ messageID: id }))}`;

/**
 * The delivery counts as small chips (only those above zero, and the sent count always); with key mailOutbox they
 * open the 'Boîte d'envoi' on the message's mails.
 */
const DeliveryField = ({ record }: { record: SentMessage }) => {
  const translate = useTranslate();
  const { canAccess: canSeeOutbox } = useCanAccess({ resource: 'mailOutbox', action: 'list' });
  const chips = (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" color="success" variant="outlined" label={translate(`${f}.counts.sent`, { n: record.nbEnvoyes })} />
      {record.nbEnAttente > 0 && (
        <Chip size="small" color="warning" variant="outlined" label={translate(`${f}.counts.pending`, { n: record.nbEnAttente })} />
      )}
      {record.nbEchecs > 0 && <Chip size="small" color="error" label={translate(`${f}.counts.failed`, { n: record.nbEchecs })} />}
      {record.nbSansEmail > 0 && (
        <Chip size="small" variant="outlined" label={translate(`${f}.counts.no_email`, { n: record.nbSansEmail })} />
      )}
      {(record.nbSms ?? 0) > 0 && <Chip size="small" variant="outlined" label={translate(`${f}.counts.sms`, { n: record.nbSms })} />}
      {(record.nbSmsRemis ?? 0) > 0 && (
        <Chip size="small" color="success" label={translate(`${f}.counts.sms_delivered`, { n: record.nbSmsRemis })} />
      )}
      {(record.nbSmsNonRemis ?? 0) > 0 && (
        <Chip size="small" color="error" variant="outlined" label={translate(`${f}.counts.sms_undelivered`, { n: record.nbSmsNonRemis })} />
      )}
      {(record.nbDesinscrits ?? 0) > 0 && (
        <Chip size="small" variant="outlined" label={translate(`${f}.counts.opted_out`, { n: record.nbDesinscrits })} />
      )}
    </Stack>
  );
  if (!canSeeOutbox) return chips;
  return (
    <MuiLink component={LinkBase} to={outboxOfMessage(record.id)} underline="none" aria-label={translate(`${f}.action.outbox`)}>
      {chips}
    </MuiLink>
  );
};

/** Recipients: the type, then the departure's reference or the client's name. */
const RecipientField = ({ record }: { record: SentMessage }) => {
  const translate = useTranslate();
  const type = translate(`${f}.type.${record.typeDestinataire}`, { _: record.typeDestinataire });
  return (
    <>
      <Typography variant="body2">{type}</Typography>
      {record.typeDestinataire !== 'tous' && record.destinataireLibelle && (
        <Typography variant="caption" color="text.secondary">
          {record.destinataireLibelle}
        </Typography>
      )}
    </>
  );
};

/** The list of sent messages (no props). */
export const MessageList = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${f}.page.sent`)}
      </Typography>
      <List
        resource="messagerie"
        title={translate(`${f}.page.list`)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        filters={[<TextInput key="q" source="q" label="app.list.search" alwaysOn resettable size="small" />]}
        actions={false}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        error={<ListLoadError />}
      >
        <DataTable rowClick={false} bulkActionButtons={false} size="small">
          <DataTable.Col
            source="createdAt"
            label={`${f}.fields.createdAt`}
            render={(r: SentMessage) => formatDateFr(r.createdAt, 'dd/MM/yyyy HH:mm')}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col
            source="auteurID"
            label={`${f}.fields.auteurID`}
            disableSort
            render={(r: SentMessage) => (r.auteurID ? `${r.auteurID.nom ?? ''} ${r.auteurID.prenoms ?? ''}`.trim() : '--')}
          />
          <DataTable.Col
            source="typeDestinataire"
            label={`${f}.fields.destinataires`}
            render={(r: SentMessage) => <RecipientField record={r} />}
          />
          <DataTable.Col source="sujet" label={`${f}.fields.sujet`} />
          <DataTable.Col label={`${f}.fields.livraison`} disableSort render={(r: SentMessage) => <DeliveryField record={r} />} />
        </DataTable>
      </List>
    </>
  );
};
