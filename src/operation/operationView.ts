/**
 * Pure rules of the operations dashboard screen (spec 001 §2 'Tableau de bord administratif', §4 period filter):
 * the list's filter values, the agency shown in the title, the staff choices of the form.
 */
import { DEFAULT_OPERATION_PERIOD, isOperationPeriod, type OperationPeriod } from '../../common/operationRules';
import { fullName, refId } from '../providers/records';
import type { StaffUser } from './operationMethods';

/** The sums the list call answers beside its rows (docs/api-contract.md "Cash operations"). */
export interface OperationSummaryMeta {
  totalRevenue?: number;
  totalExpenses?: number;
  topRevenueSources?: TopLine[];
  topExpenseCategories?: TopLine[];
  /** Operations of the filter in a currency without a rate on their day, left out of the sums in euros. */
  horsTaux?: number;
}

/** A line of a top 5: the operation type and its sum in euros. */
export interface TopLine {
  motif: { id: string; code: string; libelle: string };
  montant: number;
}

/** The period in the list's filter values (Année when absent or unknown). */
export function periodOf(filterValues: Record<string, unknown> | undefined): OperationPeriod {
  const value = filterValues?.periode;
  return isOperationPeriod(value) ? value : DEFAULT_OPERATION_PERIOD;
}

/** The filter values after choosing a period (the other filters kept). */
export function withPeriod(filterValues: Record<string, unknown>, periode: OperationPeriod): Record<string, unknown> {
  return { ...filterValues, periode };
}

/**
 * The filter values after choosing an agency (spec 001 §4 "choosing an agency resets the period to year"); an empty
 * choice means every agency.
 */
export function withAgence(filterValues: Record<string, unknown>, agenceID: string | null): Record<string, unknown> {
  const { agenceID: _previous, ...rest } = filterValues;
  return { ...rest, ...(agenceID ? { agenceID } : {}), periode: DEFAULT_OPERATION_PERIOD };
}

/**
 * The staff choices of the form, sorted by name the French way: the list's active members, plus the signed-in user
 * (the default choice) and the record's current user when the list lacks them (or failed to load).
 */
export function staffChoices(
  list: StaffUser[] | undefined,
  extra: ({ id: string; nom?: string; prenoms?: string; fullName?: string } | null | undefined)[],
): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const u of list ?? []) byId.set(String(u.id), fullName(u));
  for (const e of extra) if (e?.id && !byId.has(String(e.id))) byId.set(String(e.id), e.fullName ?? fullName(e));
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The staff members a user may record an operation for (the server's rule): every one for a role that sees every
 * agency (`agenceID` undefined), else those of its agency — a member whose agency the list does not say is kept, the
 * server decides.
 */
export function staffOfAgence(list: StaffUser[] | undefined, agenceID: string | undefined): StaffUser[] | undefined {
  if (!list || agenceID === undefined) return list;
  return list.filter((u) => {
    const own = refId(u.agenceID);
    return own === undefined || own === agenceID;
  });
}
