/**
 * Pure rules of the unit-price screens (spec 001 §2 Unit prices, §3 "Unit-price parameter (paramNatureMode): …
 * villeDorigineID (on create) or villeOrigineID (on update), villeID or villeDestinationID (destination)", §5 "libelle
 * is composed automatically from nature, origin city, destination city and sending mode unless typed manually; the
 * currency shown comes from the origin country", §9 unit-price minimum 0).
 */
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

/** A unit price with the origin country's currency: '9,00 EUR' (French digits, the country's devise, '€' when none). */
export function formatPrix(value: unknown, devise: unknown): string {
  const n = Number(value);
  const montant = Number.isFinite(n)
    ? new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)
    : '--';
  const currency = typeof devise === 'string' && devise.trim() ? devise.trim() : '€';
  return `${montant} ${currency}`;
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
