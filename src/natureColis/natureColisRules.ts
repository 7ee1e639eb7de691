/**
 * Pure rules of the nature screens (spec 001 §2 Natures "Prix exceptionnel (value followed by /unit when a unit
 * exists, else a dash)", Add nature /addNatureColis?groupeId={id} and back to the group details, §5 "prixExceptionnel
 * accepts digits only (non-digits stripped; a lone 0 becomes empty). The unit is free text").
 */
import { formatEuro } from '../../common/format';
import { refId } from '../providers/records';

/** Path of the add-nature page of a group (the spec's /addNatureColis?groupeId={id}). */
export function natureCreatePath(groupeId: string): string {
  return `/natureColis/create?groupeId=${encodeURIComponent(groupeId)}`;
}

/** Path of a group's details page (the spec's groupeNatureColisDetails?id={id}), where a saved nature goes back to. */
export function groupeDetailsPath(groupeId: string): string {
  return `/groupeNatureColis/${encodeURIComponent(groupeId)}/show`;
}

/** Where a saved nature goes: its group's details page, else the natures list (react-admin redirect function). */
export function natureRedirect(_resource?: string, _id?: unknown, data?: Record<string, unknown>): string {
  const groupeId = refId(data?.groupeNatureColisID);
  return groupeId ? groupeDetailsPath(groupeId) : '/natureColis';
}

/** The exceptional price column: '7,50 €/Kg' (with the unit when there is one), '7,50 €' without, '-' when none. */
export function prixExceptionnelLabel(record: { prixExceptionnel?: unknown; unite?: unknown } | null | undefined): string {
  const prix = record?.prixExceptionnel;
  if (prix === null || prix === undefined || prix === '' || Number(prix) === 0 || !Number.isFinite(Number(prix))) return '-';
  const unite = typeof record?.unite === 'string' ? record.unite.trim() : '';
  const montant = formatEuro(prix as number | string);
  return unite ? `${montant}/${unite}` : montant;
}

/**
 * The exceptional price as typed (react-admin `parse`): digits only, every other character stripped, a leading 0
 * dropped (a lone 0 becomes empty). One decimal separator (',' or '.') with two decimals is kept, because prices such as
 * 7,50 € exist (a deviation from the spec's digits only, written in docs/frontend.md).
 */
export function typedPrixExceptionnel(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const kept = text.replace(/[^\d.,]/g, '').replace(',', '.');
  const [whole = '', ...rest] = kept.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '').replace(/^0$/, rest.length ? '0' : '');
  if (!rest.length) return integer;
  return `${integer || '0'}.${rest.join('').replace(/[.,]/g, '').slice(0, 2)}`;
}

/** The exceptional price sent: null when empty or zero, else the number. */
export function prixExceptionnelValue(value: unknown): number | null {
  const text = typedPrixExceptionnel(value);
  const n = Number(text);
  return text === '' || !Number.isFinite(n) || n === 0 ? null : n;
}

/** The record of the edit form: the group as an id, the price as typed text. */
export function natureFormRecord<T extends Record<string, unknown>>(record: T): T {
  return {
    ...record,
    groupeNatureColisID: refId(record.groupeNatureColisID) ?? null,
    prixExceptionnel:
      record.prixExceptionnel === null || record.prixExceptionnel === undefined ? '' : typedPrixExceptionnel(record.prixExceptionnel),
  } as T;
}

/** The natureColis/create and natureColis/update body (spec 001 §7): code, libelle, description, groupeNatureColisID, prixExceptionnel, unite. */
export function natureBody(data: Record<string, unknown>): Record<string, unknown> {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    code: text(data.code).toUpperCase(),
    libelle: text(data.libelle),
    description: text(data.description),
    groupeNatureColisID: refId(data.groupeNatureColisID),
    prixExceptionnel: prixExceptionnelValue(data.prixExceptionnel),
    unite: text(data.unite),
  };
}
