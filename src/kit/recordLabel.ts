/** Helpers shared by the list row actions (spec 001 §4). */
import type { RaRecord } from 'react-admin';

/** Name of a record in confirmation texts: its libelle, else nom + prenoms, else code, else reference (departures, parcels), else undefined. */
export function recordLabel(record: RaRecord | undefined): string | undefined {
  if (!record) return undefined;
  if (typeof record.libelle === 'string' && record.libelle) return record.libelle;
  const name = [record.nom, record.prenoms].filter(Boolean).join(' ');
  if (name) return name;
  if (typeof record.code === 'string' && record.code) return record.code;
  if (typeof record.reference === 'string' && record.reference) return record.reference;
  return undefined;
}

/** Server message carried by an error (HttpError body or Error message), or undefined. */
export function serverMessage(error: unknown): string | undefined {
  const e = error as { body?: { message?: unknown }; message?: unknown } | undefined;
  const fromBody = e?.body?.message;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return undefined;
}

/** Whether an error carries server-side field errors (HttpError body.errors), which forms show by themselves. */
export function hasFieldErrors(error: unknown): boolean {
  const errors = (error as { body?: { errors?: unknown } } | undefined)?.body?.errors;
  return !!errors && typeof errors === 'object' && Object.keys(errors as object).length > 0;
}
