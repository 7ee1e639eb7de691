/**
 * Cash operations as the API answers them (spec 001 §3 Operation; route operation): motif, user and agency populated
 * one level, the date as the calendar day in the business time zone, the amount in the operation's currency
 * (`devise`); the dashboard list with its period filter, and the sums of the cards and the top 5 computed in SQL, in
 * euros, over exactly the rows of the list (the same where clause). The agency scope is in access/scopes.ts.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../common/dates';
import { DEVISE_COMPTABLE } from '../../common/devises';
import { DEFAULT_OPERATION_PERIOD, isOperationPeriod, operationPeriodStart, parseOperationType } from '../../common/operationRules';
import { operationScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { dayStart } from '../db/sqlDates';
import { agences, operations, tauxChange, typesOperation, typeUsers, users } from '../db/schema';
import { frenchKey, listWhere, type ListDef } from '../http/list';
import { parseListQuery } from '../http/listQuery';

/** The calendar day of an operation in the business time zone, 'yyyy-MM-dd'. */
export const operationDay = sql<string>`to_char(${operations.date} AT TIME ZONE ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

/** Operations with motif, user and agency populated. */
export const selectOperations = (db: Db | Tx) =>
  db
    .select({
      id: operations.id,
      date: operationDay,
      montant: operations.montant,
      devise: operations.devise,
      type: operations.type,
      description: operations.description,
      isActive: operations.isActive,
      motif: codeLibelleColumns(typesOperation),
      userID: { id: users.id, nom: users.nom, prenoms: users.prenoms },
      agenceID: { id: agences.id, libelle: agences.libelle },
      createdAt: operations.createdAt,
      updatedAt: operations.updatedAt,
    })
    .from(operations)
    .innerJoin(typesOperation, eq(operations.motif, typesOperation.id))
    .innerJoin(users, eq(operations.userID, users.id))
    .leftJoin(agences, eq(operations.agenceID, agences.id))
    .$dynamic();

/** The agency reference is null (not `{id: null, …}`) when the operation has none. */
const mapOperation = (row: Record<string, unknown>) => {
  const agence = row.agenceID as { id: string | null } | null;
  return agence && agence.id === null ? { ...row, agenceID: null } : row;
};

/**
 * The period filter (`periode=semaine|mois|annee`, spec 001 §4): operations dated from the first day of the period in
 * the business time zone; Année (the default, and any unknown value) every operation.
 */
function periodCondition(filters: Record<string, string>): SQL | undefined {
  const period = isOperationPeriod(filters.periode) ? filters.periode : DEFAULT_OPERATION_PERIOD;
  const start = operationPeriodStart(period);
  return start ? sql`${operations.date} >= ${dayStart(start)}` : undefined;
}

/** The `type` filter, read as the body reads it ('entrée', 'entree', 'ENTREE'…); an unknown type matches nothing. */
function typeCondition(filters: Record<string, string>): SQL | undefined {
  if (filters.type === undefined) return undefined;
  const type = parseOperationType(filters.type);
  return type ? eq(operations.type, type) : sql`false`;
}

/**
 * The dashboard list of a user (route operation): paged, sorted (`date`, `montant`, `type`, `motif`, `userID`,
 * `isActive`, `devise`, `createdAt`), searched (`q`: description, motif code and label, user's name) and filtered
 * (`periode`, `agenceID`, `type`, `motif`, `userID`, `isActive`, `devise`) on the server, within operationScope.
 */
export const operationList = (user: CurrentUser): ListDef<typeof selectOperations> => ({
  table: operations,
  select: selectOperations,
  scope: operationScope(user),
  mapRow: mapOperation,
  searchColumns: [operations.description, typesOperation.code, typesOperation.libelle, users.nom, users.prenoms],
  sortColumns: {
    date: operations.date,
    montant: operations.montant,
    type: operations.type,
    motif: typesOperation.code,
    userID: users.nom,
    isActive: operations.isActive,
    devise: operations.devise,
    createdAt: operations.createdAt,
  },
  filters: {
    isActive: { column: operations.isActive, type: 'boolean' },
    devise: { column: operations.devise, type: 'text' },
    agenceID: { column: operations.agenceID, type: 'uuid' },
    motif: { column: operations.motif, type: 'uuid' },
    userID: { column: operations.userID, type: 'uuid' },
  },
  filterHook: (filters) => and(periodCondition(filters), typeCondition(filters)),
});

/** A line of a top 5: the operation type and the sum of its operations (euros, numeric text). */
interface TopLine {
  motif: { id: string; code: string; libelle: string };
  montant: string;
}

/** The figures of the dashboard over the rows of a list call, in euros. */
export interface OperationSummary {
  totalRevenue: string;
  totalExpenses: string;
  topRevenueSources: TopLine[];
  topExpenseCategories: TopLine[];
  byAgence: { id: string | null; agenceLibelle: string; datas: { totalRevenue: string; totalExpenses: string } }[];
  /** Active rows of the filter in a currency without a rate on their day: left out of the sums (never counted 1:1). */
  horsTaux: number;
}

/**
 * The exchange rates as ranges of days: a currency's rate (units for 1 €) is in force from its `du` until the day
 * before the next rate of that currency (`au`; NULL while none follows), as server/tauxChange/rates.ts tauxEnVigueur
 * reads them. A few rows, joined to the operations once each.
 */
const tauxPlages = (db: Db) =>
  db.$with('taux_plages').as(
    db
      .select({
        devise: tauxChange.devise,
        taux: tauxChange.taux,
        du: tauxChange.dateDebut,
        au: sql<string | null>`lead(${tauxChange.dateDebut}) OVER (PARTITION BY ${tauxChange.devise} ORDER BY ${tauxChange.dateDebut})`.as(
          'au',
        ),
      })
      .from(tauxChange),
  );

/**
 * The active rows of a list call, each with its amount in euros (docs/decisions/currencies.md: totals across currencies
 * are converted to euros, each amount at its own day's rate): itself in euros, else amount ÷ the rate in force on its
 * day (Europe/Paris; one range of tauxPlages joined per row) rounded once to the cent, half away from zero (PostgreSQL
 * round on numeric); `euros` is NULL without a rate. What operationSummary adds up: type, motif, agency and `euros`.
 */
const lignesEnEuros = (db: Db, where: SQL | undefined) => {
  const plages = tauxPlages(db);
  const jour = sql`(${operationDay})::date`;
  return db
    .with(plages)
    .select({
      type: operations.type,
      motifID: sql<string>`${typesOperation.id}`.as('motif_id'),
      motifCode: sql<string>`${typesOperation.code}`.as('motif_code'),
      motifLibelle: sql<string>`${typesOperation.libelle}`.as('motif_libelle'),
      agenceID: operations.agenceID,
      euros: sql<string | null>`(CASE WHEN ${operations.devise} = ${DEVISE_COMPTABLE} THEN ${operations.montant}
        ELSE round(${operations.montant} / ${plages.taux}, 2) END)`.as('euros'),
    })
    .from(operations)
    .innerJoin(typesOperation, eq(operations.motif, typesOperation.id))
    .innerJoin(users, eq(operations.userID, users.id))
    .leftJoin(
      plages,
      and(eq(plages.devise, operations.devise), sql`${plages.du} <= ${jour}`, sql`(${plages.au} IS NULL OR ${plages.au} > ${jour})`),
    )
    .where(and(where, eq(operations.isActive, true)))
    .as('o');
};

/** The sums of operationSummary over the rows of lignesEnEuros (euros, numeric text; rows without a rate left out). */
function sommes(o: ReturnType<typeof lignesEnEuros>) {
  const sumEuros = (type: 'entrée' | 'sortie') =>
    sql<string>`coalesce(sum(${o.euros}) FILTER (WHERE ${o.type} = ${type}), 0)::numeric(14,2)::text`;
  return {
    revenue: sumEuros('entrée'),
    expenses: sumEuros('sortie'),
    /** Rows without a rate on their day (their euro amount is NULL). */
    horsTaux: sql<number>`(count(*) FILTER (WHERE ${o.euros} IS NULL))::int`,
  };
}

/**
 * The cards, the top 5 and the per-agency totals of a list call (spec 001 §2, §4 "Revenue is the sum of 'entrée'
 * amounts and expenses the sum of 'sortie' amounts in the filtered history"; cards in euros): exact numeric sums in SQL
 * over the rows the list call selects (same scope, period, agency, search and filters, all pages), active operations
 * only — an inactive one stays in the table but counts nowhere. Each amount counts in euros at its day's rate,
 * converted once per row (lignesEnEuros); a row whose currency has no rate that day counts nowhere and is told in
 * `horsTaux`. `byAgence` (a role that sees every agency; empty otherwise): one line per agency having operations in
 * those rows, 'Sans agence' for those recorded without one.
 */
export async function operationSummary(db: Db, user: CurrentUser, rawQuery: Record<string, unknown>): Promise<OperationSummary> {
  const def = operationList(user);
  const o = lignesEnEuros(db, listWhere(db, def, parseListQuery(rawQuery)));
  const { revenue, expenses, horsTaux } = sommes(o);
  const [totals] = await db.select({ totalRevenue: revenue, totalExpenses: expenses, horsTaux }).from(o);
  const top = async (type: 'entrée' | 'sortie'): Promise<TopLine[]> => {
    const sum = sql<string>`coalesce(sum(${o.euros}), 0)`;
    const rows = await db
      .select({ id: o.motifID, code: o.motifCode, libelle: o.motifLibelle, montant: sql<string>`${sum}::numeric(14,2)::text` })
      .from(o)
      .where(eq(o.type, type))
      .groupBy(o.motifID, o.motifCode, o.motifLibelle)
      .orderBy(desc(sum), frenchKey(sql`${o.motifCode}`))
      .limit(5);
    return rows.map(({ montant, ...motif }) => ({ motif, montant }));
  };
  const byAgence = user.allAgences
    ? (
        await db
          .select({ id: agences.id, libelle: agences.libelle, totalRevenue: revenue, totalExpenses: expenses })
          .from(o)
          .leftJoin(agences, eq(o.agenceID, agences.id))
          .groupBy(agences.id, agences.libelle)
          .orderBy(sql`${agences.libelle} NULLS LAST`)
      ).map((r) => ({
        id: r.id,
        agenceLibelle: r.libelle ?? 'Sans agence',
        datas: { totalRevenue: r.totalRevenue, totalExpenses: r.totalExpenses },
      }))
    : [];
  return {
    totalRevenue: totals?.totalRevenue ?? '0.00',
    totalExpenses: totals?.totalExpenses ?? '0.00',
    topRevenueSources: await top('entrée'),
    topExpenseCategories: await top('sortie'),
    byAgence,
    horsTaux: totals?.horsTaux ?? 0,
  };
}

/** One operation (not cancelled) and whether the user's scope covers it; undefined when there is none. */
export async function findOperation(db: Db | Tx, id: string, user: CurrentUser) {
  const def = operationList(user);
  const [row] = await selectOperations(db)
    .where(and(eq(operations.id, id), sql`${operations.deletedAt} IS NULL`))
    .limit(1);
  if (!row) return undefined;
  const [visible] = await db
    .select({ id: operations.id })
    .from(operations)
    .where(and(eq(operations.id, id), def.scope));
  return { row: mapOperation(row) as typeof row, visible: !!visible };
}

/** A staff member (a user of type ADMIN) by id, with its agency and whether it is active; undefined when none. */
export async function findStaff(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: users.id, isActive: users.isActive, agenceID: users.agenceID, typeCode: typeUsers.code })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(eq(users.id, id));
  return row;
}

/** An operation type by id; undefined when none. */
export async function findTypeOperation(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: typesOperation.id, isActive: typesOperation.isActive })
    .from(typesOperation)
    .where(eq(typesOperation.id, id));
  return row;
}
