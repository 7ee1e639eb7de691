/**
 * Stock inventories as the API answers them (spec 001 §2 'Etats de stocks', §3 Inventory, §7 inventaire/liste;
 * docs/api-contract.md "Inventories"): the statements list (author and agency populated, found and expected parcel
 * ids aggregated), one statement's parcels and unknown references, the parcels an agency should hold now (the expected
 * list) and the look-up of scanned references. Two agency scopes (access/scopes.ts): inventaireScope decides which
 * statements a user reads; the parcels' scope (colisScope, colisAgenceScope) decides which parcels a user may scan
 * into a statement and which parcels of a statement it reads.
 */
import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { INVENTAIRE_ATTENDU_DESTINATION, INVENTAIRE_ATTENDU_ORIGINE, normalizeReference } from '../../common/inventaireRules';
import { colisAgenceScope, colisScope, inventaireScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { outer } from '../db/outerColumn';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, colis, inventaireColis, inventaireInconnues, inventaires, statuts, users } from '../db/schema';
import type { ListDef } from '../http/list';
import type { StatutIdOf } from '../statut/query';

const auteur = alias(users, 'inventaire_auteur');
const destinataire = alias(users, 'inventaire_destinataire');

/** An agency as an inventory needs it: its city and country decide which arrived parcels it holds. */
export interface AgenceInventoriee {
  id: string;
  code: string;
  libelle: string;
  villeID: string;
  paysID: string;
}

/** An agency by id, or undefined. */
export async function findAgence(db: Db | Tx, agenceId: string): Promise<AgenceInventoriee | undefined> {
  const [row] = await db
    .select({ ...codeLibelleColumns(agences), villeID: agences.villeID, paysID: agences.paysID })
    .from(agences)
    .where(eq(agences.id, agenceId));
  return row;
}

/**
 * The parcels an agency should hold on its shelves now (docs/api-contract.md "Inventories", common/inventaireRules.ts):
 * not deleted, and either registered by the agency and not yet shipped (EN_ATTENTE, RECEPTIONNE), or arrived in the
 * agency's city (destination city = the agency's city, status EXPEDIE) and not yet handed over.
 */
function attendusCondition(agence: AgenceInventoriee, idOf: StatutIdOf): SQL {
  return and(
    isNull(colis.deletedAt),
    or(
      and(
        eq(colis.agenceID, agence.id),
        inArray(
          colis.statutID,
          INVENTAIRE_ATTENDU_ORIGINE.map((c) => idOf(c)),
        ),
      ),
      and(eq(colis.villeID, agence.villeID), eq(colis.statutID, idOf(INVENTAIRE_ATTENDU_DESTINATION))),
    ),
  )!;
}

/**
 * The fields of a parcel shown by the inventory screens (spec 001 §2 Inventory detail: reference, date added, content,
 * weight, amount, recipient name, phone); the amount in the parcel's currency `devise` (docs/decisions/currencies.md).
 */
const colisFields = {
  id: colis.id,
  reference: colis.reference,
  createdAt: colis.createdAt,
  detailsContenu: colis.detailsContenu,
  contenu: colis.contenu,
  poids: colis.poids,
  unite: colis.unite,
  montantTotal: colis.montantTotal,
  devise: colis.devise,
  nomDestinataire: colis.nomDestinataire,
  prenomsDestinataire: colis.prenomsDestinataire,
  telephoneDestinataire: colis.telephoneDestinataire,
  destinataireID: {
    id: destinataire.id,
    nom: destinataire.nom,
    prenoms: destinataire.prenoms,
    telephoneComplet: destinataire.telephoneComplet,
  },
  statutID: codeLibelleColumns(statuts),
};

/** Parcels with their status and recipient populated. */
const selectColis = (db: Db | Tx) =>
  db
    .select(colisFields)
    .from(colis)
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .leftJoin(destinataire, eq(colis.destinataireID, destinataire.id))
    .$dynamic();

/**
 * The parcels an agency should hold now (attendusCondition) that `user` may see (colisScope: every one for a role
 * that sees every agency), by reference.
 */
export const selectAttendus = (db: Db | Tx, agence: AgenceInventoriee, idOf: StatutIdOf, user: CurrentUser) =>
  selectColis(db)
    .where(and(attendusCondition(agence, idOf), colisScope(user)))
    .orderBy(colis.reference);

/**
 * Lets the event loop turn between the statements of a large statement of inventory (5 000 references: a dozen
 * statements of 1 000 rows). On the embedded database each statement runs on the event loop itself; without a turn
 * between them, one inventory held it for seconds and load shedding answered 503 to every user
 * (docs/decisions/usage-limits.md, bench/abuse.ts).
 */
export const breathe = () => setImmediate();

/**
 * Parcels `user` may see (colisScope: not deleted, within its agency scope) whose reference matches one of
 * `references` once normalised (normalizeReference): the exact texts and their upper-case forms are looked up through
 * the unique index of the reference. A parcel outside the scope is left out exactly like a reference of no parcel.
 * @returns a map from normalised reference to the parcel's id, reference and status code
 */
export async function findColisByReferences(
  db: Db | Tx,
  references: readonly string[],
  user: CurrentUser,
): Promise<Map<string, { id: string; reference: string; statut: string }>> {
  const wanted = [...new Set(references.flatMap((r) => [r.trim(), normalizeReference(r)]).filter(Boolean))];
  const found = new Map<string, { id: string; reference: string; statut: string }>();
  for (let i = 0; i < wanted.length; i += 1000) {
    if (i > 0) await breathe();
    const rows = await db
      .select({ id: colis.id, reference: colis.reference, statut: statuts.code })
      .from(colis)
      .innerJoin(statuts, eq(colis.statutID, statuts.id))
      .where(and(inArray(colis.reference, wanted.slice(i, i + 1000)), colisScope(user)));
    for (const row of rows) found.set(normalizeReference(row.reference), row);
  }
  return found;
}

/**
 * Which of these scanned references (normalised) are parcels, not deleted, of another agency of `agence`'s country: an
 * inventory names them 'hors de votre agence' rather than unknown (docs/decisions/inventory-other-agency.md), with the
 * agency's name when it is active (what agence/getAgenceByPaysID lists to every signed-in user), else null. Nothing
 * else of the parcel is read: no id, status or party.
 * @returns reference → the agency's name (or null)
 */
export async function horsAgenceAmong(
  db: Db | Tx,
  references: readonly string[],
  agence: Pick<AgenceInventoriee, 'id' | 'paysID'>,
): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (let i = 0; i < references.length; i += 1000) {
    if (i > 0) await breathe();
    const rows = await db
      .select({ reference: colis.reference, libelle: agences.libelle, isActive: agences.isActive })
      .from(colis)
      .innerJoin(agences, eq(colis.agenceID, agences.id))
      .where(
        and(
          inArray(colis.reference, references.slice(i, i + 1000)),
          isNull(colis.deletedAt),
          eq(agences.paysID, agence.paysID),
          ne(agences.id, agence.id),
        ),
      );
    for (const row of rows) found.set(normalizeReference(row.reference), row.isActive ? row.libelle : null);
  }
  return found;
}

/** Which of these parcel ids an agency should hold now (attendusCondition). */
export async function attendusAmong(
  db: Db | Tx,
  ids: readonly string[],
  agence: AgenceInventoriee,
  idOf: StatutIdOf,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: colis.id })
    .from(colis)
    .where(and(inArray(colis.id, [...ids]), attendusCondition(agence, idOf)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The condition on `colis` (joined unaliased) of the parcels of a statement a reader sees: those of its agency scope
 * (colisAgenceScope, every one for a role that sees every agency; parcels deleted since the statement included, it is a
 * record of what was on the shelf), in the status `statutId` when given. Undefined when every row is kept.
 */
const colisLu = (reader: CurrentUser, statutId: string | undefined): SQL | undefined =>
  and(colisAgenceScope(reader), statutId ? eq(colis.statutID, statutId) : undefined);

/** `inventaire_colis` rows of the statement in the outer query (`what` on alias `ic`), narrowed by colisLu. */
const rowsOf = (what: SQL, lu: SQL | undefined) =>
  sql`coalesce((SELECT array_agg(ic.colis_id ORDER BY ic.colis_id) FROM ${inventaireColis} ic
      ${lu ? sql`JOIN ${colis} ON ${colis.id} = ic.colis_id AND ${lu}` : sql``}
      WHERE ic.inventaire_id = ${outer(inventaires.id)} AND ${what}), '{}')`;

/**
 * The statements list (GET inventaire/liste) as `reader` reads it: date, author `{nom, prenom, prenoms}`, agency, and
 * the ids of the parcels found (`colisId`), expected (`colisAttendus`) and expected but not found (`colisNonTrouve`),
 * only those of the reader's agency scope (colisLu). With `statutId` (the list's status filter) the three lists keep
 * the parcels currently in that status.
 */
export const selectInventaires = (reader: CurrentUser, statutId: string | undefined) => (db: Db | Tx) =>
  db
    .select({
      id: inventaires.id,
      dateInventaire: inventaires.dateInventaire,
      createdAt: inventaires.createdAt,
      auteur: { id: auteur.id, nom: auteur.nom, prenom: auteur.prenoms, prenoms: auteur.prenoms },
      agenceID: codeLibelleColumns(agences),
      colisId: sql<string[]>`${rowsOf(sql`ic.trouve`, colisLu(reader, statutId))}`,
      colisAttendus: sql<string[]>`${rowsOf(sql`ic.attendu`, colisLu(reader, statutId))}`,
      colisNonTrouve: sql<string[]>`${rowsOf(sql`ic.attendu AND NOT ic.trouve`, colisLu(reader, statutId))}`,
    })
    .from(inventaires)
    .innerJoin(auteur, eq(inventaires.auteurID, auteur.id))
    .leftJoin(agences, eq(inventaires.agenceID, agences.id))
    .$dynamic();

/** Statements holding a parcel currently in this status that the reader sees (the list's status filter). */
const holdsStatut = (reader: CurrentUser, statutId: string) =>
  sql`EXISTS (SELECT 1 FROM ${inventaireColis} ic JOIN ${colis} ON ${colis.id} = ic.colis_id
      WHERE ic.inventaire_id = ${outer(inventaires.id)} AND ${colisLu(reader, statutId)})`;

/**
 * The statements list of a user (inventaireScope), each with the parcels of its agency scope only, narrowed to the
 * parcels of a status when `statutId` is given (and to the statements holding one).
 */
export const inventaireList = (user: CurrentUser, statutId: string | undefined): ListDef<ReturnType<typeof selectInventaires>> => ({
  table: inventaires,
  select: selectInventaires(user, statutId),
  // Counting needs the joins the search reads, not the aggregated parcel lists.
  countFrom: (db, extra) =>
    db
      .select({ id: inventaires.id, ...extra })
      .from(inventaires)
      .innerJoin(auteur, eq(inventaires.auteurID, auteur.id))
      .leftJoin(agences, eq(inventaires.agenceID, agences.id))
      .$dynamic(),
  scope: and(inventaireScope(user), statutId ? holdsStatut(user, statutId) : undefined),
  searchColumns: [auteur.nom, auteur.prenoms, agences.libelle],
  sortColumns: {
    dateInventaire: inventaires.dateInventaire,
    createdAt: inventaires.createdAt,
    auteur: auteur.nom,
    agenceID: agences.libelle,
  },
  filters: {
    agenceID: { column: inventaires.agenceID, type: 'uuid' },
    auteurID: { column: inventaires.auteurID, type: 'uuid' },
  },
});

/**
 * One statement's header (list row shape, parcel ids within the reader's agency scope), whatever the statements'
 * scope; undefined when it does not exist.
 */
export async function findInventaire(db: Db | Tx, id: string, reader: CurrentUser) {
  const [row] = await selectInventaires(reader, undefined)(db).where(eq(inventaires.id, id));
  return row;
}

/** Whether a statement is within the user's scope. */
export async function inventaireInScope(db: Db, id: string, user: CurrentUser): Promise<boolean> {
  const [row] = await db
    .select({ id: inventaires.id })
    .from(inventaires)
    .where(and(eq(inventaires.id, id), inventaireScope(user)));
  return !!row;
}

/**
 * The parcels of a statement that `reader` may see (colisLu: its agency scope, deleted parcels included) with their
 * flags `attendu` and `trouve`, by reference.
 */
export const colisOfInventaire = (db: Db | Tx, id: string, reader: CurrentUser) =>
  db
    .select({ ...colisFields, attendu: inventaireColis.attendu, trouve: inventaireColis.trouve })
    .from(inventaireColis)
    .innerJoin(colis, eq(inventaireColis.colisID, colis.id))
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .leftJoin(destinataire, eq(colis.destinataireID, destinataire.id))
    .where(and(eq(inventaireColis.inventaireID, id), colisLu(reader, undefined)))
    .orderBy(colis.reference);

/**
 * The unknown references stored with a statement (typed texts, normalised), sorted by code point as
 * inventaire/create answers them (whatever the database's collation).
 */
export async function inconnuesOfInventaire(db: Db | Tx, id: string): Promise<string[]> {
  const rows = await db
    .select({ reference: inventaireInconnues.reference })
    .from(inventaireInconnues)
    .where(eq(inventaireInconnues.inventaireID, id));
  return rows.map((r) => r.reference).sort();
}
