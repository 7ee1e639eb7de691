/**
 * Web Worker building a departure's manifest or labels (docs/decisions/departure-manifest.md): jspdf and qrcode run
 * here, off the page's thread, so that 2 000 parcels never freeze the screen. Receives a PdfJob, posts `progress` every
 * CHUNK parcels, then `done` with the PDF bytes (transferred), or `error`. Started by ./pdfWorkerClient.ts, which ends
 * it on cancel.
 */
import { buildLabelsPdf, buildManifestPdf } from './manifestPdf';
import type { PdfJob, PdfWorkerMessage } from './pdfWorkerClient';

const post = (message: PdfWorkerMessage, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

self.onmessage = (event: MessageEvent<PdfJob>) => {
  const { kind, data } = event.data;
  try {
    const onProgress = (done: number) => post({ type: 'progress', done });
    const doc = kind === 'manifest' ? buildManifestPdf(data, onProgress) : buildLabelsPdf(data, onProgress);
    post({ type: 'saving' });
    const buffer = doc.output('arraybuffer');
    post({ type: 'done', buffer }, [buffer]);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
