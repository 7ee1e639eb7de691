/**
 * A departure (envoi) as the API answers it (spec 000 §3 Departure): mode, countries and status populated, plus the
 * available weight poidsDisponible = poids − poidsReel (kg), derived, never stored.
 */
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIso } from '../../common/dates';
import { envoiComplet } from '../../common/envoiRules';
import { envoiRegistrationScope, envoiScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { envois, modesEnvoi, pays, statuts } from '../db/schema';
import { UNPAGED_LIMIT, type ListDef, type WindowTotal } from '../http/list';
import { statutByCode } from '../statut/query';

const paysDest = alias(pays, 'pays_destination');
const paysOrig = alias(pays, 'pays_emetteur');

/** Available weight of a departure in kg (numeric text). */
const poidsDisponibleSql = sql<string>`(${envois.poids} - ${envois.poidsReel})`;

/** A dynamic select of departures with populated references. */
export function selectEnvois(db: Db | Tx) {
  return db
    .select({
      id: envois.id,
      reference: envois.reference,
      createdAt: envois.createdAt,
      updatedAt: envois.updatedAt,
      dateDebut: envois.dateDebut,
      dateArrive: envois.dateArrive,
      dateFin: envois.dateFin,
      contenu: envois.contenu,
      poids: envois.poids,
      poidsReel: envois.poidsReel,
      poidsDisponible: poidsDisponibleSql.as('poids_disponible'),
      devise: envois.devise,
      isActive: envois.isActive,
      agenceID: envois.agenceID,
      modeEnvoiID: codeLibelleColumns(modesEnvoi),
      paysID: codeLibelleColumns(paysDest),
      paysEmetteurID: codeLibelleColumns(paysOrig),
      statutID: codeLibelleColumns(statuts),
    })
    .from(envois)
    .innerJoin(modesEnvoi, eq(envois.modeEnvoiID, modesEnvoi.id))
    .innerJoin(paysDest, eq(envois.paysID, paysDest.id))
    .innerJoin(paysOrig, eq(envois.paysEmetteurID, paysOrig.id))
    .innerJoin(statuts, eq(envois.statutID, statuts.id))
    .$dynamic();
}

/**
 * Departures open to registrations (spec 000 §2 CHOIX DU DEPART): status OUVERT, active, closing date not passed
 * (today in Europe/Paris, common/dates.ts).
 * @param ouvertId id of the OUVERT status
 */
function openForRegistration(ouvertId: string): SQL {
  return and(eq(envois.statutID, ouvertId), eq(envois.isActive, true), gte(envois.dateFin, todayIso()))!;
}

/** A departure the scope covers (undefined: any), or undefined. */
export async function findEnvoi(db: Db, id: string, scope: SQL | undefined) {
  const [row] = await selectEnvois(db)
    .where(and(eq(envois.id, id), scope))
    .limit(1);
  return row;
}

/**
 * The departures' ids (and `extra`) alone: countFrom of envoiList (a page's ids first, then its rows). The list's
 * search and filters read the departure's own columns (envoiSearch, the status code by subquery), so no join.
 */
const countEnvois = (db: Db, extra?: WindowTotal) =>
  db
    .select({ id: envois.id, ...extra })
    .from(envois)
    .$dynamic();

/** The departures search (`q`, a LIKE pattern): reference, content, either country's name, the sending mode's name. */
function envoiSearch(pattern: string): SQL {
  const paysNamed = sql`(SELECT id FROM ${pays} WHERE libelle ILIKE ${pattern})`;
  return sql`(${envois.reference} ILIKE ${pattern} OR ${envois.contenu} ILIKE ${pattern} OR ${envois.paysID} IN ${paysNamed}
    OR ${envois.paysEmetteurID} IN ${paysNamed} OR ${envois.modeEnvoiID} IN (SELECT id FROM ${modesEnvoi} WHERE libelle ILIKE ${pattern}))`;
}

/** The departures list of a user (its scope), searched, sorted and filtered as the screen needs. */
export const envoiList = (user: CurrentUser): ListDef<typeof selectEnvois> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: envois,
  select: selectEnvois,
  scope: envoiScope(user),
  countFrom: countEnvois,
  pageKey: 'envois',
  jsonPage: true,
  search: envoiSearch,
  sortColumns: {
    reference: envois.reference,
    createdAt: envois.createdAt,
    dateDebut: envois.dateDebut,
    dateArrive: envois.dateArrive,
    dateFin: envois.dateFin,
    poids: envois.poids,
    poidsReel: envois.poidsReel,
    isActive: envois.isActive,
    modeEnvoiID: modesEnvoi.libelle,
    paysID: paysDest.libelle,
    paysEmetteurID: paysOrig.libelle,
    statutID: statuts.libelle,
    contenu: envois.contenu,
  },
  filters: {
    isActive: { column: envois.isActive, type: 'boolean' },
    statutID: { column: envois.statutID, type: 'uuid' },
    modeEnvoiID: { column: envois.modeEnvoiID, type: 'uuid' },
    paysID: { column: envois.paysID, type: 'uuid' },
    paysEmetteurID: { column: envois.paysEmetteurID, type: 'uuid' },
  },
  filterHook: (f) => (f.statut ? sql`${envois.statutID} IN (SELECT id FROM statuts WHERE code = ${f.statut})` : undefined),
});

/**
 * The departures a user may register parcels on (envoi/ouvertActif, spec 000 §2 CHOIX DU DEPART, §7), latest closing
 * first: open for registration (OUVERT, active, closing date not passed; the others are left out), each with
 * `complet` (common/envoiRules.ts envoiComplet: no kg left), which the wizard shows disabled
 * (docs/decisions/wizard-departures.md).
 */
export async function listOpenEnvois(db: Db, user: CurrentUser) {
  const ouvert = await statutByCode(db, 'OUVERT');
  const rows = await selectEnvois(db)
    .where(and(openForRegistration(ouvert.id), envoiRegistrationScope(user)))
    .orderBy(desc(envois.dateFin), asc(envois.reference));
  return rows.map((row) => ({ ...row, complet: envoiComplet(row.poidsDisponible) }));
}

/** The open departures to a country by a sending mode that a user may see, latest closing first. */
export async function listOpenEnvoisTo(db: Db, paysId: string, modeEnvoiId: string, user: CurrentUser) {
  const ouvert = await statutByCode(db, 'OUVERT');
  return selectEnvois(db)
    .where(and(eq(envois.paysID, paysId), eq(envois.modeEnvoiID, modeEnvoiId), openForRegistration(ouvert.id), envoiScope(user)))
    .orderBy(desc(envois.dateFin));
}
