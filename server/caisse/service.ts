/**
 * Rules of the cash closed per agency and day, 'Arrêté de caisse' (docs/decisions/refunds-and-cash.md):
 * - the agency: a role that sees every agency names it (400 without one); another role closes its own, and naming
 *   another one is refused (403, access/scopes.ts caisseAgenceFor);
 * - the expected amounts are recomputed by the server (server/caisse/query.ts attendusDuJour), never read from the
 *   browser; a closing stores one counted line per line expected or given (an expected line not given is counted 0, a
 *   line given with nothing expected has 0 expected), each amount and its difference (counted − expected) rounded to its
 *   currency's minor unit, half away from zero (common/devises.ts montantTexte);
 * - one open closing per agency and day (409; the day's lock serialises two closings, and the unique index of
 *   migration 0022 stays behind it); a day after today is refused by the schema (400);
 * - a closing counts every record of its day: it takes the day's lock (migration 0024 caisse_verrou_cloture) before
 *   computing the expected amounts, so a payment, refund, cancellation or operation of that day being written commits
 *   first and is counted, and one starting meanwhile waits for the closing and is refused;
 * - a closed day is frozen by the database (migration 0022 caisse_ouverte, CL004 → 409) until reopened with a reason
 *   (key caisseRouvrir): the closing row stays, marked reopened, and the day may be closed again.
 * Closing and reopening are written to the audit journal (entity 'caisse') in their transaction.
 */
import { eq } from 'drizzle-orm';
import { CAISSE_MESSAGES as M, caisseDejaClotureeMessage, ligneKey, type CaisseClotureInput } from '../../common/schemas/caisse';
import { montantTexte } from '../../common/devises';
import { centsToString, toCents, type DecimalInput } from '../../common/money';
import { lockCloture } from '../access/locks';
import { caisseAgenceFor } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { auteurOf, recordAudit } from '../db/audit';
import { caisseClotures, caisseComptes } from '../db/schema';
import { badRequest, conflict, forbidden } from '../http/errors';
import { pgError } from '../db/pgError';
import {
  attendusDuJour,
  clotureById,
  ecartsConversionDuJour,
  comptesOf,
  existingModes,
  findAgenceCaisse,
  openClotureOf,
  verrouillerJourCaisse,
  type LigneAttendue,
} from './query';

/** The unique index of migration 0022: one open closing per agency and day. */
const UNIQUE_INDEX = 'caisse_clotures_agence_jour_uq';

/**
 * The agency whose cash the user reads or closes.
 * @returns its id
 * @throws 400 a role that sees every agency names none; 403 a role bound to an agency names another one, or its user
 *   has no agency
 */
function agenceOf(user: CurrentUser, requested: string | undefined): string {
  const { agenceID, autre } = caisseAgenceFor(user, requested);
  if (autre) throw forbidden(M.autreAgence);
  if (!agenceID) {
    if (user.allAgences) throw badRequest(M.agenceRequise, { agenceID: M.agenceRequise });
    throw forbidden(M.sansAgence);
  }
  return agenceID;
}

/**
 * One closing with its counted lines (GET caisse/getBy/{id}, and the answers of the other calls), read with the closing
 * locked (access/locks.ts lockCloture): a reopening in progress is waited for.
 * @throws 404 unknown, 403 another agency's (a role bound to an agency)
 */
export async function getCloture(db: Db, id: string, user: CurrentUser) {
  return db.transaction(async (tx) => {
    await lockCloture(tx, id, user);
    return { ...(await clotureById(tx, id)), comptes: await comptesOf(tx, id) };
  });
}

/**
 * The expected amounts of an agency's day (GET caisse/attendu) and the day's open closing, if any (with who closed it,
 * when, and its counted lines).
 * @returns the agency, the day, the expected lines, the day's conversion differences per parcel currency
 *   (docs/decisions/currencies.md "The last minor units") and the closing (null while the day is open)
 * @throws see agenceOf; 400 an unknown agency
 */
export async function attenduCaisse(db: Db, user: CurrentUser, q: { agenceID?: string; date: string }) {
  const agenceID = agenceOf(user, q.agenceID);
  const agence = await findAgenceCaisse(db, agenceID);
  if (!agence) throw badRequest(M.agenceIntrouvable, { agenceID: M.agenceIntrouvable });
  const lignes = await attendusDuJour(db, agenceID, q.date);
  const ecartsConversion = await ecartsConversionDuJour(db, agenceID, q.date);
  const clotureID = await openClotureOf(db, agenceID, q.date);
  return { agence, date: q.date, lignes, ecartsConversion, cloture: clotureID ? await getCloture(db, clotureID, user) : null };
}

/** A counted line as stored: expected, counted and difference, exact texts of the currency. */
interface CompteRow {
  modePaiementID: string | null;
  devise: string;
  attendu: string;
  compte: string;
  ecart: string;
}

/**
 * The counted lines of a closing: every expected line (counted 0 when not given), then every given line with nothing
 * expected (expected 0), in the expected lines' order; the difference is counted − expected.
 */
function comptesDeCloture(attendus: readonly LigneAttendue[], comptes: CaisseClotureInput['comptes']): CompteRow[] {
  const given = new Map(comptes.map((c) => [ligneKey(c), c]));
  const row = (modePaiementID: string | null, devise: string, valeurAttendue: DecimalInput, valeurComptee: DecimalInput): CompteRow => {
    const attendu = montantTexte(valeurAttendue, devise);
    const compte = montantTexte(valeurComptee, devise);
    // Both whole in their currency's minor unit, at most the cent (numeric(12,2); tests/server/devises.test.ts): exact.
    const ecart = montantTexte(centsToString(toCents(compte) - toCents(attendu)), devise);
    return { modePaiementID, devise, attendu, compte, ecart };
  };
  const rows = attendus.map((a) => {
    const c = given.get(ligneKey(a));
    given.delete(ligneKey(a));
    return row(a.modePaiementID, a.devise, a.attendu, c ? c.montant : 0);
  });
  for (const c of given.values()) rows.push(row(c.modePaiementID, c.devise, 0, c.montant));
  return rows;
}

/**
 * Closes an agency's day (POST caisse/cloture): in one transaction, takes the day's closing lock (query.ts
 * verrouillerJourCaisse: the day's writes in progress commit first, later ones wait and are then refused), refuses a day
 * already closed, recomputes the expected amounts, stores the closing and its counted lines, and records it in the
 * audit journal. The day's conversion differences are stored with it as found (docs/decisions/currencies.md "The last
 * minor units").
 * @returns the closing with its counted lines
 * @throws see agenceOf; 400 an unknown agency or payment mode; 409 the day already closed for the agency
 */
export async function cloturerCaisse(db: Db, user: CurrentUser, input: CaisseClotureInput) {
  const agenceID = agenceOf(user, input.agenceID);
  const jour = input.date;
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const agence = await findAgenceCaisse(tx, agenceID);
      if (!agence) throw badRequest(M.agenceIntrouvable, { agenceID: M.agenceIntrouvable });
      await verrouillerJourCaisse(tx, agenceID, jour);
      if (await openClotureOf(tx, agenceID, jour)) throw conflict(caisseDejaClotureeMessage(jour));
      const modes = [...new Set(input.comptes.map((c) => c.modePaiementID).filter((m): m is string => !!m))];
      const known = await existingModes(tx, modes);
      if (modes.some((m) => !known.has(m))) throw badRequest(M.modeInconnu, { comptes: M.modeInconnu });
      const rows = comptesDeCloture(await attendusDuJour(tx, agenceID, jour), input.comptes);
      const ecartsConversion = await ecartsConversionDuJour(tx, agenceID, jour);
      const [created] = await tx
        .insert(caisseClotures)
        .values({ agenceID, jour, commentaire: input.commentaire, auteurID: user.id, ecartsConversion })
        .returning({ id: caisseClotures.id });
      if (rows.length) await tx.insert(caisseComptes).values(rows.map((r) => ({ ...r, clotureID: created.id })));
      await recordAudit(tx, {
        entite: 'caisse',
        entiteID: created.id,
        action: 'create',
        ...auteurOf(user),
        apres: { agence: agence.libelle, jour, commentaire: input.commentaire, comptes: rows, ecartsConversion },
      });
      return created.id;
    });
  } catch (error) {
    // Two closings of the same day at once: the day's lock makes the second see the first; the unique index of
    // migration 0022 would keep one anyway.
    const pg = pgError(error);
    if (pg?.code === '23505' && pg.constraint === UNIQUE_INDEX) throw conflict(caisseDejaClotureeMessage(jour));
    throw error;
  }
  return getCloture(db, id, user);
}

/**
 * Reopens a closed day (POST caisse/rouvrir/{id}, key caisseRouvrir): stamps when, by whom and why; the closing stays
 * listed, and the day's records may change again (and the day be closed again). Audited.
 * @returns the closing with its counted lines
 * @throws 404 unknown, 403 another agency's (a role bound to an agency), 409 already reopened
 */
export async function rouvrirCaisse(db: Db, user: CurrentUser, id: string, motif: string) {
  await db.transaction(async (tx) => {
    const row = await lockCloture(tx, id, user);
    if (row.rouverteAt) throw conflict(M.dejaRouverte);
    const rouverteAt = new Date();
    await tx.update(caisseClotures).set({ rouverteAt, rouverteParID: user.id, motifReouverture: motif }).where(eq(caisseClotures.id, id));
    await recordAudit(tx, {
      entite: 'caisse',
      entiteID: id,
      action: 'update',
      ...auteurOf(user),
      avant: { jour: row.jour, rouverteAt: null },
      apres: { jour: row.jour, rouverteAt: rouverteAt.toISOString(), motifReouverture: motif },
    });
  });
  return getCloture(db, id, user);
}
