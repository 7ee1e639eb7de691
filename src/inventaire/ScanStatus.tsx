/**
 * What 'Nouvel inventaire' (./InventaireCreate.tsx) shows of the scans so far: the newest scan in its verdict's colour
 * (./scanFeedback.ts SCAN_COLOR; grey while it waits as 'À vérifier'), and the counters (expected, found, left, not
 * expected, another agency's, unknown, to check).
 */
import { Alert, Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SCAN_COLOR, scanLabel } from './scanFeedback';
import type { countScans, Scan } from './scanSession';

const f = 'resources.inventaire.scan';

/** The newest scan and the counters. */
export function ScanStatus({ last, counts }: { last: Scan | undefined; counts: ReturnType<typeof countScans> }) {
  const translate = useTranslate();
  return (
    <>
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
            <strong>{last.reference}</strong> — {scanLabel(translate, last)}
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
            ['horsAgence', counts.horsAgence, 'warning'],
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
    </>
  );
}
