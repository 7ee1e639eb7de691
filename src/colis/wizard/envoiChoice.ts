/**
 * Which departures the parcel wizard lets the agent choose, and how many kg the chosen one has left for this parcel
 * (spec 000 §2 CHOIX DU DEPART, §4 weight check; docs/decisions/wizard-departures.md). The rules themselves are
 * common/envoiRules.ts (envoiComplet, poidsRestantApres), the server's: this file only applies them to the wizard's
 * list (envoi/ouvertActif plus, on edit, the parcel's own departure).
 */
import { envoiComplet } from '../../../common/envoiRules';
import { sumPoids, type DecimalInput } from '../../../common/money';
import type { Envoi } from '../model/types';
import { poidsSaisi } from '../model/wizardRules';

/** Why a departure cannot be chosen: 'full' (no kg left), 'closed' (no longer open for registration). */
type EnvoiIndisponible = 'full' | 'closed';

/**
 * Why a departure of the wizard's list cannot take the parcel, or undefined when it can be chosen.
 * @param d the departure
 * @param ctx.openIds the ids envoi/ouvertActif answered (open for registration: OUVERT, active, closing date not passed)
 * @param ctx.ownEnvoiId on edit, the parcel's own departure: chosen even when full, since the parcel's kg are on it
 * @returns 'closed' when it is not among the open ones, 'full' when it has no kg left, else undefined
 */
export function envoiIndisponible(
  d: Envoi,
  ctx: { openIds: ReadonlySet<string>; ownEnvoiId?: string | null },
): EnvoiIndisponible | undefined {
  if (!ctx.openIds.has(d.id)) return 'closed';
  if (d.id !== ctx.ownEnvoiId && (d.complet ?? envoiComplet(d.poidsDisponible))) return 'full';
  return undefined;
}

/**
 * The weight typed so far: the sum of the nature lines' valid weights (a line without a valid weight counts 0), kg.
 * @param lines the form's naturesColis
 */
export function poidsTotalSaisi(lines: readonly { poids?: DecimalInput }[] | null | undefined): number {
  return sumPoids((lines ?? []).map((l) => poidsSaisi(l.poids) ?? 0));
}
