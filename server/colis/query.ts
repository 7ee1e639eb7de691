/**
 * A parcel (colis) as the API answers it (spec 000 §3 Parcel): departure, agency, status, sender, recipient, city,
 * modes populated one level (the agency scopes are in access/scopes.ts).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { agences, colis, envois, modesEnvoi, modesLivraison, statuts, users, villes } from '../db/schema';

export const expediteur = alias(users, 'expediteur');
export const destinataire = alias(users, 'destinataire');

/** A dynamic select of parcels with populated references. */
export function selectColis(db: Db | Tx) {
  return db
    .select({
      id: colis.id,
      reference: colis.reference,
      createdAt: colis.createdAt,
      updatedAt: colis.updatedAt,
      dateDepot: colis.dateDepot,
      dateEnvoi: colis.dateEnvoi,
      detailsContenu: colis.detailsContenu,
      contenu: colis.contenu,
      poids: colis.poids,
      unite: colis.unite,
      prixUnitaire: colis.prixUnitaire,
      montant: colis.montant,
      montantLivraison: colis.montantLivraison,
      montantExpedition: colis.montantExpedition,
      montantComplementaire: colis.montantComplementaire,
      montantTotal: colis.montantTotal,
      reglement: colis.reglement,
      resteAPayer: colis.resteAPayer,
      observation: colis.observation,
      adresseLivraison: colis.adresseLivraison,
      NumeroSaisi: colis.NumeroSaisi,
      isActive: colis.isActive,
      nomDestinataire: colis.nomDestinataire,
      prenomsDestinataire: colis.prenomsDestinataire,
      emailDestinataire: colis.emailDestinataire,
      adresseDestinataire: colis.adresseDestinataire,
      telephoneDestinataire: colis.telephoneDestinataire,
      paramNatureModeID: colis.paramNatureModeID,
      receptionneurID: colis.receptionneurID,
      statutID: { id: statuts.id, code: statuts.code, libelle: statuts.libelle },
      envoiID: {
        id: envois.id,
        reference: envois.reference,
        dateDebut: envois.dateDebut,
        dateArrive: envois.dateArrive,
        dateFin: envois.dateFin,
        paysID: envois.paysID,
        paysEmetteurID: envois.paysEmetteurID,
        modeEnvoiID: envois.modeEnvoiID,
      },
      agenceID: { id: agences.id, code: agences.code, libelle: agences.libelle, telephoneComplet: agences.telephoneComplet },
      villeID: { id: villes.id, libelle: villes.libelle, paysID: villes.paysID },
      modeEnvoiID: { id: modesEnvoi.id, code: modesEnvoi.code, libelle: modesEnvoi.libelle },
      modeLivraisonID: { id: modesLivraison.id, code: modesLivraison.code, libelle: modesLivraison.libelle },
      expediteurID: {
        id: expediteur.id,
        nom: expediteur.nom,
        prenoms: expediteur.prenoms,
        telephone: expediteur.telephone,
        telephoneComplet: expediteur.telephoneComplet,
        email: expediteur.email,
        adresse: expediteur.adresse,
      },
      destinataireID: {
        id: destinataire.id,
        nom: destinataire.nom,
        prenoms: destinataire.prenoms,
        telephone: destinataire.telephone,
        telephoneComplet: destinataire.telephoneComplet,
        email: destinataire.email,
        adresse: destinataire.adresse,
      },
    })
    .from(colis)
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .innerJoin(envois, eq(colis.envoiID, envois.id))
    .innerJoin(agences, eq(colis.agenceID, agences.id))
    .leftJoin(villes, eq(colis.villeID, villes.id))
    .leftJoin(modesEnvoi, eq(colis.modeEnvoiID, modesEnvoi.id))
    .leftJoin(modesLivraison, eq(colis.modeLivraisonID, modesLivraison.id))
    .leftJoin(expediteur, eq(colis.expediteurID, expediteur.id))
    .leftJoin(destinataire, eq(colis.destinataireID, destinataire.id))
    .$dynamic();
}

/**
 * The parcel search of the lists (`q`, a LIKE pattern): reference, content, free-text recipient, and the name or
 * phone of the registered sender or recipient. Written as a union of index-friendly branches (trigram indexes of
 * migration 0001) so that it stays fast at a million parcels.
 */
export function colisSearch(pattern: string): SQL {
  // = ANY(ARRAY(…)): the few matching ids are computed first, then fetched by primary key, instead of walking the
  // date index through a million rows in search of them.
  return sql`${colis.id} = ANY(ARRAY(
    SELECT id FROM colis WHERE reference ILIKE ${pattern} OR details_contenu ILIKE ${pattern}
      OR nom_destinataire ILIKE ${pattern} OR telephone_destinataire ILIKE ${pattern}
    UNION SELECT c.id FROM colis c JOIN users u ON u.id = c.destinataire_id WHERE u.nom ILIKE ${pattern} OR u.telephone_complet ILIKE ${pattern}
    UNION SELECT c.id FROM colis c JOIN users u ON u.id = c.expediteur_id WHERE u.nom ILIKE ${pattern} OR u.telephone_complet ILIKE ${pattern}))`;
}

/** The parcels alone, for counting a list's total without its joins. */
export const countColis = (db: Db | Tx) => db.select({ id: colis.id }).from(colis).$dynamic();
