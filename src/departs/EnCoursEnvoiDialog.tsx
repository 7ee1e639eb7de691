/**
 * The confirmation of 'Marquer en cours d'envoi' (spec 000 §4 "Each needs a yes/no confirmation";
 * docs/decisions/departure-ships-received.md): the Oui/Non question, and the parcels the departure will leave waiting
 * (EN_ATTENTE: never received at the counter, they do not leave), read from GET colis/enAttente/{envoiId}: reference,
 * sender, amount due in the parcel's currency (common/format.ts formatMontant). With the key colisUpdate the user may
 * move those its agency registered to another open departure of the same route (a select of such departures with
 * their weight left; POST colis/transferer), or leave them; 'Oui' then ships the received parcels only.
 */
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate, type DataProvider, type RaRecord } from 'react-admin';
import { isoToFr } from '../../common/dates';
import { formatKg, formatMontant, fullName } from '../../common/format';
import { serverMessage } from '../kit/recordLabel';
import { useHasPermission } from '../kit/useHasPermission';
import { useWrite } from '../kit/useWrite';
import type { ColisEnAttente, DepartMethods } from './departMethods';

const t = 'resources.depart.transfert';

/** The sender's name as the dialog shows it, '--' when the parcel names none. */
const expediteurNom = (c: ColisEnAttente) => fullName(c.expediteur) || '--';

/** What the dialog takes: whether it is open, the departure, whether the status change runs, and the two answers. */
interface EnCoursEnvoiDialogProps {
  isOpen: boolean;
  record: RaRecord;
  /** The question, already translated ('Voulez-vous passer le départ … ?'). */
  question: string;
  /** The status change is being sent: the buttons wait. */
  loading: boolean;
  /** 'Oui': ship the departure. */
  onConfirm: (event?: React.MouseEvent) => void;
  /** 'Non' or closing: nothing changes. */
  onClose: (event?: React.MouseEvent) => void;
}

/** The 'en cours d'envoi' confirmation with the waiting parcels and their move (see the file comment). */
export const EnCoursEnvoiDialog = ({ isOpen, record, question, loading, onConfirm, onClose }: EnCoursEnvoiDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const has = useHasPermission();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<DataProvider & DepartMethods>();
  const envoiId = String(record.id);
  const { data, isPending, error } = useQuery({
    queryKey: ['depart', 'colisEnAttente', envoiId],
    queryFn: ({ signal }) => dataProvider.colisEnAttenteOfEnvoi(envoiId, { signal }),
    enabled: isOpen,
    retry: false,
    gcTime: 0,
  });
  /** The parcels ticked; null: every parcel the user may move (the default). */
  const [ticked, setTicked] = useState<string[] | null>(null);
  const [target, setTarget] = useState('');

  const mayMove = has('colisUpdate');
  const colis = data?.colis ?? [];
  const departs = data?.departs ?? [];
  const movable = mayMove ? colis.filter((c) => c.deplacable) : [];
  const chosen = ticked ?? movable.map((c) => c.id);
  // Moved once however fast 'Déplacer' is clicked (src/kit/useWrite.ts).
  const transfer = useWrite({
    mutationFn: ({ ids, envoi }: { ids: string[]; envoi: string }) => dataProvider.transfererColis(ids, envoi),
    onSuccess: (message) => {
      notify(message || `${t}.moved_hint`, { type: 'success' });
      setTicked(null);
      setTarget('');
      // Reads the list of departures and this dialog's parcels again (react-admin's refresh invalidates every query).
      refresh();
    },
    onError: (e) => notify(serverMessage(e) ?? translate('resources.depart.status_change.failure'), { type: 'error', multiLine: true }),
  });
  const busy = loading || transfer.pending;

  const close = (event?: React.MouseEvent) => {
    setTicked(null);
    setTarget('');
    onClose(event);
  };
  const toggle = (id: string) => setTicked(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  return (
    <Dialog
      open={isOpen}
      onClose={(event) => close(event as React.MouseEvent)}
      onClick={(event) => event.stopPropagation()}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
      aria-labelledby={`en-cours-envoi-${envoiId}`}
    >
      <DialogTitle id={`en-cours-envoi-${envoiId}`}>{translate('resources.depart.status_change.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{question}</DialogContentText>
        {isPending && isOpen ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={18} />
            <Typography variant="body2">{translate(`${t}.loading`)}</Typography>
          </Box>
        ) : error ? (
          <Alert severity="warning">{serverMessage(error) ?? translate(`${t}.load_error`)}</Alert>
        ) : colis.length === 0 ? (
          <Alert severity="success">{translate(`${t}.none`)}</Alert>
        ) : (
          <Box data-testid="colis-en-attente">
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate(`${t}.waiting`, { smart_count: colis.length })}
            </Alert>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate(`${t}.waiting`, { smart_count: colis.length })}>
                <TableHead>
                  <TableRow>
                    {mayMove && <TableCell padding="checkbox">{translate(`${t}.choose`)}</TableCell>}
                    <TableCell>{translate(`${t}.reference`)}</TableCell>
                    {!narrow && <TableCell>{translate(`${t}.expediteur`)}</TableCell>}
                    <TableCell align="right">{translate(`${t}.du`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {colis.map((c) => (
                    <TableRow key={c.id} data-reference={c.reference}>
                      {mayMove && (
                        <TableCell padding="checkbox">
                          <Tooltip title={c.deplacable ? '' : translate(`${t}.not_yours`)}>
                            <span>
                              <Checkbox
                                size="small"
                                checked={c.deplacable && chosen.includes(c.id)}
                                disabled={!c.deplacable || busy}
                                onChange={() => toggle(c.id)}
                                slotProps={{ input: { 'aria-label': `${translate(`${t}.choose`)} ${c.reference}` } }}
                              />
                            </span>
                          </Tooltip>
                        </TableCell>
                      )}
                      <TableCell>
                        <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                          {c.reference}
                        </Box>
                        {/* On a phone the sender goes under the reference, so that the amount due stays in view. */}
                        {narrow && (
                          <Typography variant="body2" color="text.secondary">
                            {expediteurNom(c)}
                          </Typography>
                        )}
                      </TableCell>
                      {!narrow && <TableCell>{expediteurNom(c)}</TableCell>}
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMontant(c.resteAPayer, c.devise)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {movable.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" gutterBottom>
                  {translate(`${t}.move_title`)}
                </Typography>
                {departs.length === 0 ? (
                  <Alert severity="info">{translate(`${t}.no_target`)}</Alert>
                ) : (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                    <FormControl size="small" sx={{ minWidth: 260, flex: '1 1 260px' }}>
                      <InputLabel id={`cible-${envoiId}`}>{translate(`${t}.target`)}</InputLabel>
                      <Select
                        labelId={`cible-${envoiId}`}
                        label={translate(`${t}.target`)}
                        value={target}
                        disabled={busy}
                        onChange={(event) => setTarget(String(event.target.value))}
                      >
                        {departs.map((d) => (
                          <MenuItem key={d.id} value={d.id}>
                            {translate(`${t}.target_option`, {
                              reference: d.reference,
                              date: isoToFr(d.dateDebut),
                              disponible: formatKg(d.poidsDisponible),
                            })}
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <Button
                      variant="outlined"
                      disabled={!target || chosen.length === 0 || busy}
                      onClick={() => transfer.run({ ids: chosen, envoi: target })}
                    >
                      {translate(`${t}.move`)}
                    </Button>
                  </Box>
                )}
              </Box>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate(`${t}.leave`, { smart_count: colis.length })}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={busy} onClick={close}>
          {translate('app.common.no')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={onConfirm}>
          {translate('app.common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
