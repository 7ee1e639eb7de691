/**
 * Deactivation of reference data that still has active dependants (spec 001 §4 active toggle; the dependants of each
 * resource: docs/decisions/deactivation-dependants.md). The toggle `{isActive: false}` of a record that active records
 * still depend on is refused with a 409 naming what it affects, the counts in `dependances`, unless the query string
 * confirms it (`force=true`); then it deactivates, and nothing else changes (no cascade). Reactivating, or
 * deactivating a record nothing active depends on, needs no confirmation.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ENVOI_STATUT_CODES } from '../../common/envoiRules';
import type { StatutCode } from '../../common/statuts';
import type { Tx } from '../db/client';
import { colis, envois, statuts } from '../db/schema';
import { conflict } from '../http/errors';
import type { GuardContext } from './referenceResource';

/** One kind of dependant: its key in the answer's `dependances` and its French noun phrase, singular and plural. */
export interface DependantKind {
  key: string;
  /** e.g. 'agence active' (after "1 "). */
  one: string;
  /** e.g. 'agences actives' (after "2 "). */
  many: string;
}

/** The kinds of dependant several resources count (docs/decisions/deactivation-dependants.md). */
export const DEPENDANT_KINDS = {
  prix: { key: 'prix', one: 'prix unitaire actif', many: 'prix unitaires actifs' },
  departs: { key: 'departs', one: 'départ en cours', many: 'départs en cours' },
} as const satisfies Record<string, DependantKind>;

/** Joins French list items: 'a', 'a et b', 'a, b et c'. */
function frenchList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/**
 * The French sentence of a deactivation to confirm, e.g. « Cette ville a encore 2 agences actives, 1 départ ouvert et
 * 4 prix unitaires actifs. Confirmez pour la désactiver quand même. » Only the kinds counted above 0 are named.
 * @param subject the record as the sentence's subject ('Cette ville')
 * @param pronoun 'la' or 'le' ("pour la désactiver")
 */
function deactivationMessage(subject: string, pronoun: 'la' | 'le', kinds: DependantKind[], counts: Record<string, number>): string {
  const named = kinds.filter((k) => counts[k.key] > 0).map((k) => `${counts[k.key]} ${counts[k.key] === 1 ? k.one : k.many}`);
  return `${subject} a encore ${frenchList(named)}. Confirmez pour ${pronoun} désactiver quand même.`;
}

/**
 * The guard of a reference resource (ReferenceResourceDef.guard) that asks to confirm a deactivation while active
 * records depend on the record (docs/decisions/deactivation-dependants.md).
 * @param opts.count the active dependants of the record `id`, by kind key, read in the write's transaction
 * @returns the guard: it throws 409 `{message, dependances: {key: count…}}` when the write sets isActive false on an
 *   active record with at least one dependant and `force` is not set; otherwise it lets the write go on
 */
export function deactivationGuard(opts: {
  subject: string;
  pronoun: 'la' | 'le';
  kinds: DependantKind[];
  count: (tx: Tx, id: string) => Promise<Record<string, number>>;
}) {
  return async (ctx: GuardContext): Promise<void> => {
    if (ctx.action === 'delete' || ctx.force) return;
    if (ctx.values?.isActive !== false || ctx.existing.isActive !== true) return;
    const counts = await opts.count(ctx.tx, String(ctx.existing.id));
    if (!opts.kinds.some((k) => counts[k.key] > 0)) return;
    const dependances = Object.fromEntries(opts.kinds.map((k) => [k.key, counts[k.key] ?? 0]));
    throw conflict(deactivationMessage(opts.subject, opts.pronoun, opts.kinds, counts), undefined, { dependances });
  };
}

/** Departure statuses that are still "open" for a dependant: neither arrived nor closed (common/envoiRules.ts). */
const ENVOI_OUVERT_CODES: readonly StatutCode[] = ENVOI_STATUT_CODES.filter((c) => c !== 'ARRIVE' && c !== 'CLOTURE');

/** SQL condition on envois: an active departure neither arrived nor closed (EN_ATTENTE, OUVERT, EN_COURS_ENVOI). */
export function envoiOuvert(): SQL {
  return and(
    eq(envois.isActive, true),
    sql`${envois.statutID} IN (SELECT ${statuts.id} FROM ${statuts} WHERE ${inArray(statuts.code, [...ENVOI_OUVERT_CODES])})`,
  )!;
}

/** SQL condition on colis: a parcel not deleted whose status is one of `codes`. */
export function colisEnStatut(codes: readonly StatutCode[]): SQL {
  return and(
    isNull(colis.deletedAt),
    sql`${colis.statutID} IN (SELECT ${statuts.id} FROM ${statuts} WHERE ${inArray(statuts.code, [...codes])})`,
  )!;
}
