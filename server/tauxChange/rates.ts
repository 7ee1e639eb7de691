/**
 * The exchange rate in force on a day, and conversion at it (docs/decisions/currencies.md): a rate is the units of a
 * currency for one unit of the accounting currency (common/devises.ts DEVISE_COMPTABLE, the euro), in force from its
 * `dateDebut` until the next rate of the same currency. A missing rate is a French 409, never a silent 1:1.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import { DEVISE_COMPTABLE, convertir } from '../../common/devises';
import { isoToFr } from '../../common/dates';
import type { DecimalInput } from '../../common/money';
import type { Db, Tx } from '../db/client';
import { tauxChange } from '../db/schema';
import { conflict } from '../http/errors';

/** The French refusal when a currency has no rate in force on a day. */
export const tauxManquantMessage = (devise: string, jour: string) =>
  `Aucun taux de change pour ${devise} au ${isoToFr(jour)} : saisissez-le dans « Taux de change ».`;

/**
 * The rate of `devise` in force on `jour`: units of it for one euro, as numeric text ('655.957000'); '1' for the euro.
 * @param jour the transaction's day, 'YYYY-MM-DD' (Europe/Paris)
 * @throws 409 tauxManquantMessage when no rate of the currency starts on or before that day
 */
export async function tauxEnVigueur(db: Db | Tx, devise: string, jour: string): Promise<string> {
  if (devise === DEVISE_COMPTABLE) return '1';
  const [row] = await db
    .select({ taux: tauxChange.taux })
    .from(tauxChange)
    .where(and(eq(tauxChange.devise, devise), lte(tauxChange.dateDebut, jour)))
    .orderBy(desc(tauxChange.dateDebut))
    .limit(1);
  if (!row) throw conflict(tauxManquantMessage(devise, jour));
  return row.taux;
}

/**
 * Converts an amount from one currency to another at the rates in force on `jour`, rounded once, half away from zero,
 * to the target's minor unit (common/devises.ts convertir).
 * @returns the converted amount and both rates used (units for one euro)
 * @throws 409 when a rate is missing
 */
export async function convertirAuJour(
  db: Db | Tx,
  montant: DecimalInput,
  from: string,
  to: string,
  jour: string,
): Promise<{ montant: number; tauxFrom: string; tauxTo: string }> {
  const tauxFrom = await tauxEnVigueur(db, from, jour);
  const tauxTo = await tauxEnVigueur(db, to, jour);
  return { montant: convertir(montant, from, to, tauxFrom, tauxTo), tauxFrom, tauxTo };
}
