/**
 * 'Départs Ouverts' of the dashboard (spec 000 §2): the departures open to registrations (envoi/ouvertActif, the
 * wizard's call: OUVERT, active, closing date not passed; for a non-ADMIN role those leaving its agency's country) as
 * the wizard's cards, read only, with the fill gauge; latest closing first. In a 'Par Agence' view, those leaving the
 * agency's country. At most MAX_CARDS cards, then a link to the departures list filtered on OUVERT.
 */
import { Button, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { EnvoiCards, type Envoi } from '../kit/EnvoiCards';
import { useHasPermission } from '../kit/useHasPermission';
import { DashboardCard } from './DashboardCard';
import type { DashboardAgence } from './dashboardMethods';
import { departListPath } from './dashboardView';

const MAX_CARDS = 8;

/** Sorts departures by closing date, latest first (spec 000 §9), then by reference. */
export function byClosingDateDesc(a: Envoi, b: Envoi): number {
  return String(b.dateFin ?? '').localeCompare(String(a.dateFin ?? '')) || a.reference.localeCompare(b.reference);
}

/** Takes the open departures (undefined while loading), the call's state and the agency of a 'Par Agence' view. */
export const OpenEnvois = ({
  envois,
  isPending,
  error,
  onRetry,
  agence,
}: {
  envois?: Envoi[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  agence?: DashboardAgence;
}) => {
  const translate = useTranslate();
  const has = useHasPermission();
  const shown = (envois ?? []).filter((d) => !agence || d.paysEmetteurID?.id === agence.paysID).sort(byClosingDateDesc);
  return (
    <DashboardCard
      title="dashboard.open_departures.title"
      isPending={isPending}
      error={error}
      onRetry={onRetry}
      testId="open-departures"
      action={
        shown.length > MAX_CARDS && has('depart') ? (
          <Button component={LinkBase} to={departListPath('OUVERT', agence)} size="small">
            {translate('dashboard.open_departures.more', { count: shown.length })}
          </Button>
        ) : undefined
      }
    >
      {shown.length === 0 ? (
        <Typography color="text.secondary">{translate('dashboard.open_departures.none')}</Typography>
      ) : (
        <EnvoiCards envois={shown.slice(0, MAX_CARDS)} gauge />
      )}
    </DashboardCard>
  );
};
