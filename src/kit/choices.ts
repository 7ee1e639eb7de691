/**
 * Pure helpers of the select inputs (spec 001 §5 "Select options are sorted alphabetically by libelle", 000 §9): the
 * French order of choices, the removal of a choice already taken by another field (a destination country is not the
 * origin, spec 001 §5 Unit-price form, 000 §5 Add departure), and the currencies offered (docs/decisions/currencies.md).
 */
import { DEVISES, type Devise } from '../../common/devises';
import { refId } from '../providers/records';

const frCollator = new Intl.Collator('fr', { sensitivity: 'base' });

/** Choices sorted by libelle the French way (accents ignored: Bénin before Burkina Faso), spec 000 §9 "selects sorted by label". */
export function sortByLibelle<T extends object>(choices: readonly T[]): T[] {
  const label = (c: T) => String((c as { libelle?: unknown }).libelle ?? '');
  return [...choices].sort((a, b) => frCollator.compare(label(a), label(b)));
}

/** Choices of the destination country: every choice but the chosen origin (spec 000 §5; countries must differ). */
export function excludeChoice<T extends { id: unknown }>(choices: readonly T[], excludedId: unknown): T[] {
  const excluded = refId(excludedId);
  return excluded ? choices.filter((c) => String(c.id) !== excluded) : [...choices];
}

/**
 * The currencies of common/devises.ts DEVISES as select choices, in its order: `{id: code, name: 'XOF — Franc CFA
 * (BCEAO)'}`; only those `filter` keeps when given (e.g. the rates screen leaves out the euro and the CFA francs).
 */
export function deviseChoices(filter?: (devise: Devise) => boolean): { id: string; name: string }[] {
  return (filter ? DEVISES.filter(filter) : DEVISES).map((d) => ({ id: d.code, name: `${d.code} — ${d.libelle}` }));
}
