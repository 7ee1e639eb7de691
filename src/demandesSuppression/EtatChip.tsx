/**
 * The state of a deletion request as a chip (docs/decisions/deletion-requests.md): 'En attente' (orange), 'Approuvée'
 * (green), 'Refusée' (red).
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DemandeEtat } from '../../common/schemas/demandeSuppression';

const COLORS = { EN_ATTENTE: 'warning', APPROUVEE: 'success', REFUSEE: 'error' } as const;

/** Takes the request's state. */
export const EtatChip = ({ etat }: { etat: DemandeEtat }) => {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[etat] ?? 'default'} label={translate(`resources.demandesSuppression.etats.${etat}`)} />;
};
