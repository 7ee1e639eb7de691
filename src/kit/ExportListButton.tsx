/**
 * The 'Exporter' button of every list (docs/decisions/list-exports.md), in place of react-admin's ExportButton (which
 * builds the file in the browser from at most 1000 fetched rows): a menu 'CSV (Excel)' / 'Excel (.xlsx)' that downloads
 * the server's file of the whole list with the list's current filters and sort (dataProvider exportList: the list call
 * with `format=`), fetched with the session's token. A refusal shows the server's French message. While the file
 * arrives, the button stays disabled and beside it the bytes received and an 'Annuler' button that aborts the request
 * (the server then stops reading rows: server/http/export.ts).
 */
import { useRef, useState } from 'react';
import { Button, CircularProgress, Menu, MenuItem, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { exportList } from '../providers/dataProvider';
import { saveFile } from '../providers/http';
import { useWrite } from './useWrite';

const FORMATS = [
  { format: 'csv', label: 'app.list.export_csv' },
  { format: 'xlsx', label: 'app.list.export_xlsx' },
] as const;

/** A byte count in French: '850 o', '12,3 Ko', '4,1 Mo'. */
function sizeFr(bytes: number): string {
  const fmt = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${fmt(bytes / 1024)} Ko`;
  return `${fmt(bytes / 1024 / 1024)} Mo`;
}

/** Renders the button and its format menu for the list in context (no props), the progress and 'Annuler' while it runs. */
export const ExportListButton = () => {
  const { resource, filterValues, sort, total } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);
  // One export at a time: the button stays disabled from the format's click until the file is saved, refused or
  // cancelled.
  const exporting = useWrite({
    mutationFn: async (format: 'csv' | 'xlsx') => {
      const controller = new AbortController();
      abort.current = controller;
      setReceived(0);
      try {
        const file = await exportList(
          resource,
          { filter: filterValues, sort, format },
          { signal: controller.signal, onProgress: setReceived },
        );
        saveFile(file);
      } catch (error) {
        if (controller.signal.aborted) return notify('app.list.export_cancelled', { type: 'info' });
        throw error;
      } finally {
        abort.current = null;
      }
    },
    onError: (error) => notify((error as Error)?.message || 'app.list.export_failed', { type: 'error' }),
  });
  const busy = exporting.pending;

  const run = (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    void exporting.run(format);
  };

  return (
    <>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
        disabled={busy || total === 0}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {translate('app.list.export')}
      </Button>
      {busy && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" role="status">
            {translate('app.list.export_progress', { size: sizeFr(received) })}
          </Typography>
          <Button size="small" color="inherit" onClick={() => abort.current?.abort()}>
            {translate('app.list.export_cancel')}
          </Button>
        </Stack>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => run(format)}>
            {translate(label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
