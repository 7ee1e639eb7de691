/**
 * The input card of 'Nouvel inventaire' (./InventaireCreate.tsx): the agency inventoried (ADMIN chooses it until the
 * first scan; another role reads its own), the reference box (a keyboard scanner or typing; Enter adds, the box empties
 * and keeps the focus), and the camera scanner where the browser has BarcodeDetector (./CameraScanner.tsx).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';
import { CameraScanner, cameraScanSupported } from './CameraScanner';

const f = 'resources.inventaire.scan';

/** Props of ScanForm. */
export interface ScanFormProps {
  /** Whether the agency is chosen here (ADMIN) rather than shown. */
  allAgences: boolean;
  /** The agencies to choose from. */
  agences: { id: string; libelle: string }[];
  /** The agency chosen (ADMIN). */
  agenceID: string | undefined;
  /** The agency shown (another role); '…' while unknown. */
  agenceLibelle: string | undefined;
  /** Whether the agency can no longer change (something is scanned). */
  agenceLocked: boolean;
  onAgence: (agenceID: string) => void;
  /** Whether scanning is possible (an agency is known). */
  canScan: boolean;
  /** One reference scanned or typed (raw). */
  onScan: (raw: string) => void;
}

/** The agency, the reference box and the camera. */
export function ScanForm({ allAgences, agences, agenceID, agenceLibelle, agenceLocked, onAgence, canScan, onScan }: ScanFormProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = input;
    setInput('');
    onScan(value);
    inputRef.current?.focus();
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          {allAgences ? (
            <TextField
              select
              label={translate(`${f}.agence`)}
              value={agenceID ?? ''}
              disabled={agenceLocked}
              onChange={(e) => onAgence(e.target.value)}
              size="small"
              slotProps={{ htmlInput: { 'data-testid': 'agence-select' } }}
            >
              {agences.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.libelle}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="subtitle1">
              {translate(`${f}.agence`)} : <strong>{agenceLibelle ?? '…'}</strong>
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
              {camera && canScan && <CameraScanner onDetect={onScan} />}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="camera-unsupported">
              {translate(`${f}.camera_unsupported`)}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
