/**
 * The two lists of 'Nouvel inventaire' (./InventaireCreate.tsx): the scans, newest first (the first 200), each with its
 * time and verdict; and the parcels expected at the agency (GET inventaire/attendus), ticked once scanned.
 */
import {
  Alert,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List as MuiList,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslate } from 'react-admin';
import { formatDateFr } from '../kit/formatDate';
import { SCAN_COLOR, scanLabel } from './scanFeedback';
import type { Scan } from './scanSession';
import type { AttenduView } from './useScanSession';

const f = 'resources.inventaire.scan';

/** The scans card. */
export function ScannedList({ scans }: { scans: Scan[] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">
          {translate(`${f}.scans`)} ({scans.length})
        </Typography>
        <MuiList dense>
          {scans.slice(0, 200).map((s, i) => (
            <ListItem key={`${s.at}-${i}`} divider data-testid="scan-row" data-etat={s.etat}>
              <ListItemText primary={s.reference} secondary={formatDateFr(s.at, 'HH:mm:ss')} />
              <Chip
                size="small"
                color={SCAN_COLOR[s.etat]}
                label={scanLabel(translate, s)}
                // A long verdict (another agency's name) wraps rather than widening the page on a phone.
                sx={{ height: 'auto', maxWidth: '60%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
              />
            </ListItem>
          ))}
        </MuiList>
      </CardContent>
    </Card>
  );
}

/** Props of AttendusCard. */
export interface AttendusCardProps {
  /** The expected parcels (null until loaded). */
  attendus: AttenduView[] | null;
  loading: boolean;
  /** The server's message of a failed load (null: none to show). */
  error: string | null;
}

/** The expected parcels card. */
export function AttendusCard({ attendus, loading, error }: AttendusCardProps) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">
          {translate(`${f}.attendus_title`)} ({attendus?.length ?? 0})
        </Typography>
        {loading && (
          <>
            <LinearProgress sx={{ my: 1 }} />
            <Typography variant="body2">{translate(`${f}.loading_attendus`)}</Typography>
          </>
        )}
        {error !== null ? <Alert severity="error">{translate(`${f}.attendus_error`, { message: error })}</Alert> : null}
        {attendus && attendus.length === 0 && <Typography color="text.secondary">{translate(`${f}.attendus_empty`)}</Typography>}
        <MuiList dense sx={{ maxHeight: 560, overflowY: 'auto' }} data-testid="attendus-list">
          {(attendus ?? []).map((a) => (
            <ListItem key={a.id} divider>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {a.scanned ? (
                  <CheckCircleIcon color="success" fontSize="small" />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={a.reference} secondary={[a.statut, a.destinataire].filter(Boolean).join(' · ')} />
            </ListItem>
          ))}
        </MuiList>
      </CardContent>
    </Card>
  );
}
