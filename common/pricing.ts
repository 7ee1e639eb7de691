/**
 * Pricing of a parcel (spec 000 §9, docs/architecture.md §4, docs/decisions/currencies.md): the price of a nature line and every
 * amount of a parcel, shared by the server (which recomputes every amount) and the UI (which shows them while the user
 * types). Every amount is in the parcel's currency (its departure's, e.g. XOF for a Dakar departure) and computed as
 * integers of that currency's minor unit (common/devises.ts toMinor: cents for EUR, whole francs for XOF), weights in
 * thousandths of kg (common/money.ts): exact, each rounding once, half away from zero.
 */
import { DEVISE_COMPTABLE, minorToNumber, toMinor } from './devises';
import { POIDS_SCALE, milliToNumber, roundDiv, toMilli, type DecimalInput } from './money';

/** Price of a nature line in minor units of `devise`: the exceptional price when above 0, else the unit price. */
function prixLigneMinor(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput, devise: string): bigint {
  const exceptionnel = toMinor(prixExceptionnel, devise);
  return exceptionnel > 0n ? exceptionnel : toMinor(prixUnitaire, devise);
}

/**
 * Price per kg (or m³) of a nature line (spec 000 §9, docs/architecture.md §4): the nature's exceptional price
 * (prixExceptionnel) if it is above 0, else the unit price of the matching paramNatureMode
 * (nature group, sending mode, origin and destination).
 * @param prixExceptionnel per unit, already in `devise` (the server converts the nature's euros at the day's rate);
 *   may be null / 0 / '' when the nature has none
 * @param prixUnitaire per unit, in `devise` (a route's unit price is in its origin country's currency, the departure's)
 * @param devise the parcel's currency (ISO 4217; default the euro)
 * @returns the price per unit, a number with the currency's decimals (EUR 2, XOF 0)
 * @throws RangeError on an unknown currency or an unreadable price
 */
export function prixLigneOf(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput, devise: string = DEVISE_COMPTABLE): number {
  return minorToNumber(prixLigneMinor(prixExceptionnel, prixUnitaire, devise), devise);
}

/** One nature line of a parcel as entered: weight, the two candidate prices and the route's minimum charge. */
interface ColisLineInput {
  /** Weight of the line, kg (or m³), up to 3 decimals. */
  poids: DecimalInput;
  /** Exceptional price of the nature, per unit, in the parcel's currency (0 / null when none). */
  prixExceptionnel?: DecimalInput;
  /** Unit price of the route, per unit, in the parcel's currency. */
  prixUnitaire?: DecimalInput;
  /** The least the line is billed (the unit price's montantMinimum), in the parcel's currency; null / 0: none. */
  montantMinimum?: DecimalInput;
}

/** The parcel's currency, its lines, and the amounts of a parcel that are not derived from its lines. */
export interface ColisMontantsInput {
  /** The parcel's currency (its departure's), ISO 4217: every amount of the input and of the answer is in it. */
  devise: string;
  lines: readonly ColisLineInput[];
  montantComplementaire?: DecimalInput;
  montantLivraison?: DecimalInput;
  montantExpedition?: DecimalInput;
  /** Amount already settled (reglement). */
  reglement?: DecimalInput;
}

/** Every computed amount of a parcel, in its currency with the currency's decimals (weights kg with 3). */
export interface ColisMontants {
  /** Per line: the price applied (prixLigne, per unit) and the line total (prixTotal). */
  lines: { prixLigne: number; prixTotal: number }[];
  /** Total weight of the lines, kg (or m³). */
  poids: number;
  /** Σ line totals. */
  montant: number;
  /** montant + complementary + delivery + expedition. */
  montantTotal: number;
  /** montantTotal − reglement; negative when more than the total was settled (an error for callers to report). */
  resteAPayer: number;
}

/**
 * Every computed amount of a parcel as exact integers: weights in thousandths of kg (common/money.ts toMilli), amounts
 * in minor units of the parcel's currency (common/devises.ts toMinor). What the server keeps until it writes or answers
 * them (server/colis/pricing.ts priceColis), formatted once there (milliToString, minorToString).
 */
export interface ColisMontantsExact {
  /** Per line: the price applied (per unit) and the line total, minor units. */
  lines: { prixLigne: bigint; prixTotal: bigint }[];
  /** Total weight of the lines, thousandths of kg (or m³). */
  poids: bigint;
  montant: bigint;
  montantTotal: bigint;
  /** Negative when more than the total was settled (an error for callers to report). */
  resteAPayer: bigint;
}

/**
 * Computes the amounts of a parcel exactly, in its currency (spec 000 §9, docs/architecture.md §4, docs/decisions/currencies.md):
 * line total = poids (thousandths of kg) × line price (minor units per kg), rounded half away from zero once to the
 * minor unit, and never below the line's montantMinimum (when set, for a line that has a weight);
 * montant = Σ line totals; montantTotal = montant + montantComplementaire + montantLivraison + montantExpedition;
 * resteAPayer = montantTotal − reglement. Each other amount is first rounded half away from zero to the currency's
 * minor unit (10,5 XOF → 11). Missing amounts count as 0. Inputs may be numbers or decimal strings (the database's
 * numeric text, or a weight as typed: '0,1').
 * @returns the weight in thousandths of kg, the amounts in minor units of the currency (bigint)
 * @throws RangeError on an unknown currency or an unreadable amount
 */
export function computeColisMontantsExact(input: ColisMontantsInput): ColisMontantsExact {
  const { devise } = input;
  const minor = (v: DecimalInput) => toMinor(v, devise);
  let montant = 0n;
  let poids = 0n;
  const lines = input.lines.map((line) => {
    const price = prixLigneMinor(line.prixExceptionnel, line.prixUnitaire, devise);
    const milli = toMilli(line.poids);
    // milli (10^-3 kg) × minor units per kg = 10^-3 minor units; back to minor units with 3 digits dropped, once.
    const billed = roundDiv(milli * price, POIDS_SCALE);
    const minimum = milli > 0n ? minor(line.montantMinimum) : 0n;
    const total = billed < minimum ? minimum : billed;
    montant += total;
    poids += milli;
    return { prixLigne: price, prixTotal: total };
  });
  const montantTotal = montant + minor(input.montantComplementaire) + minor(input.montantLivraison) + minor(input.montantExpedition);
  return { lines, poids, montant, montantTotal, resteAPayer: montantTotal - minor(input.reglement) };
}

/**
 * computeColisMontantsExact as numbers, for the screens (the wizard's live amounts): amounts with the currency's
 * decimals (EUR 2, XOF 0), weights with 3, no floating-point drift (each number is read from its exact decimal text).
 * @throws RangeError on an unknown currency or an unreadable amount
 */
export function computeColisMontants(input: ColisMontantsInput): ColisMontants {
  const exact = computeColisMontantsExact(input);
  const number = (m: bigint) => minorToNumber(m, input.devise);
  return {
    lines: exact.lines.map((l) => ({ prixLigne: number(l.prixLigne), prixTotal: number(l.prixTotal) })),
    poids: milliToNumber(exact.poids),
    montant: number(exact.montant),
    montantTotal: number(exact.montantTotal),
    resteAPayer: number(exact.resteAPayer),
  };
}
