/**
 * Demo data set (docs/architecture.md §1 "seeds it when empty"): a year of activity of the agencies seeded by
 * seed/reference.ts — clients, departures, parcels with their nature lines, status history and
 * payments, cash operations and stock inventories — coherent with the rules of docs/architecture.md §4:
 * - a departure's poidsReel is the sum of its parcels' weights and never exceeds its poids;
 * - parcel amounts come from common/pricing.ts with the seeded unit prices (nature group, sending
 *   mode, origin city, destination) or the nature's exceptional price, in the departure's currency (its origin
 *   country's: F CFA from Dakar, Abidjan, Bamako; docs/decisions/currencies.md), exact to its minor unit: an
 *   exceptional price (euros) converted at the rate of the parcel's day, the other amounts (delivery, complementary,
 *   advances, payments) round figures of that currency (whole euros, multiples of 500 F);
 * - reglement = Σ payments, resteAPayer = montantTotal − reglement;
 * - parcel statuses follow their departure's, each change has a history row;
 * - references come from the database sequences (envoi_reference_seq, colis_reference_seq).
 * Everything is generated in memory from a seeded pseudo-random generator, then inserted in bulk.
 */
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { ROLE_CODES, TYPE_USER_CODES } from '../../../common/permissions';
import { DEVISE_COMPTABLE, TAUX_FIXES, convertir, decimalesOf, minorToString, toMinor } from '../../../common/devises';
import { centsToString, milliToString, toMilli } from '../../../common/money';
import { computeColisMontants } from '../../../common/pricing';
import { isModeEnvoiAerien } from '../../../common/modes';
import type { StatutCode } from '../../../common/statuts';
import type { Db, Tx } from '../client';
import * as schema from '../schema';
import { rowsOf } from '../rows';

/** Options of seedDemo. */
export interface SeedDemoOptions {
  /** The demo's "today" (default: the current time); data span the 12 months before it. */
  now?: Date;
  /** Number of parcels to create (default 600). Clients and departures scale with it. */
  colisCount?: number;
  /** Seed of the pseudo-random generator (default 2611): same seed, same data set (ids aside). */
  seed?: number;
}

/** Rows inserted per table. */
export interface SeedDemoResult {
  counts: Record<string, number>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CHUNK = 500;

// ---------------------------------------------------------------- random helpers

/** mulberry32: a small deterministic generator in [0, 1). */
function makeRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  };
  /** An index into a list of n, favouring the first ones (regular customers). */
  const skewedIndex = (n: number) => Math.min(n - 1, Math.floor(n * Math.pow(next(), 1.7)));
  return { next, int, pick, chance, weighted, skewedIndex };
}
type Random = ReturnType<typeof makeRandom>;

// ---------------------------------------------------------------- names and places

const FRENCH_FIRST = [
  'Jean',
  'Marie',
  'Pierre',
  'Claire',
  'Nicolas',
  'Julie',
  'Thomas',
  'Sophie',
  'Laurent',
  'Isabelle',
  'Antoine',
  'Céline',
  'Hélène',
  'François',
  'Nathalie',
  'Julien',
  'Élodie',
  'Philippe',
];
const FRENCH_LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'Fournier',
  'Girard',
  'Mercier',
  'Blanc',
];
const NAMES_BY_PAYS: Record<string, { first: string[]; last: string[] }> = {
  SN: {
    first: [
      'Moussa',
      'Aminata',
      'Fatou',
      'Ibrahima',
      'Awa',
      'Mamadou',
      'Aïssatou',
      'Ousmane',
      'Mariama',
      'Cheikh',
      'Khady',
      'Abdoulaye',
      'Ramatoulaye',
      'Babacar',
      'Ndeye',
      'Modou',
      'Coumba',
      'Pape',
    ],
    last: [
      'Diop',
      'Ndiaye',
      'Fall',
      'Sow',
      'Ba',
      'Faye',
      'Gueye',
      'Sarr',
      'Diallo',
      'Mbaye',
      'Cissé',
      'Thiam',
      'Seck',
      'Niang',
      'Diouf',
      'Sy',
    ],
  },
  CI: {
    first: [
      'Yao',
      'Aya',
      'Kouadio',
      'Adjoua',
      'Koffi',
      'Amenan',
      'Serge',
      'Affoué',
      'Jean-Marc',
      'Christelle',
      'Didier',
      'Josiane',
      'Armand',
      'Akissi',
      'Hervé',
      'Mariam',
      'Lacina',
      'Brigitte',
    ],
    last: [
      'Kouassi',
      'Konan',
      'Kouamé',
      'Yao',
      'Koffi',
      "N'Guessan",
      'Bamba',
      'Touré',
      'Ouattara',
      'Coulibaly',
      'Koné',
      'Diabaté',
      'Aka',
      'Gnagne',
      'Tanoh',
      'Brou',
    ],
  },
  ML: {
    first: [
      'Seydou',
      'Adama',
      'Kadiatou',
      'Boubacar',
      'Fatoumata',
      'Modibo',
      'Oumou',
      'Bakary',
      'Assitan',
      'Souleymane',
      'Hawa',
      'Drissa',
      'Salimata',
      'Lassana',
      'Nana',
      'Yacouba',
    ],
    last: [
      'Traoré',
      'Keita',
      'Coulibaly',
      'Diarra',
      'Konaté',
      'Sissoko',
      'Dembélé',
      'Sangaré',
      'Maïga',
      'Cissé',
      'Touré',
      'Kanté',
      'Doumbia',
      'Camara',
      'Sidibé',
      'Fofana',
    ],
  },
};
const AFRICAN_NAMES = {
  first: [...NAMES_BY_PAYS.SN.first, ...NAMES_BY_PAYS.CI.first, ...NAMES_BY_PAYS.ML.first],
  last: [...NAMES_BY_PAYS.SN.last, ...NAMES_BY_PAYS.CI.last, ...NAMES_BY_PAYS.ML.last],
};

const STREETS_EU = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Voltaire',
  'rue Victor Hugo',
  'rue du Faubourg Saint-Denis',
  'rue Myrha',
  'avenue de Clichy',
  'rue Pasteur',
  'rue de la Gare',
  'boulevard de Belleville',
  'rue des Poissonniers',
  'avenue de Flandre',
];
const POSTCODES: Record<string, string[]> = {
  PAR: ['75010', '75011', '75018', '75019', '75020'],
  LYS: ['69003', '69007', '69008'],
  MRS: ['13001', '13003', '13015'],
  LIL: ['59000', '59800'],
};
const QUARTIERS: Record<string, string[]> = {
  DKR: ['Médina', 'Parcelles Assainies', 'Grand Yoff', 'Sicap Liberté', 'HLM', 'Ouakam', 'Pikine', 'Guédiawaye'],
  ABJ: ['Cocody', 'Yopougon', 'Abobo', 'Treichville', 'Marcory', 'Koumassi', 'Adjamé', 'Port-Bouët'],
  BKO: ['Hamdallaye', 'Badalabougou', 'Kalaban Coura', 'Lafiabougou', 'Magnambougou', 'Sogoniko', 'Missira'],
};
const PHONE_PREFIXES: Record<string, string[]> = {
  FR: ['6', '7'],
  BE: ['4'],
  ES: ['6'],
  IT: ['3'],
  SN: ['77', '78', '76', '70', '75'],
  CI: ['07', '05', '01'],
  ML: ['7', '6'],
  CM: ['6'],
  GN: ['62', '66'],
  BF: ['7', '6'],
  TG: ['9'],
  BJ: ['01'],
};
const OBSERVATIONS = [
  '',
  '',
  '',
  '',
  'Fragile',
  'À manipuler avec précaution',
  'Carton scotché, bon état',
  'Sac fermé par cadenas',
  'Appeler le destinataire à l’arrivée',
];

/** Lower-case ASCII slug of a name for e-mail addresses. */
function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();
}

/**
 * The step of the round amounts the demo picks in a currency, in its minor unit: 1 € (100 cents), 500 F for the CFA
 * francs, one unit otherwise.
 */
function pasRond(devise: string): bigint {
  const unit = 10n ** BigInt(decimalesOf(devise));
  return TAUX_FIXES[devise] ? 500n * unit : unit;
}

/**
 * An amount picked in euros, in a currency: as it is in euros; elsewhere converted at `taux` (units for 1 €) and
 * rounded half away from zero to a round figure (pasRond): 5 € → 3 279,79 F → 3 500 F CFA.
 * @returns numeric text in `devise`
 */
function montantRond(euros: string, devise: string, taux: string): string {
  if (devise === DEVISE_COMPTABLE) return euros;
  const step = pasRond(devise);
  const minor = toMinor(convertir(euros, DEVISE_COMPTABLE, devise, '1', taux), devise);
  return minorToString(((minor + step / 2n) / step) * step, devise);
}

/** 'YYYY-MM-DD' (UTC) of a time. */
function isoDate(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** 'yymm' (UTC) of a time, as in the references DEP-2611-0042. */
function yymm(t: number): string {
  const d = new Date(t);
  return String(d.getUTCFullYear() % 100).padStart(2, '0') + String(d.getUTCMonth() + 1).padStart(2, '0');
}

/** Midnight UTC of the day of t. */
function dayStart(t: number): number {
  return Math.floor(t / DAY) * DAY;
}

/** A UUID v7 whose time part is the row's creation time, so ids sort like createdAt. */
function idAt(t: number): string {
  return uuidv7({ msecs: Math.max(0, Math.floor(t)) });
}

/** Inserts rows in chunks of CHUNK (one statement per chunk). */
async function insertChunks<T extends Parameters<Tx['insert']>[0]>(tx: Tx, table: T, rows: readonly T['$inferInsert'][]): Promise<number> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + CHUNK) as T['$inferInsert'][]);
  }
  return rows.length;
}

/** n successive values of a database sequence, in increasing order. */
async function nextValues(tx: Tx, sequence: 'envoi_reference_seq' | 'colis_reference_seq', n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await rowsOf<{ n: number | string }>(
    tx,
    sql`select nextval(${sequence}::regclass)::int as n from generate_series(1, ${n}::int)`,
  );
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b);
}

// ---------------------------------------------------------------- in-memory model

interface Place {
  paysID: string;
  paysCode: string;
  villeID: string;
  villeCode: string;
  villeLibelle: string;
}
interface Client {
  id: string;
  nom: string;
  prenoms: string;
  telephone: string;
  telephoneComplet: string;
  email: string | null;
  adresse: string;
  place: Place;
  agenceID: string | null;
  createdAt: number;
  used: boolean;
}
interface Agence {
  id: string;
  code: string;
  villeID: string;
  paysID: string;
  agentID: string;
}
interface Route {
  agence: Agence;
  modeID: string;
  air: boolean;
  destPaysID: string;
}
type Phase = 'OUVERT' | 'EN_COURS_ENVOI' | 'ARRIVE' | 'CLOTURE';
interface EnvoiDraft {
  id: string;
  route: Route;
  phase: Phase;
  createdAt: number;
  /** Last moment parcels may be registered. */
  registrationEnd: number;
  dateDebut: number;
  dateArrive: number;
  dateFin: number;
  share: number;
  poidsMilli: bigint;
  /** Its currency, its origin country's: its parcels' amounts are in it. */
  devise: string;
}
interface HistoriqueEvent {
  t: number;
  statut: StatutCode;
  auteurID: string;
}

/**
 * Loads the demo data set into a database that holds the reference data of seedReference and no
 * parcel (docs/architecture.md §1, §4): ~colisCount/4 clients (users of type CLIENT, unique full phone number),
 * ~colisCount/8 departures over the last 12 months (mostly CLOTURE / ARRIVE, some EN_COURS_ENVOI,
 * at least one OUVERT per agency closing in the future with room left), colisCount parcels with
 * 1–3 nature lines priced by common/pricing.ts, their payments (encaissements), status history,
 * cash operations per agency and month, and monthly stock inventories per agency. Runs in one
 * transaction, inserting in chunks of 500 rows.
 * @param db the Drizzle database
 * @param options.now the demo's "today" (default now); options.colisCount (default 600); options.seed
 * @returns the number of rows inserted per table
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const now = (options.now ?? new Date()).getTime();
  const colisCount = Math.max(0, Math.floor(options.colisCount ?? 600));
  const rnd = makeRandom(options.seed ?? 2611);
  return db.transaction((tx) => generateAndInsert(tx, now, colisCount, rnd));
}

async function generateAndInsert(tx: Tx, now: number, colisCount: number, rnd: Random): Promise<SeedDemoResult> {
  const yearAgo = now - 365 * DAY;

  // ------------------------------------------------------------ reference data
  const statutRows = await tx.select().from(schema.statuts);
  const statutId = new Map(statutRows.map((s) => [s.code, s.id]));
  const st = (code: StatutCode) => {
    const id = statutId.get(code);
    if (!id) throw new Error(`seedDemo: statut ${code} absent — lancer seedReference d'abord`);
    return id;
  };
  const paysRows = await tx.select().from(schema.pays);
  const paysById = new Map(paysRows.map((p) => [p.id, p]));
  const villeRows = await tx.select().from(schema.villes);
  const villeById = new Map(villeRows.map((v) => [v.id, v]));
  const placeOf = (villeID: string): Place => {
    const v = villeById.get(villeID)!;
    return { paysID: v.paysID, paysCode: paysById.get(v.paysID)!.code, villeID: v.id, villeCode: v.code, villeLibelle: v.libelle };
  };
  const modeEnvoiRows = await tx.select().from(schema.modesEnvoi);
  const modeEnvoiById = new Map(modeEnvoiRows.map((m) => [m.id, m]));
  const modeLivraisonRows = await tx.select().from(schema.modesLivraison);
  const modeAgence =
    modeLivraisonRows.find((m) => m.code === 'AGENCE') ?? modeLivraisonRows.find((m) => m.libelle.trim() === 'Récupération en Agence');
  const modeDomicile = modeLivraisonRows.find((m) => m.id !== modeAgence?.id);
  const modePaiementRows = await tx.select().from(schema.modesPaiement);
  const modePaiementByCode = new Map(modePaiementRows.map((m) => [m.code, m.id]));
  const natureRows = (await tx.select().from(schema.naturesColis)).filter((n) => n.isActive);
  const groupeRows = await tx.select().from(schema.groupesNatureColis);
  const groupeById = new Map(groupeRows.map((g) => [g.id, g]));
  const paramRows = (await tx.select().from(schema.paramNatureModes)).filter((p) => p.isActive);
  // Exchange rates (units of a currency for 1 €), newest first: the exceptional prices (in euros) are converted at the
  // rate in force on the parcel's day.
  const tauxRows = (await tx.select().from(schema.tauxChange)).sort((a, b) => b.dateDebut.localeCompare(a.dateDebut));
  const tauxDuJour = (devise: string, t: number): string => {
    if (devise === DEVISE_COMPTABLE) return '1';
    const row = tauxRows.find((r) => r.devise === devise && r.dateDebut <= isoDate(t));
    if (!row) throw new Error(`seedDemo: aucun taux de change pour ${devise} au ${isoDate(t)}`);
    return row.taux;
  };
  const typeOperationRows = await tx.select().from(schema.typesOperation);
  const typeOperationByCode = new Map(typeOperationRows.map((t) => [t.code, t.id]));
  const typeUserRows = await tx.select().from(schema.typeUsers);
  const clientTypeID = typeUserRows.find((t) => t.code === TYPE_USER_CODES.CLIENT)?.id;
  if (!clientTypeID) throw new Error("seedDemo: type d'utilisateur CLIENT absent — lancer seedReference d'abord");
  const roleRows = await tx.select().from(schema.roles);
  const clientRoleID = roleRows.find((r) => r.code === ROLE_CODES.CLIENT)?.id ?? null;
  const adminRoleID = roleRows.find((r) => r.code === ROLE_CODES.ADMIN)?.id;
  const staff = await tx
    .select({ id: schema.users.id, roleID: schema.users.roleID, agenceID: schema.users.agenceID, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.typeUserID, typeUserRows.find((t) => t.code === TYPE_USER_CODES.ADMIN)?.id ?? clientTypeID));
  const adminID = staff.find((u) => u.roleID === adminRoleID)?.id ?? staff[0]?.id;
  if (!adminID) throw new Error("seedDemo: aucun administrateur — lancer seedReference d'abord");
  const agenceRows = (await tx.select().from(schema.agences)).filter((a) => a.isActive);
  const agences: Agence[] = agenceRows
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((a) => ({
      id: a.id,
      code: a.code,
      villeID: a.villeID,
      paysID: a.paysID,
      agentID: staff.find((u) => u.agenceID === a.id && u.roleID !== adminRoleID)?.id ?? adminID,
    }));
  const agenceInPays = (paysID: string, villeID?: string) =>
    agences.find((a) => a.paysID === paysID && a.villeID === villeID) ?? agences.find((a) => a.paysID === paysID);

  // Existing clients: keep their phones and e-mails unique.
  const existingUsers = await tx
    .select({ email: schema.users.email, telephoneComplet: schema.users.telephoneComplet, typeUserID: schema.users.typeUserID })
    .from(schema.users);
  const usedEmails = new Set(existingUsers.filter((u) => u.email).map((u) => u.email!.toLowerCase()));
  const usedPhones = new Set(existingUsers.filter((u) => u.typeUserID === clientTypeID).map((u) => u.telephoneComplet));

  // ------------------------------------------------------------ routes priced by the unit-price table
  const routes: Route[] = [];
  for (const agence of agences) {
    const fromHere = paramRows.filter((p) => p.villeOrigineID === agence.villeID);
    const keys = new Set(fromHere.map((p) => `${p.modeEnvoiID}|${villeById.get(p.villeDestinationID)!.paysID}`));
    for (const key of keys) {
      const [modeID, destPaysID] = key.split('|');
      if (destPaysID === agence.paysID) continue;
      routes.push({ agence, modeID, air: isModeEnvoiAerien(modeEnvoiById.get(modeID)), destPaysID });
    }
  }
  if (routes.length === 0 || natureRows.length === 0) {
    throw new Error("seedDemo: aucun prix unitaire ou aucune nature — lancer seedReference d'abord");
  }
  /** Unit prices of a route by nature group; destination cities covered by a price. */
  const paramsFor = (route: Route) =>
    paramRows.filter(
      (p) =>
        p.villeOrigineID === route.agence.villeID &&
        p.modeEnvoiID === route.modeID &&
        villeById.get(p.villeDestinationID)!.paysID === route.destPaysID,
    );
  const routeParams = new Map(routes.map((r) => [r, paramsFor(r)]));

  // ------------------------------------------------------------ departures
  const envoiCount = colisCount === 0 ? 0 : Math.max(agences.length + 2, Math.round(colisCount / 8));
  const openCount = Math.min(envoiCount, Math.max(agences.length, Math.round(envoiCount * 0.08)));
  const transitCount = Math.min(envoiCount - openCount, Math.max(2, Math.round(envoiCount * 0.07)));
  const arrivedCount = Math.min(envoiCount - openCount - transitCount, Math.max(3, Math.round(envoiCount * 0.1)));
  const pastCount = envoiCount - openCount - transitCount - arrivedCount;
  const agenceWeight = (a: Agence) => (paysById.get(a.paysID)?.devise === 'EUR' ? 2 : 1);
  const routesOf = (agence: Agence) => routes.filter((r) => r.agence === agence);
  const agencesWithRoutes = agences.filter((a) => routesOf(a).length > 0);
  const pickRoute = (agence?: Agence): Route => {
    const a = agence ?? rnd.weighted(agencesWithRoutes.map((x) => [x, agenceWeight(x)] as const));
    const own = routesOf(a);
    const air = own.some((r) => r.air) && (own.every((r) => r.air) || rnd.chance(0.6));
    return rnd.pick(own.filter((r) => r.air === air));
  };

  const envoiDrafts: EnvoiDraft[] = [];
  for (let i = 0; i < envoiCount; i++) {
    const kind =
      i < openCount ? 'open' : i < openCount + transitCount ? 'transit' : i < openCount + transitCount + arrivedCount ? 'arrived' : 'past';
    const route = kind === 'open' && i < agencesWithRoutes.length ? pickRoute(agencesWithRoutes[i]) : pickRoute();
    const transit = route.air ? rnd.int(2, 5) : rnd.int(20, 35);
    let dateDebut: number;
    let dateFin: number;
    let createdAt: number;
    if (kind === 'open') {
      createdAt = now - rnd.int(1, 12) * DAY - rnd.int(1, 8) * HOUR;
      dateFin = dayStart(now) + rnd.int(3, 20) * DAY;
      dateDebut = dateFin + rnd.int(1, 3) * DAY;
    } else {
      // Days between the arrival and today: transit < 0 (still travelling); arrived 1–25 (ARRIVE);
      // past 46–345, spread evenly over the year (CLOTURE).
      const p = i - openCount - transitCount - arrivedCount;
      const arrivedDaysAgo =
        kind === 'transit'
          ? -rnd.int(1, transit - 1)
          : kind === 'arrived'
            ? rnd.int(1, 25)
            : 46 + Math.floor(((pastCount - 1 - p + rnd.next()) / Math.max(1, pastCount)) * (Math.min(345, 365 - transit - 16) - 46));
      dateDebut = dayStart(now) - (arrivedDaysAgo + transit) * DAY;
      dateFin = dateDebut - rnd.int(1, 3) * DAY;
      createdAt = Math.max(yearAgo + DAY, dateFin - rnd.int(route.air ? 10 : 20, route.air ? 25 : 40) * DAY) + rnd.int(8, 17) * HOUR;
      if (createdAt > dateFin - DAY) createdAt = dateFin - DAY;
    }
    const dateArrive = dateDebut + transit * DAY;
    const phase: Phase = kind === 'open' ? 'OUVERT' : kind === 'transit' ? 'EN_COURS_ENVOI' : kind === 'arrived' ? 'ARRIVE' : 'CLOTURE';
    envoiDrafts.push({
      id: idAt(createdAt),
      route,
      phase,
      createdAt,
      devise: paysById.get(route.agence.paysID)?.devise ?? DEVISE_COMPTABLE,
      registrationEnd: kind === 'open' ? now - 30 * MINUTE : dateFin + 18 * HOUR,
      dateDebut,
      dateArrive,
      dateFin,
      share: (route.air ? 1 : 1.3) * (0.6 + 0.8 * rnd.next()) * (kind === 'open' ? 0.4 : 1),
      poidsMilli: 0n,
    });
  }

  // ------------------------------------------------------------ parcels per departure
  const perEnvoi = envoiDrafts.map(() => 0);
  for (let i = 0; i < colisCount; i++) {
    const d = i < envoiDrafts.length ? i : envoiDrafts.indexOf(rnd.weighted(envoiDrafts.map((x) => [x, x.share] as const)));
    perEnvoi[d]++;
  }

  // ------------------------------------------------------------ clients
  const demand = new Map<string, number>(); // paysID → parcels touching it
  envoiDrafts.forEach((d, i) => {
    demand.set(d.route.agence.paysID, (demand.get(d.route.agence.paysID) ?? 0) + perEnvoi[i]);
    demand.set(d.route.destPaysID, (demand.get(d.route.destPaysID) ?? 0) + perEnvoi[i]);
  });
  const clientTarget = colisCount === 0 ? 0 : Math.max(20, Math.round(colisCount / 4));
  const totalDemand = [...demand.values()].reduce((s, n) => s + n, 0) || 1;
  const clientsByPays = new Map<string, Client[]>();
  const villesOfPays = (paysID: string) => villeRows.filter((v) => v.paysID === paysID && v.isActive);
  const pricedVilles = new Set(paramRows.flatMap((p) => [p.villeOrigineID, p.villeDestinationID]));

  const makePhone = (paysID: string): { telephone: string; telephoneComplet: string } => {
    const p = paysById.get(paysID)!;
    for (;;) {
      const prefix = rnd.pick(PHONE_PREFIXES[p.code] ?? [String(rnd.int(1, 9))]);
      let telephone = prefix;
      while (telephone.length < p.longueurNumero) telephone += String(rnd.int(0, 9));
      const telephoneComplet = p.indicatif + telephone;
      if (!usedPhones.has(telephoneComplet)) {
        usedPhones.add(telephoneComplet);
        return { telephone, telephoneComplet };
      }
    }
  };
  const makeName = (paysCode: string) => {
    // Diaspora in Europe: about a third French names, the rest West African ones.
    const names = NAMES_BY_PAYS[paysCode] ?? (rnd.chance(0.35) ? { first: FRENCH_FIRST, last: FRENCH_LAST } : AFRICAN_NAMES);
    return { nom: rnd.pick(names.last), prenoms: rnd.pick(names.first) };
  };
  const makeAddress = (place: Place) => {
    if (POSTCODES[place.villeCode] || paysById.get(place.paysID)?.devise === 'EUR') {
      const cp = POSTCODES[place.villeCode] ? rnd.pick(POSTCODES[place.villeCode]) : '';
      return `${rnd.int(1, 120)} ${rnd.pick(STREETS_EU)}, ${cp ? cp + ' ' : ''}${place.villeLibelle}`;
    }
    const quartier = QUARTIERS[place.villeCode] ? rnd.pick(QUARTIERS[place.villeCode]) : 'Centre-ville';
    return rnd.chance(0.5) ? `Quartier ${quartier}, ${place.villeLibelle}` : `Rue ${rnd.int(1, 60)}, ${quartier}, ${place.villeLibelle}`;
  };
  const makeEmail = (prenoms: string, nom: string) => {
    for (let k = 0; ; k++) {
      const email = `${slug(prenoms)}.${slug(nom)}${k === 0 ? '' : k}@example.com`;
      if (!usedEmails.has(email)) {
        usedEmails.add(email);
        return email;
      }
    }
  };
  const newPerson = (paysID: string) => {
    const paysVilles = villesOfPays(paysID);
    const priced = paysVilles.filter((c) => pricedVilles.has(c.id));
    const ville = priced.length && (rnd.chance(0.75) || priced.length === paysVilles.length) ? rnd.pick(priced) : rnd.pick(paysVilles);
    const place = placeOf(ville.id);
    const { nom, prenoms } = makeName(place.paysCode);
    return { nom, prenoms, place, adresse: makeAddress(place), ...makePhone(paysID) };
  };
  for (const [paysID, n] of demand) {
    const count = Math.max(3, Math.round((clientTarget * n) / totalDemand));
    const list: Client[] = [];
    for (let i = 0; i < count; i++) {
      const person = newPerson(paysID);
      list.push({
        id: '',
        ...person,
        email: rnd.chance(0.55) ? makeEmail(person.prenoms, person.nom) : null,
        agenceID: null,
        createdAt: now,
        used: false,
      });
    }
    clientsByPays.set(paysID, list);
  }
  const pickClient = (paysID: string): Client => {
    const list = clientsByPays.get(paysID)!;
    return list[rnd.skewedIndex(list.length)];
  };

  // ------------------------------------------------------------ parcels, lines, payments, history
  interface ColisDraft {
    row: typeof schema.colis.$inferInsert;
    createdAt: number;
    agence: Agence;
    lines: (typeof schema.colisNatures.$inferInsert)[];
    historique: HistoriqueEvent[];
    encaissements: (Omit<typeof schema.encaissements.$inferInsert, 'colisID'> & { t: number })[];
    destAgence: Agence | undefined;
    expediteur: Client;
    destinataire: Client | null;
  }
  const drafts: ColisDraft[] = [];
  const groupWeight: Record<string, number> = { VETEMENTS: 35, ALIMENTAIRE: 25, ELECTRONIQUE: 15, DOCUMENTS: 10, COSMETIQUES: 15 };
  const payModes = (paysID: string): string[] => {
    const european = paysById.get(paysID)?.devise === 'EUR';
    const wanted = european
      ? ['ESPECES', 'CB', 'CB', 'CB', 'VIREMENT', 'ESPECES']
      : ['ESPECES', 'ESPECES', 'ORANGE_MONEY', 'ORANGE_MONEY', 'WAVE', 'WAVE'];
    const ids = wanted.map((c) => modePaiementByCode.get(c)).filter((x): x is string => !!x);
    return ids.length ? ids : modePaiementRows.map((m) => m.id);
  };

  envoiDrafts.forEach((dep, di) => {
    const route = dep.route;
    const params = routeParams.get(route)!;
    const coveredVilles = [...new Set(params.map((p) => p.villeDestinationID))];
    const groupsHere = [...new Set(params.map((p) => p.groupeNatureColisID))];
    const depTime = dep.dateDebut + 7 * HOUR + rnd.int(0, 120) * MINUTE;
    const arrTime = dep.dateArrive + 10 * HOUR + rnd.int(0, 180) * MINUTE;
    for (let k = 0; k < perEnvoi[di]; k++) {
      const createdAt = dep.createdAt + rnd.next() * Math.max(HOUR, dep.registrationEnd - dep.createdAt);
      const expediteur = pickClient(route.agence.paysID);
      const registered = rnd.chance(0.9);
      const destinataire = registered ? pickClient(route.destPaysID) : null;
      const freeDestinataire = registered ? null : newPerson(route.destPaysID);
      const place = destinataire ? destinataire.place : freeDestinataire!.place;
      const prixVille = coveredVilles.includes(place.villeID) ? place.villeID : coveredVilles[0];
      const destAgence = agenceInPays(route.destPaysID, place.villeID);
      for (const [c, home] of [
        [expediteur, route.agence],
        [destinataire, destAgence ?? route.agence],
      ] as const) {
        if (!c) continue;
        c.used = true;
        c.createdAt = Math.min(c.createdAt, createdAt - rnd.int(5, 60) * MINUTE);
        c.agenceID ??= home.id;
      }

      // nature lines
      const lineCount = rnd.weighted([
        [1, 50],
        [2, 35],
        [3, 15],
      ] as const);
      const chosen = new Set<string>();
      const lineInputs: { nature: (typeof natureRows)[number]; param: (typeof paramRows)[number]; milli: bigint }[] = [];
      for (let l = 0; l < lineCount; l++) {
        const groupeID = rnd.weighted(groupsHere.map((g) => [g, groupWeight[groupeById.get(g)?.code ?? ''] ?? 10] as const));
        const candidates = natureRows.filter((n) => n.groupeNatureColisID === groupeID && !chosen.has(n.id));
        if (candidates.length === 0) continue;
        const nature = rnd.pick(candidates);
        chosen.add(nature.id);
        const param =
          params.find((p) => p.groupeNatureColisID === groupeID && p.villeDestinationID === prixVille) ??
          params.find((p) => p.groupeNatureColisID === groupeID)!;
        const docs = groupeById.get(groupeID)?.code === 'DOCUMENTS';
        const r = rnd.next() * rnd.next();
        const kg = docs ? 0.2 + 2.8 * r : route.air ? 0.5 + 24.5 * r : 5 + 115 * r;
        const milli = BigInt(Math.max(1, Math.round(kg * 10))) * 100n; // step 0.1 kg
        lineInputs.push({ nature, param, milli });
      }
      // Amounts in the departure's currency (its origin country's), as minor units (cents, whole francs).
      const devise = dep.devise;
      const taux = tauxDuJour(devise, createdAt);
      const minor = (v: string | number) => toMinor(v, devise);
      const text = (m: bigint) => minorToString(m, devise);
      const domicile = modeDomicile && rnd.chance(0.35);
      const montantLivraison = domicile ? montantRond(rnd.pick(['5.00', '8.00', '10.00', '12.00', '15.00']), devise, taux) : '0';
      const montantComplementaire = rnd.chance(0.2) ? montantRond(rnd.pick(['2.00', '3.50', '5.00', '8.00', '10.00']), devise, taux) : '0';
      const montantExpedition = rnd.chance(0.1) ? montantRond(rnd.pick(['3.00', '5.00']), devise, taux) : '0';
      const prixExceptionnel = (n: (typeof natureRows)[number]) =>
        n.prixExceptionnel && toMinor(n.prixExceptionnel, DEVISE_COMPTABLE) > 0n
          ? String(convertir(n.prixExceptionnel, DEVISE_COMPTABLE, devise, '1', taux))
          : '0';
      const montants = computeColisMontants({
        devise,
        lines: lineInputs.map((l) => ({
          poids: milliToString(l.milli),
          prixExceptionnel: prixExceptionnel(l.nature),
          prixUnitaire: l.param.prixUnitaire,
          montantMinimum: l.param.montantMinimum,
        })),
        montantComplementaire,
        montantLivraison,
        montantExpedition,
      });
      const totalCents = minor(montants.montantTotal);
      const poidsMilli = lineInputs.reduce((s, l) => s + l.milli, 0n);
      dep.poidsMilli += poidsMilli;

      // timeline: statuses and payments
      const origin = route.agence;
      const destAuthor = destAgence?.agentID ?? adminID;
      const historique: HistoriqueEvent[] = [{ t: createdAt, statut: 'EN_ATTENTE', auteurID: origin.agentID }];
      const encaissements: ColisDraft['encaissements'] = [];
      let paid = 0n;
      const pay = (t: number, cents: bigint, by: 'expediteur' | 'destinateur', atDestination: boolean) => {
        if (cents <= 0n) return;
        paid += cents;
        const collector = atDestination ? (destAgence ?? origin) : origin;
        encaissements.push({
          t,
          id: idAt(t),
          agenceID: collector.id,
          paymentby: by,
          montantEncaisse: text(cents),
          montantRestant: text(totalCents - paid),
          modePaiementID: rnd.pick(payModes(collector.paysID)),
          auteurID: collector.agentID,
          createdAt: new Date(t),
          updatedAt: new Date(t),
        });
      };
      const advanceCents = () => {
        const share = 0.3 + 0.4 * rnd.next();
        const step = pasRond(devise); // whole euros, 500 F
        const cents = BigInt(Math.floor((Number(totalCents) * share) / Number(step))) * step;
        return cents >= step && cents < totalCents ? cents : totalCents;
      };
      const scenario =
        dep.phase === 'OUVERT'
          ? rnd.weighted([
              ['none', 40],
              ['full', 36],
              ['advance', 24],
            ] as const)
          : rnd.weighted([
              ['full', 55],
              ['advance', 25],
              ['atPickup', 16],
              ['credit', 4],
            ] as const);
      const depositTime = createdAt + rnd.int(1, 4) * MINUTE;
      if (scenario === 'full') pay(depositTime, totalCents, 'expediteur', false);
      if (scenario === 'advance') pay(depositTime, advanceCents(), 'expediteur', false);
      if (paid > 0n) historique.push({ t: depositTime, statut: 'RECEPTIONNE', auteurID: origin.agentID });
      if (dep.phase !== 'OUVERT') {
        historique.push({ t: depTime, statut: 'EN_COURS_ENVOI', auteurID: origin.agentID });
      }
      if (dep.phase === 'ARRIVE' || dep.phase === 'CLOTURE') {
        historique.push({ t: arrTime, statut: 'EXPEDIE', auteurID: destAuthor });
        // Picked up or delivered 2 h to 30 days after arrival (all of them for a CLOTURE departure).
        const pickTime = arrTime + 2 * HOUR + rnd.next() * 30 * DAY;
        if (pickTime < now - HOUR) {
          const payTime = pickTime - rnd.int(2, 10) * MINUTE;
          if (scenario === 'credit') pay(payTime, (totalCents - paid) / 2n, 'destinateur', true);
          else pay(payTime, totalCents - paid, 'destinateur', true);
          historique.push({ t: pickTime, statut: domicile ? 'LIVRE' : 'RETIRE', auteurID: destAuthor });
        }
      }
      const last = historique[historique.length - 1];
      const lastEncaissement = encaissements.length ? encaissements[encaissements.length - 1].t : 0;
      const updatedAt = Math.max(last.t, lastEncaissement);
      const contenu = [...new Set(lineInputs.map((l) => groupeById.get(l.nature.groupeNatureColisID)?.libelle ?? ''))].join(', ');
      const cartons = rnd.int(1, 3);
      const colisID = idAt(createdAt);
      const firstParam = lineInputs[0]?.param;
      drafts.push({
        createdAt,
        agence: origin,
        destAgence,
        expediteur,
        destinataire,
        historique,
        encaissements,
        lines: lineInputs.map((l, i) => ({
          id: idAt(createdAt),
          colisID,
          natureColisID: l.nature.id,
          poids: milliToString(l.milli),
          unitePoid: 'KG',
          prixUnitaire: text(minor(l.param.prixUnitaire)),
          prixExceptionnel: text(minor(prixExceptionnel(l.nature))),
          prixTotal: text(minor(montants.lines[i].prixTotal)),
        })),
        row: {
          id: colisID,
          reference: '', // from the sequence, below
          envoiID: dep.id,
          agenceID: origin.id,
          villeID: place.villeID,
          modeLivraisonID: (domicile ? modeDomicile : (modeAgence ?? modeDomicile))?.id ?? null,
          modeEnvoiID: route.modeID,
          expediteurID: null, // set once client ids exist, below
          destinataireID: null,
          paramNatureModeID: firstParam?.id ?? null,
          nomDestinataire: freeDestinataire?.nom ?? null,
          prenomsDestinataire: freeDestinataire?.prenoms ?? null,
          adresseDestinataire: freeDestinataire?.adresse ?? null,
          telephoneDestinataire: freeDestinataire?.telephoneComplet ?? null,
          detailsContenu: `${cartons} ${cartons > 1 ? 'cartons' : 'carton'} : ${lineInputs.map((l) => l.nature.libelle.toLowerCase()).join(', ')}`,
          contenu,
          poids: milliToString(poidsMilli),
          unite: 'KG',
          prixUnitaire: firstParam ? text(minor(montants.lines[0].prixLigne)) : '0',
          montant: text(minor(montants.montant)),
          montantLivraison,
          montantExpedition,
          montantComplementaire,
          montantTotal: text(totalCents),
          reglement: text(paid),
          resteAPayer: text(totalCents - paid),
          observation: rnd.pick(OBSERVATIONS),
          adresseLivraison: domicile ? (destinataire?.adresse ?? freeDestinataire!.adresse) : '',
          dateDepot: new Date(createdAt),
          dateEnvoi: dep.phase === 'OUVERT' ? null : new Date(depTime),
          statutID: st(last.statut),
          auteurID: origin.agentID,
          isActive: true,
          createdAt: new Date(createdAt),
          updatedAt: new Date(updatedAt),
        },
      });
    }
  });

  // ------------------------------------------------------------ client rows (ids ordered by creation)
  const clientRows: (typeof schema.users.$inferInsert)[] = [];
  for (const list of clientsByPays.values()) {
    for (const c of list) {
      if (!c.used) c.createdAt = yearAgo + rnd.next() * (now - yearAgo);
      c.createdAt = Math.max(yearAgo, c.createdAt);
      c.id = idAt(c.createdAt);
      clientRows.push({
        id: c.id,
        nom: c.nom,
        prenoms: c.prenoms,
        email: c.email,
        telephone: c.telephone,
        telephoneComplet: c.telephoneComplet,
        adresse: c.adresse,
        passwordHash: null,
        paysID: c.place.paysID,
        typeUserID: clientTypeID,
        roleID: clientRoleID,
        agenceID: c.agenceID,
        isActive: true,
        createdAt: new Date(c.createdAt),
        updatedAt: new Date(c.createdAt),
      });
    }
  }
  for (const d of drafts) {
    d.row.expediteurID = d.expediteur.id;
    d.row.destinataireID = d.destinataire?.id ?? null;
  }

  // ------------------------------------------------------------ references from the sequences
  envoiDrafts.sort((a, b) => a.createdAt - b.createdAt);
  const envoiNumbers = await nextValues(tx, 'envoi_reference_seq', envoiDrafts.length);
  const envoiRows: (typeof schema.envois.$inferInsert)[] = envoiDrafts.map((d, i) => {
    const poidsReel = d.poidsMilli;
    const factor = d.phase === 'OUVERT' ? 2 + rnd.next() : 1.02 + 0.38 * rnd.next();
    const minimum = toMilli(d.route.air ? 300 : 2000);
    const step = toMilli(d.route.air ? 10 : 50);
    let poids = BigInt(Math.ceil(Number(poidsReel) * factor));
    if (d.phase === 'OUVERT' || poidsReel === 0n) poids = poids > minimum ? poids : minimum + poidsReel;
    poids = ((poids + step - 1n) / step) * step; // round up to 10 kg (air) / 50 kg (sea)
    const mode = modeEnvoiById.get(d.route.modeID)!;
    const from = villeById.get(d.route.agence.villeID)!;
    const to = paysById.get(d.route.destPaysID)!;
    return {
      id: d.id,
      reference: `DEP-${yymm(d.createdAt)}-${String(envoiNumbers[i]).padStart(4, '0')}`,
      modeEnvoiID: d.route.modeID,
      paysID: d.route.destPaysID,
      paysEmetteurID: d.route.agence.paysID,
      dateDebut: isoDate(d.dateDebut),
      dateArrive: isoDate(d.dateArrive),
      dateFin: isoDate(d.dateFin),
      contenu: d.route.air
        ? `Groupage ${mode.libelle.toLowerCase()} ${from.libelle} → ${to.libelle}`
        : `Conteneur ${mode.libelle.toLowerCase()} ${from.libelle} → ${to.libelle}`,
      poids: milliToString(poids),
      poidsReel: milliToString(poidsReel),
      devise: d.devise,
      statutID: st(d.phase),
      agenceID: d.route.agence.id,
      auteurID: d.route.agence.agentID,
      isActive: d.phase !== 'CLOTURE' || rnd.chance(0.9),
      createdAt: new Date(d.createdAt),
      updatedAt: new Date(
        Math.min(
          now,
          d.phase === 'OUVERT' ? d.createdAt : d.phase === 'EN_COURS_ENVOI' ? d.dateDebut + 8 * HOUR : d.dateArrive + 11 * HOUR,
        ),
      ),
    };
  });

  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const colisNumbers = await nextValues(tx, 'colis_reference_seq', drafts.length);
  drafts.forEach((d, i) => {
    d.row.reference = `${d.agence.code}-${yymm(d.createdAt)}-${String(colisNumbers[i]).padStart(6, '0')}`;
  });

  const historiqueRows: (typeof schema.historiques.$inferInsert)[] = drafts.flatMap((d) =>
    d.historique.map((h, i) => ({
      id: idAt(h.t),
      colisID: d.row.id!,
      dateAction: new Date(h.t),
      statutAvantID: i === 0 ? null : st(d.historique[i - 1].statut),
      statutApresID: st(h.statut),
      auteurID: h.auteurID,
    })),
  );
  const encaissementRows: (typeof schema.encaissements.$inferInsert)[] = drafts.flatMap((d) =>
    d.encaissements.map(({ t: _t, ...p }) => ({ ...p, colisID: d.row.id! })),
  );

  // ------------------------------------------------------------ cash operations per agency and month
  const operationRows: (typeof schema.operations.$inferInsert)[] = [];
  const addOperation = (t: number, code: string, type: 'entrée' | 'sortie', euros: number, description: string, agence: Agence) => {
    const motif = typeOperationByCode.get(code);
    if (!motif || t > now || t < yearAgo) return;
    // Booked in the agency's country's currency, as operation/create does (docs/decisions/currencies.md): the euro
    // amount picked is converted at the day's rate and rounded to a round figure (450 € → 295 000 F CFA).
    const devise = paysById.get(agence.paysID)?.devise ?? DEVISE_COMPTABLE;
    operationRows.push({
      id: idAt(t),
      date: new Date(t),
      montant: montantRond(centsToString(BigInt(Math.round(euros)) * 100n), devise, tauxDuJour(devise, t)),
      devise,
      motif,
      type,
      description,
      userID: agence.agentID,
      agenceID: agence.id,
      isActive: true,
      createdAt: new Date(t),
      updatedAt: new Date(t),
    });
  };
  if (colisCount > 0) {
    const start = new Date(now);
    for (const agence of agences) {
      const eu = paysById.get(agence.paysID)?.devise === 'EUR';
      const scale = eu ? 1 : 0.3;
      for (let m = 0; m <= 12; m++) {
        const month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - m, 1);
        const at = (day: number) => month + (day - 1) * DAY + rnd.int(9, 17) * HOUR + rnd.int(0, 59) * MINUTE;
        const label = new Date(month).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
        addOperation(at(rnd.int(1, 5)), 'LOYER', 'sortie', (eu ? 1800 : 450) + rnd.int(0, 8) * 100, `Loyer ${label}`, agence);
        addOperation(at(rnd.int(27, 28)), 'SALAIRE', 'sortie', (eu ? 3200 : 700) + rnd.int(0, 12) * 100, `Salaires ${label}`, agence);
        addOperation(
          at(rnd.int(10, 15)),
          'ELECTRICITE',
          'sortie',
          (120 + rnd.int(0, 140)) * scale + 20,
          `Facture électricité et eau ${label}`,
          agence,
        );
        for (let k = 0; k < 2; k++)
          addOperation(at(rnd.int(1, 28)), 'CARBURANT', 'sortie', 60 + rnd.int(0, 120), 'Plein camionnette de ramassage', agence);
        if (rnd.chance(0.5))
          addOperation(at(rnd.int(1, 28)), 'FOURNITURES', 'sortie', 20 + rnd.int(0, 100), 'Papier, rubans adhésifs, étiquettes', agence);
        addOperation(
          at(rnd.int(1, 28)),
          'TRANSPORT',
          'sortie',
          (80 + rnd.int(0, 220)) * (eu ? 1 : 0.6),
          eu ? 'Acheminement vers l’aéroport / le port' : 'Manutention et livraison locale',
          agence,
        );
        if (!eu)
          addOperation(at(rnd.int(1, 28)), 'DEDOUANEMENT', 'sortie', 150 + rnd.int(0, 450), 'Frais de dédouanement des arrivages', agence);
        for (let k = 0; k < 3; k++)
          addOperation(
            at(rnd.int(1, 28)),
            'VENTE_EMBALLAGE',
            'entrée',
            15 + rnd.int(0, 75),
            'Vente de cartons et sacs d’emballage',
            agence,
          );
        addOperation(at(rnd.int(20, 28)), 'COMMISSION', 'entrée', 100 + rnd.int(0, 300), 'Commission partenaire transitaire', agence);
        if (rnd.chance(0.3))
          addOperation(at(rnd.int(1, 28)), 'AUTRE_RECETTE', 'entrée', 20 + rnd.int(0, 180), 'Frais de garde de colis', agence);
      }
    }
  }

  // ------------------------------------------------------------ monthly stock inventories per agency
  const statutAt = (d: ColisDraft, t: number): StatutCode | null => {
    let s: StatutCode | null = null;
    for (const h of d.historique) if (h.t <= t) s = h.statut;
    return s;
  };
  const inventaireRows: (typeof schema.inventaires.$inferInsert)[] = [];
  const inventaireColisRows: (typeof schema.inventaireColis.$inferInsert)[] = [];
  for (const agence of agences) {
    for (let m = 3; m >= 0; m--) {
      const t = dayStart(now) - (m * 30 + 2) * DAY + 17 * HOUR;
      const expected = drafts.filter((d) => {
        const s = statutAt(d, t);
        return (
          (d.agence === agence && (s === 'EN_ATTENTE' || s === 'RECEPTIONNE')) ||
          (d.destAgence === agence && d.row.villeID === agence.villeID && s === 'EXPEDIE')
        );
      });
      if (expected.length === 0) continue;
      const inventaireID = idAt(t);
      inventaireRows.push({
        id: inventaireID,
        dateInventaire: new Date(t),
        auteurID: agence.agentID,
        agenceID: agence.id,
        createdAt: new Date(t),
      });
      for (const d of expected) {
        inventaireColisRows.push({ id: idAt(t), inventaireID, colisID: d.row.id!, attendu: true, trouve: rnd.chance(0.96) });
      }
    }
  }

  // ------------------------------------------------------------ inserts
  const counts: Record<string, number> = {};
  counts.clients = await insertChunks(tx, schema.users, clientRows);
  counts.envois = await insertChunks(tx, schema.envois, envoiRows);
  counts.colis = await insertChunks(
    tx,
    schema.colis,
    drafts.map((d) => d.row),
  );
  counts.colisNatures = await insertChunks(
    tx,
    schema.colisNatures,
    drafts.flatMap((d) => d.lines),
  );
  counts.historiques = await insertChunks(tx, schema.historiques, historiqueRows);
  counts.encaissements = await insertChunks(tx, schema.encaissements, encaissementRows);
  counts.operations = await insertChunks(tx, schema.operations, operationRows);
  counts.inventaires = await insertChunks(tx, schema.inventaires, inventaireRows);
  counts.inventaireColis = await insertChunks(tx, schema.inventaireColis, inventaireColisRows);
  return { counts };
}
