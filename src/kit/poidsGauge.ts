/**
 * The weight gauge of a departure (spec 000 §2 list column 'available weight'), shared by the departures list
 * (src/departs/PoidsGaugeField.tsx) and the departure cards of the parcel wizard and the dashboard
 * (src/kit/EnvoiCards.tsx). No React here, so tests/web/departs.test.ts can exercise it directly.
 */
import { envoiComplet } from '../../common/envoiRules';
import { toMilli, type DecimalInput } from '../../common/money';

/** A weight in exact thousandths of kg as a number; 0 for a missing or unreadable value. */
function milliOf(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  try {
    return Number(toMilli(value));
  } catch {
    return 0;
  }
}

/** What the weight gauge shows: the share of the global weight already used (0–100) and its colour. */
export interface PoidsGauge {
  /** Used weight as a percentage of the global weight, clamped to 0–100 (100 when the global weight is 0). */
  percent: number;
  /** 'success' (green) while weight is available, 'error' (red) when the departure is full. */
  color: 'success' | 'error';
  /** Whether no weight is left. */
  full: boolean;
}

/**
 * Gauge of a departure's available weight (spec 000 §2 list column 'available weight'; the dashboard's rule:
 * green when available weight is above 0, else red: common/envoiRules.ts envoiComplet, the server's `complet`).
 * @param poids global weight in kg
 * @param poidsDisponible available weight in kg (poids − poidsReel, as the API sends it)
 */
export function poidsGauge(poids: unknown, poidsDisponible: unknown): PoidsGauge {
  const total = milliOf(poids);
  const left = milliOf(poidsDisponible);
  const full = envoiComplet(poidsDisponible as DecimalInput);
  if (!(total > 0)) return { percent: 100, color: 'error', full: true };
  const used = Math.min(Math.max(total - left, 0), total);
  const percent = Math.round((used / total) * 1000) / 10;
  return { percent, color: full ? 'error' : 'success', full };
}
