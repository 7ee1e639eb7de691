/**
 * Reference data every installation starts with (docs/architecture.md §4 "Roles", spec 001 §3): statuses,
 * user types, roles, every permission key and the authorisations of ADMIN, SUPERADMIN and AGENT,
 * countries, cities, agencies, sending / pickup / payment modes, nature groups and natures, unit
 * prices, operation types, the first administrator and one demo agent per agency.
 *
 * The data are plain exported constants (tests and the README can read them); `seedReference`
 * inserts them, one bulk insert per table, inside the caller's transaction on an empty database.
 */
import {
  ALL_PERMISSION_KEYS,
  AGENT_PERMISSION_KEYS,
  PERMISSION_GROUPS,
  PERMISSIONS,
  ROLE_CODES,
  TYPE_USER_CODES,
} from '../../../common/permissions';
import { TAUX_FIXES, TAUX_SCALE } from '../../../common/devises';
import { centsToString, toCents, toMoneyString, toScaled } from '../../../common/money';
import { STATUTS } from '../../../common/statuts';
import type { Db } from '../client';
import * as schema from '../schema';
import { hashPassword } from '../../auth/passwords';

// ---------------------------------------------------------------- access

/** User types (spec 001 §3): only ADMIN may sign in to the back-office. */
const TYPE_USERS = [
  { code: TYPE_USER_CODES.ADMIN, libelle: 'Administration' },
  { code: TYPE_USER_CODES.CLIENT, libelle: 'Client' },
] as const;

/** Roles (spec 001 §6, docs/architecture.md §4): the four system roles, by fixed identity (systeme) and reach (toutesAgences). */
const ROLES = [
  {
    code: ROLE_CODES.ADMIN,
    systeme: ROLE_CODES.ADMIN,
    toutesAgences: true,
    libelle: 'Administrateur',
    description: 'Administrateur : voit et gère toutes les agences.',
  },
  {
    code: ROLE_CODES.SUPERADMIN,
    systeme: ROLE_CODES.SUPERADMIN,
    toutesAgences: true,
    libelle: 'Super administrateur',
    description: 'Détient toutes les permissions ; non proposé dans les formulaires.',
  },
  {
    code: ROLE_CODES.CLIENT,
    systeme: ROLE_CODES.CLIENT,
    toutesAgences: false,
    libelle: 'Client',
    description: "Expéditeur ou destinataire de colis ; n'accède pas au back-office.",
  },
  {
    code: ROLE_CODES.AGENT,
    systeme: ROLE_CODES.AGENT,
    toutesAgences: false,
    libelle: "Agent d'agence",
    description: 'Personnel d’agence : départs, colis, encaissements et inventaire de son agence.',
  },
] as const;

/**
 * Every permission key as a privilege row (spec 000 §6, 001 §6): libelle, assignment group and French description,
 * all from the catalogue common/permissions.ts. The seed and the start-up sync (syncPermissions) insert these rows.
 */
export const PRIVILEGES = PERMISSION_GROUPS.flatMap((g) =>
  g.keys.map((key) => ({ libelle: key, groupe: g.code, description: PERMISSIONS[key].description })),
);

// ---------------------------------------------------------------- places

/** Countries (spec 001 §3 Pays): dial code with '+', national number length, currency (ISO 4217). */
const PAYS = [
  { code: 'FR', libelle: 'France', indicatif: '+33', longueurNumero: 9, devise: 'EUR' },
  { code: 'BE', libelle: 'Belgique', indicatif: '+32', longueurNumero: 9, devise: 'EUR' },
  { code: 'ES', libelle: 'Espagne', indicatif: '+34', longueurNumero: 9, devise: 'EUR' },
  { code: 'IT', libelle: 'Italie', indicatif: '+39', longueurNumero: 10, devise: 'EUR' },
  { code: 'SN', libelle: 'Sénégal', indicatif: '+221', longueurNumero: 9, devise: 'XOF' },
  { code: 'CI', libelle: "Côte d'Ivoire", indicatif: '+225', longueurNumero: 10, devise: 'XOF' },
  { code: 'ML', libelle: 'Mali', indicatif: '+223', longueurNumero: 8, devise: 'XOF' },
  { code: 'CM', libelle: 'Cameroun', indicatif: '+237', longueurNumero: 9, devise: 'XAF' },
  { code: 'GN', libelle: 'Guinée', indicatif: '+224', longueurNumero: 9, devise: 'GNF' },
  { code: 'BF', libelle: 'Burkina Faso', indicatif: '+226', longueurNumero: 8, devise: 'XOF' },
  { code: 'TG', libelle: 'Togo', indicatif: '+228', longueurNumero: 8, devise: 'XOF' },
  { code: 'BJ', libelle: 'Bénin', indicatif: '+229', longueurNumero: 10, devise: 'XOF' },
] as const;

/** Cities (spec 001 §3 Ville), by country code; codes are unique (IATA-like). */
const VILLES = [
  { code: 'PAR', libelle: 'Paris', pays: 'FR' },
  { code: 'LYS', libelle: 'Lyon', pays: 'FR' },
  { code: 'MRS', libelle: 'Marseille', pays: 'FR' },
  { code: 'LIL', libelle: 'Lille', pays: 'FR' },
  { code: 'BRU', libelle: 'Bruxelles', pays: 'BE' },
  { code: 'ANR', libelle: 'Anvers', pays: 'BE' },
  { code: 'LGG', libelle: 'Liège', pays: 'BE' },
  { code: 'MAD', libelle: 'Madrid', pays: 'ES' },
  { code: 'BCN', libelle: 'Barcelone', pays: 'ES' },
  { code: 'ROM', libelle: 'Rome', pays: 'IT' },
  { code: 'MIL', libelle: 'Milan', pays: 'IT' },
  { code: 'TRN', libelle: 'Turin', pays: 'IT' },
  { code: 'DKR', libelle: 'Dakar', pays: 'SN' },
  { code: 'THS', libelle: 'Thiès', pays: 'SN' },
  { code: 'XLS', libelle: 'Saint-Louis', pays: 'SN' },
  { code: 'ZIG', libelle: 'Ziguinchor', pays: 'SN' },
  { code: 'ABJ', libelle: 'Abidjan', pays: 'CI' },
  { code: 'BYK', libelle: 'Bouaké', pays: 'CI' },
  { code: 'ASK', libelle: 'Yamoussoukro', pays: 'CI' },
  { code: 'SPY', libelle: 'San-Pédro', pays: 'CI' },
  { code: 'BKO', libelle: 'Bamako', pays: 'ML' },
  { code: 'KYS', libelle: 'Kayes', pays: 'ML' },
  { code: 'KSS', libelle: 'Sikasso', pays: 'ML' },
  { code: 'DLA', libelle: 'Douala', pays: 'CM' },
  { code: 'NSI', libelle: 'Yaoundé', pays: 'CM' },
  { code: 'CKY', libelle: 'Conakry', pays: 'GN' },
  { code: 'KNN', libelle: 'Kankan', pays: 'GN' },
  { code: 'OUA', libelle: 'Ouagadougou', pays: 'BF' },
  { code: 'BOY', libelle: 'Bobo-Dioulasso', pays: 'BF' },
  { code: 'LFW', libelle: 'Lomé', pays: 'TG' },
  { code: 'LRL', libelle: 'Kara', pays: 'TG' },
  { code: 'COO', libelle: 'Cotonou', pays: 'BJ' },
  { code: 'PTN', libelle: 'Porto-Novo', pays: 'BJ' },
] as const;

/**
 * Agencies (spec 001 §3 Agence): city code, real coordinates, national phone number (no dial code), the counter's
 * address and opening hours (told in the arrival notice: docs/decisions/release-code.md).
 */
const AGENCES = [
  {
    code: 'PAR1',
    libelle: 'Agence Paris Château-Rouge',
    ville: 'PAR',
    latitude: '48.886600',
    longitude: '2.349400',
    telephone: '142587630',
    adresse: '12 rue Poulet, 75018 Paris',
    horaires: 'Lun–Sam 10 h – 19 h',
  },
  {
    code: 'MRS1',
    libelle: 'Agence Marseille Belsunce',
    ville: 'MRS',
    latitude: '43.299900',
    longitude: '5.377700',
    telephone: '491903214',
    adresse: '8 cours Belsunce, 13001 Marseille',
    horaires: 'Lun–Sam 9 h 30 – 18 h 30',
  },
  {
    code: 'LYS1',
    libelle: 'Agence Lyon Guillotière',
    ville: 'LYS',
    latitude: '45.755600',
    longitude: '4.842600',
    telephone: '478612045',
    adresse: '45 cours Gambetta, 69007 Lyon',
    horaires: 'Lun–Sam 10 h – 18 h 30',
  },
  {
    code: 'DKR1',
    libelle: 'Agence Dakar Plateau',
    ville: 'DKR',
    latitude: '14.669300',
    longitude: '-17.437600',
    telephone: '338214567',
    adresse: '27 avenue Lamine Guèye, Plateau, Dakar',
    horaires: 'Lun–Sam 9 h – 18 h',
  },
  {
    code: 'ABJ1',
    libelle: 'Agence Abidjan Plateau',
    ville: 'ABJ',
    latitude: '5.325800',
    longitude: '-4.019600',
    telephone: '2720214580',
    adresse: 'Boulevard de la République, Plateau, Abidjan',
    horaires: 'Lun–Sam 8 h – 17 h 30',
  },
  {
    code: 'BKO1',
    libelle: 'Agence Bamako ACI 2000',
    ville: 'BKO',
    latitude: '12.627400',
    longitude: '-8.026800',
    telephone: '20224571',
    adresse: 'Rue 313, ACI 2000, Bamako',
    horaires: 'Lun–Sam 8 h – 18 h',
  },
] as const;

// ---------------------------------------------------------------- modes and natures

/** Sending modes (spec 001 §3 Mode envoi). AERIEN forces the unit KG (common/modes.ts isModeEnvoiAerien). */
const MODES_ENVOI = [
  { code: 'AERIEN', libelle: 'Aérien', description: 'Fret aérien : 3 à 7 jours, tarif au kilo.' },
  { code: 'MARITIME', libelle: 'Maritime', description: 'Conteneur maritime : 3 à 5 semaines, tarif au kilo ou au m³.' },
] as const;

/** Pickup modes (spec 001 §3 Mode livraison). The agency label keeps the spec's trailing space (000 §9). */
const MODES_LIVRAISON = [
  { code: 'AGENCE', libelle: 'Récupération en Agence ', description: "Le destinataire retire le colis à l'agence d'arrivée." },
  {
    code: 'DOMICILE',
    libelle: 'Livraison à domicile',
    description: "Le colis est livré à l'adresse du destinataire (frais de livraison).",
  },
] as const;

/** Payment modes (spec 000 §3 Payment mode). */
const MODES_PAIEMENT = [
  { code: 'ESPECES', libelle: 'Espèces', description: 'Paiement en espèces au guichet.' },
  { code: 'CB', libelle: 'Carte bancaire', description: 'Paiement par carte bancaire au terminal.' },
  { code: 'VIREMENT', libelle: 'Virement', description: 'Virement bancaire.' },
  { code: 'ORANGE_MONEY', libelle: 'Orange Money', description: 'Paiement mobile Orange Money.' },
  { code: 'WAVE', libelle: 'Wave', description: 'Paiement mobile Wave.' },
] as const;

/**
 * Nature groups (spec 001 §3 Groupe nature colis) with their unit prices per kg on the main routes:
 * `air` and `mer` are the base prices in euros per kg from Paris to Dakar; other routes add a
 * surcharge (see PRIX_UNITAIRE_ROUTES). A route leaving a CFA franc country is priced in francs (prixEnDeviseOrigine).
 */
const GROUPES_NATURE = [
  { code: 'VETEMENTS', libelle: 'Vêtements', description: 'Vêtements, chaussures, linge de maison et textile.', air: '9.00', mer: '3.00' },
  { code: 'ALIMENTAIRE', libelle: 'Alimentaire', description: 'Denrées non périssables, épices et boissons.', air: '8.00', mer: '2.50' },
  {
    code: 'ELECTRONIQUE',
    libelle: 'Électronique',
    description: 'Téléphones, ordinateurs, électroménager et accessoires.',
    air: '13.00',
    mer: '4.50',
  },
  { code: 'DOCUMENTS', libelle: 'Documents', description: 'Courriers, dossiers administratifs et livres.', air: '12.00', mer: '4.00' },
  { code: 'COSMETIQUES', libelle: 'Cosmétiques', description: 'Produits de beauté, parfums et soins.', air: '10.50', mer: '3.50' },
] as const;

/** Natures of parcels (spec 001 §3 Nature colis) by group code; prixExceptionnel in €/Kg, '0' when none. */
const NATURES = [
  {
    code: 'VET_ADULTE',
    libelle: 'Vêtements adulte',
    groupe: 'VETEMENTS',
    prixExceptionnel: '0',
    unite: null,
    description: 'Habits neufs ou usagés.',
  },
  {
    code: 'VET_ENFANT',
    libelle: 'Vêtements enfant',
    groupe: 'VETEMENTS',
    prixExceptionnel: '0',
    unite: null,
    description: 'Habits et layette.',
  },
  {
    code: 'CHAUSSURES',
    libelle: 'Chaussures',
    groupe: 'VETEMENTS',
    prixExceptionnel: '0',
    unite: null,
    description: 'Chaussures et sandales.',
  },
  {
    code: 'PAGNES',
    libelle: 'Pagnes et tissus',
    groupe: 'VETEMENTS',
    prixExceptionnel: '7.50',
    unite: 'Kg',
    description: 'Wax, bazin et coupons de tissu.',
  },
  {
    code: 'RIZ_SUCRE',
    libelle: 'Riz, sucre et farine',
    groupe: 'ALIMENTAIRE',
    prixExceptionnel: '0',
    unite: null,
    description: 'Sacs de denrées sèches.',
  },
  { code: 'CONSERVES', libelle: 'Conserves', groupe: 'ALIMENTAIRE', prixExceptionnel: '0', unite: null, description: 'Boîtes et bocaux.' },
  {
    code: 'EPICES',
    libelle: 'Épices et condiments',
    groupe: 'ALIMENTAIRE',
    prixExceptionnel: '6.00',
    unite: 'Kg',
    description: 'Épices, bouillons, condiments.',
  },
  {
    code: 'TELEPHONE',
    libelle: 'Téléphones',
    groupe: 'ELECTRONIQUE',
    prixExceptionnel: '25.00',
    unite: 'Kg',
    description: 'Smartphones et tablettes.',
  },
  {
    code: 'ORDINATEUR',
    libelle: 'Ordinateurs',
    groupe: 'ELECTRONIQUE',
    prixExceptionnel: '18.00',
    unite: 'Kg',
    description: 'Ordinateurs portables et accessoires.',
  },
  {
    code: 'ELECTROMENAGER',
    libelle: 'Petit électroménager',
    groupe: 'ELECTRONIQUE',
    prixExceptionnel: '0',
    unite: null,
    description: 'Mixeurs, fers à repasser, ventilateurs.',
  },
  { code: 'COURRIER', libelle: 'Courrier', groupe: 'DOCUMENTS', prixExceptionnel: '0', unite: null, description: 'Lettres et enveloppes.' },
  {
    code: 'DOSSIER_ADMIN',
    libelle: 'Dossiers administratifs',
    groupe: 'DOCUMENTS',
    prixExceptionnel: '0',
    unite: null,
    description: 'Actes, diplômes, dossiers de visa.',
  },
  {
    code: 'LIVRES',
    libelle: 'Livres et fournitures scolaires',
    groupe: 'DOCUMENTS',
    prixExceptionnel: '0',
    unite: null,
    description: 'Manuels, cahiers, fournitures.',
  },
  {
    code: 'PARFUMS',
    libelle: 'Parfums',
    groupe: 'COSMETIQUES',
    prixExceptionnel: '14.00',
    unite: 'Kg',
    description: 'Parfums et eaux de toilette.',
  },
  {
    code: 'SOINS',
    libelle: 'Produits de soin',
    groupe: 'COSMETIQUES',
    prixExceptionnel: '0',
    unite: null,
    description: 'Crèmes, laits, savons.',
  },
  {
    code: 'MAQUILLAGE',
    libelle: 'Maquillage',
    groupe: 'COSMETIQUES',
    prixExceptionnel: '0',
    unite: null,
    description: 'Maquillage et accessoires.',
  },
] as const;

/**
 * Routes with unit prices (origin city code → destination city code) and the surcharge in euros per
 * kg added to the group's base price for AERIEN and MARITIME: every European agency city to every
 * African agency city, and the way back to Paris from each African agency city. The sum is in euros; a route leaving
 * Dakar, Abidjan or Bamako is stored in F CFA (XOF), its origin country's currency (prixEnDeviseOrigine).
 */
const PRIX_UNITAIRE_ROUTES = [
  { from: 'PAR', to: 'DKR', air: '0.00', mer: '0.00' },
  { from: 'PAR', to: 'ABJ', air: '1.00', mer: '0.50' },
  { from: 'PAR', to: 'BKO', air: '1.50', mer: '1.00' },
  { from: 'MRS', to: 'DKR', air: '0.50', mer: '0.00' },
  { from: 'MRS', to: 'ABJ', air: '1.50', mer: '0.50' },
  { from: 'MRS', to: 'BKO', air: '2.00', mer: '1.00' },
  { from: 'LYS', to: 'DKR', air: '0.50', mer: '0.50' },
  { from: 'LYS', to: 'ABJ', air: '1.50', mer: '1.00' },
  { from: 'LYS', to: 'BKO', air: '2.00', mer: '1.50' },
  { from: 'DKR', to: 'PAR', air: '1.00', mer: '0.50' },
  { from: 'ABJ', to: 'PAR', air: '1.50', mer: '0.50' },
  { from: 'BKO', to: 'PAR', air: '2.00', mer: '1.00' },
] as const;

/** Operation types of the cash book (spec 001 §3 Operation type). */
const TYPES_OPERATION = [
  { code: 'LOYER', libelle: "Loyer de l'agence" },
  { code: 'SALAIRE', libelle: 'Salaires' },
  { code: 'CARBURANT', libelle: 'Carburant' },
  { code: 'FOURNITURES', libelle: 'Fournitures de bureau' },
  { code: 'ELECTRICITE', libelle: 'Électricité et eau' },
  { code: 'TRANSPORT', libelle: 'Transport et manutention' },
  { code: 'DEDOUANEMENT', libelle: 'Frais de dédouanement' },
  { code: 'COMMISSION', libelle: 'Commissions' },
  { code: 'VENTE_EMBALLAGE', libelle: "Vente d'emballages" },
  { code: 'AUTRE_RECETTE', libelle: 'Autres recettes' },
] as const;

// ---------------------------------------------------------------- people

/** The first administrator's identity (email and password come from ADMIN_EMAIL / ADMIN_PASSWORD). */
const ADMIN_PROFILE = {
  nom: 'Administrateur',
  prenoms: 'Principal',
  pays: 'FR',
  telephone: '600000001',
  adresse: '12 rue de la Chapelle, 75018 Paris',
} as const;

/** Password of every demo agent (documented in the README). */
const DEMO_AGENT_PASSWORD = 'Agent123!';

/** One agent (role AGENT, user type ADMIN so they may sign in) per agency. */
const DEMO_AGENTS = [
  {
    agence: 'PAR1',
    email: 'agent.paris@colis.local',
    nom: 'Martin',
    prenoms: 'Sophie',
    telephone: '612345001',
    adresse: '5 rue Poulet, 75018 Paris',
  },
  {
    agence: 'MRS1',
    email: 'agent.marseille@colis.local',
    nom: 'Benali',
    prenoms: 'Karim',
    telephone: '612345002',
    adresse: '8 rue d’Aix, 13001 Marseille',
  },
  {
    agence: 'LYS1',
    email: 'agent.lyon@colis.local',
    nom: 'Dubois',
    prenoms: 'Camille',
    telephone: '612345003',
    adresse: '21 cours Gambetta, 69007 Lyon',
  },
  {
    agence: 'DKR1',
    email: 'agent.dakar@colis.local',
    nom: 'Ndiaye',
    prenoms: 'Moussa',
    telephone: '771234501',
    adresse: 'Avenue Pompidou, Dakar Plateau',
  },
  {
    agence: 'ABJ1',
    email: 'agent.abidjan@colis.local',
    nom: 'Kouassi',
    prenoms: 'Aya Marie',
    telephone: '0701234502',
    adresse: 'Boulevard de la République, Plateau, Abidjan',
  },
  {
    agence: 'BKO1',
    email: 'agent.bamako@colis.local',
    nom: 'Traoré',
    prenoms: 'Mamadou',
    telephone: '76123450',
    adresse: 'ACI 2000, Bamako',
  },
] as const;

/** What seedReference inserted: ids worth knowing and a row count per table. */
export interface SeedReferenceResult {
  adminId: string;
  counts: Record<string, number>;
}

/** Adds euro amounts given as decimal strings, exactly (cents); returns numeric(12,2) text. */
function addEuros(a: string, b: string): string {
  return centsToString(toCents(a) + toCents(b));
}

/** The step, in francs, of the unit prices restated in F CFA. */
const PAS_FRANCS_CFA = 50n;

/**
 * A unit price written in euros, in the currency of its origin city's country (docs/decisions/currencies.md: a unit
 * price is in its origin country's currency). Rule for the routes leaving a CFA franc country (Dakar, Abidjan, Bamako:
 * XOF): the euro price converted at the legal fixed rate, 655,957 F for 1 € (common/devises.ts TAUX_FIXES), then
 * rounded half away from zero to a whole 50 F, the round figure a counter quotes: 9 €/kg → 5 903,61 F → 5 900 F/kg;
 * 10 € → 6 559,57 F → 6 550 F. A euro country keeps the euro price.
 * @param euros the price in euros, decimal text
 * @param devise the origin country's currency
 * @returns the price as numeric text in `devise`
 * @throws Error for another currency (no fixed rate to restate a seeded price with)
 */
function prixEnDeviseOrigine(euros: string, devise: string): string {
  if (devise === 'EUR') return euros;
  const taux = TAUX_FIXES[devise];
  if (!taux) throw new Error(`seedReference : pas de taux fixe pour ${devise}`);
  // cents (10^-2 €) × rate (10^-6 F for 1 €) = 10^-8 F; to a whole number of 50 F steps, rounded once (positive).
  const n = toCents(euros) * toScaled(taux, TAUX_SCALE);
  const step = PAS_FRANCS_CFA * 10n ** BigInt(2 + TAUX_SCALE);
  return String(((n + step / 2n) / step) * PAS_FRANCS_CFA);
}

/** The currency of a seeded city's country (PAYS via VILLES). */
function deviseOfVille(code: string): string {
  const pays = VILLES.find((v) => v.code === code)?.pays;
  const devise = PAYS.find((p) => p.code === pays)?.devise;
  if (!devise) throw new Error(`seedReference : ville sans pays ni devise ${code}`);
  return devise;
}

/** A map code → id from rows returned by an insert. */
function byCode<T extends { code: string; id: string }>(rows: T[]): Map<string, string> {
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Looks up a code in a map, failing loudly on a typo in the constants. */
function need(map: Map<string, string>, code: string, what: string): string {
  const id = map.get(code);
  if (!id) throw new Error(`seedReference: ${what} « ${code} » inconnu`);
  return id;
}

/**
 * Inserts the reference data into an EMPTY database (docs/architecture.md §4 "Roles", spec 000 §3, 001 §3),
 * one bulk insert per table, inside the given transaction (or database handle).
 * Creates: statuses, user types, roles, every permission of PERMISSION_GROUPS, authorisations
 * (ADMIN and SUPERADMIN: every key; AGENT: AGENT_PERMISSION_KEYS), countries, cities, agencies,
 * modes, nature groups and natures, unit prices, operation types, the first administrator
 * (user type ADMIN, role ADMIN, no agency) and one AGENT per agency (password DEMO_AGENT_PASSWORD).
 * Passwords are hashed with argon2id.
 * @param tx a Drizzle transaction or database
 * @param opts.adminEmail / opts.adminPassword the first administrator's credentials
 * @param opts.adminMustChangePassword the administrator must change its password at its first sign-in (users.mustChangePassword;
 *   set when the password is the public default, docs/decisions/default-admin-password.md); default false
 * @returns the administrator's id and the number of rows inserted per table
 */
export async function seedReference(
  tx: Db,
  opts: { adminEmail: string; adminPassword: string; adminMustChangePassword?: boolean },
): Promise<SeedReferenceResult> {
  const counts: Record<string, number> = {};
  const [adminHash, agentHash] = await Promise.all([hashPassword(opts.adminPassword), hashPassword(DEMO_AGENT_PASSWORD)]);

  // access
  const statutRows = await tx
    .insert(schema.statuts)
    .values(STATUTS.map((s) => ({ code: s.code, libelle: s.libelle })))
    .returning();
  counts.statuts = statutRows.length;
  const typeUserIds = byCode(
    await tx
      .insert(schema.typeUsers)
      .values(TYPE_USERS.map((t) => ({ ...t })))
      .returning(),
  );
  counts.typeUsers = typeUserIds.size;
  const roleIds = byCode(
    await tx
      .insert(schema.roles)
      .values(ROLES.map((r) => ({ ...r })))
      .returning(),
  );
  counts.roles = roleIds.size;

  const privilegeRows = await tx.insert(schema.privileges).values(PRIVILEGES).returning();
  counts.privileges = privilegeRows.length;
  const privilegeIds = new Map(privilegeRows.map((p) => [p.libelle, p.id]));
  const grants = (roleCode: string, keys: readonly string[]) =>
    keys.map((key) => ({ roleID: need(roleIds, roleCode, 'rôle'), privilegeID: need(privilegeIds, key, 'permission'), isActive: true }));
  const autorisationRows = await tx
    .insert(schema.autorisations)
    .values([
      ...grants(ROLE_CODES.ADMIN, ALL_PERMISSION_KEYS),
      ...grants(ROLE_CODES.SUPERADMIN, ALL_PERMISSION_KEYS),
      ...grants(ROLE_CODES.AGENT, AGENT_PERMISSION_KEYS),
    ])
    .returning({ id: schema.autorisations.id });
  counts.autorisations = autorisationRows.length;

  // places
  const paysRows = await tx
    .insert(schema.pays)
    .values(PAYS.map((p) => ({ ...p })))
    .returning();
  counts.pays = paysRows.length;
  const paysIds = byCode(paysRows);
  const indicatifs = new Map<string, string>(PAYS.map((p) => [p.code, p.indicatif]));
  const villeRows = await tx
    .insert(schema.villes)
    .values(VILLES.map((v) => ({ code: v.code, libelle: v.libelle, paysID: need(paysIds, v.pays, 'pays') })))
    .returning();
  counts.villes = villeRows.length;
  const villeIds = byCode(villeRows);
  const villePays = new Map(VILLES.map((v) => [v.code, v.pays as string]));
  const agenceRows = await tx
    .insert(schema.agences)
    .values(
      AGENCES.map((a) => {
        const paysCode = villePays.get(a.ville)!;
        return {
          code: a.code,
          libelle: a.libelle,
          latitude: a.latitude,
          longitude: a.longitude,
          villeID: need(villeIds, a.ville, 'ville'),
          paysID: need(paysIds, paysCode, 'pays'),
          telephone: a.telephone,
          telephoneComplet: indicatifs.get(paysCode)! + a.telephone,
          adresse: a.adresse,
          horaires: a.horaires,
        };
      }),
    )
    .returning();
  counts.agences = agenceRows.length;
  const agenceIds = byCode(agenceRows);

  // modes, natures, prices
  const modeEnvoiIds = byCode(
    await tx
      .insert(schema.modesEnvoi)
      .values(MODES_ENVOI.map((m) => ({ ...m })))
      .returning(),
  );
  counts.modesEnvoi = modeEnvoiIds.size;
  counts.modesLivraison = (
    await tx
      .insert(schema.modesLivraison)
      .values(MODES_LIVRAISON.map((m) => ({ ...m })))
      .returning()
  ).length;
  counts.modesPaiement = (
    await tx
      .insert(schema.modesPaiement)
      .values(MODES_PAIEMENT.map((m) => ({ ...m })))
      .returning()
  ).length;
  const groupeIds = byCode(
    await tx
      .insert(schema.groupesNatureColis)
      .values(GROUPES_NATURE.map((g) => ({ code: g.code, libelle: g.libelle, description: g.description })))
      .returning(),
  );
  counts.groupesNatureColis = groupeIds.size;
  counts.naturesColis = (
    await tx
      .insert(schema.naturesColis)
      .values(
        NATURES.map((n) => ({
          code: n.code,
          libelle: n.libelle,
          description: n.description,
          groupeNatureColisID: need(groupeIds, n.groupe, 'groupe'),
          prixExceptionnel: toMoneyString(n.prixExceptionnel),
          unite: n.unite,
        })),
      )
      .returning({ id: schema.naturesColis.id })
  ).length;

  const villeLibelle = new Map(VILLES.map((v) => [v.code, v.libelle as string]));
  const prix = PRIX_UNITAIRE_ROUTES.flatMap((route) =>
    GROUPES_NATURE.flatMap((g) =>
      MODES_ENVOI.map((m) => {
        const air = m.code === 'AERIEN';
        return {
          libelle: `${g.libelle} ${villeLibelle.get(route.from)} → ${villeLibelle.get(route.to)} ${m.libelle}`,
          prixUnitaire: prixEnDeviseOrigine(addEuros(air ? g.air : g.mer, air ? route.air : route.mer), deviseOfVille(route.from)),
          groupeNatureColisID: need(groupeIds, g.code, 'groupe'),
          villeOrigineID: need(villeIds, route.from, 'ville'),
          villeDestinationID: need(villeIds, route.to, 'ville'),
          modeEnvoiID: need(modeEnvoiIds, m.code, "mode d'envoi"),
        };
      }),
    ),
  );
  counts.paramNatureModes = (await tx.insert(schema.paramNatureModes).values(prix).returning({ id: schema.paramNatureModes.id })).length;

  counts.typesOperation = (
    await tx
      .insert(schema.typesOperation)
      .values(TYPES_OPERATION.map((t) => ({ ...t })))
      .returning()
  ).length;

  // people
  const staffType = need(typeUserIds, TYPE_USER_CODES.ADMIN, "type d'utilisateur");
  const [admin] = await tx
    .insert(schema.users)
    .values({
      nom: ADMIN_PROFILE.nom,
      prenoms: ADMIN_PROFILE.prenoms,
      email: opts.adminEmail.trim().toLowerCase(),
      telephone: ADMIN_PROFILE.telephone,
      telephoneComplet: indicatifs.get(ADMIN_PROFILE.pays)! + ADMIN_PROFILE.telephone,
      adresse: ADMIN_PROFILE.adresse,
      passwordHash: adminHash,
      mustChangePassword: opts.adminMustChangePassword ?? false,
      paysID: need(paysIds, ADMIN_PROFILE.pays, 'pays'),
      typeUserID: staffType,
      roleID: need(roleIds, ROLE_CODES.ADMIN, 'rôle'),
      agenceID: null,
    })
    .returning({ id: schema.users.id });
  const agencePays = new Map(AGENCES.map((a) => [a.code, villePays.get(a.ville)!]));
  const agents = await tx
    .insert(schema.users)
    .values(
      DEMO_AGENTS.map((a) => {
        const paysCode = agencePays.get(a.agence)!;
        return {
          nom: a.nom,
          prenoms: a.prenoms,
          email: a.email,
          telephone: a.telephone,
          telephoneComplet: indicatifs.get(paysCode)! + a.telephone,
          adresse: a.adresse,
          passwordHash: agentHash,
          paysID: need(paysIds, paysCode, 'pays'),
          typeUserID: staffType,
          roleID: need(roleIds, ROLE_CODES.AGENT, 'rôle'),
          agenceID: need(agenceIds, a.agence, 'agence'),
        };
      }),
    )
    .returning({ id: schema.users.id });
  counts.users = 1 + agents.length;

  return { adminId: admin.id, counts };
}
