/**
 * The cash closed per agency and day as the API reads it ('Arrêté de caisse', docs/decisions/refunds-and-cash.md): the
 * expected amounts of an agency's day summed in SQL (numeric, exact), the closings' list (agency scope of
 * access/scopes.ts caisseScope) and one closing with its counted lines. Amounts are answered as the exact decimal text
 * of their currency (common/devises.ts: '1234.50' €, '6560' F CFA).
 *
 * The day of a payment is its created_at's in Europe/Paris, the day of an operation its date's, as migration 0022's
 * guard reads them: what the guard freezes is exactly what the closing counted.
 * - Payments: the agency's rows not cancelled (deleted_at), refunds included (negative rows, rembourse_id), per payment
 *   mode and currency **received** — what the drawer holds: the amount and currency tendered when in another currency
 *   than the parcel's (montant_tendu, devise_tendue; a refund's given back), else the amount in the parcel's currency
 *   (docs/decisions/currencies.md). The payments' active flag does not take money out of the drawer (the parcel's
 *   settled amount keeps it): it is not read, as in the payments list.
 * - Conversion differences: what the day's settling amounts booked in the parcels' currencies (ecart_conversion,
 *   docs/decisions/currencies.md "The last minor units"), per parcel currency; shown beside the lines, counted in none.
 * - Operations: the agency's rows not cancelled and active (an inactive operation counts nowhere, as on the operations
 *   dashboard), 'entrée' added and 'sortie' taken off, per currency: the 'Opérations de caisse' line (no payment mode).
 */
import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays } from '../../common/dates';
import { montantTexte } from '../../common/devises';
import { CAISSE_MESSAGES } from '../../common/schemas/caisse';
import { caisseScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { dayStart } from '../db/sqlDates';
import { agences, caisseClotures, caisseComptes, encaissements, modesPaiement, operations, users } from '../db/schema';
import { frenchKey, type AnyRow, type ListDef } from '../http/list';

/** A payment mode as a line names it. */
interface ModeRef {
  id: string;
  code: string;
  libelle: string;
}

/** An expected line of a day: its payment mode (null: the cash operations), its currency and the amount expected. */
export interface LigneAttendue {
  modePaiementID: string | null;
  modePaiement: ModeRef | null;
  /** The mode's label, or 'Opérations de caisse'. */
  libelle: string;
  devise: string;
  /** Exact decimal text of the currency. */
  attendu: string;
}

/** A conversion difference of a day in a parcel currency (exact decimal text, signed). */
export interface EcartConversion {
  devise: string;
  ecart: string;
}

/** The currency a row of encaissements was received (or given back) in, and the amount the drawer took (or gave). */
const deviseRecue = sql<string>`coalesce(${encaissements.deviseTendue}, ${encaissements.devise})`;
const montantRecu = sql`coalesce(${encaissements.montantTendu}, ${encaissements.montantEncaisse})`;

/** Rows of a table whose timestamp falls on `jour` in Europe/Paris (an index range, DST included). */
const onDay = (column: typeof encaissements.createdAt | typeof operations.date, jour: string): SQL =>
  and(gte(column, dayStart(jour)), lt(column, dayStart(addDays(jour, 1))))!;

/** The agency's rows of encaissements of `jour` not cancelled: what its drawer took and gave back that day. */
const paiementsDuJour = (agenceID: string, jour: string) =>
  and(eq(encaissements.agenceID, agenceID), isNull(encaissements.deletedAt), onDay(encaissements.createdAt, jour));

/**
 * The expected amounts of an agency's day (GET caisse/attendu, and recomputed by caisse/cloture in its transaction):
 * per payment mode and currency received, the payments minus the refunds of the day; then per currency the day's
 * operations, incomes minus expenses. Modes by label (French order), then currency; the operations' lines last.
 */
export async function attendusDuJour(db: Db | Tx, agenceID: string, jour: string): Promise<LigneAttendue[]> {
  const paiements = await db
    .select({
      mode: codeLibelleColumns(modesPaiement),
      devise: deviseRecue,
      attendu: sql<string>`sum(${montantRecu})::text`,
    })
    .from(encaissements)
    .innerJoin(modesPaiement, eq(encaissements.modePaiementID, modesPaiement.id))
    .where(paiementsDuJour(agenceID, jour))
    .groupBy(modesPaiement.id, modesPaiement.code, modesPaiement.libelle, deviseRecue)
    .orderBy(frenchKey(modesPaiement.libelle), asc(modesPaiement.code), asc(deviseRecue));
  const ops = await db
    .select({
      devise: operations.devise,
      attendu: sql<string>`sum(CASE WHEN ${operations.type} = 'entrée' THEN ${operations.montant} ELSE -${operations.montant} END)::text`,
    })
    .from(operations)
    .where(
      and(eq(operations.agenceID, agenceID), isNull(operations.deletedAt), eq(operations.isActive, true), onDay(operations.date, jour)),
    )
    .groupBy(operations.devise)
    .orderBy(asc(operations.devise));
  return [
    ...paiements.map((p) => ({
      modePaiementID: p.mode.id,
      modePaiement: p.mode,
      libelle: p.mode.libelle,
      devise: p.devise,
      attendu: montantTexte(p.attendu, p.devise),
    })),
    ...ops.map((o) => ({
      modePaiementID: null,
      modePaiement: null,
      libelle: CAISSE_MESSAGES.operations,
      devise: o.devise,
      attendu: montantTexte(o.attendu, o.devise),
    })),
  ];
}

/**
 * The conversion differences of an agency's day per parcel currency (docs/decisions/currencies.md "The last minor
 * units"): the sum of the day's ecart_conversion not cancelled, a currency left out when it sums to 0; by currency.
 */
export async function ecartsConversionDuJour(db: Db | Tx, agenceID: string, jour: string): Promise<EcartConversion[]> {
  const rows = await db
    .select({ devise: encaissements.devise, ecart: sql<string>`sum(${encaissements.ecartConversion})::text` })
    .from(encaissements)
    .where(and(paiementsDuJour(agenceID, jour), sql`${encaissements.ecartConversion} <> 0`))
    .groupBy(encaissements.devise)
    .having(sql`sum(${encaissements.ecartConversion}) <> 0`)
    .orderBy(asc(encaissements.devise));
  return rows.map((r) => ({ devise: r.devise, ecart: montantTexte(r.ecart, r.devise) }));
}

/** An agency by id (id, code, label), or undefined. */
export async function findAgenceCaisse(db: Db | Tx, id: string) {
  const [row] = await db.select(codeLibelleColumns(agences)).from(agences).where(eq(agences.id, id));
  return row;
}

/**
 * Takes the closing's lock of an agency's day (migration 0024 caisse_verrou_cloture: an advisory lock, exclusive, until
 * the transaction ends). The payments, refunds, cancellations and operations of that day being written hold it shared
 * (their guard, caisse_ouverte): the closing waits for them to commit, so the expected amounts it computes next count
 * them; one starting meanwhile waits for the closing, then is refused by the guard (CL004).
 */
export async function verrouillerJourCaisse(tx: Tx, agenceID: string, jour: string): Promise<void> {
  await tx.execute(sql`SELECT caisse_verrou_cloture(${agenceID}::uuid, ${jour}::date)`);
}

/** The modes of payment among `ids` that exist. */
export async function existingModes(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(inArray(modesPaiement.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The open closing (not reopened) of an agency's day, its id; undefined when the day is open. */
export async function openClotureOf(db: Db | Tx, agenceID: string, jour: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: caisseClotures.id })
    .from(caisseClotures)
    .where(and(eq(caisseClotures.agenceID, agenceID), eq(caisseClotures.jour, jour), isNull(caisseClotures.rouverteAt)));
  return row?.id;
}

const auteur = alias(users, 'caisse_auteur');
const rouvreur = alias(users, 'caisse_rouvreur');

/**
 * The differences of a closing per currency, [{devise, ecart}] by currency (ecart: numeric text, formatted by
 * mapCloture), in SQL beside each row.
 */
const ecartsParDevise = sql<{ devise: string; ecart: string }[]>`(
  SELECT coalesce(json_agg(json_build_object('devise', x.devise, 'ecart', x.ecart::text) ORDER BY x.devise), '[]'::json)
    FROM (SELECT ${caisseComptes.devise} AS devise, sum(${caisseComptes.ecart}) AS ecart FROM ${caisseComptes}
           WHERE ${caisseComptes.clotureID} = ${caisseClotures.id} GROUP BY ${caisseComptes.devise}) x)`;

/**
 * Closings with their agency, author, reopening, differences per currency, and the conversion differences of the day as
 * the closing found them.
 */
export const selectClotures = (db: Db | Tx) =>
  db
    .select({
      id: caisseClotures.id,
      jour: caisseClotures.jour,
      commentaire: caisseClotures.commentaire,
      createdAt: caisseClotures.createdAt,
      agenceID: codeLibelleColumns(agences),
      auteur: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
      rouverte: sql<boolean>`(${caisseClotures.rouverteAt} IS NOT NULL)`,
      rouverteAt: caisseClotures.rouverteAt,
      rouvertePar: { id: rouvreur.id, nom: rouvreur.nom, prenoms: rouvreur.prenoms },
      motifReouverture: caisseClotures.motifReouverture,
      ecarts: ecartsParDevise,
      ecartsConversion: caisseClotures.ecartsConversion,
    })
    .from(caisseClotures)
    .innerJoin(agences, eq(caisseClotures.agenceID, agences.id))
    .innerJoin(auteur, eq(caisseClotures.auteurID, auteur.id))
    .leftJoin(rouvreur, eq(caisseClotures.rouverteParID, rouvreur.id))
    .$dynamic();

/** A closing row as answered: no reopener object when not reopened, the differences in their currency's text. */
function mapCloture(row: AnyRow): AnyRow {
  const par = row.rouvertePar as { id: string | null } | null;
  const ecarts = (row.ecarts as { devise: string; ecart: string }[] | null) ?? [];
  return {
    ...row,
    rouvertePar: par && par.id ? par : null,
    ecarts: ecarts.map((e) => ({ devise: e.devise, ecart: montantTexte(e.ecart, e.devise) })),
  };
}

/** The filters of the list on days: `du` and `au`, 'yyyy-MM-dd' (checked by the route's query schema). */
function joursCondition(filters: Record<string, string>): SQL | undefined {
  return and(
    filters.du ? gte(caisseClotures.jour, filters.du) : undefined,
    filters.au ? sql`${caisseClotures.jour} <= ${filters.au}` : undefined,
  );
}

/**
 * The closings' list of a user (GET caisse/liste): paged, sorted (`jour`, `createdAt`, `agence`; default the newest
 * closing first), filtered (`agenceID`, `du`, `au`, `rouverte`), within caisseScope. A reopened closing stays listed.
 */
export const caisseList = (user: CurrentUser): ListDef<typeof selectClotures> => ({
  table: caisseClotures,
  select: selectClotures,
  scope: caisseScope(user),
  mapRow: mapCloture,
  searchColumns: [agences.libelle, agences.code, auteur.nom, auteur.prenoms, caisseClotures.commentaire],
  sortColumns: { jour: caisseClotures.jour, createdAt: caisseClotures.createdAt, agence: agences.libelle },
  filters: { agenceID: { column: caisseClotures.agenceID, type: 'uuid' } },
  filterHook: (filters) =>
    and(
      joursCondition(filters),
      filters.rouverte === 'true' ? sql`${caisseClotures.rouverteAt} IS NOT NULL` : undefined,
      filters.rouverte === 'false' ? isNull(caisseClotures.rouverteAt) : undefined,
    ),
});

/** One closing (any agency, the caller has checked the user's scope: access/locks.ts lockCloture) as answered. */
export async function clotureById(db: Db | Tx, id: string) {
  const [row] = await selectClotures(db).where(eq(caisseClotures.id, id)).limit(1);
  return mapCloture(row) as typeof row;
}

/** A counted line as answered. */
export interface CompteLigne extends LigneAttendue {
  id: string;
  compte: string;
  ecart: string;
}

/** The counted lines of a closing: the payment modes by label, then the operations' lines, each by currency. */
export async function comptesOf(db: Db | Tx, clotureID: string): Promise<CompteLigne[]> {
  const rows = await db
    .select({
      id: caisseComptes.id,
      modeID: modesPaiement.id,
      modeCode: modesPaiement.code,
      modeLibelle: modesPaiement.libelle,
      devise: caisseComptes.devise,
      attendu: caisseComptes.attendu,
      compte: caisseComptes.compte,
      ecart: caisseComptes.ecart,
    })
    .from(caisseComptes)
    .leftJoin(modesPaiement, eq(caisseComptes.modePaiementID, modesPaiement.id))
    .where(eq(caisseComptes.clotureID, clotureID))
    .orderBy(
      sql`${caisseComptes.modePaiementID} IS NULL`,
      frenchKey(sql`coalesce(${modesPaiement.libelle}, '')`),
      asc(caisseComptes.devise),
    );
  return rows.map((r) => ({
    id: r.id,
    modePaiementID: r.modeID,
    modePaiement: r.modeID ? { id: r.modeID, code: r.modeCode!, libelle: r.modeLibelle! } : null,
    libelle: r.modeLibelle ?? CAISSE_MESSAGES.operations,
    devise: r.devise,
    attendu: montantTexte(r.attendu, r.devise),
    compte: montantTexte(r.compte, r.devise),
    ecart: montantTexte(r.ecart, r.devise),
  }));
}
