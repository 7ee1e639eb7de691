/**
 * Payments (encaissements) as the API answers them: mode, author, agency and parcel populated; the collections list,
 * and the reads of the payment calls. The agency scopes are in access/scopes.ts.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { colisScope, listDaysScope, encaissementScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { agences, colis, encaissements, modesPaiement, users } from '../db/schema';
import { UNPAGED_LIMIT, type ListDef, type WindowTotal } from '../http/list';
import { encaissementListTotal } from '../access/listTotals';

const auteur = alias(users, 'encaisseur');

/**
 * What a payment's refunds not cancelled gave back, as a positive decimal text ('0' for none, and for a refund): read
 * per row of a page through the partial index encaissements_rembourse_idx (migration 0022).
 */
const montantRembourseSql = sql<string>`(-coalesce((SELECT sum(r.montant_encaisse) FROM encaissements r
  WHERE r.rembourse_id = ${encaissements.id} AND r.deleted_at IS NULL), 0))::text`;

/**
 * Payments with mode, author and parcel populated. `devise`: the currency of the amounts (the parcel's,
 * docs/decisions/currencies.md); `montantTendu` and `deviseTendue`: what was handed over when tendered in another
 * currency, null otherwise; `tauxTendu` and `tauxColis`: the rates of that day
 * (units for 1 €), which the receipt prints (src/colis/receipt.ts); `ecartConversion`: the conversion difference a
 * settling amount booked (docs/decisions/currencies.md "The last minor units"). A refund (docs/decisions/refunds-and-cash.md) is a
 * row of negative amount with `rembourseID` (the payment it gives back) and `motif`; `montantRembourse` is what a
 * payment's refunds gave back.
 */
export const selectEncaissements = (db: Db | Tx) =>
  db
    .select({
      id: encaissements.id,
      createdAt: encaissements.createdAt,
      paymentby: encaissements.paymentby,
      montantEncaisse: encaissements.montantEncaisse,
      montantRestant: encaissements.montantRestant,
      devise: encaissements.devise,
      montantTendu: encaissements.montantTendu,
      deviseTendue: encaissements.deviseTendue,
      tauxTendu: encaissements.tauxTendu,
      tauxColis: encaissements.tauxColis,
      ecartConversion: encaissements.ecartConversion,
      rembourseID: encaissements.rembourseID,
      motif: encaissements.motif,
      montantRembourse: montantRembourseSql.as('montantRembourse'),
      isActive: encaissements.isActive,
      modePaiementID: { id: modesPaiement.id, libelle: modesPaiement.libelle },
      auteurID: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
      agenceID: { id: agences.id, libelle: agences.libelle },
      colisID: {
        id: colis.id,
        reference: colis.reference,
        montantTotal: colis.montantTotal,
        reglement: colis.reglement,
        resteAPayer: colis.resteAPayer,
        deletedAt: colis.deletedAt,
      },
    })
    .from(encaissements)
    .innerJoin(modesPaiement, eq(encaissements.modePaiementID, modesPaiement.id))
    .innerJoin(colis, eq(encaissements.colisID, colis.id))
    .leftJoin(auteur, eq(encaissements.auteurID, auteur.id))
    .leftJoin(agences, eq(encaissements.agenceID, agences.id))
    .$dynamic();

/**
 * Payments joined to their parcel, what the list's scope reads (encaissementScope: the parcel's agency and
 * departure). A left join (a payment always has its parcel: a not null foreign key, so the same rows): PostgreSQL drops
 * a left join to a primary key the where clause does not read, so an ADMIN's list counts and pages the payments alone.
 */
export const countEncaissements = (db: Db | Tx, extra?: WindowTotal) =>
  db
    .select({ id: encaissements.id, ...extra })
    .from(encaissements)
    .leftJoin(colis, eq(encaissements.colisID, colis.id))
    .$dynamic();

/**
 * The payment search of the list (`q`, a LIKE pattern): the parcel's reference, the payment mode's label or the name
 * of the author who collected it (case-insensitive "contains"). Written as colis/query.ts colisSearch is: a union of
 * index-friendly branches (the parcel's reference by its trigram index of migration 0001, then its payments by
 * encaissements_colis_idx; the few modes and staff whose label or name matches, then their payments) computed first,
 * then fetched by primary key, instead of an OR over the joined columns that walks every payment (seconds at
 * 666 667 payments, measured in bench/README.md; docs/decisions/list-queries.md).
 */
function encaissementSearch(pattern: string): SQL {
  return sql`${encaissements.id} = ANY(ARRAY(
    SELECT e.id FROM encaissements e JOIN colis c ON c.id = e.colis_id WHERE c.reference ILIKE ${pattern}
    UNION SELECT e.id FROM encaissements e JOIN modes_paiement m ON m.id = e.mode_paiement_id WHERE m.libelle ILIKE ${pattern}
    UNION SELECT e.id FROM encaissements e JOIN users u ON u.id = e.auteur_id WHERE u.nom ILIKE ${pattern}))`;
}

/**
 * The collections list of a user (encaissementScope), searched through encaissementSearch; a page's ids are taken on
 * the payments (covering index of migration 0011) joined to their parcel only when the scope reads it, its total from
 * the payment counters when they answer it (access/listTotals.ts encaissementListTotal), else counted.
 */
export const encaissementList = (user: CurrentUser): ListDef<typeof selectEncaissements> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: encaissements,
  select: selectEncaissements,
  scope: encaissementScope(user),
  countFrom: countEncaissements,
  pageKey: 'encaissements',
  jsonPage: true,
  fastTotal: (db, q) => encaissementListTotal(db, user, q),
  // The same rows as the scope, counted per day (deep pages sought by day, every user).
  seek: listDaysScope(user, 'encaissements'),
  search: encaissementSearch,
  sortColumns: {
    createdAt: encaissements.createdAt,
    montantEncaisse: encaissements.montantEncaisse,
    montantRestant: encaissements.montantRestant,
    modePaiementID: modesPaiement.libelle,
  },
  filters: {
    isActive: { column: encaissements.isActive, type: 'boolean' },
    agenceID: { column: encaissements.agenceID, type: 'uuid' },
    colisID: { column: encaissements.colisID, type: 'uuid' },
  },
});

/** A parcel's amounts and their currency, if the user may see the parcel. */
export async function findColisMontants(db: Db, colisId: string, user: CurrentUser) {
  const [row] = await db
    .select({
      id: colis.id,
      reference: colis.reference,
      montantTotal: colis.montantTotal,
      reglement: colis.reglement,
      resteAPayer: colis.resteAPayer,
      devise: colis.devise,
    })
    .from(colis)
    .where(and(eq(colis.id, colisId), colisScope(user)));
  return row;
}

/** The payments of a parcel not cancelled, oldest first. */
export const encaissementsOfColis = (db: Db, colisId: string) =>
  selectEncaissements(db)
    .where(and(eq(encaissements.colisID, colisId), isNull(encaissements.deletedAt)))
    .orderBy(asc(encaissements.createdAt));

/** Whether a payment exists within the user's scope. */
export async function encaissementInScope(db: Db, id: string, user: CurrentUser): Promise<boolean> {
  const [row] = await countEncaissements(db).where(and(eq(encaissements.id, id), encaissementScope(user)));
  return !!row;
}

/**
 * What a payment's refunds not cancelled gave back, in its currency: a positive decimal text, '0' for none (and for a
 * refund); the list's montantRembourseSql for one payment. Not that expression itself: selected from `encaissements`
 * alone, drizzle leaves its outer column unqualified, which the subquery then reads as its own (r.id).
 */
export async function montantRembourseOf(db: Db | Tx, paymentID: string): Promise<string> {
  const [row] = await db
    .select({ n: sql<string>`(-coalesce(sum(${encaissements.montantEncaisse}), 0))::text` })
    .from(encaissements)
    .where(and(eq(encaissements.rembourseID, paymentID), isNull(encaissements.deletedAt)));
  return row?.n ?? '0';
}

/**
 * The payments and refunds of a parcel as its history reads them (docs/decisions/payment-history.md): id, instant
 * (`createdAt`, the transaction's), author id, signed amount (numeric text, negative for a refund) in `devise`, whether it
 * is a refund and whether it was cancelled; oldest first. Cancelled rows included: their history entry stays.
 */
export const paiementsOfColis = (db: Db | Tx, colisId: string) =>
  db
    .select({
      id: encaissements.id,
      createdAt: encaissements.createdAt,
      auteurID: encaissements.auteurID,
      montantEncaisse: encaissements.montantEncaisse,
      devise: encaissements.devise,
      rembourseID: encaissements.rembourseID,
      deletedAt: encaissements.deletedAt,
    })
    .from(encaissements)
    .where(eq(encaissements.colisID, colisId))
    .orderBy(asc(encaissements.createdAt), asc(encaissements.id));
