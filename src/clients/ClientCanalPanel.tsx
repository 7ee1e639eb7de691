/**
 * On the client's form (docs/decisions/sms-channel.md): the client's preferred channel (Automatique, SMS, E-mail,
 * Aucun), saved as soon as it is chosen (PUT notification/client/{id}/canal, key clientUpdate; the form's own
 * 'Enregistrer' stays the only save button, its fields go through user/update); the SMS opt-out when their number
 * answered STOP; and the last notices and messages sent to them, e-mail or SMS, with their states
 * (GET notification/client/{id}, key clients). Reads the record of the surrounding edit page.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Chip, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type DataProvider } from 'react-admin';
import { HttpError } from '../providers/httpError';
import { CANAL_PREFERE_LABELS, CANAUX_PREFERES, type CanalPrefere } from '../../common/canal';
import { formatDateFr } from '../kit/formatDate';
import { useWrite } from '../kit/useWrite';
import type { ClientCanal, MessagerieMethods } from '../messagerie/messagerieMethods';

const f = 'resources.clients.canal';
const o = 'resources.mailOutbox';

/** The panel (no props): channel choice, opt-out, notices. */
export const ClientCanalPanel = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<DataProvider & MessagerieMethods>();
  const notify = useNotify();
  const translate = useTranslate();
  const [data, setData] = useState<ClientCanal | null>(null);
  const [failed, setFailed] = useState(false);
  const [canal, setCanal] = useState<CanalPrefere>('auto');
  const id = record?.id ? String(record.id) : undefined;

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const d = await dataProvider.clientCanal(id);
      setData(d);
      setCanal(d.canalPrefere);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [dataProvider, id]);
  useEffect(() => void load(), [load]);

  // The channel's change, once however fast it is chosen again (src/kit/useWrite.ts); the panel is read again after.
  const change = useWrite({
    mutationFn: ({ client, chosen }: { client: string; chosen: CanalPrefere }) => dataProvider.setClientCanal(client, chosen),
    onSuccess: async (message) => {
      notify(message ?? translate(`${f}.saved`), { type: 'success' });
      await load();
    },
    onError: (error) => {
      const message = error instanceof HttpError ? (error.body as { message?: string } | undefined)?.message : undefined;
      notify(message || translate(`${f}.error`), { type: 'error' });
      setCanal(data?.canalPrefere ?? 'auto');
    },
  });
  const busy = change.pending;

  /** Saves the channel chosen; on a refusal the choice goes back to the saved one. */
  const save = (chosen: CanalPrefere) => {
    if (!id || chosen === data?.canalPrefere) return;
    setCanal(chosen);
    change.run({ client: id, chosen });
  };

  if (!id) return null;
  return (
    <Box component="section" aria-labelledby="client-canal-title" sx={{ width: '100%', maxWidth: 800, mt: 2 }}>
      <Typography id="client-canal-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${f}.title`)}
      </Typography>
      {failed && <Alert severity="error">{translate(`${f}.load_error`)}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <TextField
          select
          size="small"
          label={translate(`${f}.label`)}
          value={canal}
          onChange={(e) => save(e.target.value as CanalPrefere)}
          helperText={translate(`${f}.help`)}
          sx={{ minWidth: 320 }}
          disabled={!data || busy}
        >
          {CANAUX_PREFERES.map((c) => (
            <MenuItem key={c} value={c}>
              {CANAL_PREFERE_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {data?.smsStopAt && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate(`${f}.stop`, { date: formatDateFr(data.smsStopAt, 'dd/MM/yyyy HH:mm') })}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3">
        {translate(`${f}.notices`)}
      </Typography>
      {data && data.notices.length === 0 && <Typography variant="body2">{translate(`${f}.none`)}</Typography>}
      {data && data.notices.length > 0 && (
        <Table size="small" aria-label={translate(`${f}.notices`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${o}.fields.createdAt`)}</TableCell>
              <TableCell>{translate(`${o}.fields.canal`)}</TableCell>
              <TableCell>{translate(`${o}.fields.to`)}</TableCell>
              <TableCell>{translate(`${o}.fields.subject`)}</TableCell>
              <TableCell>{translate(`${o}.fields.status`)}</TableCell>
              <TableCell>{translate(`${o}.fields.delivery`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.notices.map((n) => (
              <TableRow key={n.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateFr(n.createdAt, 'dd/MM/yyyy HH:mm')}</TableCell>
                <TableCell>{translate(`${o}.canal.${n.canal}`)}</TableCell>
                <TableCell>{n.to}</TableCell>
                <TableCell>{n.subject}</TableCell>
                <TableCell>{translate(`${o}.status.${n.status}`)}</TableCell>
                <TableCell>{n.delivery ? <Chip size="small" label={translate(`${o}.delivery.${n.delivery}`)} /> : '--'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};
