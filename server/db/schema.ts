/**
 * Drizzle schema of every entity of spec 000 §3 and 001 §3 (docs/architecture.md §4).
 * TypeScript property names are the spec's API field names (paysID, statutID…); SQL columns are snake_case.
 * Ids are UUID v7 strings made by the server; references come from database sequences.
 * Money: numeric(12,2) in the currency of its record (a parcel's and its payments' in its departure's, a unit price's
 * in its origin country's, an operation's in its own `devise`), exact to that currency's minor unit
 * (docs/decisions/currencies.md). Weights: numeric(10,3) kg or m³.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { ADVANCE_PAYER, PAYMENT_BY } from '../../common/colisRules';
import type { SystemRole } from '../../common/permissions';
import { DEMANDE_ETATS } from '../../common/schemas/demandeSuppression';
import { CANAUX, CANAUX_PREFERES, type Canal, type CanalPrefere } from '../../common/canal';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const isActive = () => boolean('is_active').notNull().default(true);
/** A list of constant words as SQL literals ('a', 'b'), for a check constraint written from a common/ list. */
const sqlList = (words: readonly string[]) => sql.raw(words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });
const poidsColumn = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'string' });

/** Sequences behind human-readable references (never counted from rows). */
export const envoiReferenceSeq = pgSequence('envoi_reference_seq', { startWith: 1 });
export const colisReferenceSeq = pgSequence('colis_reference_seq', { startWith: 1 });

// ---------------------------------------------------------------- access
export const typeUsers = pgTable('type_users', {
  id: id(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  isActive: isActive(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The fixed identity of a system role (SUPERADMIN, ADMIN, AGENT, CLIENT), null for the others; never written by
     * the API. A system role keeps its code, stays active and is never deleted (migration 0018, its check and trigger).
     */
    systeme: text('systeme').$type<SystemRole>(),
    /** The role's reach: every agency (true) or its users' own agency; changed only by a SUPERADMIN (migration 0018). */
    toutesAgences: boolean('toutes_agences').notNull().default(false),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_systeme_uq').on(t.systeme)],
);

export const privileges = pgTable('privileges', {
  id: id(),
  libelle: text('libelle').notNull().unique(),
  description: text('description').notNull().default(''),
  groupe: text('groupe').notNull().default('autres'),
  isActive: isActive(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const autorisations = pgTable(
  'autorisations',
  {
    id: id(),
    roleID: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    privilegeID: uuid('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('autorisations_role_privilege_uq').on(t.roleID, t.privilegeID)],
);

// ---------------------------------------------------------------- currencies
/** ISO 4217 currencies and the digits of their minor unit (twin of common/devises.ts DEVISES, seeded by 0021). */
export const devises = pgTable('devises', {
  code: text('code').primaryKey(),
  libelle: text('libelle').notNull(),
  decimales: integer('decimales').notNull(),
});

/**
 * Exchange rates (docs/decisions/currencies.md): `taux` units of `devise` for one euro, in force from `dateDebut` until
 * the next rate of the same currency. History: never deleted, and only a rate of today or a day to come corrected
 * (triggers of 0021 and 0029, docs/decisions/exchange-rate-history.md). The CFA francs'
 * legal rate is seeded `fixe`.
 */
export const tauxChange = pgTable(
  'taux_change',
  {
    id: id(),
    devise: text('devise')
      .notNull()
      .references(() => devises.code),
    taux: numeric('taux', { precision: 18, scale: 6, mode: 'string' }).notNull(),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    fixe: boolean('fixe').notNull().default(false),
    auteurID: uuid('auteur_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('taux_change_devise_date_uq').on(t.devise, t.dateDebut), check('taux_change_taux_positif', sql`${t.taux} > 0`)],
);

// ---------------------------------------------------------------- places
export const pays = pgTable(
  'pays',
  {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    devise: text('devise')
      .notNull()
      .default('EUR')
      .references(() => devises.code),
    indicatif: text('indicatif').notNull(),
    longueurNumero: integer('longueur_numero').notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pays_libelle_idx').on(t.libelle), index('pays_created_at_idx').on(t.createdAt)],
);

export const villes = pgTable(
  'villes',
  {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    paysID: uuid('pays_id')
      .notNull()
      .references(() => pays.id),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('villes_pays_idx').on(t.paysID), index('villes_libelle_idx').on(t.libelle)],
);

export const agences = pgTable(
  'agences',
  {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'string' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'string' }),
    villeID: uuid('ville_id')
      .notNull()
      .references(() => villes.id),
    paysID: uuid('pays_id')
      .notNull()
      .references(() => pays.id),
    telephone: text('telephone'),
    telephoneComplet: text('telephone_complet'),
    /** Where its counter is, as told to a recipient whose parcel waits there (docs/decisions/release-code.md). */
    adresse: text('adresse').notNull().default(''),
    /** Its opening hours, free text ('Lun–Sam 9 h – 18 h'), told with the address. */
    horaires: text('horaires').notNull().default(''),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('agences_ville_idx').on(t.villeID), index('agences_pays_idx').on(t.paysID)],
);

// ---------------------------------------------------------------- people
/** Staff (type ADMIN) and clients (type CLIENT: senders and recipients, found by telephoneComplet). */
export const users = pgTable(
  'users',
  {
    id: id(),
    nom: text('nom').notNull(),
    prenoms: text('prenoms').notNull().default(''),
    email: text('email'),
    telephone: text('telephone'),
    telephoneComplet: text('telephone_complet'),
    adresse: text('adresse').notNull().default(''),
    passwordHash: text('password_hash'),
    /** Bumped on password change or deactivation: tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set when the password was generated by the server (new user): the next sign-in must change it first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    paysID: uuid('pays_id').references(() => pays.id),
    typeUserID: uuid('type_user_id')
      .notNull()
      .references(() => typeUsers.id),
    roleID: uuid('role_id').references(() => roles.id),
    agenceID: uuid('agence_id').references(() => agences.id),
    isActive: isActive(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /**
     * A client's preferred channel for notices and messages (migration 0027, docs/decisions/sms-channel.md): 'auto'
     * (SMS when the client has a phone, else e-mail), 'sms', 'email' or 'aucun'.
     */
    canalPrefere: text('canal_prefere').$type<CanalPrefere>().notNull().default('auto'),
    /** When the client's number answered 'STOP' (SMPP mobile-originated): no SMS is sent to it any more. */
    smsStopAt: timestamp('sms_stop_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    // A 'STOP' from a number finds its clients, and the SMS worker checks the opt-out of a number (migration 0027).
    index('users_telephone_complet_idx').on(t.telephoneComplet),
    check('users_canal_prefere_ck', sql`${t.canalPrefere} IN (${sqlList(CANAUX_PREFERES)})`),
    uniqueIndex('users_type_phone_uq').on(t.typeUserID, t.telephoneComplet),
    index('users_agence_idx').on(t.agenceID),
    index('users_role_idx').on(t.roleID),
    index('users_nom_idx').on(t.nom, t.prenoms),
    index('users_created_at_idx').on(t.createdAt),
    // The clients list's pages, newest first (migration 0011).
    index('users_type_created_idx').on(t.typeUserID, t.createdAt.desc(), t.id),
  ],
);

// ---------------------------------------------------------------- reference data
export const statuts = pgTable('statuts', {
  id: id(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  isActive: isActive(),
  createdAt: createdAt(),
});

const codeLibelle = (name: string) =>
  pgTable(name, {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    description: text('description').notNull().default(''),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  });

export const modesEnvoi = codeLibelle('modes_envoi');
export const modesLivraison = codeLibelle('modes_livraison');
export const modesPaiement = codeLibelle('modes_paiement');
export const groupesNatureColis = codeLibelle('groupes_nature_colis');
export const typesOperation = codeLibelle('types_operation');

export const naturesColis = pgTable(
  'natures_colis',
  {
    id: id(),
    code: text('code').notNull().unique(),
    libelle: text('libelle').notNull(),
    description: text('description').notNull().default(''),
    groupeNatureColisID: uuid('groupe_nature_colis_id')
      .notNull()
      .references(() => groupesNatureColis.id),
    prixExceptionnel: money('prix_exceptionnel'),
    unite: text('unite'),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('natures_groupe_idx').on(t.groupeNatureColisID)],
);

/** Unit price of a nature group on a route (origin city → destination city) by a sending mode. */
export const paramNatureModes = pgTable(
  'param_nature_modes',
  {
    id: id(),
    libelle: text('libelle').notNull(),
    /** Per kg (or m³), in the origin country's currency. */
    prixUnitaire: money('prix_unitaire').notNull(),
    /** The least a parcel line of this price is billed, in the same currency; null: none. */
    montantMinimum: money('montant_minimum'),
    groupeNatureColisID: uuid('groupe_nature_colis_id')
      .notNull()
      .references(() => groupesNatureColis.id),
    villeOrigineID: uuid('ville_origine_id')
      .notNull()
      .references(() => villes.id),
    villeDestinationID: uuid('ville_destination_id')
      .notNull()
      .references(() => villes.id),
    modeEnvoiID: uuid('mode_envoi_id')
      .notNull()
      .references(() => modesEnvoi.id),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pnm_lookup_idx').on(t.groupeNatureColisID, t.modeEnvoiID, t.villeDestinationID),
    uniqueIndex('pnm_route_uq').on(t.groupeNatureColisID, t.villeOrigineID, t.villeDestinationID, t.modeEnvoiID),
  ],
);

// ---------------------------------------------------------------- departures and parcels
export const envois = pgTable(
  'envois',
  {
    id: id(),
    reference: text('reference').notNull().unique(),
    modeEnvoiID: uuid('mode_envoi_id')
      .notNull()
      .references(() => modesEnvoi.id),
    paysID: uuid('pays_id')
      .notNull()
      .references(() => pays.id),
    paysEmetteurID: uuid('pays_emetteur_id')
      .notNull()
      .references(() => pays.id),
    dateDebut: date('date_debut', { mode: 'string' }).notNull(),
    dateArrive: date('date_arrive', { mode: 'string' }).notNull(),
    dateFin: date('date_fin', { mode: 'string' }).notNull(),
    contenu: text('contenu').notNull().default(''),
    poids: poidsColumn('poids').notNull(),
    poidsReel: poidsColumn('poids_reel').notNull().default('0'),
    /** The origin country's currency: its parcels' amounts are in it. */
    devise: text('devise')
      .notNull()
      .default('EUR')
      .references(() => devises.code),
    statutID: uuid('statut_id')
      .notNull()
      .references(() => statuts.id),
    agenceID: uuid('agence_id').references(() => agences.id),
    auteurID: uuid('auteur_id').references(() => users.id),
    isActive: isActive(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('envois_created_at_idx').on(t.createdAt),
    index('envois_statut_idx').on(t.statutID, t.isActive, t.dateFin),
    index('envois_route_idx').on(t.paysID, t.modeEnvoiID),
  ],
);

/** 32 random bytes (two gen_random_uuid(), PostgreSQL's strong random source) as base64url without padding. */
const SUIVI_TOKEN_DEFAULT = sql`translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_')`;

export const colis = pgTable(
  'colis',
  {
    id: id(),
    reference: text('reference').notNull().unique(),
    envoiID: uuid('envoi_id')
      .notNull()
      .references(() => envois.id),
    agenceID: uuid('agence_id')
      .notNull()
      .references(() => agences.id),
    villeID: uuid('ville_id').references(() => villes.id),
    modeLivraisonID: uuid('mode_livraison_id').references(() => modesLivraison.id),
    modeEnvoiID: uuid('mode_envoi_id').references(() => modesEnvoi.id),
    expediteurID: uuid('expediteur_id').references(() => users.id),
    destinataireID: uuid('destinataire_id').references(() => users.id),
    receptionneurID: uuid('receptionneur_id').references(() => users.id),
    paramNatureModeID: uuid('param_nature_mode_id').references(() => paramNatureModes.id),
    nomDestinataire: text('nom_destinataire'),
    prenomsDestinataire: text('prenoms_destinataire'),
    emailDestinataire: text('email_destinataire'),
    adresseDestinataire: text('adresse_destinataire'),
    telephoneDestinataire: text('telephone_destinataire'),
    detailsContenu: text('details_contenu').notNull().default(''),
    contenu: text('contenu').notNull().default(''),
    poids: poidsColumn('poids').notNull().default('0'),
    unite: text('unite').notNull().default('KG'),
    prixUnitaire: money('prix_unitaire').notNull().default('0'),
    montant: money('montant').notNull().default('0'),
    montantLivraison: money('montant_livraison').notNull().default('0'),
    montantExpedition: money('montant_expedition').notNull().default('0'),
    montantComplementaire: money('montant_complementaire').notNull().default('0'),
    montantTotal: money('montant_total').notNull().default('0'),
    reglement: money('reglement').notNull().default('0'),
    resteAPayer: money('reste_a_payer').notNull().default('0'),
    /** Its departure's currency, every amount above is in it (set from the departure by a trigger of 0021). */
    devise: text('devise')
      .notNull()
      .default('EUR')
      .references(() => devises.code),
    observation: text('observation').notNull().default(''),
    adresseLivraison: text('adresse_livraison').notNull().default(''),
    NumeroSaisi: text('numero_saisi'),
    dateDepot: timestamp('date_depot', { withTimezone: true, mode: 'date' }),
    dateEnvoi: timestamp('date_envoi', { withTimezone: true, mode: 'date' }),
    statutID: uuid('statut_id')
      .notNull()
      .references(() => statuts.id),
    auteurID: uuid('auteur_id').references(() => users.id),
    isActive: isActive(),
    /** Soft deletion (docs/architecture.md §4): a deleted parcel leaves every list and count; its payments and history stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedByID: uuid('deleted_by_id').references(() => users.id),
    /**
     * Public tracking token (docs/decisions/public-tracking.md, migration 0009): 32 random bytes, base64url (43
     * characters), given by the database on insert; /suivi/{token} and the receipt's QR code. Never the id, never
     * derived from it.
     */
    suiviToken: text('suivi_token').notNull().default(SUIVI_TOKEN_DEFAULT),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('colis_suivi_token_uq').on(t.suiviToken),
    index('colis_agence_created_idx').on(t.agenceID, t.createdAt),
    index('colis_created_at_idx').on(t.createdAt),
    index('colis_envoi_idx').on(t.envoiID),
    index('colis_statut_idx').on(t.statutID),
    index('colis_expediteur_idx').on(t.expediteurID),
    index('colis_destinataire_idx').on(t.destinataireID),
    // The lists' pages (migration 0011; the first also INCLUDEs agence_id, envoi_id, statut_id, which drizzle cannot say).
    index('colis_list_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`"deleted_at" IS NULL`),
    index('colis_list_agence_created_idx')
      .on(t.agenceID, t.createdAt.desc(), t.id)
      .where(sql`"deleted_at" IS NULL`),
    index('colis_list_statut_created_idx')
      .on(t.statutID, t.createdAt.desc(), t.id)
      .where(sql`"deleted_at" IS NULL`),
  ],
);

/** One nature line of a parcel: weight and the prices it was charged at (euros). */
export const colisNatures = pgTable(
  'colis_natures',
  {
    id: id(),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id, { onDelete: 'restrict' }),
    natureColisID: uuid('nature_colis_id')
      .notNull()
      .references(() => naturesColis.id),
    poids: poidsColumn('poids').notNull(),
    unitePoid: text('unite_poid').notNull().default('KG'),
    prixUnitaire: money('prix_unitaire').notNull().default('0'),
    prixExceptionnel: money('prix_exceptionnel').notNull().default('0'),
    prixTotal: money('prix_total').notNull().default('0'),
  },
  (t) => [index('colis_natures_colis_idx').on(t.colisID)],
);

/** Status history of a parcel (spec 000 §3 History entry). */
export const historiques = pgTable(
  'historiques',
  {
    id: id(),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id, { onDelete: 'restrict' }),
    /** clock_timestamp(): entries written in one transaction keep their order. */
    dateAction: timestamp('date_action', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
    statutAvantID: uuid('statut_avant_id').references(() => statuts.id),
    statutApresID: uuid('statut_apres_id')
      .notNull()
      .references(() => statuts.id),
    auteurID: uuid('auteur_id').references(() => users.id),
  },
  (t) => [index('historiques_colis_idx').on(t.colisID, t.dateAction)],
);

export const paymentbyEnum = pgEnum('payment_by', PAYMENT_BY);

export const encaissements = pgTable(
  'encaissements',
  {
    id: id(),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id, { onDelete: 'restrict' }),
    agenceID: uuid('agence_id').references(() => agences.id),
    paymentby: paymentbyEnum('paymentby').notNull().default(ADVANCE_PAYER),
    montantEncaisse: money('montant_encaisse').notNull(),
    montantRestant: money('montant_restant').notNull(),
    /** The parcel's currency: montantEncaisse and montantRestant are in it (set from the parcel by a trigger of 0021). */
    devise: text('devise')
      .notNull()
      .default('EUR')
      .references(() => devises.code),
    /**
     * A refund (docs/decisions/refunds-and-cash.md): a row of negative amount linked to the payment it gives back, with
     * its reason; the payment itself stays as it was.
     */
    rembourseID: uuid('rembourse_id').references((): AnyPgColumn => encaissements.id),
    motif: text('motif'),
    /** When tendered in another currency: the amount tendered, its currency, and both rates of the day (units for 1 €). */
    montantTendu: numeric('montant_tendu', { precision: 14, scale: 3, mode: 'string' }),
    deviseTendue: text('devise_tendue').references(() => devises.code),
    tauxTendu: numeric('taux_tendu', { precision: 18, scale: 6, mode: 'string' }),
    tauxColis: numeric('taux_colis', { precision: 18, scale: 6, mode: 'string' }),
    /**
     * The conversion difference booked in the parcel's currency (docs/decisions/currencies.md "The last minor units"):
     * the amount tendered converted, less montantEncaisse, when the settling amount closed the parcel (or its refund)
     * at exactly 0; null or 0 otherwise. A refund's has the refund's sign.
     */
    ecartConversion: money('ecart_conversion'),
    modePaiementID: uuid('mode_paiement_id')
      .notNull()
      .references(() => modesPaiement.id),
    auteurID: uuid('auteur_id').references(() => users.id),
    isActive: isActive(),
    /** Cancellation (soft): the amount went back to the parcel; the row and who cancelled it stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedByID: uuid('deleted_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('encaissements_colis_idx').on(t.colisID),
    index('encaissements_rembourse_idx')
      .on(t.rembourseID)
      .where(sql`${t.rembourseID} IS NOT NULL`),
    check(
      'encaissements_signe',
      sql`(${t.rembourseID} IS NULL AND ${t.montantEncaisse} > 0) OR (${t.rembourseID} IS NOT NULL AND ${t.montantEncaisse} < 0)`,
    ),
    // What the drawer received or gave back has the row's sign (caisse/attendu sums it per currency received).
    check('encaissements_tendu_signe', sql`${t.montantTendu} IS NULL OR (${t.montantTendu} > 0) = (${t.montantEncaisse} > 0)`),
    index('encaissements_agence_created_idx').on(t.agenceID, t.createdAt),
    // The list's pages (migration 0011; it also INCLUDEs agence_id, colis_id, which drizzle cannot say).
    index('encaissements_list_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`"deleted_at" IS NULL`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    message: text('message').notNull(),
    receiverID: uuid('receiver_id').references(() => users.id, { onDelete: 'cascade' }),
    colisID: uuid('colis_id').references(() => colis.id, { onDelete: 'restrict' }),
    lu: boolean('lu').notNull().default(false),
    createdAt: createdAt(),
    /**
     * When the notice was turned into outbox rows by its receivers' channels (migration 0031,
     * server/notification/dispatch.ts); null: still to do (a registration writes its notices so, the outbox worker's
     * tick expands them). A row without receiver (receiver_id null) tells the parcel's recipient without client record,
     * at the parcel's typed e-mail (colis.email_destinataire). docs/decisions/notice-dispatch.md.
     * Defaults to now(): a writer that does not name it (a process of the previous version during a rolling upgrade,
     * which expanded its notices itself) leaves nothing for the dispatcher; the registration writes null explicitly.
     */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }).default(sql`now()`),
  },
  (t) => [
    index('notifications_receiver_idx').on(t.receiverID, t.createdAt),
    // The dispatcher's queue: the notices not expanded yet, oldest first.
    index('notifications_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} IS NULL`),
  ],
);

// ---------------------------------------------------------------- cash operations
export const operationTypeEnum = pgEnum('operation_type', ['entrée', 'sortie']);

export const operations = pgTable(
  'operations',
  {
    id: id(),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull(),
    montant: money('montant').notNull(),
    /** The currency of montant (default: its agency's country's). */
    devise: text('devise')
      .notNull()
      .default('EUR')
      .references(() => devises.code),
    motif: uuid('motif_id')
      .notNull()
      .references(() => typesOperation.id),
    type: operationTypeEnum('type').notNull(),
    description: text('description').notNull().default(''),
    userID: uuid('user_id')
      .notNull()
      .references(() => users.id),
    agenceID: uuid('agence_id').references(() => agences.id),
    isActive: isActive(),
    /** Cancellation (soft, migration 0005): the operation leaves the lists and the totals; the row and who cancelled it stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedByID: uuid('deleted_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('operations_agence_date_idx').on(t.agenceID, t.date),
    index('operations_date_idx').on(t.date),
    check('operations_montant_min', sql`${t.montant} >= 1`),
  ],
);

// ---------------------------------------------------------------- inventory
export const inventaires = pgTable(
  'inventaires',
  {
    id: id(),
    dateInventaire: timestamp('date_inventaire', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    auteurID: uuid('auteur_id')
      .notNull()
      .references(() => users.id),
    agenceID: uuid('agence_id').references(() => agences.id),
    createdAt: createdAt(),
  },
  (t) => [index('inventaires_agence_date_idx').on(t.agenceID, t.dateInventaire)],
);

/** A parcel in an inventory: expected (attendu) and/or found (trouve). */
export const inventaireColis = pgTable(
  'inventaire_colis',
  {
    id: id(),
    inventaireID: uuid('inventaire_id')
      .notNull()
      .references(() => inventaires.id, { onDelete: 'cascade' }),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id, { onDelete: 'restrict' }),
    attendu: boolean('attendu').notNull().default(true),
    trouve: boolean('trouve').notNull().default(false),
  },
  (t) => [uniqueIndex('inventaire_colis_uq').on(t.inventaireID, t.colisID)],
);

/**
 * A scanned reference of an inventory that matched no parcel its author may see (none, a deleted one, or one outside
 * the author's agency scope): the typed text once normalised (common/inventaireRules.ts normalizeReference), never a
 * link to a parcel (migration 0019; docs/api-contract.md "Inventories").
 */
export const inventaireInconnues = pgTable(
  'inventaire_inconnues',
  {
    id: id(),
    inventaireID: uuid('inventaire_id')
      .notNull()
      .references(() => inventaires.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
  },
  (t) => [
    uniqueIndex('inventaire_inconnues_uq').on(t.inventaireID, t.reference),
    check('inventaire_inconnues_reference_len', sql`char_length(${t.reference}) BETWEEN 1 AND 256`),
  ],
);

// ---------------------------------------------------------------- messaging and mail
/**
 * Messages sent by staff (spec 001 §3 Message): `typeDestinataire` 'tous' | 'individuel' | 'depart' (messaging,
 * notification/contactClients) or CLIENT | PERSONNEL (message/sendbyEmail); `destinataires` 'tous', the client's or
 * the departure's id, or the e-mail address. Each mail it caused is a mail_outbox row pointing back to it.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    typeDestinataire: text('type_destinataire').notNull(),
    destinataires: text('destinataires').notNull(),
    sujet: text('sujet').notNull(),
    message: text('message').notNull(),
    auteurID: uuid('auteur_id').references(() => users.id),
    /** The author's agency when it was sent (the list's agency scope); null for a role that sees every agency. */
    agenceID: uuid('agence_id').references(() => agences.id),
    /** Recipient clients without an e-mail address (no mail queued for them). */
    nbSansEmail: integer('nb_sans_email').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('messages_created_idx').on(t.createdAt)],
);

export const otpPurposeEnum = pgEnum('otp_purpose', ['RESET_PASSWORD', 'DELETE_COLIS']);

/** One-time codes, stored hashed: single use, 10 minutes, at most 5 attempts (docs/architecture.md §4). */
export const codesOtp = pgTable(
  'codes_otp',
  {
    id: id(),
    purpose: otpPurposeEnum('purpose').notNull(),
    userID: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectID: uuid('subject_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('codes_otp_lookup_idx').on(t.purpose, t.userID, t.subjectID)],
);

/**
 * A parcel's release code (docs/decisions/release-code.md): 6 digits made when its departure arrives, sent to its
 * recipient, kept only as a keyed hash (server/colis/codeRetrait.ts); one per parcel, replaced when sent again. Five
 * wrong codes lock it (`verrouilleLe`) until staff of the destination agency unlock it.
 */
export const codesRetrait = pgTable('codes_retrait', {
  colisID: uuid('colis_id')
    .primaryKey()
    .references(() => colis.id),
  codeHash: text('code_hash').notNull(),
  /** Wrong codes typed since the code was made or unlocked. */
  essais: integer('essais').notNull().default(0),
  verrouilleLe: timestamp('verrouille_le', { withTimezone: true, mode: 'date' }),
  /** When the current code was made and sent. */
  envoyeLe: timestamp('envoye_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Codes sent for the parcel so far (1 at arrival), for the re-sends' limit (server/colis/codeRetrait.ts). */
  envois: integer('envois').notNull().default(1),
  /** The parcel was handed over (with this code or another proof): the code no longer opens anything. */
  utiliseLe: timestamp('utilise_le', { withTimezone: true, mode: 'date' }),
});

/** Binary data (an image), a Buffer on both drivers (PGlite reads a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A person the sender's or the destination agency authorised to collect a parcel instead of its recipient
 * (docs/decisions/release-proof.md): name, phone, the type of their identity document and, of its number, the last 4
 * characters and a keyed hash only (server/colis/remise.ts).
 */
export const colisMandataires = pgTable(
  'colis_mandataires',
  {
    id: id(),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id),
    nom: text('nom').notNull(),
    prenoms: text('prenoms').notNull().default(''),
    telephone: text('telephone').notNull(),
    pieceType: text('piece_type').notNull(),
    pieceDernier4: text('piece_dernier4').notNull(),
    pieceHash: text('piece_hash').notNull(),
    autorisePar: uuid('autorise_par')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('colis_mandataires_colis_idx').on(t.colisID)],
);

/**
 * The release of a parcel (RETIRE at the agency, LIVRE at the door: docs/decisions/release-proof.md), written in the
 * same transaction as its status and never changed (migration 0033's trigger): who handed it over, when, from which
 * agency, how the person was identified (`methode`: the code, their document, a proxy's), the document's type and last
 * 4 characters and keyed hash, the proxy, and the signature (PNG) and photo drawn and taken at the counter.
 */
export const colisRemises = pgTable('colis_remises', {
  colisID: uuid('colis_id')
    .primaryKey()
    .references(() => colis.id),
  statut: text('statut').notNull(),
  remisPar: uuid('remis_par')
    .notNull()
    .references(() => users.id),
  agenceID: uuid('agence_id').references(() => agences.id),
  remisLe: timestamp('remis_le', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** CODE, PIECE or MANDATAIRE (common/remiseRules.ts); null only on records of the day the proof was optional. */
  methode: text('methode'),
  pieceType: text('piece_type'),
  pieceDernier4: text('piece_dernier4'),
  pieceHash: text('piece_hash'),
  mandataireID: uuid('mandataire_id').references(() => colisMandataires.id),
  signature: bytea('signature'),
  photo: bytea('photo'),
  photoType: text('photo_type'),
});

export const mailStatusEnum = pgEnum('mail_status', ['PENDING', 'SENT', 'FAILED']);

/** Mail outbox: written in the same transaction as its cause, sent by the worker (docs/architecture.md §4). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    status: mailStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The message that caused the mail (messaging), or null (codes, notifications…). */
    messageID: uuid('message_id').references(() => messages.id),
    /**
     * Lease of a worker sending it (server/outbox/queue.ts): while in the future no other worker takes the mail; a
     * worker that died mid-send leaves it to expire, and the mail is sent again after it.
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /**
     * The body carries a secret (a generated password, a one-time code): once SENT it is replaced by a placeholder
     * (server/outbox/queue.ts), so that the database and its backups keep no secret.
     */
    secret: boolean('secret').notNull().default(false),
    /**
     * The agency the mail belongs to (its outbox scope, server/mail/query.ts mailScope): given by the caller, else set
     * on insert by the trigger of migration 0020 (the author's agency of its message, the agency of the parcel its
     * subject names, or the agency of the staff member it is addressed to); null: seen by every-agency roles only.
     * docs/decisions/mail-and-lock-scope.md.
     */
    agenceID: uuid('agence_id').references(() => agences.id),
    /**
     * Channel of the row (migration 0027, docs/decisions/sms-channel.md): 'email' (to_address an e-mail, html its
     * body) or 'sms' (to_address the E.164 number, html the SMS text as plain text).
     */
    canal: text('canal').$type<Canal>().notNull().default('email'),
    /** SMS: the SMSC's message_id of each part (submit_sm_resp), recorded before anything else; receipts match on it. */
    smscMessageIds: text('smsc_message_ids').array(),
    /** SMS: parts announced (common/sms.ts smsSize). */
    smsParts: integer('sms_parts'),
    /**
     * SMS delivery after SENT: 'DELIVERED', 'UNDELIVERED', 'EXPIRED' (deliver_sm receipts), 'OPTED_OUT' (never sent:
     * the number answered STOP; status FAILED); null while no receipt came.
     */
    delivery: text('delivery').$type<'DELIVERED' | 'UNDELIVERED' | 'EXPIRED' | 'OPTED_OUT'>(),
    /** When the receipt (or the opt-out) was recorded. */
    deliveryAt: timestamp('delivery_at', { withTimezone: true, mode: 'date' }),
    /** The client the row is addressed to, when known (the client's details list the notices sent to them). */
    clientID: uuid('client_id').references(() => users.id),
    /**
     * The notice (notifications row) the row tells, when it is one (migration 0031): at most one row per notice, so that
     * a notice expanded twice (server/notification/dispatch.ts, at least once) is sent once.
     */
    notificationID: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('mail_outbox_notification_uq').on(t.notificationID),
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // Receipts (deliver_sm) find their row by any of its parts' SMSC message ids.
    index('mail_outbox_smsc_ids_idx').using('gin', t.smscMessageIds),
    index('mail_outbox_client_idx').on(t.clientID, t.createdAt),
    check('mail_outbox_canal_ck', sql`${t.canal} IN (${sqlList(CANAUX)})`),
    check('mail_outbox_delivery_ck', sql`${t.delivery} IS NULL OR ${t.delivery} IN ('DELIVERED', 'UNDELIVERED', 'EXPIRED', 'OPTED_OUT')`),
    index('mail_outbox_message_idx').on(t.messageID),
    index('mail_outbox_agence_idx').on(t.agenceID, t.createdAt),
  ],
);

/**
 * Attempt counters of the throttles (sign-in, recovery, one-time codes), shared by every API process
 * (docs/architecture.md §4). `key` names what is counted, e.g. 'login:account:<email>' or 'login:ip:<address>'.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    /** Attempts counted in the current window (a success of the account resets its own key). */
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Refused until then (exponential back-off once the free attempts are spent). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('throttles_locked_idx').on(t.lockedUntil)],
);

/**
 * Answers kept for the `Idempotency-Key` header of non-idempotent POSTs (docs/decisions/idempotent-writes.md): one
 * row per (user, key), written before the handler runs (`statusCode` null while it runs) and completed with the
 * answer, replayed to a retry with the same key for 24 h; `requestHash` tells a different body (422) from a retry.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userID: uuid('user_id').notNull(),
    key: text('key').notNull(),
    /** 'POST /api/colis/create': a key is bound to the call it was first used on. */
    route: text('route').notNull(),
    /** sha256 of the request body (hex). */
    requestHash: text('request_hash').notNull(),
    /** null while the first request runs. */
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.userID, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Server-wide settings shared by every API process (e.g. the token signing secret when JWT_SECRET is not set). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Audit trail of access administration (docs/decisions/audit-journal.md): every change of a user, a role or an
 * authorisation, with who, when, what, and the values before → after. Written in the same transaction as the change;
 * never updated or deleted.
 */
export const audits = pgTable(
  'audits',
  {
    id: id(),
    /** What was changed: 'colis', 'encaissement', 'envoi', 'user', 'role', 'autorisation' or a reference list's path. */
    entite: text('entite').notNull(),
    entiteID: uuid('entite_id').notNull(),
    /** The role a change of authorisation belongs to (so the assignment screen lists a role's changes). */
    roleID: uuid('role_id'),
    /** 'create', 'update', 'statut', 'delete', 'grant', 'revoke', 'password'. */
    action: text('action').notNull(),
    auteurID: uuid('auteur_id').references(() => users.id),
    /** The address the change came from (Fastify request.ip, behind the configured trustProxy); null for the system. */
    adresseIP: text('adresse_ip'),
    avant: jsonb('avant'),
    apres: jsonb('apres'),
    /** The clock at the insert (migration 0010), so that the rows of one transaction keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('audits_entite_idx').on(t.entite, t.entiteID, t.createdAt),
    index('audits_role_idx').on(t.roleID, t.createdAt),
    index('audits_created_idx').on(t.createdAt),
    index('audits_auteur_idx').on(t.auteurID, t.createdAt),
  ],
);

// ---------------------------------------------------------------- cash closing
/**
 * An agency's cash closed for a day ('Arrêté de caisse', docs/decisions/refunds-and-cash.md): once closed, no payment,
 * refund, cancellation or operation of that agency dated that day is written (trigger of 0022, SQLSTATE CL004) until
 * an administrator reopens it (rouverteAt, kept: a day may be closed again, one open closing per agency and day).
 */
export const caisseClotures = pgTable(
  'caisse_clotures',
  {
    id: id(),
    agenceID: uuid('agence_id')
      .notNull()
      .references(() => agences.id),
    /** The closed day, Europe/Paris. */
    jour: date('jour', { mode: 'string' }).notNull(),
    commentaire: text('commentaire').notNull().default(''),
    auteurID: uuid('auteur_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    rouverteAt: timestamp('rouverte_at', { withTimezone: true, mode: 'date' }),
    rouverteParID: uuid('rouverte_par_id').references(() => users.id),
    motifReouverture: text('motif_reouverture'),
    /**
     * The conversion differences the day's payments and refunds booked, per parcel currency, as the closing found them
     * ([{devise, ecart}], exact decimal texts; docs/decisions/currencies.md "The last minor units"): shown with the
     * closing, counted in no drawer line.
     */
    ecartsConversion: jsonb('ecarts_conversion').$type<{ devise: string; ecart: string }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('caisse_clotures_agence_jour_uq')
      .on(t.agenceID, t.jour)
      .where(sql`${t.rouverteAt} IS NULL`),
    index('caisse_clotures_jour_idx').on(t.jour.desc(), t.agenceID),
  ],
);

/** The counted amounts of a closing, per payment mode (null: the cash operations) and currency, with the difference. */
export const caisseComptes = pgTable(
  'caisse_comptes',
  {
    id: id(),
    clotureID: uuid('cloture_id')
      .notNull()
      .references(() => caisseClotures.id),
    modePaiementID: uuid('mode_paiement_id').references(() => modesPaiement.id),
    devise: text('devise')
      .notNull()
      .references(() => devises.code),
    /** What the records say the agency holds (payments − refunds + incomes − expenses of the day). */
    attendu: money('attendu').notNull(),
    /** What was counted. */
    compte: money('compte').notNull(),
    /** compte − attendu. */
    ecart: money('ecart').notNull(),
  },
  (t) => [index('caisse_comptes_cloture_idx').on(t.clotureID)],
);

/** The states of a parcel's deletion request (common/schemas/demandeSuppression.ts, docs/decisions/deletion-requests.md). */
export const demandeSuppressionEtatEnum = pgEnum('demande_suppression_etat', DEMANDE_ETATS);

/**
 * Requests to delete a processed parcel (spec 000 §4 Parcel deletion; docs/decisions/deletion-requests.md): made when
 * a deletion answers 202 (a code mailed to the administrators), decided in the application by an administrator
 * holding colisDeleteApprouver (APPROUVEE: the parcel is deleted; REFUSEE with a reason), or APPROUVEE when the parcel
 * is deleted with the code. At most one request waits per parcel (partial unique index); decided ones are kept.
 */
export const demandesSuppression = pgTable(
  'demandes_suppression',
  {
    id: id(),
    colisID: uuid('colis_id')
      .notNull()
      .references(() => colis.id),
    demandeurID: uuid('demandeur_id')
      .notNull()
      .references(() => users.id),
    /** The requesting user's agency when it asked (null for a role bound to none). */
    agenceID: uuid('agence_id').references(() => agences.id),
    motif: text('motif'),
    createdAt: createdAt(),
    etat: demandeSuppressionEtatEnum('etat').notNull().default('EN_ATTENTE'),
    decideurID: uuid('decideur_id').references(() => users.id),
    decideAt: timestamp('decide_at', { withTimezone: true, mode: 'date' }),
    motifRefus: text('motif_refus'),
  },
  (t) => [
    uniqueIndex('demandes_suppression_attente_uq')
      .on(t.colisID)
      .where(sql`${t.etat} = 'EN_ATTENTE'`),
    index('demandes_suppression_etat_idx').on(t.etat, t.createdAt.desc()),
    index('demandes_suppression_colis_idx').on(t.colisID, t.createdAt.desc()),
  ],
);
