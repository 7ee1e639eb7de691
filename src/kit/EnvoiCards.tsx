/**
 * Open departures as cards (spec 000 §2 "CHOIX DU DEPART", the same cards as the dashboard's 'Départs Ouverts'):
 * origin → destination, global / real / available weight (kg), departure, arrival and closing dates, sending mode;
 * green when room is left, red when full. With `onSelect` a click chooses the departure (the wizard); without it the
 * cards are read only (the dashboard), and `gauge` adds the fill gauge of the departures list. In the screen kit
 * because both the parcel wizard (src/colis/wizard/StepEnvoi.tsx) and the dashboard (src/dashboard/OpenEnvois.tsx)
 * show them; the `Envoi` shape lives here too (src/colis/model/types.ts re-exports it).
 */
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Chip, LinearProgress, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FlightIcon from '@mui/icons-material/Flight';
import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import { useTranslate } from 'react-admin';
import { envoiComplet } from '../../common/envoiRules';
import { formatKg } from '../../common/format';
import { isModeEnvoiAerien } from '../../common/modes';
import { formatDateFr } from './formatDate';
import { poidsGauge } from './poidsGauge';
import type { Ref } from '../providers/records';

/** An open departure of envoi/ouvertActif (weights in kg, dates YYYY-MM-DD). */
export interface Envoi {
  id: string;
  reference: string;
  dateDebut?: string | null;
  dateArrive?: string | null;
  dateFin?: string | null;
  contenu?: string | null;
  poids?: number | string | null;
  poidsReel?: number | string | null;
  poidsDisponible?: number | string | null;
  modeEnvoiID?: Ref | null;
  paysID?: Ref | null;
  paysEmetteurID?: Ref | null;
  statutID?: Ref | null;
  /** No kg left (envoi/ouvertActif answers it; common/envoiRules.ts envoiComplet). */
  complet?: boolean;
}

/** The card's click area when the cards choose a departure; the plain content otherwise. */
const Clickable = ({
  d,
  selected,
  disabled,
  onSelect,
  children,
}: {
  d: Envoi;
  selected: boolean;
  disabled: boolean;
  onSelect?: (d: Envoi) => void;
  children: ReactNode;
}) =>
  onSelect ? (
    <CardActionArea
      onClick={() => onSelect(d)}
      disabled={disabled}
      aria-disabled={disabled}
      aria-pressed={selected}
      aria-label={`${d.paysEmetteurID?.libelle ?? ''} → ${d.paysID?.libelle ?? ''} ${d.reference}`}
    >
      {children}
    </CardActionArea>
  ) : (
    <>{children}</>
  );

/** One line 'label: value' of a card. */
const Line = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {value}
    </Typography>
  </Box>
);

/** The fill gauge of a card: weight used out of the global weight, green while room is left, red when full. */
const FillGauge = ({ d, label }: { d: Envoi; label: string }) => {
  const gauge = poidsGauge(d.poids, d.poidsDisponible);
  return (
    <LinearProgress
      variant="determinate"
      value={gauge.percent}
      color={gauge.color}
      aria-label={label}
      data-testid="depart-card-gauge"
      sx={{ mt: 1, height: 6, borderRadius: 3 }}
    />
  );
};

/**
 * Takes the departures, the chosen id and onSelect(departure) (absent: read-only cards), `gauge` to show the fill
 * gauge, and `unavailable(departure)`: the reason a departure cannot be chosen ('Complet', 'Clôturé'), shown as a chip
 * on a disabled card (docs/decisions/wizard-departures.md); renders a responsive grid of cards.
 */
export const EnvoiCards = ({
  envois,
  selectedId,
  onSelect,
  gauge = false,
  unavailable,
}: {
  envois: Envoi[];
  selectedId?: string | null;
  onSelect?: (d: Envoi) => void;
  gauge?: boolean;
  unavailable?: (d: Envoi) => string | undefined;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.colis.depart.${key}`);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }} role="list">
      {envois.map((d) => {
        const room = !(d.complet ?? envoiComplet(d.poidsDisponible));
        const selected = d.id === selectedId;
        const air = isModeEnvoiAerien(d.modeEnvoiID);
        const reason = unavailable?.(d);
        return (
          <Card
            key={d.id}
            role="listitem"
            data-testid="depart-card"
            data-selected={selected ? 'true' : 'false'}
            data-unavailable={reason ? 'true' : undefined}
            variant="outlined"
            sx={{
              opacity: reason ? 0.7 : 1,
              borderWidth: selected ? 3 : 1,
              borderColor: selected ? 'primary.main' : room ? 'success.main' : 'error.main',
              bgcolor: room ? 'rgba(46, 125, 50, 0.06)' : 'rgba(211, 47, 47, 0.07)',
              borderLeft: 6,
              borderLeftColor: room ? 'success.main' : 'error.main',
            }}
          >
            <Clickable d={d} selected={selected} disabled={!!reason} onSelect={onSelect}>
              <CardContent>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {d.paysEmetteurID?.libelle} → {d.paysID?.libelle}
                  </Typography>
                  {selected && <CheckCircleIcon color="primary" aria-label={t('selected')} />}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="caption" color="text.secondary">
                    {d.reference}
                  </Typography>
                  <Chip size="small" icon={air ? <FlightIcon /> : <DirectionsBoatIcon />} label={d.modeEnvoiID?.libelle ?? ''} />
                  {(reason || !room) && <Chip size="small" color="error" label={reason ?? t('full')} />}
                </Box>
                <Line label={t('poids_global')} value={formatKg(d.poids)} />
                <Line label={t('poids_reel')} value={formatKg(d.poidsReel)} />
                <Line label={t('poids_disponible')} value={formatKg(d.poidsDisponible)} />
                {gauge && <FillGauge d={d} label={`${t('poids_disponible')} : ${formatKg(d.poidsDisponible)}`} />}
                <Box sx={{ mt: 1 }} />
                <Line label={t('date_depart')} value={formatDateFr(d.dateDebut)} />
                <Line label={t('date_arrivee')} value={formatDateFr(d.dateArrive)} />
                <Line label={t('date_cloture')} value={formatDateFr(d.dateFin)} />
              </CardContent>
            </Clickable>
          </Card>
        );
      })}
    </Box>
  );
};
