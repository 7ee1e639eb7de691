/**
 * Entering an exchange rate (POST tauxChange/create, key tauxChange; docs/decisions/currencies.md). The history is
 * kept: there is no update nor deletion (the database refuses both, migration 0021 trigger → 409), a correction is a
 * new rate from its day. Refused:
 * - a role bound to an agency (403): a rate applies to every agency, only a role that sees every agency enters one;
 * - a currency whose rate is fixed by law, the CFA francs (409, common/devises.ts TAUX_FIXES);
 * - a second rate of a currency on the same day (409 under dateDebut: unique index taux_change_devise_date_uq, mapped by
 *   plugins/errors.ts).
 * The euro, an unknown code and a malformed rate or day are refused by the body's schema (common/schemas/tauxChange.ts).
 * Every creation is journaled in its transaction (db/audit.ts, entity 'tauxChange').
 */
import { TAUX_FIXES } from '../../common/devises';
import { TAUX_MESSAGES as M, type TauxChangeInput } from '../../common/schemas/tauxChange';
import type { CurrentUser } from '../auth/currentUser';
import { recordChange } from '../db/audit';
import type { Db } from '../db/client';
import { tauxChange } from '../db/schema';
import { conflict, forbidden } from '../http/errors';
import { findTaux } from './query';

/**
 * Records a rate of a currency for 1 € from its first day.
 * @param input the parsed body (taux as exact decimal text, dateDebut 'yyyy-MM-dd')
 * @returns the rate as tauxChange/liste answers it
 * @throws 403 a role bound to an agency; 409 a fixed currency, or a rate of that currency already on that day
 */
export async function createTaux(db: Db, input: TauxChangeInput, user: CurrentUser) {
  if (!user.allAgences) throw forbidden(M.roleAgence);
  if (Object.hasOwn(TAUX_FIXES, input.devise)) throw conflict(M.tauxFixe, { devise: M.tauxFixe });
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tauxChange)
      .values({ devise: input.devise, taux: input.taux, dateDebut: input.dateDebut, fixe: false, auteurID: user.id })
      .returning();
    await recordChange(tx, { entite: 'tauxChange', entiteID: created.id, action: 'create', author: user }, null, created);
    return created.id;
  });
  return (await findTaux(db, id))!;
}
