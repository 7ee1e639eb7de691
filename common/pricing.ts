/**
 * Pricing of a parcel (spec 000 §9, DESIGN.md §4): the price of a nature line and every amount of a parcel, shared by
 * the server (which recomputes every amount) and the UI (which shows them while the user types). The arithmetic is
 * common/money.ts (exact, on cents and thousandths).
 */
import { POIDS_SCALE, centsToNumber, milliToNumber, roundDiv, toCents, toMilli, type DecimalInput } from './money';

/** Price of a nature line in cents: the exceptional price when above 0, else the unit price. */
function prixLigneCents(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput): bigint {
  const exceptionnel = toCents(prixExceptionnel);
  return exceptionnel > 0n ? exceptionnel : toCents(prixUnitaire);
}

/**
 * Price per kg (or m³) of a nature line (spec 000 §9, DESIGN.md §4): the nature's exceptional price
 * (prixExceptionnel) if it is above 0, else the unit price of the matching paramNatureMode
 * (nature group, sending mode, origin and destination).
 * @param prixExceptionnel euros per unit, may be null / 0 / '' when the nature has none
 * @param prixUnitaire euros per unit from the unit-price table
 * @returns euros per unit, 2 decimals
 */
export function prixLigneOf(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput): number {
  return centsToNumber(prixLigneCents(prixExceptionnel, prixUnitaire));
}

/** One nature line of a parcel as entered: weight and the two candidate prices. */
interface ColisLineInput {
  /** Weight of the line, kg (or m³), up to 3 decimals. */
  poids: DecimalInput;
  /** Exceptional price of the nature, euros per unit (0 / null when none). */
  prixExceptionnel?: DecimalInput;
  /** Unit price of the route, euros per unit. */
  prixUnitaire?: DecimalInput;
}

/** The amounts of a parcel that are not derived from its lines, all in euros. */
export interface ColisMontantsInput {
  lines: readonly ColisLineInput[];
  montantComplementaire?: DecimalInput;
  montantLivraison?: DecimalInput;
  montantExpedition?: DecimalInput;
  /** Amount already settled (reglement), euros. */
  reglement?: DecimalInput;
}

/** Every computed amount of a parcel, euros with 2 decimals (weights kg with 3). */
export interface ColisMontants {
  /** Per line: the price applied (prixLigne, €/unit) and the line total (prixTotal, €). */
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
 * Computes the amounts of a parcel exactly (spec 000 §9, DESIGN.md §4):
 * line total = poids (kg, 3 decimals) × line price (€/kg, 2 decimals) rounded half-up to the cent;
 * montant = Σ line totals; montantTotal = montant + montantComplementaire + montantLivraison +
 * montantExpedition; resteAPayer = montantTotal − reglement.
 * Missing amounts count as 0. Inputs may be numbers or decimal strings (the database's numeric text).
 * @returns amounts as numbers with 2 decimals (weights 3), no floating-point drift
 */
export function computeColisMontants(input: ColisMontantsInput): ColisMontants {
  let montant = 0n;
  let poids = 0n;
  const lines = input.lines.map((line) => {
    const price = prixLigneCents(line.prixExceptionnel, line.prixUnitaire);
    const milli = toMilli(line.poids);
    // milli (10^-3 kg) × cents (10^-2 €) = 10^-5 €; back to cents with 3 digits dropped.
    const total = roundDiv(milli * price, POIDS_SCALE);
    montant += total;
    poids += milli;
    return { prixLigne: centsToNumber(price), prixTotal: centsToNumber(total) };
  });
  const montantTotal = montant + toCents(input.montantComplementaire) + toCents(input.montantLivraison) + toCents(input.montantExpedition);
  const resteAPayer = montantTotal - toCents(input.reglement);
  return {
    lines,
    poids: milliToNumber(poids),
    montant: centsToNumber(montant),
    montantTotal: centsToNumber(montantTotal),
    resteAPayer: centsToNumber(resteAPayer),
  };
}
