/**
 * What the agent reads of its deletion request on the parcel's details (docs/decisions/deletion-requests.md): the
 * latest request of the parcel (GET colis/demandesSuppression?colisID=…, which answers the requests of the parcels of
 * the user's agency): waiting — sent on that day to the administrators; refused — by whom, when, and the reason;
 * nothing when there is none (or the user may not read them).
 */
import { Alert, AlertTitle } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { formatDateFr } from '../kit/formatDate';
import { useHasPermission } from '../kit/useHasPermission';
import { fullName } from '../providers/records';
import type { DemandeRow } from './DemandesSuppressionList';

const f = 'resources.demandesSuppression.colis';

/** Takes the parcel's id. */
export const DemandeSuppressionAlert = ({ colisId }: { colisId: string }) => {
  const translate = useTranslate();
  const can = useHasPermission();
  const allowed = can('colisDelete') || can('colisDeleteApprouver');
  const { data } = useGetList<DemandeRow>(
    'demandesSuppression',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { colisID: colisId } },
    { enabled: allowed, retry: false },
  );
  const demande = data?.[0];
  if (!demande || demande.etat === 'APPROUVEE') return null;
  if (demande.etat === 'EN_ATTENTE') {
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="demande-suppression-etat">
        <AlertTitle>{translate(`${f}.attente_title`)}</AlertTitle>
        {translate(`${f}.attente`, { date: formatDateFr(demande.createdAt, 'dd/MM/yyyy HH:mm'), nom: fullName(demande.demandeur) })}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" sx={{ mt: 2 }} data-testid="demande-suppression-etat">
      <AlertTitle>{translate(`${f}.refusee_title`)}</AlertTitle>
      {translate(`${f}.refusee`, {
        date: formatDateFr(demande.decideAt, 'dd/MM/yyyy HH:mm'),
        nom: demande.decideur ? fullName(demande.decideur) : '--',
      })}
      <br />
      <strong>{translate(`${f}.motif`, { motif: demande.motifRefus ?? '--' })}</strong>
    </Alert>
  );
};
