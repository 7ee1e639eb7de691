/**
 * The 'Exporter' button of every list (docs/decisions/list-exports.md), in place of react-admin's ExportButton (which
 * builds the file in the browser from at most 1000 fetched rows): a menu 'CSV (Excel)' / 'Excel (.xlsx)' that downloads
 * the server's file of the whole list with the list's current filters and sort (dataProvider exportList: the list call
 * with `format=`), fetched with the session's token. A refusal shows the server's French message.
 */
import { useState } from 'react';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { exportList } from '../providers/dataProvider';
import { saveFile } from '../providers/http';
import { useWrite } from './useWrite';

const FORMATS = [
  { format: 'csv', label: 'app.list.export_csv' },
  { format: 'xlsx', label: 'app.list.export_xlsx' },
] as const;

/** Renders the button and its format menu for the list in context (no props). */
export const ExportListButton = () => {
  const { resource, filterValues, sort, total } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // One export at a time: the button stays disabled from the format's click until the file is saved or refused.
  const exporting = useWrite({
    mutationFn: async (format: 'csv' | 'xlsx') => saveFile(await exportList(resource, { filter: filterValues, sort, format })),
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
