/**
 * Pricing arithmetic of a parcel, shared by the server (which recomputes every amount) and the UI
 * (which shows them while the user types). DESIGN.md §4 "Money", spec 000 §9 "Business constants".
 *
 * Units: money in euros with 2 decimals (numeric(12,2) in the database), weights in kg (or m³)
 * with 3 decimals (numeric(10,3)). No floating-point arithmetic is done on amounts: every input is
 * parsed from its decimal text into an exact integer of hundredths (cents) or thousandths (grams),
 * computed with BigInt, rounded half-up (away from zero) to the cent, and only turned back into a
 * JavaScript number at the end. `0.1 + 0.2` therefore gives `0.3`.
 */

/** A decimal value as the API, the database (numeric → string) or a form may give it. */
export type DecimalInput = number | string | null | undefined;

/** Units of weight a parcel may use (spec 000 §9: KG or M3). */
export const UNITES = ['KG', 'M3'] as const;
export type Unite = (typeof UNITES)[number];

/** Scale of money (cents) and of weights (thousandths of kg / m³). */
const MONEY_SCALE = 2;
const WEIGHT_SCALE = 3;

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Parses a decimal value into an exact integer scaled by 10^scale, rounding half-up (away from zero)
 * on the first dropped digit. Accepts numbers (through their shortest decimal text, so `1.005` is
 * read as typed), strings with a dot or a French comma and spaces as group separators, and treats
 * null, undefined and '' as 0.
 * @param value the decimal value
 * @param scale the number of decimals kept (2 for euros, 3 for kg)
 * @returns the scaled integer, e.g. toScaled('12,345', 2) → 1235n
 * @throws RangeError on a value that is not a finite decimal number
 */
export function toScaled(value: DecimalInput, scale: number): bigint {
  if (value === null || value === undefined) return 0n;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Nombre invalide : ${value}`);
    text = String(value);
  } else {
    text = String(value)
      .trim()
      .replace(/[\s\u00a0\u202f]/g, '')
      .replace(',', '.');
    if (text === '') return 0n;
  }
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) throw new RangeError(`Nombre invalide : ${value}`);
  const negative = m[1] === '-';
  let digits = (m[2] ?? '') + (m[3] ?? '');
  // Position of the decimal point counted from the left of `digits`.
  let point = (m[2] ?? '').length + (m[4] ? Number.parseInt(m[4], 10) : 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits = digits + '0'.repeat(point - digits.length);
  const keep = point + scale;
  let kept = digits.slice(0, keep);
  if (kept.length < keep) kept = kept + '0'.repeat(keep - kept.length);
  const firstDropped = digits.charCodeAt(keep) - 48; // NaN when nothing is dropped
  let result = BigInt(kept === '' ? '0' : kept);
  if (firstDropped >= 5) result += 1n;
  return negative ? -result : result;
}

/**
 * Turns a scaled integer back into its decimal text, e.g. fromScaled(-1235n, 2) → '-12.35'.
 * @param n the scaled integer
 * @param scale its number of decimals
 */
export function fromScaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const abs = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = abs.slice(0, abs.length - scale);
  const frac = abs.slice(abs.length - scale);
  return (negative ? '-' : '') + whole + (scale > 0 ? '.' + frac : '');
}

/** Divides a scaled integer by 10^digits, rounding half-up (away from zero). */
function roundDiv(n: bigint, digits: number): bigint {
  if (digits <= 0) return n;
  const d = 10n ** BigInt(digits);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs + d / 2n) / d;
  return negative ? -q : q;
}

/** Euros → exact integer cents (half-up). `toCents('12.345')` → 1235n. */
export function toCents(value: DecimalInput): bigint {
  return toScaled(value, MONEY_SCALE);
}

/** kg (or m³) → exact integer thousandths (half-up). `toMilli('0.1')` → 100n. */
export function toMilli(value: DecimalInput): bigint {
  return toScaled(value, WEIGHT_SCALE);
}

/** Integer cents → euros as a number with 2 decimals (12345n → 123.45). */
export function centsToNumber(cents: bigint): number {
  return Number(fromScaled(cents, MONEY_SCALE));
}

/** Integer cents → the numeric(12,2) text the database stores (12345n → '123.45'). */
export function centsToString(cents: bigint): string {
  return fromScaled(cents, MONEY_SCALE);
}

/** Integer thousandths → kg as a number with 3 decimals (1500n → 1.5). */
export function milliToNumber(milli: bigint): number {
  return Number(fromScaled(milli, WEIGHT_SCALE));
}

/** Integer thousandths → the numeric(10,3) text the database stores (1500n → '1.500'). */
export function milliToString(milli: bigint): string {
  return fromScaled(milli, WEIGHT_SCALE);
}

/** An amount in euros rounded half-up to the cent, as a number (`roundMoney(0.1 + 0.2)` → 0.3). */
export function roundMoney(value: DecimalInput): number {
  return centsToNumber(toCents(value));
}

/** An amount in euros as the numeric(12,2) text the database stores (`toMoneyString(7)` → '7.00'). */
export function toMoneyString(value: DecimalInput): string {
  return centsToString(toCents(value));
}

/** A weight in kg (or m³) as the numeric(10,3) text the database stores (`toWeightString(2.5)` → '2.500'). */
export function toWeightString(value: DecimalInput): string {
  return milliToString(toMilli(value));
}

/** Exact sum of amounts in euros, as a number with 2 decimals. */
export function sumMoney(values: readonly DecimalInput[]): number {
  return centsToNumber(values.reduce<bigint>((acc, v) => acc + toCents(v), 0n));
}

/**
 * Exact sum of weights in kg (or m³), as a number with 3 decimals: e.g. a departure's used weight
 * (poidsReel) is the sum of its parcels' weights (DESIGN.md §4).
 */
export function sumWeights(values: readonly DecimalInput[]): number {
  return milliToNumber(values.reduce<bigint>((acc, v) => acc + toMilli(v), 0n));
}

/** Price of a nature line in cents: the exceptional price when above 0, else the unit price. */
function linePriceCents(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput): bigint {
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
export function linePrice(prixExceptionnel: DecimalInput, prixUnitaire: DecimalInput): number {
  return centsToNumber(linePriceCents(prixExceptionnel, prixUnitaire));
}

/** One nature line of a parcel as entered: weight and the two candidate prices. */
export interface ColisLineInput {
  /** Weight of the line, kg (or m³), up to 3 decimals. */
  poids: DecimalInput;
  /** Exceptional price of the nature, euros per unit (0 / null when none). */
  prixExceptionnel?: DecimalInput;
  /** Unit price of the route, euros per unit. */
  prixUnitaire?: DecimalInput;
}

/** The amounts of a parcel that are not derived from its lines, all in euros. */
export interface ColisAmountsInput {
  lines: readonly ColisLineInput[];
  montantComplementaire?: DecimalInput;
  montantLivraison?: DecimalInput;
  montantExpedition?: DecimalInput;
  /** Amount already settled (reglement), euros. */
  reglement?: DecimalInput;
}

/** Every computed amount of a parcel, euros with 2 decimals (weights kg with 3). */
export interface ColisAmounts {
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
export function computeColisAmounts(input: ColisAmountsInput): ColisAmounts {
  let montant = 0n;
  let poids = 0n;
  const lines = input.lines.map((line) => {
    const price = linePriceCents(line.prixExceptionnel, line.prixUnitaire);
    const milli = toMilli(line.poids);
    // milli (10^-3 kg) × cents (10^-2 €) = 10^-5 €; back to cents with 3 digits dropped.
    const total = roundDiv(milli * price, WEIGHT_SCALE);
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

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const kgFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/**
 * Formats an amount in euros the French way (spec 000 §1, DESIGN.md §5), e.g. 1234.5 → '1 234,50 €'
 * (Intl uses a narrow no-break space as group separator and a no-break space before €).
 * Null or undefined give '0,00 €'.
 */
export function formatEuro(value: DecimalInput): string {
  return euroFormat.format(centsToNumber(toCents(value)));
}

/**
 * Formats a weight in kg the French way, up to 3 decimals, e.g. 12.5 → '12,5 kg'.
 * @param value weight in kg
 * @param unite the unit shown after the number ('kg' by default; 'M3' shows 'm³')
 */
export function formatKg(value: DecimalInput, unite: string = 'kg'): string {
  const label = unite.toUpperCase() === 'M3' ? 'm³' : unite.toUpperCase() === 'KG' ? 'kg' : unite;
  return `${kgFormat.format(milliToNumber(toMilli(value)))} ${label}`;
}

/** Lower-case text without accents, for label comparisons. */
function normalize(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Whether a sending mode is the air mode (spec 000 §5 "Air mode"): its label contains 'aerien'
 * ('Aérien' too, case and accents ignored) or its code is 'AERIEN'. Air mode forces the unit KG.
 */
export function isAirMode(modeEnvoi: { code?: string | null; libelle?: string | null } | null | undefined): boolean {
  if (!modeEnvoi) return false;
  return normalize(modeEnvoi.code) === 'aerien' || normalize(modeEnvoi.libelle).includes('aerien');
}

/**
 * The weight unit a parcel must use on a sending mode (spec 000 §9): 'KG' in air mode, else the
 * requested unit (KG by default).
 */
export function uniteForMode(
  modeEnvoi: { code?: string | null; libelle?: string | null } | null | undefined,
  unite?: string | null,
): Unite {
  if (isAirMode(modeEnvoi)) return 'KG';
  return unite && unite.toUpperCase() === 'M3' ? 'M3' : 'KG';
}
