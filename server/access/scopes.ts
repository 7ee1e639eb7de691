/**
 * Agency scopes of the server, beside the route table (spec 000 §6 "Role ADMIN … Other roles: own agency only",
 * 001 §6; docs/architecture.md §3 "scopes every read and write of a non-ADMIN role to its own agency"): every rule of who sees,
 * and who may change, which record of which agency. ADMIN and SUPERADMIN (CurrentUser.allAgences, from
 * common/scopes.ts seesAllAgences) see and change every record. The UI's twins are in common/scopes.ts.
 * A SQL scope is undefined when it lets every row through, `false` for a user without an agency.
 */
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { outer } from '../db/outerColumn';
import { caisseClotures, colis, demandesSuppression, encaissements, envois, inventaires, operations, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import type { SeekCounters } from '../db/fast/listSeek';
import { findUser } from '../auth/query';

// ---------------------------------------------------------------- parcels

/** Parcels not deleted (soft deletion, docs/architecture.md §4): every read of parcels goes through it. */
export const colisNotDeleted = isNull(colis.deletedAt);

/**
 * The agency rule of the parcels (docs/architecture.md §3) on a parcel's registering agency and departure, wherever they are
 * read: registered by the user's agency, or on a departure to its agency's country (handed over and paid for at
 * destination); undefined (every row) for a role that sees every agency, `false` for a user without an agency.
 * colisAgenceScope applies it to the parcels, encaissementCountersScope to the payment counters.
 */
function agenceOrDestination(user: CurrentUser, agence: SQL | PgColumn, envoi: SQL | PgColumn): SQL | undefined {
  if (user.allAgences) return undefined;
  if (!user.agenceID) return sql`false`;
  return user.agencePaysID
    ? sql`(${agence} = ${user.agenceID} OR ${envoi} IN (SELECT id FROM envois WHERE pays_id = ${user.agencePaysID}))`
    : sql`${agence} = ${user.agenceID}`;
}

/**
 * Agencies whose parcels a user may see and act on (docs/architecture.md §3): ADMIN every one; another role the parcels
 * registered by its agency, and those travelling to its agency's country (agenceOrDestination).
 * Deleted parcels included: the payments list shows the payments of deleted parcels.
 */
export function colisAgenceScope(user: CurrentUser): SQL | undefined {
  return agenceOrDestination(user, colis.agenceID, colis.envoiID);
}

/**
 * The twin of colisAgenceScope on the dashboard's counter rows (colis_stats aliased `cs`, migration 0003): registered
 * by the user's agency, or travelling to its agency's country; everything for a role that sees every agency; nothing
 * for a user without an agency. Used by the dashboard (colis/stats.ts) and the list totals (access/listTotals.ts).
 * SQL twin (server/db/fast/README.md): the keys migration 0003's colis_stats_trigger and colis_stats_envoi_trigger
 * write (the parcel's agency, its departure's country; deltas by 0012 colis_stats_add); tests/server/dashboard.test.ts
 * ("counters equal a recount", "list totals from the counters") holds them equal to colisAgenceScope's rows.
 */
export function countersScope(user: CurrentUser): SQL {
  if (user.allAgences) return sql`true`;
  if (!user.agenceID) return sql`false`;
  return user.agencePaysID
    ? sql`(cs.agence_id = ${user.agenceID} OR cs.pays_destination_id = ${user.agencePaysID})`
    : sql`cs.agence_id = ${user.agenceID}`;
}

/**
 * The rows-per-day counters of the parcels or payments list as a user sees it (db/fast/listSeek.ts, deep pages): every
 * row (list_jours) for a role that sees every agency; else its agency scope on list_jours_portee (countersScope: the
 * rows of its agency or travelling to its country), exactly the rows colisScope and encaissementScope let through.
 * SQL twin (server/db/fast/README.md): migrations 0014 list_jours_trigger / list_jours_update_trigger and 0017
 * list_jours_portee_colis(_update), list_jours_portee_encaissements(_update), list_jours_portee_envoi;
 * tests/server/listSeek.test.ts holds them equal (counters = a recount, deep pages = the OFFSET pages of this scope).
 */
export function listDaysScope(user: CurrentUser, liste: 'colis' | 'encaissements'): SeekCounters {
  return user.allAgences ? { liste } : { liste, portee: countersScope(user) };
}

/** Parcels a user may see and act on: not deleted, within its agency scope (colisAgenceScope). */
export function colisScope(user: CurrentUser): SQL | undefined {
  return and(colisNotDeleted, colisAgenceScope(user));
}

/**
 * Parcels a user may change (edit, delete, active toggle): ADMIN every one; another role only those its agency
 * registered. The destination agency reads, collects and hands over, but does not rewrite another's registration.
 * UI twin: common/scopes.ts isOwnColis.
 */
export function colisOwnerScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(colis.agenceID, user.agenceID) : sql`false`;
}

/**
 * Deletion requests of parcels a user may see and decide (docs/decisions/deletion-requests.md): those of the parcels
 * it may delete (colisOwnerScope on the request's parcel, deleted ones included: a decided request stays listed):
 * every one (undefined) for a role that sees every agency, else its agency's registrations. A condition on the
 * `demandes_suppression` table.
 */
export function demandeSuppressionScope(user: CurrentUser): SQL | undefined {
  const owner = colisOwnerScope(user);
  if (!owner) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${colis} WHERE ${colis.id} = ${outer(demandesSuppression.colisID)} AND ${owner})`;
}

/**
 * The agency a parcel is registered for (spec 000 §5, §6): a non-ADMIN role always uses its own; ADMIN chooses one
 * (`requested`, possibly absent: the caller then refuses or prices without an origin agency).
 */
export function colisAgenceFor(user: CurrentUser, requested: string | null | undefined): string | null | undefined {
  return user.allAgences ? requested : user.agenceID;
}

// ---------------------------------------------------------------- payments

/**
 * Payments a user may see in the collections list: not cancelled, of the parcels of its agency scope, deleted parcels
 * included (their money stays visible). The query joins the parcel.
 */
export function encaissementScope(user: CurrentUser): SQL | undefined {
  return and(isNull(encaissements.deletedAt), colisAgenceScope(user));
}

/**
 * encaissementScope on the payment counters (encaissements_stats aliased `es`, migration 0013: payments not cancelled,
 * counted by the payment's agency and the parcel's registering agency and departure): the parcels of the user's agency
 * scope (agenceOrDestination); `true` for a role that sees every agency, `false` for a user without an agency. Used by
 * the payments list's total (access/listTotals.ts encaissementListTotal).
 * SQL twin (server/db/fast/README.md): migration 0013 encaissements_stats_trigger and encaissements_stats_colis_trigger;
 * tests/server/encaissementsList.test.ts ("totals from the payment counters") holds them equal to a recount.
 */
export function encaissementCountersScope(user: CurrentUser): SQL {
  return agenceOrDestination(user, sql`es.colis_agence_id`, sql`es.envoi_id`) ?? sql`true`;
}

/**
 * Whether a user may delete a payment (the amount goes back to the parcel): only a role that sees every agency.
 * UI twin: common/scopes.ts userMayDeleteEncaissement.
 */
export function mayDeleteEncaissement(user: CurrentUser): boolean {
  return user.allAgences;
}

// ---------------------------------------------------------------- cash operations

/**
 * Cash operations a user may see and change (spec 001 §1 "other roles see only their own agency"; route operation):
 * not cancelled (operation/delete is soft); ADMIN every agency's (and those recorded without an agency); another role
 * only those of its agency. UI twin of the reach: common/scopes.ts seesAllAgences.
 */
export function operationScope(user: CurrentUser): SQL | undefined {
  return and(isNull(operations.deletedAt), operationAgencyScope(user));
}

/** The agency part of operationScope (cancelled operations included): undefined for every agency. */
export function operationAgencyScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(operations.agenceID, user.agenceID) : sql`false`;
}

/**
 * The agency an operation is recorded for: a role that sees every agency records it for the agency of the staff
 * member it names (none for a staff member without agency); another role always for its own agency.
 */
export function operationAgenceFor(user: CurrentUser, staffAgenceID: string | null): string | null {
  return user.allAgences ? staffAgenceID : user.agenceID;
}

// ---------------------------------------------------------------- cash closings

/**
 * Cash closings a user may read and reopen ('Arrêté de caisse', docs/decisions/refunds-and-cash.md): every agency's for
 * a role that sees every agency; another role only its agency's. UI twin: common/scopes.ts userSeesAllAgences.
 */
export function caisseScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(caisseClotures.agenceID, user.agenceID) : sql`false`;
}

/**
 * The agency whose cash a user reads or closes: the one a role that sees every agency names (undefined when it names
 * none: the caller refuses); another role's own, whatever it names — `autre` tells that it named another one (the
 * caller refuses with a 403).
 */
export function caisseAgenceFor(user: CurrentUser, requested: string | undefined): { agenceID: string | null | undefined; autre: boolean } {
  if (user.allAgences) return { agenceID: requested, autre: false };
  return { agenceID: user.agenceID, autre: !!requested && requested !== user.agenceID };
}

// ---------------------------------------------------------------- departures

/**
 * Departures a user may see and change (docs/architecture.md §3 agency scoping): ADMIN every one; another role those leaving
 * from or arriving in its agency's country (a departure serves every agency of its countries).
 */
export function envoiScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  if (!user.agencePaysID) return sql`false`;
  return or(eq(envois.paysEmetteurID, user.agencePaysID), eq(envois.paysID, user.agencePaysID));
}

/** Whether a user may create a departure between these countries: the row-level twin of envoiScope. */
export function mayCreateEnvoi(user: CurrentUser, envoi: { paysEmetteurID: string; paysID: string }): boolean {
  return user.allAgences || user.agencePaysID === envoi.paysEmetteurID || user.agencePaysID === envoi.paysID;
}

/**
 * Departures a user may register parcels on (spec 000 §2 CHOIX DU DEPART): ADMIN every one; another role those
 * leaving from its agency's country.
 */
export function envoiRegistrationScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agencePaysID ? eq(envois.paysEmetteurID, user.agencePaysID) : sql`false`;
}

// ---------------------------------------------------------------- inventories

/**
 * Stock statements a user may read (spec 001 §1 "agency filter on … stock lists; other roles see only their own
 * agency"): ADMIN every one; another role those taken for its agency.
 */
export function inventaireScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(inventaires.agenceID, user.agenceID) : sql`false`;
}

/**
 * The agency an inventory is taken for: a non-ADMIN role always its own (whatever it sends); ADMIN the one it chooses
 * (possibly absent: the caller refuses).
 */
export function inventaireAgenceFor(user: CurrentUser, requested: string | null | undefined): string | null | undefined {
  return user.allAgences ? requested : user.agenceID;
}

// ---------------------------------------------------------------- users

/**
 * Whether a user may see a client's shipments (colis/ListEnvoisBy): ADMIN any client; another role only a client
 * that at least one of the parcels it may see (colisScope) concerns: it learns nothing of the others.
 */
export function maySeeClient(user: CurrentUser, visibleColis: number): boolean {
  return user.allAgences || visibleColis > 0;
}

/**
 * Clients (users of type CLIENT) a user may see in the clients list and open (spec 000 §2 route clients, clientUpdate):
 * ADMIN every one; another role those a parcel it may see (colisScope: its agency's registrations and the parcels
 * travelling to its agency's country, not deleted) concerns as sender or recipient — clientRecountScope's set, read from
 * the counters that hold it (colis_stats_clients: per agency, each client of the parcels its scope sees with its
 * number of links, kept by migration 0003's triggers in the transaction of every change of a parcel, of a departure's
 * destination or of an agency's country). Reading the counters is an index range of one agency's rows; recounting from
 * the parcels hashed some 900 000 sender and recipient ids for every page at a million parcels
 * (docs/decisions/counted-list-pages.md, measured in bench/README.md). `false` for a user without an agency. A
 * condition on the `users` table.
 * The exact phone look-up of the parcel wizard (user/getByTelephone) is the one way to reach another client: it needs
 * the full number.
 * SQL twin (server/db/fast/README.md): the colis_stats_clients rows of migration 0003 (colis_stats_trigger,
 * colis_stats_envoi_trigger, colis_stats_recount_agence; 0015 colis_stats_clients_created_at); tests/server/dashboard.test.ts
 * ("clients an agent sees") and clients.test.ts hold them equal to clientRecountScope.
 */
export function clientScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  if (!user.agenceID) return sql`false`;
  return sql`${users.id} IN (SELECT client_id FROM colis_stats_clients WHERE agence_id = ${user.agenceID} AND nb > 0)`;
}

/**
 * The definition clientScope's counters hold, recounted from the parcels: the senders and recipients of the parcels
 * colisScope lets through; undefined for a role that sees every agency. For recounts only (the dashboard's 'parcels'
 * source, the tests comparing the counters with it): at a million parcels it takes seconds.
 */
export function clientRecountScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  // One semi-join over a UNION ALL: an OR of two IN conditions is planned as a subplan run per client.
  const visible = colisScope(user);
  return sql`${users.id} IN (SELECT ${colis.expediteurID} FROM ${colis} WHERE ${visible} UNION ALL SELECT ${colis.destinataireID} FROM ${colis} WHERE ${visible})`;
}

/**
 * Staff (users of type ADMIN) a user may list (spec 001 §1; user/liste and user/listeAdmin,
 * docs/decisions/staff-accounts.md): ADMIN and SUPERADMIN every one; another role the staff of its own agency only. A
 * condition on the `users` table.
 */
export function staffScope(user: CurrentUser): SQL | undefined {
  if (user.allAgences) return undefined;
  return user.agenceID ? eq(users.agenceID, user.agenceID) : sql`false`;
}

/**
 * A user the caller may see: itself, one of its agency, or a client of its scope (clientScope); any for ADMIN.
 * @throws 404, 403
 */
export async function findVisibleUser(db: Db | Tx, id: string, me: CurrentUser) {
  const user = await findUser(db, id);
  if (!user) throw notFound('Utilisateur introuvable.');
  if (me.allAgences || user.id === me.id) return user;
  if (user.typeUserID.code === TYPE_USER_CODES.CLIENT) {
    const [visible] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), clientScope(me)));
    if (!visible) throw forbidden("Ce client n'a pas de colis dans votre agence.");
    return user;
  }
  if (user.agenceID?.id !== me.agenceID) throw forbidden('Cet utilisateur appartient à une autre agence.');
  return user;
}
