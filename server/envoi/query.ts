/**
 * A departure (envoi) as the API answers it (spec 000 §3 Departure): mode, countries and status populated, plus the
 * available weight poidsDisponible = poids − poidsReel (kg), derived, never stored.
 */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { todayIso } from '../../common/dates';
import type { Db, Tx } from '../db/client';
import { envois, modesEnvoi, pays, statuts } from '../db/schema';

export const paysDest = alias(pays, 'pays_destination');
export const paysOrig = alias(pays, 'pays_emetteur');

/** Available weight of a departure in kg (numeric text). */
export const poidsDisponibleSql = sql<string>`(${envois.poids} - ${envois.poidsReel})`;

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
      poidsDisponible: poidsDisponibleSql,
      devise: envois.devise,
      isActive: envois.isActive,
      agenceID: envois.agenceID,
      modeEnvoiID: { id: modesEnvoi.id, code: modesEnvoi.code, libelle: modesEnvoi.libelle },
      paysID: { id: paysDest.id, code: paysDest.code, libelle: paysDest.libelle },
      paysEmetteurID: { id: paysOrig.id, code: paysOrig.code, libelle: paysOrig.libelle },
      statutID: { id: statuts.id, code: statuts.code, libelle: statuts.libelle },
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
export function openForRegistration(ouvertId: string): SQL {
  return and(eq(envois.statutID, ouvertId), eq(envois.isActive, true), gte(envois.dateFin, todayIso()))!;
}
