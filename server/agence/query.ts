/**
 * Agencies as the API answers them: city and country populated, the country also inside the city (spec 001 §3); what
 * still depends on an agency.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { COLIS_BEFORE_SHIPPING } from '../../common/colisRules';
import { TYPE_USER_CODES } from '../../common/permissions';
import { colisEnStatut } from '../crud/deactivationGuard';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, colis, pays, typeUsers, users, villes } from '../db/schema';

/** Agencies with city and country populated. */
export const selectAgences = (d: Db | Tx) =>
  d
    .select({
      ...codeLibelleColumns(agences),
      latitude: agences.latitude,
      longitude: agences.longitude,
      telephone: agences.telephone,
      telephoneComplet: agences.telephoneComplet,
      adresse: agences.adresse,
      horaires: agences.horaires,
      isActive: agences.isActive,
      createdAt: agences.createdAt,
      updatedAt: agences.updatedAt,
      villeID: codeLibelleColumns(villes),
      paysID: { ...codeLibelleColumns(pays), indicatif: pays.indicatif },
    })
    .from(agences)
    .innerJoin(villes, eq(agences.villeID, villes.id))
    .innerJoin(pays, eq(agences.paysID, pays.id))
    .$dynamic();

/** An agency as selectAgences reads it. */
type AgenceRow = Awaited<ReturnType<typeof selectAgences>>[number];

/** Nests the agency's country inside its city too (spec 001 §3: villeID.paysID.libelle). */
export const nestVillePays = (row: AgenceRow) => ({
  ...row,
  villeID: { ...row.villeID, paysID: { id: row.paysID.id, libelle: row.paysID.libelle } },
});

/** The active agencies of a city or of a country, by name, with the country nested in the city. */
export async function listAgencesBy(db: Db, column: 'villeID' | 'paysID', id: string) {
  const rows = await selectAgences(db)
    .where(and(eq(agences[column], id), eq(agences.isActive, true)))
    .orderBy(asc(agences.libelle));
  return rows.map(nestVillePays);
}

/** A city with its code and its country's dial code, or undefined. */
export async function findVilleWithIndicatif(tx: Db | Tx, villeID: string) {
  const [ville] = await tx
    .select({ id: villes.id, code: villes.code, paysID: villes.paysID, indicatif: pays.indicatif, longueurNumero: pays.longueurNumero })
    .from(villes)
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .where(eq(villes.id, villeID));
  return ville;
}

/**
 * The active records that depend on an agency (docs/decisions/deactivation-dependants.md; spec 001 §4 active toggle):
 * its active staff members, and its parcels not yet shipped (EN_ATTENTE, RECEPTIONNE: still at the agency, to be paid
 * or handed to a departure), deleted ones left out.
 * @returns counts by kind: utilisateurs, colis
 */
export async function agenceDependants(tx: Tx, id: string): Promise<Record<'utilisateurs' | 'colis', number>> {
  return {
    utilisateurs: await tx.$count(
      users,
      and(
        eq(users.agenceID, id),
        eq(users.isActive, true),
        sql`${users.typeUserID} IN (SELECT ${typeUsers.id} FROM ${typeUsers} WHERE ${typeUsers.code} = ${TYPE_USER_CODES.ADMIN})`,
      ),
    ),
    colis: await tx.$count(colis, and(eq(colis.agenceID, id), colisEnStatut(COLIS_BEFORE_SHIPPING))),
  };
}

/**
 * An agency's name and active flag, read FOR SHARE: a deactivation committing meanwhile waits for the caller's
 * transaction, or the read sees it (the record-keeping check of agence/service.ts checkAgenceActive).
 */
export async function lockAgenceActive(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: agences.id, libelle: agences.libelle, isActive: agences.isActive })
    .from(agences)
    .where(eq(agences.id, id))
    .for('share');
  return row;
}

/**
 * The currency of an agency's country, through its city (agences → villes → pays.devise, as migration 0021 gave the
 * operations theirs; agences.pays_id is only copied at the agency's creation): an operation's by default
 * (operation/service.ts), the second currency a payment may be tendered in (encaissement/service.ts). Undefined for an
 * unknown agency.
 */
export async function agenceDevise(db: Db | Tx, agenceID: string): Promise<string | undefined> {
  const [row] = await db
    .select({ devise: pays.devise })
    .from(agences)
    .innerJoin(villes, eq(agences.villeID, villes.id))
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .where(eq(agences.id, agenceID));
  return row?.devise;
}
