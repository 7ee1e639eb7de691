/**
 * The dashboard 'TABLEAU DE BORD' (spec 000 §2 Dashboard, §6, §7, §9; docs/decisions/dashboard-figures.md),
 * react-admin's dashboard slot: three tiles (Clients, Départs, Colis), the cards 'Statut des Colis' and
 * 'Statut des Départs' (a click opens the list filtered on the status), 'Départs Ouverts', the bar chart of parcels per
 * month and the donuts of payments and statuses (payments in euros, with the amounts of each other currency under it and
 * a warning when some have no exchange rate: docs/decisions/dashboard-figures.md "Currencies"). A non-ADMIN role sees its agency's figures, its agency's name in
 * brackets in the title and, under it, what they cover (its agency's parcels and those travelling to its country:
 * "Scope shown"); ADMIN switches between 'Globales' and 'Par Agence' with an agency selector, and an agency
 * without any parcel shows zeros and the toast 'Aucun colis enregistré cette agence.' for 3 s. Every figure is the
 * total of the list it opens (docs/api-contract.md "Dashboard"); layout from 1280 px down to a 390 px phone.
 */
import { useState } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { COLIS_STAT_KEYS, ENVOI_STAT_KEYS, PAIEMENT_STATES, type DashboardCounts } from '../../common/dashboard';
import { formatEuro } from '../../common/format';
import { userSeesAllAgences } from '../../common/scopes';
import { PageHeader } from '../kit/PageHeader';
import { useAppIdentity } from '../kit/useAppIdentity';
import { useHasPermission } from '../kit/useHasPermission';
import { COLIS_STATUT_COLORS, ENVOI_STATUT_COLORS, PAIEMENT_COLORS } from './colors';
import { DashboardCard } from './DashboardCard';
import { agenceHasNoColis, autresDevises, colisListPath, departListPath, selectView, type DashboardScope } from './dashboardView';
import { DonutChart, type DonutSegment } from './DonutChart';
import { MonthlyChart } from './MonthlyChart';
import { OpenEnvois } from './OpenEnvois';
import { ScopeSwitch } from './ScopeSwitch';
import { StatTiles } from './StatTiles';
import { StatutLines, type StatutRow } from './StatutCard';
import { useDashboardData } from './useDashboardData';

/** Toast duration (spec 000 §9 'Dashboard toast: 3 seconds'). */
const TOAST_MS = 3000;

/** The departure statuses of the card 'Statut des Départs' (spec 000 §2). */
const ENVOI_CARD_CODES = ['OUVERT', 'EN_COURS_ENVOI', 'ARRIVE', 'CLOTURE'] as const;

/** The dashboard page (no props). */
const Dashboard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const has = useHasPermission();
  const identity = useAppIdentity();
  const seesAll = userSeesAllAgences(identity);
  const { counts, monthly, circular, envois } = useDashboardData(identity?.id ? String(identity.id) : undefined);
  const [scope, setScope] = useState<DashboardScope>({ kind: 'global' });
  const view = selectView(seesAll ? scope : { kind: 'global' }, { counts: counts.data, monthly: monthly.data, circular: circular.data });
  const agence = view.agence;

  const chooseAgence = (agenceId: string) => {
    setScope({ kind: 'agence', agenceId });
    if (agenceHasNoColis(counts.data, agenceId)) notify('dashboard.no_colis_agence', { type: 'info', autoHideDuration: TOAST_MS });
  };

  const agenceName = seesAll ? agence?.libelle : identity?.agenceID?.libelle;
  const title = agenceName ? translate('dashboard.title_agence', { agence: agenceName }) : translate('dashboard.title');
  // What the figures under that title cover (docs/decisions/dashboard-figures.md "Scope shown"): an agent's are its
  // agency's parcels and those travelling to its country; ADMIN's view of one agency, that agency's registrations.
  const paysPortee = counts.data?.portee?.pays.libelle;
  const portee = seesAll
    ? agence
      ? translate('dashboard.portee.par_agence')
      : null
    : paysPortee
      ? translate('dashboard.portee.agent', { pays: paysPortee })
      : null;
  const c: DashboardCounts | undefined = view.counts;

  const colisRows: StatutRow[] = Object.entries(COLIS_STAT_KEYS).map(([code, key]) => ({
    code,
    label: `dashboard.colis_status.${code}`,
    value: c?.[key] ?? 0,
    color: COLIS_STATUT_COLORS[code],
    to: has('colis') ? colisListPath(code, agence) : undefined,
  }));
  const envoiRows: StatutRow[] = ENVOI_CARD_CODES.map((code) => ({
    code,
    label: `dashboard.envoi_status.${code}`,
    value: c?.[ENVOI_STAT_KEYS[code]] ?? 0,
    color: ENVOI_STATUT_COLORS[code],
    to: has('depart') ? departListPath(code, agence) : undefined,
  }));

  const fin = view.circular?.financialStats;
  const encaissementSegments: DonutSegment[] = PAIEMENT_STATES.map((state) => {
    const count =
      state === 'SOLDE'
        ? fin?.quantify.colisSoldes
        : state === 'PARTIEL'
          ? fin?.quantify.colisPartiellementPayes
          : fin?.quantify.colisEnAttente;
    const montant =
      state === 'SOLDE'
        ? fin?.money.totalMontantPaye
        : state === 'PARTIEL'
          ? fin?.money.totalPartiellementPayes
          : fin?.money.totalMontantNonPaye;
    const detail =
      state === 'PARTIEL'
        ? `${formatEuro(montant)} (${translate('dashboard.payments.partial_detail', {
            paid: formatEuro(fin?.money.partielEncaisse),
            due: formatEuro(fin?.money.partielReste),
          })})`
        : formatEuro(montant);
    return { key: state, label: `dashboard.payments.${state}`, count: count ?? 0, color: PAIEMENT_COLORS[state], detail };
  });
  const devises = autresDevises(fin?.parDevise);
  const horsTaux = fin?.horsTaux ?? 0;
  const statutSegments: DonutSegment[] = (view.circular?.nbreColisByStatut ?? []).map((s) => ({
    key: s.statut,
    label: `dashboard.colis_status.${s.statut}`,
    count: s.count,
    color: COLIS_STATUT_COLORS[s.statut] ?? '#9e9e9e',
  }));

  const countsState = { isPending: counts.isPending, error: counts.error, onRetry: () => void counts.refetch() };
  return (
    <Box sx={{ pb: 3 }} data-testid="dashboard">
      <PageHeader title={title} steps={[{ label: 'dashboard.title' }]}>
        {seesAll && (
          <ScopeSwitch
            scope={scope}
            agences={(counts.data?.byAgence ?? []).map((a) => a.agence)}
            onGlobal={() => setScope({ kind: 'global' })}
            onAgence={chooseAgence}
          />
        )}
      </PageHeader>
      {portee && (
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-portee">
          {portee}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, mt: 2 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {counts.error ? (
            <DashboardCard title="dashboard.title" {...countsState} />
          ) : (
            <StatTiles counts={c} agence={agence} isPending={counts.isPending} />
          )}
        </Box>
        <DashboardCard title="dashboard.colis_status.title" testId="colis-status-card" {...countsState}>
          <StatutLines rows={colisRows} testId="colis-status" />
        </DashboardCard>
        <DashboardCard title="dashboard.envoi_status.title" testId="envoi-status-card" {...countsState}>
          <StatutLines rows={envoiRows} testId="envoi-status" />
        </DashboardCard>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <OpenEnvois
            envois={envois.data}
            isPending={envois.isPending}
            error={envois.error}
            onRetry={() => void envois.refetch()}
            agence={agence}
          />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <DashboardCard
            title="dashboard.monthly.title"
            isPending={monthly.isPending}
            error={monthly.error}
            onRetry={() => void monthly.refetch()}
            skeletonHeight={280}
          >
            <MonthlyChart months={view.monthly ?? []} />
          </DashboardCard>
        </Box>
        <DashboardCard
          title="dashboard.payments.title"
          isPending={circular.isPending}
          error={circular.error}
          onRetry={() => void circular.refetch()}
          skeletonHeight={200}
        >
          <DonutChart segments={encaissementSegments} testId="payments-donut" />
          {devises.map((d) => (
            <Typography key={d.devise} variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid={`payments-devise-${d.devise}`}>
              {translate('dashboard.payments.devise', d)}
            </Typography>
          ))}
          {horsTaux > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="payments-hors-taux">
              {translate('dashboard.payments.hors_taux', { smart_count: horsTaux })}
            </Alert>
          )}
        </DashboardCard>
        <DashboardCard
          title="dashboard.statuses.title"
          isPending={circular.isPending}
          error={circular.error}
          onRetry={() => void circular.refetch()}
          skeletonHeight={200}
        >
          <DonutChart segments={statutSegments} testId="statuses-donut" />
        </DashboardCard>
      </Box>
    </Box>
  );
};

export default Dashboard;
