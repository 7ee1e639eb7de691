/**
 * Status of a departure or a parcel as a coloured chip with an icon (spec 000 §2 'status' columns and the
 * 'status icon' of Shipments of a client; §4 status codes). Colours: waiting amber, open/received blue,
 * in transit violet, arrived/shipped/picked up/delivered green, closed grey.
 */
import type { ReactElement } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import FlightLandIcon from '@mui/icons-material/FlightLand';
import LockIcon from '@mui/icons-material/Lock';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import HomeIcon from '@mui/icons-material/Home';
import HelpIcon from '@mui/icons-material/Help';
import { useRecordContext } from 'react-admin';

/** A populated status reference as the API sends it ({id, code, libelle}). */
export interface StatutRef {
  id?: string;
  code?: string;
  libelle?: string;
}

/** Chip colour and icon of each status code (common/statuts.ts). */
const STATUT_LOOK: Record<string, { color: ChipProps['color']; icon: ReactElement }> = {
  EN_ATTENTE: { color: 'warning', icon: <HourglassEmptyIcon /> },
  OUVERT: { color: 'info', icon: <LockOpenIcon /> },
  EN_COURS_ENVOI: { color: 'secondary', icon: <LocalShippingIcon /> },
  ARRIVE: { color: 'success', icon: <FlightLandIcon /> },
  CLOTURE: { color: 'default', icon: <LockIcon /> },
  RECEPTIONNE: { color: 'primary', icon: <Inventory2Icon /> },
  EXPEDIE: { color: 'success', icon: <FlightLandIcon /> },
  RETIRE: { color: 'success', icon: <HowToRegIcon /> },
  LIVRE: { color: 'success', icon: <HomeIcon /> },
};

/** Takes a status ({code, libelle}); renders its chip, or '--' when there is none. */
export const StatutChip = ({ statut, size = 'small' }: { statut?: StatutRef | null; size?: ChipProps['size'] }) => {
  if (!statut?.code && !statut?.libelle) return <span>--</span>;
  const look = STATUT_LOOK[statut.code ?? ''] ?? { color: 'default' as const, icon: <HelpIcon /> };
  return (
    <Chip
      size={size}
      variant={look.color === 'default' ? 'outlined' : 'filled'}
      color={look.color}
      icon={look.icon}
      label={statut.libelle ?? statut.code}
      data-statut={statut.code}
      // A long label ('En cours d'envoi') wraps in a narrow column rather than widening its table.
      sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
};

/** List field: the chip of the record's populated status under `source` (default 'statutID'). */
export const StatutChipField = ({ source = 'statutID' }: { source?: string; label?: string }) => {
  const record = useRecordContext();
  return <StatutChip statut={record?.[source] as StatutRef | undefined} />;
};
