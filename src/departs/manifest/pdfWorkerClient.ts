/**
 * Runs a manifest or labels job in ./manifest.worker.ts (docs/decisions/departure-manifest.md) and saves the PDF it
 * returns. The worker chunk holds jspdf and qrcode: the departures list loads neither until a button is clicked.
 */
import type { ManifestData } from './manifestData';

/** What to build, from which data. */
export interface PdfJob {
  kind: 'manifest' | 'labels';
  data: ManifestData;
}

/** What the worker posts: parcels drawn so far, then 'saving' while the file is written, then the bytes or an error. */
export type PdfWorkerMessage =
  { type: 'progress'; done: number } | { type: 'saving' } | { type: 'done'; buffer: ArrayBuffer } | { type: 'error'; message: string };

/**
 * Builds the PDF of `job` in a new worker.
 * @param onMessage each progress or 'saving' message
 * @param signal aborting ends the worker at once and rejects with the signal's reason
 * @returns the PDF as a Blob
 */
export function buildPdfInWorker(job: PdfJob, onMessage: (message: PdfWorkerMessage) => void, signal?: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(new URL('./manifest.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<PdfWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'done') {
        stop();
        resolve(new Blob([message.buffer], { type: 'application/pdf' }));
      } else if (message.type === 'error') {
        stop();
        reject(new Error(message.message));
      } else onMessage(message);
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'worker error'));
    };
    worker.postMessage(job);
  });
}

/** Downloads a Blob under `fileName` (a temporary link, clicked once). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
