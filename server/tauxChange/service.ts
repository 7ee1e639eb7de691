/**
 * Entering an exchange rate (POST tauxChange/create, key tauxChange; docs/decisions/currencies.md and
 * docs/decisions/exchange-rate-history.md). The history is kept: a rate applies from its day, and the days already
 * past keep the rates they were converted at. Refused:
 * - a role bound to an agency (403): a rate applies to every agency, only a role that sees every agency enters one;
 * - a currency whose rate is fixed by law, the CFA francs (409, common/devises.ts TAUX_FIXES);
 * - a day before today (Europe/Paris) when the currency already has a rate on or before it (409 under dateDebut,
 *   tauxPasseMessage): it would change the euro value of days already counted. A past day the currency had no rate
 *   on (before its first rate) is taken, since nothing of that currency could be converted on it;
 * - today or a day to come that already has a rate of the currency, unless the body says `remplacer` (409 under
 *   dateDebut, tauxExistantMessage); with it the rate of that day is replaced, its author becomes the user, and the
 *   journal keeps the rate before and after. What was recorded at the replaced rate keeps it (a payment stores its
 *   amount converted and both rates; a parcel its prices).
 * The database holds the same line: its trigger refuses to delete a rate and to change any but the rate and author of a
 * rate of today or a day to come (migration 0029), and its unique index one rate per currency and day (a race, 409 under
 * dateDebut, plugins/errors.ts). The euro, an unknown code and a malformed rate or day are refused by the body's schema
 * (common/schemas/tauxChange.ts). Every creation and replacement is journaled in its transaction (db/audit.ts, entity
 * 'tauxChange').
 */
import { and, eq, lte } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { TAUX_FIXES } from '../../common/devises';
import { TAUX_MESSAGES as M, tauxExistantMessage, tauxPasseMessage, type TauxChangeInput } from '../../common/schemas/tauxChange';
import type { CurrentUser } from '../auth/currentUser';
import { recordChange } from '../db/audit';
import type { Db } from '../db/client';
import { tauxChange } from '../db/schema';
import { conflict, forbidden } from '../http/errors';
import { findTaux } from './query';

/**
 * Records a rate of a currency for 1 € from its first day, or replaces the rate of that day (`remplacer`).
 * @param input the parsed body (taux as exact decimal text, dateDebut 'yyyy-MM-dd', remplacer)
 * @returns the rate as tauxChange/liste answers it, and whether it replaced one
 * @throws 403 a role bound to an agency; 409 a fixed currency, a day before today that already has a rate on or before
 *   it, or a day that has a rate and no `remplacer`
 */
export async function createTaux(db: Db, input: TauxChangeInput, user: CurrentUser) {
  if (!user.allAgences) throw forbidden(M.roleAgence);
  if (Object.hasOwn(TAUX_FIXES, input.devise)) throw conflict(M.tauxFixe, { devise: M.tauxFixe });
  const aujourdhui = todayIso();
  const { id, remplace } = await db.transaction(async (tx) => {
    const [anterieur] = await tx
      .select()
      .from(tauxChange)
      .where(and(eq(tauxChange.devise, input.devise), lte(tauxChange.dateDebut, input.dateDebut)))
      .orderBy(tauxChange.dateDebut)
      .limit(1);
    if (anterieur && input.dateDebut < aujourdhui) {
      const message = tauxPasseMessage(aujourdhui);
      throw conflict(message, { dateDebut: message });
    }
    const [existant] = await tx
      .select()
      .from(tauxChange)
      .where(and(eq(tauxChange.devise, input.devise), eq(tauxChange.dateDebut, input.dateDebut)));
    if (existant) {
      if (!input.remplacer) {
        const message = tauxExistantMessage(existant);
        throw conflict(message, { dateDebut: message });
      }
      const [corrige] = await tx
        .update(tauxChange)
        .set({ taux: input.taux, auteurID: user.id })
        .where(eq(tauxChange.id, existant.id))
        .returning();
      await recordChange(tx, { entite: 'tauxChange', entiteID: corrige.id, action: 'update', author: user }, existant, corrige);
      return { id: corrige.id, remplace: true };
    }
    const [created] = await tx
      .insert(tauxChange)
      .values({ devise: input.devise, taux: input.taux, dateDebut: input.dateDebut, fixe: false, auteurID: user.id })
      .returning();
    await recordChange(tx, { entite: 'tauxChange', entiteID: created.id, action: 'create', author: user }, null, created);
    return { id: created.id, remplace: false };
  });
  return { data: (await findTaux(db, id))!, remplace };
}
