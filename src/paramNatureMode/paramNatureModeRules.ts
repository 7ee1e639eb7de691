/**
 * Pure rules of the unit-price screens (spec 001 §2 Unit prices, §3 "Unit-price parameter (paramNatureMode): …
 * villeDorigineID (on create) or villeOrigineID (on update), villeID or villeDestinationID (destination)", §5 "libelle
 * is composed automatically from nature, origin city, destination city and sending mode unless typed manually; the
 * currency shown comes from the origin country", §9 unit-price minimum 0) and the minimum charge of a parcel line
 * (montantMinimum, an extension), both in the origin country's currency (docs/decisions/currencies.md).
 */
import { DEVISE_COMPTABLE } from '../../common/devises';
import { formatMontant } from '../../common/format';
import { refId } from '../providers/records';

/** The labels the proposed libelle is made of (the chosen records' libelle). */
export interface LibelleParts {
  groupe?: string | null;
  villeOrigine?: string | null;
  villeDestination?: string | null;
  mode?: string | null;
}

/**
 * The libelle proposed for the chosen group, cities and mode, in the seed's form 'Vêtements Paris → Dakar Aérien';
 * undefined until all four are chosen.
 */
export function proposeLibelle(parts: LibelleParts): string | undefined {
  const { groupe, villeOrigine, villeDestination, mode } = parts;
  if (!groupe || !villeOrigine || !villeDestination || !mode) return undefined;
  return `${groupe.trim()} ${villeOrigine.trim()} → ${villeDestination.trim()} ${mode.trim()}`;
}

/**
 * What the libelle field becomes when the proposal changes: the new proposal while the field is empty or still holds
 * the previous proposal (not typed by hand), else the typed text unchanged.
 * @returns the new value, or undefined to leave the field alone
 */
export function nextLibelle(current: unknown, previousProposal: string | undefined, proposal: string | undefined): string | undefined {
  if (!proposal) return undefined;
  const text = typeof current === 'string' ? current.trim() : '';
  if (text === proposal) return undefined;
  return text === '' || text === previousProposal ? proposal : undefined;
}

/**
 * An amount of a unit price in the origin country's currency, to its minor unit (common/format.ts formatMontant):
 * '9,00 €', '5 900 F CFA'; '--' when there is none (a minimum charge not set) or it is not a number. Without a
 * currency, the euro.
 */
export function formatPrix(value: unknown, devise: unknown): string {
  if (value === null || value === undefined || value === '' || !Number.isFinite(Number(value))) return '--';
  return formatMontant(Number(value), typeof devise === 'string' && devise.trim() ? devise.trim() : DEVISE_COMPTABLE);
}

/** The origin country's currency of a listed unit price (villeOrigineID.paysID.devise). */
export function deviseOrigine(record: Record<string, unknown>): string | undefined {
  const ville = record.villeOrigineID as { paysID?: { devise?: string } } | undefined;
  return ville?.paysID?.devise;
}

/** The record of the edit form: references as ids, plus the two countries (form-only fields) from the cities. */
export function paramFormRecord<T extends Record<string, unknown>>(record: T): T {
  const paysOf = (ville: unknown) => refId((ville as { paysID?: unknown } | undefined)?.paysID) ?? null;
  return {
    ...record,
    paysOrigineID: paysOf(record.villeOrigineID),
    villeOrigineID: refId(record.villeOrigineID) ?? null,
    paysDestinationID: paysOf(record.villeDestinationID),
    villeDestinationID: refId(record.villeDestinationID) ?? null,
    groupeNatureColisID: refId(record.groupeNatureColisID) ?? null,
    modeEnvoiID: refId(record.modeEnvoiID) ?? null,
  } as T;
}

/** Fields shared by both bodies. */
function common(data: Record<string, unknown>) {
  return {
    libelle: typeof data.libelle === 'string' ? data.libelle.trim() : data.libelle,
    prixUnitaire: data.prixUnitaire,
    // The minimum charge when the form has the field (null: cleared); untouched, the server keeps what it has.
    ...(data.montantMinimum === undefined ? {} : { montantMinimum: data.montantMinimum === '' ? null : data.montantMinimum }),
    groupeNatureColisID: refId(data.groupeNatureColisID),
    modeEnvoiID: refId(data.modeEnvoiID),
  };
}

/** The paramNatureMode/create body (spec 001 §7): libelle, prixUnitaire, groupeNatureColisID, villeDorigineID, villeID, modeEnvoiID. */
export function paramCreateBody(data: Record<string, unknown>): Record<string, unknown> {
  return { ...common(data), villeDorigineID: refId(data.villeOrigineID), villeID: refId(data.villeDestinationID) };
}

/** The paramNatureMode/update body (spec 001 §7): the same with villeOrigineID and villeDestinationID. */
export function paramUpdateBody(data: Record<string, unknown>): Record<string, unknown> {
  return { ...common(data), villeOrigineID: refId(data.villeOrigineID), villeDestinationID: refId(data.villeDestinationID) };
}
