/**
 * NOUVEL INVENTAIRE, /inventaire/create (key addInventaire; the spec leaves taking an inventory to a mobile app, the
 * back-office does it here: docs/api-contract.md "Inventories"). The agent scans the QR code of each receipt with the
 * camera (BarcodeDetector, where the browser has it: ./CameraScanner.tsx), or with a keyboard scanner or by hand in
 * the reference box (Enter adds). Each scan shows at once, in colour and with a beep, whether the parcel is expected
 * here (found), not expected here, unknown, or already scanned; the expected parcels come from the server
 * (GET inventaire/attendus) and a reference they do not hold is checked with GET inventaire/verifier.
 * Every scan is kept in localStorage (./scanSession.ts) until the server confirms the statement: a reload restores
 * them, and while the connection is down scanning goes on (references only the server can tell wait as 'À vérifier'
 * and are checked when it comes back). 'Enregistrer l'inventaire' sends POST inventaire/create with the session's id,
 * so a send retried after a lost answer stores one statement, then opens the statement.
 * ADMIN first chooses the agency inventoried; another role inventories its own agency.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import SaveIcon from '@mui/icons-material/Save';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Confirm, useDataProvider, useGetList, useNotify, useRedirect, useTranslate, type DataProvider } from 'react-admin';
import { v7 as uuidv7 } from 'uuid';
import { normalizeReference, type ScanEtat } from '../../common/inventaireRules';
import { userSeesAllAgences } from '../../common/scopes';
import { formatDateFr } from '../common/formatDate';
import { PageHeader } from '../common/PageHeader';
import { serverMessage } from '../common/recordLabel';
import { sortByLibelle } from '../common/choices';
import { useAppIdentity } from '../common/useAppIdentity';
import type { InventaireMethods } from './inventaireMethods';
import { readSession } from '../providers/session';
import { CameraScanner, cameraScanSupported } from './CameraScanner';
import { beep, SCAN_COLOR } from './scanFeedback';
import {
  addScan,
  classifyLocally,
  clearSession,
  countScans,
  isScanned,
  loadSession,
  newSession,
  referencesToSend,
  saveSession,
  settleScan,
  type ScanSession,
} from './scanSession';

const f = 'resources.inventaire.scan';

/** Whether an error is a dropped connection (httpRequest's status 0). */
const isOffline = (error: unknown) => (error as { status?: number } | null)?.status === 0;

/** The browser's storage (localStorage), or a throw-away map where it is refused. */
function browserStore() {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    };
  }
}

/** The scanning page (no props). */
const InventaireCreate = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<DataProvider & InventaireMethods>();
  const identity = useAppIdentity();
  const userId = readSession()?.user?.id ?? 'anonyme';
  const store = useMemo(browserStore, []);
  const allAgences = userSeesAllAgences(identity ?? readSession()?.user);

  const [session, setSession] = useState<ScanSession>(() => loadSession(store, userId) ?? newSession(uuidv7()));
  // The latest session, read by scans that follow each other faster than React renders (keyboard scanner, camera).
  const latest = useRef(session);
  const update = useCallback((change: (s: ScanSession) => ScanSession) => {
    latest.current = change(latest.current);
    setSession(latest.current);
  }, []);
  const [restored] = useState(() => session.scans.length);
  const [offline, setOffline] = useState(false);
  const [input, setInput] = useState('');
  const [camera, setCamera] = useState(false);
  const [confirm, setConfirm] = useState<'save' | 'abandon' | null>(null);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const agenceID = allAgences ? session.agenceID : undefined;

  // Every change is stored at once: nothing scanned is lost until the server confirms.
  useEffect(() => {
    saveSession(store, userId, session);
  }, [store, userId, session]);

  const { data: agences } = useGetList(
    'agence',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'libelle', order: 'ASC' }, filter: { isActive: true } },
    { enabled: allAgences },
  );

  const attendusQuery = useQuery({
    queryKey: ['inventaire', 'attendus', agenceID ?? 'own'],
    queryFn: ({ signal }) => dataProvider.getInventaireAttendus(agenceID, { signal }),
    enabled: !allAgences || !!agenceID,
    retry: false,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    const data = attendusQuery.data;
    if (!data) return;
    setOffline(false);
    update((s) => ({
      ...s,
      agenceLibelle: data.agence?.libelle,
      attendus: data.datas.map((c) => ({
        id: c.id,
        reference: c.reference,
        statut: c.statutID?.libelle,
        destinataire: c.destinataireID ? `${c.destinataireID.nom} ${c.destinataireID.prenoms}`.trim() : (c.nomDestinataire ?? ''),
      })),
    }));
  }, [attendusQuery.data, update]);
  useEffect(() => {
    if (attendusQuery.error && isOffline(attendusQuery.error)) setOffline(true);
  }, [attendusQuery.error]);

  /** Asks the server what a reference is; answers null when it cannot be reached. */
  const verify = useCallback(
    async (reference: string): Promise<ScanEtat | null> => {
      try {
        const answer = await dataProvider.verifierReference(reference, agenceID);
        setOffline(false);
        return answer.etat;
      } catch (error) {
        if (isOffline(error)) setOffline(true);
        else notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
        return null;
      }
    },
    [dataProvider, agenceID, notify],
  );

  /** One scan (camera, keyboard scanner or typed): classified locally when it can be, else by the server. */
  const scan = useCallback(
    async (raw: string) => {
      const reference = normalizeReference(raw);
      if (!reference) return;
      if (allAgences && !latest.current.agenceID) {
        notify(`${f}.agence_required`, { type: 'warning' });
        return;
      }
      const local = classifyLocally(latest.current, reference);
      if (local) {
        update((s) => addScan(s, reference, local));
        beep(local);
        return;
      }
      update((s) => addScan(s, reference, 'A_VERIFIER'));
      const etat = await verify(reference);
      if (etat) update((s) => settleScan(s, reference, etat));
      beep(etat ?? 'A_VERIFIER');
    },
    [allAgences, update, notify, verify],
  );

  // Back online: the references scanned meanwhile are checked.
  const pending = session.scans.filter((s) => s.etat === 'A_VERIFIER').map((s) => s.reference);
  const pendingKey = pending.join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const recheck = async () => {
      for (const reference of pendingKey.split(',')) {
        const etat = await verify(reference);
        if (!etat) return;
        update((s) => settleScan(s, reference, etat));
      }
    };
    window.addEventListener('online', recheck);
    const timer = setInterval(recheck, 15000);
    return () => {
      window.removeEventListener('online', recheck);
      clearInterval(timer);
    };
  }, [pendingKey, verify, update]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = input;
    setInput('');
    void scan(value);
    inputRef.current?.focus();
  };

  const save = async () => {
    setConfirm(null);
    setSaving(true);
    try {
      const { message, data } = await dataProvider.createInventaire({ id: session.id, agenceID, references: referencesToSend(session) });
      clearSession(store, userId);
      notify(message ?? 'Inventaire enregistré avec succès', { type: 'success' });
      if (data.inconnues.length > 0)
        notify(translate(`${f}.saved_unknown`, { refs: data.inconnues.join(', ') }), { type: 'warning', autoHideDuration: 8000 });
      redirect(`/inventaire/${encodeURIComponent(data.id)}`);
    } catch (error) {
      if (isOffline(error)) {
        setOffline(true);
        notify(`${f}.save_offline`, { type: 'warning' });
      } else notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const abandon = () => {
    setConfirm(null);
    clearSession(store, userId);
    update(() => newSession(uuidv7()));
  };

  const counts = countScans(session);
  const last = session.scans[0];
  const canScan = !allAgences || !!session.agenceID;

  return (
    <>
      <PageHeader
        title="resources.inventaire.page.create"
        steps={[{ label: 'resources.inventaire.page.list', to: '/inventaire' }, { label: 'resources.inventaire.page.create' }]}
      />
      {restored > 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate(`${f}.restored`, { count: restored })}
        </Alert>
      )}
      {offline && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="offline">
          {translate(`${f}.offline`)}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                {allAgences ? (
                  <TextField
                    select
                    label={translate(`${f}.agence`)}
                    value={session.agenceID ?? ''}
                    disabled={session.scans.length > 0}
                    onChange={(e) => update((s) => ({ ...s, agenceID: e.target.value || undefined, attendus: null }))}
                    size="small"
                    slotProps={{ htmlInput: { 'data-testid': 'agence-select' } }}
                  >
                    {sortByLibelle((agences ?? []) as { id: string; libelle: string }[]).map((a) => (
                      <MenuItem key={a.id} value={a.id}>
                        {a.libelle}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  <Typography variant="subtitle1">
                    {translate(`${f}.agence`)} : <strong>{session.agenceLibelle ?? identity?.agenceID?.libelle ?? '…'}</strong>
                  </Typography>
                )}
                <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    inputRef={inputRef}
                    autoFocus
                    fullWidth
                    disabled={!canScan}
                    label={translate(`${f}.input`)}
                    helperText={translate(canScan ? `${f}.input_help` : `${f}.agence_required`)}
                    value={input}
                    onChange={(e) => setInput(e.target.value)}
                    autoComplete="off"
                    slotProps={{ htmlInput: { 'data-testid': 'scan-input', spellCheck: false, autoCapitalize: 'characters' } }}
                  />
                  <Button type="submit" variant="contained" disabled={!canScan || !input.trim()} sx={{ mt: 1 }}>
                    {translate(`${f}.add`)}
                  </Button>
                </Box>
                {cameraScanSupported() ? (
                  <Box>
                    <Button
                      startIcon={<QrCodeScannerIcon />}
                      variant={camera ? 'outlined' : 'text'}
                      disabled={!canScan}
                      onClick={() => setCamera((c) => !c)}
                    >
                      {translate(camera ? `${f}.camera_stop` : `${f}.camera_start`)}
                    </Button>
                    {camera && canScan && <CameraScanner onDetect={(text) => void scan(text)} />}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary" data-testid="camera-unsupported">
                    {translate(`${f}.camera_unsupported`)}
                  </Typography>
                )}
              </Stack>
            </CardContent>
          </Card>

          <Alert
            severity={
              last
                ? SCAN_COLOR[last.etat] === 'default'
                  ? 'info'
                  : (SCAN_COLOR[last.etat] as 'success' | 'info' | 'warning' | 'error')
                : 'info'
            }
            variant={last ? 'filled' : 'standard'}
            icon={false}
            data-testid="last-scan"
            data-etat={last?.etat ?? ''}
            sx={{ fontSize: '1.1rem', ...(last?.etat === 'A_VERIFIER' ? { bgcolor: 'grey.600', color: 'common.white' } : {}) }}
          >
            {last ? (
              <>
                <strong>{last.reference}</strong> — {translate(`${f}.etat.${last.etat}`)}
              </>
            ) : (
              translate(`${f}.none_yet`)
            )}
          </Alert>

          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="scan-counters">
            {(
              [
                ['attendus', counts.attendus, 'default'],
                ['trouves', counts.trouves, 'success'],
                ['restants', counts.restants, counts.restants > 0 ? 'error' : 'success'],
                ['nonAttendus', counts.nonAttendus, 'warning'],
                ['inconnus', counts.inconnus, 'error'],
                ['aVerifier', counts.aVerifier, 'default'],
              ] as const
            ).map(([key, value, color]) => (
              <Chip
                key={key}
                color={color}
                variant="outlined"
                label={`${translate(`${f}.counters.${key}`)} : ${value}`}
                data-testid={`count-${key}`}
              />
            ))}
          </Box>

          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!canScan || saving || (session.attendus === null && session.scans.length === 0)}
              onClick={() => setConfirm('save')}
            >
              {translate(`${f}.save`)}
            </Button>
            <Button
              color="error"
              startIcon={<DeleteSweepIcon />}
              disabled={session.scans.length === 0 || saving}
              onClick={() => setConfirm('abandon')}
            >
              {translate(`${f}.abandon`)}
            </Button>
          </Stack>
          {saving && <LinearProgress />}

          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6">
                {translate(`${f}.scans`)} ({session.scans.length})
              </Typography>
              <MuiList dense>
                {session.scans.slice(0, 200).map((s, i) => (
                  <ListItem key={`${s.at}-${i}`} divider data-testid="scan-row" data-etat={s.etat}>
                    <ListItemText primary={s.reference} secondary={formatDateFr(s.at, 'HH:mm:ss')} />
                    <Chip size="small" color={SCAN_COLOR[s.etat]} label={translate(`${f}.etat.${s.etat}`)} />
                  </ListItem>
                ))}
              </MuiList>
            </CardContent>
          </Card>
        </Stack>

        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">
              {translate(`${f}.attendus_title`)} ({session.attendus?.length ?? 0})
            </Typography>
            {attendusQuery.isFetching && (
              <>
                <LinearProgress sx={{ my: 1 }} />
                <Typography variant="body2">{translate(`${f}.loading_attendus`)}</Typography>
              </>
            )}
            {attendusQuery.error && !isOffline(attendusQuery.error) ? (
              <Alert severity="error">{translate(`${f}.attendus_error`, { message: serverMessage(attendusQuery.error) ?? '' })}</Alert>
            ) : null}
            {session.attendus && session.attendus.length === 0 && (
              <Typography color="text.secondary">{translate(`${f}.attendus_empty`)}</Typography>
            )}
            <MuiList dense sx={{ maxHeight: 560, overflowY: 'auto' }} data-testid="attendus-list">
              {(session.attendus ?? []).map((a) => {
                const done = isScanned(session, a);
                return (
                  <ListItem key={a.id} divider>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {done ? (
                        <CheckCircleIcon color="success" fontSize="small" />
                      ) : (
                        <RadioButtonUncheckedIcon color="disabled" fontSize="small" />
                      )}
                    </ListItemIcon>
                    <ListItemText primary={a.reference} secondary={[a.statut, a.destinataire].filter(Boolean).join(' · ')} />
                  </ListItem>
                );
              })}
            </MuiList>
          </CardContent>
        </Card>
      </Box>

      <Confirm
        isOpen={confirm === 'save'}
        title={`${f}.confirm_title`}
        content={translate(`${f}.confirm_content`, { trouves: counts.trouves, attendus: counts.attendus, restants: counts.restants })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={save}
        onClose={() => setConfirm(null)}
      />
      <Confirm
        isOpen={confirm === 'abandon'}
        title={`${f}.abandon_title`}
        content={translate(`${f}.abandon_content`, { count: session.scans.length })}
        confirm="app.common.yes"
        cancel="app.common.no"
        onConfirm={abandon}
        onClose={() => setConfirm(null)}
      />
    </>
  );
};

export default InventaireCreate;
