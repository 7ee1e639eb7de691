/**
 * A parcel (colis) as the API answers it (spec 000 §3 Parcel): departure, agency, status, sender, recipient, city,
 * modes populated one level; and the other reads of the parcel calls: its nature lines, its history, the parcels of
 * a departure or of a client, the senders of a departure, the lists. The agency scopes are in access/scopes.ts.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLE_CODES } from '../../common/permissions';
import { colisScope, listDaysScope, envoiScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { outer } from '../db/outerColumn';
import { codeLibelleColumns } from '../db/refSelect';
import {
  agences,
  colis,
  colisNatures,
  envois,
  historiques,
  modesEnvoi,
  modesLivraison,
  naturesColis,
  roles,
  statuts,
  users,
  villes,
} from '../db/schema';
import { UNPAGED_LIMIT, type ListDef, type WindowTotal } from '../http/list';
import { peopleSearch, personMatches, phoneMatches } from '../http/peopleSearch';
import { colisListTotal } from '../access/listTotals';

const expediteur = alias(users, 'expediteur');
const destinataire = alias(users, 'destinataire');

/** The parcel's own columns as the API answers them (selectColis; a registration's INSERT … RETURNING). */
export const colisColumns = {
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
  /** The currency of every amount of the parcel: its departure's (docs/decisions/currencies.md). */
  devise: colis.devise,
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
};

/** A dynamic select of parcels with populated references. */
export function selectColis(db: Db | Tx) {
  return db
    .select({
      ...colisColumns,
      statutID: codeLibelleColumns(statuts),
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
      agenceID: { ...codeLibelleColumns(agences), telephoneComplet: agences.telephoneComplet },
      villeID: { id: villes.id, libelle: villes.libelle, paysID: villes.paysID },
      modeEnvoiID: codeLibelleColumns(modesEnvoi),
      modeLivraisonID: codeLibelleColumns(modesLivraison),
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
 * The parcel search of the lists (`q`): reference and content (its LIKE pattern), and the people of the parcel as
 * server/http/peopleSearch.ts reads the text (docs/decisions/people-search.md) — a first name, the full name in either
 * order, or a phone in national or international form — on the free-text recipient and on the registered sender and
 * recipient, each word of a name belonging to the same one of them. Written as index-friendly branches
 * (trigram indexes of migrations 0001 and 0013) so that it stays fast at a million parcels (bench/README.md §1). The free-text recipient's
 * name, first names and phone are found among their distinct values (colis_termes, migrations 0016 and 0030), one set
 * of values per word, then the parcels holding them by b-tree: the same rows as ILIKE on the parcels' columns, without
 * reading the trigram lists every parcel's name fills. SQL twin of those columns: colis_termes_trigger (migration
 * 0030); tests/server/colis.test.ts ("finds a parcel by its free-text recipient's name and phone…") checks every value
 * is there.
 * @param pattern the LIKE pattern of the text (reference, content)
 * @param text the text as typed
 */
function colisSearch(pattern: string, text: string): SQL {
  const people = peopleSearch(text);
  // One set of matching values per word (or the phone's): read once, for the three free-text columns.
  const termes = people.kind === 'phone' ? [phoneMatches(people, sql`valeur`)] : people.words.map((w) => sql`valeur ILIKE ${w}`);
  const withTermes = sql.join(
    termes.map((where, i) => sql`${sql.raw(`t${i}`)} AS MATERIALIZED (SELECT valeur FROM colis_termes WHERE ${where})`),
    sql`, `,
  );
  const inTermes = (column: string, i: number) => sql`${sql.raw(column)} = ANY(ARRAY(SELECT valeur FROM ${sql.raw(`t${i}`)}))`;
  const freeText =
    people.kind === 'phone'
      ? inTermes('telephone_destinataire', 0)
      : sql.join(
          termes.map((_, i) => sql`(${inTermes('nom_destinataire', i)} OR ${inTermes('prenoms_destinataire', i)})`),
          sql` AND `,
        );
  const party = personMatches(people, { nom: sql`u.nom`, prenoms: sql`u.prenoms`, telephone: sql`u.telephone_complet` });
  // = ANY(ARRAY(…)): the matching ids are computed first, then fetched by primary key, instead of walking the date
  // index through a million rows in search of them. One OR of index conditions (the matching values and people read
  // first, as arrays): PostgreSQL reads the parcels of every branch in one bitmap, without joining each branch nor
  // removing the duplicates of a union (a first name alone matches the parcels of thousands of clients).
  return sql`${colis.id} = ANY(ARRAY(
    WITH ${withTermes}, parties AS MATERIALIZED (SELECT u.id FROM users u WHERE ${party})
    SELECT id FROM colis WHERE reference ILIKE ${pattern} OR details_contenu ILIKE ${pattern} OR (${freeText})
      OR destinataire_id = ANY(ARRAY(SELECT id FROM parties)) OR expediteur_id = ANY(ARRAY(SELECT id FROM parties))))`;
}

/** The parcels alone, for counting a list's total without its joins. */
const countColis = (db: Db | Tx, extra?: WindowTotal) =>
  db
    .select({ id: colis.id, ...extra })
    .from(colis)
    .$dynamic();

/**
 * The parcels list of a user (its scope), searched through colisSearch; a page's ids are taken on the parcels alone
 * (covering index of migration 0011), its total from the counters when they answer it (access/listTotals.ts), else counted on
 * the parcels alone.
 */
export const colisList = (user: CurrentUser): ListDef<typeof selectColis> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: colis,
  select: selectColis,
  scope: colisScope(user),
  search: colisSearch,
  countFrom: countColis,
  pageKey: 'colis',
  jsonPage: true,
  fastTotal: (db, q) => colisListTotal(db, user, q),
  // The same rows as the scope, counted per day (deep pages sought by day, every user).
  seek: listDaysScope(user, 'colis'),
  sortColumns: {
    reference: colis.reference,
    createdAt: colis.createdAt,
    detailsContenu: colis.detailsContenu,
    poids: colis.poids,
    montantTotal: colis.montantTotal,
    resteAPayer: colis.resteAPayer,
    agenceID: agences.libelle,
    statutID: statuts.libelle,
    isActive: colis.isActive,
  },
  filters: {
    isActive: { column: colis.isActive, type: 'boolean' },
    agenceID: { column: colis.agenceID, type: 'uuid' },
    envoiID: { column: colis.envoiID, type: 'uuid' },
    statutID: { column: colis.statutID, type: 'uuid' },
  },
  filterHook: (f) => (f.statut ? sql`${colis.statutID} IN (SELECT id FROM statuts WHERE code = ${f.statut})` : undefined),
});

/** One parcel the user may see (colisScope), or undefined. */
export async function findColis(db: Db, where: SQL, user: CurrentUser) {
  const [row] = await selectColis(db)
    .where(and(where, colisScope(user)))
    .limit(1);
  return row;
}

/** The nature lines of a parcel as stored. */
export const colisLines = (db: Db, colisId: string) => db.select().from(colisNatures).where(eq(colisNatures.colisID, colisId));

/** The nature lines of a parcel with their nature populated, by nature name (the details screen). */
export const colisNatureDetails = (db: Db, colisId: string) =>
  db
    .select({
      id: colisNatures.id,
      poids: colisNatures.poids,
      unitePoid: colisNatures.unitePoid,
      prixUnitaire: colisNatures.prixUnitaire,
      prixExceptionnel: colisNatures.prixExceptionnel,
      prixTotal: colisNatures.prixTotal,
      natureColisID: codeLibelleColumns(naturesColis),
    })
    .from(colisNatures)
    .innerJoin(naturesColis, eq(colisNatures.natureColisID, naturesColis.id))
    .where(eq(colisNatures.colisID, colisId))
    .orderBy(asc(naturesColis.libelle));

const auteur = alias(users, 'auteur');
const avant = alias(statuts, 'statut_avant');
const apres = alias(statuts, 'statut_apres');

/** The status history of a parcel, newest first: date, status before and after, author. */
export const colisHistorique = (db: Db, colisId: string) =>
  db
    .select({
      id: historiques.id,
      dateAction: historiques.dateAction,
      statutAvantID: codeLibelleColumns(avant),
      statutApresID: codeLibelleColumns(apres),
      auteurID: { id: auteur.id, nom: auteur.nom, prenoms: auteur.prenoms },
    })
    .from(historiques)
    .leftJoin(avant, eq(historiques.statutAvantID, avant.id))
    .innerJoin(apres, eq(historiques.statutApresID, apres.id))
    .leftJoin(auteur, eq(historiques.auteurID, auteur.id))
    .where(eq(historiques.colisID, colisId))
    .orderBy(desc(historiques.dateAction), desc(historiques.id));

/** The parcels of a departure that a user may see, by reference. */
export const colisOfEnvoi = (db: Db, envoiId: string, user: CurrentUser) =>
  selectColis(db)
    .where(and(eq(colis.envoiID, envoiId), colisScope(user)))
    .orderBy(asc(colis.reference));

/** A departure the user may see (envoiScope): its id and reference, or undefined. */
export async function findEnvoiRef(db: Db, envoiId: string, user: CurrentUser) {
  const [row] = await db
    .select({ id: envois.id, reference: envois.reference })
    .from(envois)
    .where(and(eq(envois.id, envoiId), envoiScope(user)));
  return row;
}

/**
 * The senders of a departure's parcels, each with the references and statuses of its parcels there, by name. Only
 * the parcels the user may see: an agent never receives another agency's senders.
 */
export async function expediteursOfEnvoi(db: Db, envoiId: string, user: CurrentUser) {
  const rows = await db
    .select({
      clientId: users.id,
      nom: users.nom,
      prenoms: users.prenoms,
      telephone: users.telephone,
      telephoneComplet: users.telephoneComplet,
      email: users.email,
      adresse: users.adresse,
      colisId: colis.id,
      reference: colis.reference,
      statutID: codeLibelleColumns(statuts),
    })
    .from(colis)
    .innerJoin(users, eq(colis.expediteurID, users.id))
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .where(and(eq(colis.envoiID, envoiId), colisScope(user)))
    .orderBy(asc(users.nom), asc(users.prenoms), asc(colis.reference));
  type Row = (typeof rows)[number];
  type Expediteur = Omit<Row, 'clientId' | 'colisId' | 'reference' | 'statutID'> & {
    id: string;
    colis: { id: string; reference: string; statutID: Row['statutID'] }[];
  };
  const clients = new Map<string, Expediteur>();
  for (const row of rows) {
    const { colisId, reference, statutID, clientId, ...client } = row;
    if (!clients.has(clientId)) clients.set(clientId, { id: clientId, ...client, colis: [] });
    clients.get(clientId)!.colis.push({ id: colisId, reference, statutID });
  }
  return [...clients.values()];
}

/** A user by id, as the shipments of a client name it, or undefined. */
export async function findClient(db: Db, id: string) {
  const [client] = await db
    .select({ id: users.id, nom: users.nom, prenoms: users.prenoms, telephoneComplet: users.telephoneComplet })
    .from(users)
    .where(eq(users.id, id));
  return client;
}

/** The parcels a client sent or receives that a user may see, newest first (at most 500). */
export const colisOfClient = (db: Db, clientId: string, user: CurrentUser) =>
  db
    .select({
      id: colis.id,
      reference: colis.reference,
      createdAt: colis.createdAt,
      detailsContenu: colis.detailsContenu,
      contenu: colis.contenu,
      poids: colis.poids,
      unite: colis.unite,
      montantTotal: colis.montantTotal,
      resteAPayer: colis.resteAPayer,
      devise: colis.devise,
      agenceID: colis.agenceID,
      envoiID: { id: envois.id, reference: envois.reference, dateArrive: envois.dateArrive },
      statutID: codeLibelleColumns(statuts),
    })
    .from(colis)
    .innerJoin(envois, eq(colis.envoiID, envois.id))
    .innerJoin(statuts, eq(colis.statutID, statuts.id))
    .where(and(or(eq(colis.expediteurID, clientId), eq(colis.destinataireID, clientId)), colisScope(user)))
    .orderBy(desc(colis.createdAt))
    .limit(500);

/** A departure's capacity as the capacity alert tells it, if the user may see the departure. */
export async function findEnvoiCapacity(db: Db, envoiId: string, user: CurrentUser) {
  const [row] = await db
    .select({ reference: envois.reference, poids: envois.poids, poidsReel: envois.poidsReel })
    .from(envois)
    .where(and(eq(envois.id, envoiId), envoiScope(user)));
  return row;
}

/** A user's name and its agency's name (null for none), as a mail signs it. */
export async function findSignature(db: Db, userId: string) {
  const [row] = await db
    .select({ nom: users.nom, prenoms: users.prenoms, agence: agences.libelle })
    .from(users)
    .leftJoin(agences, eq(users.agenceID, agences.id))
    .where(eq(users.id, userId));
  return row;
}

/** The city of an agency, or undefined. */
export async function agenceVilleID(db: Db | Tx, agenceId: string): Promise<string | undefined> {
  const [row] = await db.select({ villeID: agences.villeID }).from(agences).where(eq(agences.id, agenceId));
  return row?.villeID;
}

/** E-mail addresses of the active administrators (role ADMIN or SUPERADMIN). */
export async function adminEmails(tx: Db | Tx): Promise<string[]> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(users.roleID, roles.id))
    .where(and(eq(users.isActive, true), sql`${roles.systeme} in (${ROLE_CODES.ADMIN}, ${ROLE_CODES.SUPERADMIN})`));
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}

/** Largest page of the manifest call (envoi/manifest): the list calls' own maximum (http/listQuery.ts). */
export const MANIFEST_PAGE_MAX = 500;

/**
 * The natures of a parcel as one text, by name, each once ('Cartons, Valises'): what the manifest prints.
 * A correlated subquery on colis_natures (indexed by colis).
 */
const naturesOfColis = sql<string>`coalesce((SELECT string_agg(DISTINCT ${naturesColis.libelle}, ', ')
  FROM ${colisNatures} JOIN ${naturesColis} ON ${naturesColis.id} = ${colisNatures.natureColisID}
  WHERE ${colisNatures.colisID} = ${outer(colis.id)}), '')`;

/**
 * A parcel's id, reference, weight (kg or m³, its unit) and amounts in its currency `devise`: the columns the
 * manifest's rows and the transfer's parcels both start with (transfert.ts).
 */
export const colisPoidsMontants = {
  id: colis.id,
  reference: colis.reference,
  poids: colis.poids,
  unite: colis.unite,
  montantTotal: colis.montantTotal,
  reglement: colis.reglement,
  resteAPayer: colis.resteAPayer,
  devise: colis.devise,
};

const villeDest = alias(villes, 'ville_destination');

/**
 * The agency where the recipient collects the parcel, when known: pick-up at the agency (mode code AGENCE) and an
 * active agency in the destination city (the first by name when the city has several). Null otherwise.
 */
const agenceRetrait = sql<string | null>`CASE WHEN ${modesLivraison.code} = 'AGENCE' THEN (SELECT a.libelle FROM ${agences} a
  WHERE a.ville_id = ${outer(colis.villeID)} AND a.is_active ORDER BY a.libelle LIMIT 1) END`;

/**
 * One page of the parcels of a departure for its manifest and labels (docs/decisions/departure-manifest.md), by
 * reference: what the two PDFs print and nothing more (sender and recipient, natures, weight kg, amounts in the
 * parcel's currency `devise`, destination city and country, pick-up mode and agency). Only the parcels the user may
 * see (colisScope), as the parcels list.
 * @param page 1-based; perPage at most MANIFEST_PAGE_MAX
 * @returns the rows and the count of all the departure's parcels the user may see
 */
export async function manifestPage(db: Db, envoiId: string, user: CurrentUser, page: number, perPage: number) {
  const where = and(eq(colis.envoiID, envoiId), colisScope(user));
  const rowsQuery = db
    .select({
      ...colisPoidsMontants,
      natures: naturesOfColis,
      NumeroSaisi: colis.NumeroSaisi,
      nomDestinataire: colis.nomDestinataire,
      prenomsDestinataire: colis.prenomsDestinataire,
      telephoneDestinataire: colis.telephoneDestinataire,
      adresseLivraison: colis.adresseLivraison,
      expediteurID: {
        id: expediteur.id,
        nom: expediteur.nom,
        prenoms: expediteur.prenoms,
        telephone: expediteur.telephone,
        telephoneComplet: expediteur.telephoneComplet,
      },
      destinataireID: {
        id: destinataire.id,
        nom: destinataire.nom,
        prenoms: destinataire.prenoms,
        telephone: destinataire.telephone,
        telephoneComplet: destinataire.telephoneComplet,
      },
      villeID: { id: villeDest.id, libelle: villeDest.libelle },
      modeLivraisonID: codeLibelleColumns(modesLivraison),
      agenceRetrait,
    })
    .from(colis)
    .leftJoin(villeDest, eq(colis.villeID, villeDest.id))
    .leftJoin(modesLivraison, eq(colis.modeLivraisonID, modesLivraison.id))
    .leftJoin(expediteur, eq(colis.expediteurID, expediteur.id))
    .leftJoin(destinataire, eq(colis.destinataireID, destinataire.id))
    .where(where)
    .orderBy(asc(colis.reference), asc(colis.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [rows, [count]] = await Promise.all([
    rowsQuery,
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(colis)
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}
