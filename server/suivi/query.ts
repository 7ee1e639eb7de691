/**
 * Reads of the public tracking (docs/decisions/public-tracking.md): one parcel not deleted, with what the page shows,
 * and the phones of its recipient (only to check the 4 digits: they never leave server/suivi/service.ts), its status
 * changes, and the agency of the destination city where it is collected.
 */
import { and, asc, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { agences, colis, colisRemises, envois, historiques, modesEnvoi, modesLivraison, pays, statuts, users, villes } from '../db/schema';

const expediteur = alias(users, 'suivi_expediteur');
const destinataire = alias(users, 'suivi_destinataire');
const villeOrigine = alias(villes, 'suivi_ville_origine');
const villeDestination = alias(villes, 'suivi_ville_destination');
const paysOrigine = alias(pays, 'suivi_pays_origine');
const paysDestination = alias(pays, 'suivi_pays_destination');

/** The parcel matching `where` (never a deleted one), or undefined. */
export async function findSuiviColis(db: Db, where: SQL) {
  const [row] = await db
    .select({
      id: colis.id,
      reference: colis.reference,
      resteAPayer: colis.resteAPayer,
      devise: colis.devise,
      villeID: colis.villeID,
      statut: { code: statuts.code, libelle: statuts.libelle },
      dateDepart: envois.dateDebut,
      dateArriveePrevue: envois.dateArrive,
      modeEnvoi: modesEnvoi.libelle,
      modeLivraison: { code: modesLivraison.code, libelle: modesLivraison.libelle },
      villeOrigine: villeOrigine.libelle,
      paysOrigine: paysOrigine.libelle,
      villeDestination: villeDestination.libelle,
      paysDestination: paysDestination.libelle,
      expediteur: { nom: expediteur.nom, prenoms: expediteur.prenoms },
      destinataire: { nom: destinataire.nom, prenoms: destinataire.prenoms },
      nomDestinataire: colis.nomDestinataire,
      prenomsDestinataire: colis.prenomsDestinataire,
      /** Recipient's phones, for the 4-digit check only. */
      phones: {
        complet: destinataire.telephoneComplet,
        local: destinataire.telephone,
        libre: colis.telephoneDestinataire,
      },
    })
    .from(colis)
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .innerJoin(envois, eq(colis.envoiID, envois.id))
    .innerJoin(agences, eq(colis.agenceID, agences.id))
    .leftJoin(villeOrigine, eq(agences.villeID, villeOrigine.id))
    .leftJoin(paysOrigine, eq(envois.paysEmetteurID, paysOrigine.id))
    .leftJoin(villeDestination, eq(colis.villeID, villeDestination.id))
    .leftJoin(paysDestination, eq(envois.paysID, paysDestination.id))
    .leftJoin(modesEnvoi, eq(envois.modeEnvoiID, modesEnvoi.id))
    .leftJoin(modesLivraison, eq(colis.modeLivraisonID, modesLivraison.id))
    .leftJoin(expediteur, eq(colis.expediteurID, expediteur.id))
    .leftJoin(destinataire, eq(colis.destinataireID, destinataire.id))
    .where(and(isNull(colis.deletedAt), where))
    .limit(1);
  return row;
}

/** Status changes of a parcel, oldest first: entries that keep the status (payments) are left out. */
export function suiviEtapes(db: Db, colisId: string) {
  return db
    .select({ date: historiques.dateAction, statut: { code: statuts.code, libelle: statuts.libelle } })
    .from(historiques)
    .innerJoin(statuts, eq(historiques.statutApresID, statuts.id))
    .where(
      and(
        eq(historiques.colisID, colisId),
        or(isNull(historiques.statutAvantID), ne(historiques.statutAvantID, historiques.statutApresID)),
      ),
    )
    .orderBy(asc(historiques.dateAction));
}

/** A parcel's hand-over as the public sees it (docs/decisions/release-proof.md): when, which status, which agency. */
export async function suiviRemise(db: Db, colisId: string) {
  const [row] = await db
    .select({ date: colisRemises.remisLe, statut: colisRemises.statut, agence: agences.libelle })
    .from(colisRemises)
    .leftJoin(agences, eq(agences.id, colisRemises.agenceID))
    .where(eq(colisRemises.colisID, colisId));
  return row;
}
