/**
 * Exchange rates as the 'Taux de change' screen lists them (key tauxChange; docs/decisions/currencies.md): currency,
 * rate for 1 € (exact decimal text), first day, whether it is fixed by law, who entered it and when. Rates are the
 * same for every agency: no agency scope.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { tauxChange, users } from '../db/schema';
import type { AnyRow, ListDef } from '../http/list';

/** Rates with their author (nom, prénoms) populated; null for the rates the migration seeded. */
export const selectTaux = (db: Db | Tx) =>
  db
    .select({
      id: tauxChange.id,
      devise: tauxChange.devise,
      taux: tauxChange.taux,
      dateDebut: tauxChange.dateDebut,
      fixe: tauxChange.fixe,
      auteur: { id: users.id, nom: users.nom, prenoms: users.prenoms },
      createdAt: tauxChange.createdAt,
    })
    .from(tauxChange)
    .leftJoin(users, eq(tauxChange.auteurID, users.id))
    .$dynamic();

/** The rate as decimal text without trailing zeros ('655.957000' → '655.957'). */
const plainTaux = (taux: string) => (taux.includes('.') ? taux.replace(/\.?0+$/, '') : taux);

/** A rate as selectTaux reads it. */
type TauxRow = Awaited<ReturnType<typeof selectTaux>>[number];

/** A rate as answered: its author, when it has one, and its rate without trailing zeros. */
export type TauxRecord = Omit<TauxRow, 'auteur'> & { auteur: { id: string; nom: string; prenoms: string } | null };

/** A selected row as answered: the author null (not `{id: null, …}`) when there is none, the rate without trailing zeros. */
function toRecord(row: TauxRow): TauxRecord {
  const { auteur, ...rest } = row;
  return { ...rest, taux: plainTaux(row.taux), auteur: auteur && auteur.id !== null ? (auteur as TauxRecord['auteur']) : null };
}

/** mapRow of the list: toRecord on a row of the list's select. */
const mapTaux = (row: AnyRow): AnyRow => toRecord(row as TauxRow);

/**
 * The list of tauxChange/liste: newest first (createdAt, or `_sort` dateDebut | devise | taux | createdAt), filtered by
 * `devise` (and `fixe`), searched (`q`) on the currency code. Small table: the plain path of runList.
 */
export const tauxChangeList: ListDef<typeof selectTaux> = {
  table: tauxChange,
  select: selectTaux,
  mapRow: mapTaux,
  searchColumns: [tauxChange.devise],
  sortColumns: {
    createdAt: tauxChange.createdAt,
    dateDebut: tauxChange.dateDebut,
    devise: tauxChange.devise,
    taux: tauxChange.taux,
  },
  filters: {
    devise: { column: tauxChange.devise, type: 'text' },
    fixe: { column: tauxChange.fixe, type: 'boolean' },
  },
};

/** One rate as the list answers it, or undefined. */
export async function findTaux(db: Db | Tx, id: string): Promise<TauxRecord | undefined> {
  const [row] = await selectTaux(db).where(eq(tauxChange.id, id));
  return row ? toRecord(row) : undefined;
}
