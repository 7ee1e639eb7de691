/**
 * The scanning session of 'Nouvel inventaire' (/inventaire/create, docs/api-contract.md "Inventories"; the statements
 * it stores are listed under spec 001 §2 'Etats de stocks'): its state, effects and server calls, without any view
 * (./InventaireCreate.tsx renders it).
 * - The scans live in a ScanSession (./scanSession.ts) kept in localStorage per user until the server confirms the
 *   statement: a reload restores them (`restored` counts them), a refused storage falls back to a throw-away map.
 * - The expected parcels come from GET inventaire/attendus (dataProvider.getInventaireAttendus) for the agency chosen
 *   (ADMIN, who sees every agency) or the user's own; they are kept with the session, so scanning goes on, classified
 *   locally, while the connection is down.
 * - A reference the expected parcels do not settle is checked with GET inventaire/verifier
 *   (dataProvider.verifierReference); out of reach, it waits as 'À vérifier' and is checked again when the browser is
 *   back online or every 15 s.
 * - `save` sends POST inventaire/create (dataProvider.createInventaire) with the session's id made here, so a send
 *   retried after a lost answer stores one statement; then it clears the kept session and opens the statement.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useNotify, useRedirect, useTranslate, type DataProvider } from 'react-admin';
import { v7 as uuidv7 } from 'uuid';
import { normalizeReference, type ScanEtat } from '../../common/inventaireRules';
import { userSeesAllAgences } from '../../common/scopes';
import { serverMessage } from '../kit/recordLabel';
import { sortByLibelle } from '../kit/choices';
import { useAppIdentity, useSignedInUser } from '../kit/useAppIdentity';
import { useWrite } from '../kit/useWrite';
import type { InventaireMethods } from './inventaireMethods';
import { beep } from './scanFeedback';
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
  type AttenduLite,
  type Scan,
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

/** An expected parcel with whether it has been scanned. */
export interface AttenduView extends AttenduLite {
  scanned: boolean;
}

/** What useScanSession gives the view. */
export interface ScanSessionState {
  /** The session as kept (scans newest first). */
  session: ScanSession;
  /** Whether the user sees every agency (ADMIN): then the agency inventoried is chosen in `agences`. */
  allAgences: boolean;
  /** The active agencies by libelle (loaded only when `allAgences`). */
  agences: { id: string; libelle: string }[];
  /** The agency's name for a user inventorying its own: from the expected parcels' answer, else the identity. */
  agenceLibelle: string | undefined;
  /** How many scans the page found kept from before (a reload); 0 for a fresh session. */
  restored: number;
  /** Whether the server was last found out of reach. */
  offline: boolean;
  /** Whether the statement is being sent. */
  saving: boolean;
  /** Whether the expected parcels are being loaded. */
  attendusLoading: boolean;
  /** The server's message when loading the expected parcels failed for another reason than the connection; else null. */
  attendusError: string | null;
  /** The expected parcels (null until loaded). */
  attendus: AttenduView[] | null;
  /** The newest scan. */
  last: Scan | undefined;
  /** The counters (./scanSession.ts countScans). */
  counts: ReturnType<typeof countScans>;
  /** Whether scanning is possible (an agency is known). */
  canScan: boolean;
  /** Whether the statement can be saved. */
  canSave: boolean;
  /** Whether there are scans to abandon. */
  canAbandon: boolean;
  /** One scan (camera, keyboard scanner or typed); warns when ADMIN has not chosen the agency. */
  scan: (raw: string) => Promise<void>;
  /** Chooses the agency inventoried (ADMIN, before the first scan); '' clears it. */
  chooseAgence: (agenceID: string) => void;
  /** Sends the statement (once while it is on its way), then opens it. */
  save: () => void;
  /** Forgets the session and starts a new one. */
  abandon: () => void;
}

/**
 * The scanning session of the signed-in user (no inputs: the user comes from the session and the identity; the
 * agency from the user, or from `chooseAgence` for ADMIN).
 * @returns ScanSessionState: the session, derived counts and flags, and the actions `scan`, `chooseAgence`, `save`,
 * `abandon`
 * Errors are not thrown: a dropped connection sets `offline` (and a scan waits as 'À vérifier'; a save warns
 * `…scan.save_offline` and keeps the session); another server error is notified (its message, else
 * ra.notification.http_error); a failed load of the expected parcels gives `attendusError`.
 */
export function useScanSession(): ScanSessionState {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<DataProvider & InventaireMethods>();
  const identity = useAppIdentity();
  const signedIn = useSignedInUser();
  const userId = signedIn?.id ?? 'anonyme';
  const store = useMemo(browserStore, []);
  const allAgences = userSeesAllAgences(identity ?? signedIn);

  const [session, setSession] = useState<ScanSession>(() => loadSession(store, userId) ?? newSession(uuidv7()));
  // The latest session, read by scans that follow each other faster than React renders (keyboard scanner, camera).
  const latest = useRef(session);
  const update = useCallback((change: (s: ScanSession) => ScanSession) => {
    latest.current = change(latest.current);
    setSession(latest.current);
  }, []);
  const [restored] = useState(() => session.scans.length);
  const [offline, setOffline] = useState(false);
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

  /** Asks the server what a reference is (and, for another agency's parcel, which); answers null when it cannot be reached. */
  const verify = useCallback(
    async (reference: string): Promise<{ etat: ScanEtat; agence?: string | null } | null> => {
      try {
        const answer = await dataProvider.verifierReference(reference, agenceID);
        setOffline(false);
        return { etat: answer.etat, agence: answer.agence };
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
      const verdict = await verify(reference);
      if (verdict) update((s) => settleScan(s, reference, verdict.etat, verdict.agence));
      beep(verdict?.etat ?? 'A_VERIFIER');
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
        const verdict = await verify(reference);
        if (!verdict) return;
        update((s) => settleScan(s, reference, verdict.etat, verdict.agence));
      }
    };
    window.addEventListener('online', recheck);
    const timer = setInterval(recheck, 15000);
    return () => {
      window.removeEventListener('online', recheck);
      clearInterval(timer);
    };
  }, [pendingKey, verify, update]);

  // The statement is sent once however fast 'Enregistrer' is clicked (src/kit/useWrite.ts); its id, made here, lets
  // the server store one statement for a send retried after a dropped connection.
  const send = useWrite(
    {
      mutationFn: (body: Parameters<InventaireMethods['createInventaire']>[0]) => dataProvider.createInventaire(body),
      onSuccess: ({ message, data }) => {
        clearSession(store, userId);
        notify(message ?? 'Inventaire enregistré avec succès', { type: 'success' });
        if (data.inconnues.length > 0)
          notify(translate(`${f}.saved_unknown`, { refs: data.inconnues.join(', ') }), { type: 'warning', autoHideDuration: 8000 });
        redirect(`/inventaire/${encodeURIComponent(data.id)}`);
      },
      onError: (error) => {
        if (isOffline(error)) {
          setOffline(true);
          notify(`${f}.save_offline`, { type: 'warning' });
        } else notify(serverMessage(error) ?? 'ra.notification.http_error', { type: 'error' });
      },
    },
    { holdOnSuccess: true },
  );
  const saving = send.pending;
  const save = () => send.run({ id: session.id, agenceID, references: referencesToSend(session) });

  const abandon = () => {
    clearSession(store, userId);
    update(() => newSession(uuidv7()));
  };

  const chooseAgence = (value: string) => update((s) => ({ ...s, agenceID: value || undefined, attendus: null }));

  const canScan = !allAgences || !!session.agenceID;
  const attendusError = attendusQuery.error && !isOffline(attendusQuery.error) ? (serverMessage(attendusQuery.error) ?? '') : null;

  return {
    session,
    allAgences,
    agences: sortByLibelle((agences ?? []) as { id: string; libelle: string }[]),
    agenceLibelle: session.agenceLibelle ?? identity?.agenceID?.libelle,
    restored,
    offline,
    saving,
    attendusLoading: attendusQuery.isFetching,
    attendusError,
    attendus: session.attendus?.map((a) => ({ ...a, scanned: isScanned(session, a) })) ?? null,
    last: session.scans[0],
    counts: countScans(session),
    canScan,
    canSave: canScan && !saving && !(session.attendus === null && session.scans.length === 0),
    canAbandon: session.scans.length > 0 && !saving,
    scan,
    chooseAgence,
    save,
    abandon,
  };
}
