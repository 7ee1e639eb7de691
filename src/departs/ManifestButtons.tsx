/**
 * 'Manifeste (PDF)' and 'Étiquettes (PDF)' of a departure row (docs/decisions/departure-manifest.md), shown
 * with the departures list's key (depart). A click loads every parcel of the departure page by page
 * (envoi/manifest, 500 a page), then builds the PDF in a Web Worker (./manifest.worker.ts, with jspdf and
 * qrcode, loaded only then) and downloads manifeste-{reference}.pdf or etiquettes-{reference}.pdf. A dialog shows the
 * progress ('Génération du manifeste… 340 / 2 000') with 'Annuler', which stops the load or ends the worker.
 */
import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Tooltip,
  Typography,
} from '@mui/material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type DataProvider } from 'react-admin';
import { serverMessage } from '../kit/recordLabel';
import { useHasPermission } from '../kit/useHasPermission';
import type { DepartMethods } from './departMethods';
import { formatCount, labelsFileName, loadManifest, manifestFileName } from './manifest/manifestData';
import { buildPdfInWorker, saveBlob, type PdfJob } from './manifest/pdfWorkerClient';

/** Parcels per call of envoi/manifest: the server's maximum (MANIFEST_PAGE_MAX). */
const PAGE_SIZE = 500;

/** Where a job is: loading the parcels, drawing them, or writing the file. */
interface Progress {
  kind: PdfJob['kind'];
  phase: 'loading' | 'building' | 'saving';
  done: number;
  total: number;
}

const t = 'resources.depart.manifest';

/** Takes no props (the departure is the record in context); renders the two buttons and the progress dialog. */
export const ManifestButtons = () => {
  const record = useRecordContext();
  const has = useHasPermission();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DataProvider & DepartMethods>();
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (!record || !has('depart')) return null;
  const reference = String(record.reference ?? '');

  const run = async (kind: PdfJob['kind']) => {
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    setProgress({ kind, phase: 'loading', done: 0, total: 0 });
    try {
      const data = await loadManifest(
        (page, perPage) => dataProvider.manifestPage(String(record.id), page, perPage, { signal }),
        PAGE_SIZE,
        (done, total) => setProgress({ kind, phase: 'loading', done, total }),
        signal,
      );
      if (data.colis.length === 0) {
        notify(`${t}.notifications.empty`, { type: 'info' });
        return;
      }
      const total = data.colis.length;
      setProgress({ kind, phase: 'building', done: 0, total });
      const blob = await buildPdfInWorker(
        { kind, data },
        (message) =>
          setProgress({
            kind,
            phase: message.type === 'saving' ? 'saving' : 'building',
            done: message.type === 'progress' ? message.done : total,
            total,
          }),
        signal,
      );
      saveBlob(blob, kind === 'manifest' ? manifestFileName(data.envoi.reference) : labelsFileName(data.envoi.reference));
    } catch (error) {
      if (signal.aborted) notify(`${t}.notifications.cancelled`, { type: 'info' });
      else notify(serverMessage(error) ?? `${t}.notifications.error`, { type: 'error' });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const button = (kind: PdfJob['kind'], icon: React.ReactNode) => {
    const label = translate(`${t}.action.${kind === 'manifest' ? 'manifest' : 'labels'}`);
    return (
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            color="primary"
            aria-label={label}
            disabled={progress !== null}
            onClick={(event) => {
              event.stopPropagation();
              void run(kind);
            }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  const phaseText = (p: Progress) => {
    if (p.phase === 'saving') return translate(`${t}.progress.saving`);
    const key = p.phase === 'loading' ? 'loading' : p.kind;
    return translate(`${t}.progress.${key}`, { done: formatCount(p.done), total: p.total ? formatCount(p.total) : '…' });
  };

  return (
    <>
      {button('manifest', <ListAltIcon fontSize="small" />)}
      {button('labels', <QrCode2Icon fontSize="small" />)}
      {/* Clicks inside the dialog reach the row through React's tree: stop them there (the row opens the edit page). */}
      <Dialog open={progress !== null} fullWidth maxWidth="xs" onClick={(event) => event.stopPropagation()}>
        {progress && (
          <>
            <DialogTitle>{translate(`${t}.progress.title_${progress.kind}`, { reference })}</DialogTitle>
            <DialogContent>
              <Box sx={{ py: 1 }}>
                <LinearProgress
                  variant={progress.total && progress.phase !== 'saving' ? 'determinate' : 'indeterminate'}
                  value={progress.total ? (100 * progress.done) / progress.total : 0}
                  aria-label={phaseText(progress)}
                />
                <Typography variant="body2" sx={{ mt: 1.5 }} role="status">
                  {phaseText(progress)}
                </Typography>
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => abort.current?.abort()}>{translate(`${t}.action.cancel`)}</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
};
