/**
 * The counter tables of the performance layer, declared for Drizzle (drizzle-kit reads this file beside schema.ts, so
 * that `drizzle-kit generate` sees every table the migrations create and finds nothing to add). They are written only
 * by the triggers of their migrations, in the transaction of every change they count, and read by raw SQL
 * (server/colis/stats.ts, server/access/listTotals.ts, server/db/fast/listSeek.ts, server/colis/query.ts): no route
 * writes them. Each table's migration says what it counts and which tests recount it from the rows it summarises.
 * Insert-only delta tables (several rows per key, folded by their `…_compact()` function) have no primary key.
 * What each counts is a rule written twice, in its triggers and in TypeScript: server/db/fast/README.md lists the
 * twins and the tests holding them equal. tests/server/schemaDrift.test.ts keeps these declarations equal to the
 * migrations.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The dashboard's parcels, by registering agency, destination country, status, month, payment state and currency
 * (migration 0003; insert-only deltas since 0012, folded by colis_stats_compact(); the currency since 0023). Amounts as
 * the parcels hold them, in their currency, 2 decimals.
 */
export const colisStats = pgTable(
  'colis_stats',
  {
    agenceID: uuid('agence_id').notNull(),
    paysDestinationID: uuid('pays_destination_id').notNull(),
    statutID: uuid('statut_id').notNull(),
    mois: date('mois').notNull(),
    paiement: text('paiement').notNull(),
    /** The parcels' currency (colis.devise, migration 0023): the amounts are in it. */
    devise: text('devise').notNull().default('EUR'),
    nb: integer('nb').notNull().default(0),
    montantTotal: numeric('montant_total', { precision: 16, scale: 2 }).notNull().default('0'),
    reglement: numeric('reglement', { precision: 16, scale: 2 }).notNull().default('0'),
    resteAPayer: numeric('reste_a_payer', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('colis_stats_key_idx').on(t.agenceID, t.paysDestinationID, t.statutID, t.mois, t.paiement, t.devise)],
);

/**
 * Per agency, each client of the parcels its scope sees, with the number of links (migrations 0003, 0013, 0015): the
 * agents' clients list reads it (access/scopes.ts clientScope).
 */
export const colisStatsClients = pgTable(
  'colis_stats_clients',
  {
    agenceID: uuid('agence_id').notNull(),
    clientID: uuid('client_id').notNull(),
    nb: integer('nb').notNull().default(0),
    clientCreatedAt: timestamp('client_created_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'colis_stats_clients_pk', columns: [t.agenceID, t.clientID] }),
    index('colis_stats_clients_visible_idx')
      .on(t.agenceID, t.clientID)
      .where(sql`${t.nb} > 0`),
    index('colis_stats_clients_by_date_idx')
      .on(t.agenceID, t.clientCreatedAt.desc().nullsFirst(), t.clientID)
      .where(sql`${t.nb} > 0`),
  ],
);

/** The number of clients of each agency (migration 0003; insert-only deltas since 0012). */
export const colisStatsAgenceClients = pgTable(
  'colis_stats_agence_clients',
  {
    agenceID: uuid('agence_id').notNull(),
    nb: integer('nb').notNull().default(0),
  },
  (t) => [index('colis_stats_agence_clients_agence_idx').on(t.agenceID)],
);

/** Users by type and part of the dashboard's population (migration 0003; insert-only deltas since 0012). */
export const colisStatsTypeUsers = pgTable(
  'colis_stats_type_users',
  {
    typeUserID: uuid('type_user_id').notNull(),
    part: smallint('part').notNull(),
    nb: integer('nb').notNull().default(0),
  },
  (t) => [index('colis_stats_type_users_type_idx').on(t.typeUserID)],
);

/**
 * Payments not cancelled, by collecting agency, the parcel's registering agency and its departure (migration 0013;
 * insert-only deltas): the payments list's total.
 */
export const encaissementsStats = pgTable('encaissements_stats', {
  agenceID: uuid('agence_id'),
  colisAgenceID: uuid('colis_agence_id').notNull(),
  envoiID: uuid('envoi_id').notNull(),
  nb: integer('nb').notNull(),
});

/** Rows of the parcels and payments lists per day of creation, UTC (migration 0014; insert-only deltas). */
export const listJours = pgTable(
  'list_jours',
  {
    liste: text('liste').notNull(),
    jour: date('jour').notNull(),
    nb: integer('nb').notNull(),
  },
  (t) => [index('list_jours_liste_jour_idx').on(t.liste, t.jour)],
);

/**
 * The same per day by the parcel's agency and its departure's destination country (migration 0017): an agent's scope
 * is the sum over its agency or its country (access/scopes.ts listDaysScope).
 */
export const listJoursPortee = pgTable(
  'list_jours_portee',
  {
    liste: text('liste').notNull(),
    jour: date('jour').notNull(),
    agenceID: uuid('agence_id').notNull(),
    paysDestinationID: uuid('pays_destination_id').notNull(),
    nb: integer('nb').notNull(),
  },
  (t) => [
    index('list_jours_portee_agence_idx').on(t.liste, t.agenceID, t.jour),
    index('list_jours_portee_pays_idx').on(t.liste, t.paysDestinationID, t.jour),
  ],
);

/** Each distinct free-text recipient name and phone of the parcels, with its trigram index (migration 0016). */
export const colisTermes = pgTable(
  'colis_termes',
  {
    valeur: text('valeur').primaryKey(),
  },
  (t) => [index('colis_termes_trgm').using('gin', sql`${t.valeur} gin_trgm_ops`)],
);
