/**
 * Test data helpers: ids of seeded reference rows by code, a parcel registration body (colisBody), clients, and
 * parcels inserted directly in the database
 * (with the departure's poidsReel kept equal to the sum of its parcels' weights); the deletion code a parcel's
 * deletion mailed.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_PERMISSION_KEYS, type PermissionKey } from '../../common/permissions';
import { addDays, todayIso } from '../../common/dates';
import type { Db } from '../../server/db/client';
import type { TestContext } from './helpers';
import {
  agences,
  autorisations,
  colis,
  envois,
  mailOutbox,
  modesEnvoi,
  modesLivraison,
  modesPaiement,
  naturesColis,
  pays,
  privileges,
  roles,
  statuts,
  typesOperation,
  typeUsers,
  users,
  villes,
} from '../../server/db/schema';

/** Id of a seeded row by code. */
export async function idByCode(
  db: Db,
  table:
    | typeof pays
    | typeof modesEnvoi
    | typeof statuts
    | typeof agences
    | typeof villes
    | typeof naturesColis
    | typeof modesLivraison
    | typeof modesPaiement
    | typeof typesOperation,
  code: string,
): Promise<string> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.code, code));
  if (!row) throw new Error(`code inconnu ${code}`);
  return row.id;
}

/** The seeded rows a Dakar registration names: the city, a nature (VET_ADULTE) and pick-up at the agency. */
export interface ColisRefs {
  DKR: string;
  VET: string;
  AGENCE: string;
}

/** Reads ColisRefs from the seeded reference data. */
export async function colisRefs(db: Db): Promise<ColisRefs> {
  return {
    DKR: await idByCode(db, villes, 'DKR'),
    VET: await idByCode(db, naturesColis, 'VET_ADULTE'),
    AGENCE: await idByCode(db, modesLivraison, 'AGENCE'),
  };
}

let recipientPhone = 771000000;
/**
 * A colis/create body on `envoiID`: Awa Diop (typed sender) to Moussa Fall in Dakar, pick-up at the agency, one 2 kg
 * line, no advance, a new recipient phone each call (so two bodies are never equal); `over` replaces fields.
 */
export function colisBody(refs: ColisRefs, envoiID: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    envoiID,
    villeID: refs.DKR,
    modeLivraisonID: refs.AGENCE,
    naturesColis: [{ natureColisID: refs.VET, poids: 2 }],
    detailsContenu: 'Vêtements',
    expediteurNom: 'Diop',
    expediteurPrenom: 'Awa',
    NumeroSaisi: '+33612345678',
    nomDestinataire: 'Fall',
    prenomsDestinataire: 'Moussa',
    adresseDestinataire: 'Médina, Dakar',
    telephoneDestinataire: `+221${recipientPhone++}`,
    ...over,
  };
}

/** ISO date `days` from today (YYYY-MM-DD), today being the server's: the date in Europe/Paris (common/dates.ts). */
export function inDays(days: number): string {
  return addDays(todayIso(), days);
}

/** Creates a client (user type CLIENT) with a unique phone and an e-mail. */
export async function insertClient(db: Db, nom = 'Client'): Promise<string> {
  const [type] = await db.select().from(typeUsers).where(eq(typeUsers.code, 'CLIENT'));
  const [u] = await db
    .insert(users)
    .values({
      nom,
      prenoms: 'Test',
      typeUserID: type.id,
      email: `${randomUUID().slice(0, 8)}@client.test`,
      telephone: String(Math.floor(Math.random() * 1e9)),
      telephoneComplet: `+221${Math.floor(Math.random() * 1e9)}`,
    })
    .returning({ id: users.id });
  return u.id;
}

/**
 * Inserts an agency `code` in the seeded city `villeCode` (its country's currency is the agency's: agences → villes →
 * pays), e.g. a Conakry counter, which the seed does not have. @returns its id
 */
export async function insertAgence(db: Db, code: string, libelle: string, villeCode: string): Promise<string> {
  const [ville] = await db.select({ id: villes.id, paysID: villes.paysID }).from(villes).where(eq(villes.code, villeCode));
  if (!ville) throw new Error(`ville inconnue ${villeCode}`);
  const [row] = await db.insert(agences).values({ code, libelle, villeID: ville.id, paysID: ville.paysID }).returning({ id: agences.id });
  return row.id;
}

/** Inserts a parcel on a departure, in a status, and adds its weight to the departure's poidsReel. */
export async function insertColis(
  db: Db,
  opts: { envoiID: string; statut: string; agence?: string; poids?: number; expediteurID?: string; destinataireID?: string },
): Promise<string> {
  const poids = opts.poids ?? 5;
  const [c] = await db
    .insert(colis)
    .values({
      reference: `T-${randomUUID().slice(0, 10)}`,
      envoiID: opts.envoiID,
      agenceID: await idByCode(db, agences, opts.agence ?? 'PAR1'),
      statutID: await idByCode(db, statuts, opts.statut),
      expediteurID: opts.expediteurID ?? (await insertClient(db, 'Expéditeur')),
      destinataireID: opts.destinataireID ?? (await insertClient(db, 'Destinataire')),
      poids: poids.toFixed(3),
      contenu: 'Vêtements',
      montantTotal: '50.00',
      resteAPayer: '50.00',
    })
    .returning({ id: colis.id });
  await db
    .update(envois)
    .set({ poidsReel: sql`${envois.poidsReel} + ${poids.toFixed(3)}::numeric` })
    .where(eq(envois.id, opts.envoiID));
  return c.id;
}

/**
 * Creates a departure through the API as the administrator (envoi/create): by air, France → Sénégal, closing
 * tomorrow, leaving in 2 days, arriving in 3, 100 kg, unless `over` says otherwise.
 * @returns the departure as the API answers it
 */
export async function createEnvoiByApi(
  t: Pick<TestContext, 'database' | 'adminToken' | 'call'>,
  over: Record<string, unknown> = {},
): Promise<{ id: string; reference: string }> {
  const db = t.database.db;
  const res = await t.call('POST', '/api/envoi/create', {
    token: t.adminToken,
    body: {
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysID: await idByCode(db, pays, 'SN'),
      paysEmetteurID: await idByCode(db, pays, 'FR'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      contenu: 'Fret',
      poids: 100,
      ...over,
    },
  });
  if (res.status !== 200) throw new Error(`envoi/create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * What the access tests give an agency administrator (tests/server/escalation.test.ts, accessProperty.test.ts): the
 * day-to-day keys of its agents and the keys that administer roles, users and permissions.
 */
export const AGENCY_ADMIN_KEYS: readonly PermissionKey[] = [
  ...new Set<PermissionKey>([
    ...AGENT_PERMISSION_KEYS,
    'autorisation',
    'role',
    'addRole',
    'roleUpdate',
    'roleDelete',
    'roleUpdateStatut',
    'user',
    'addUser',
    'userUpdate',
    'userUpdateStatut',
    'userDelete',
    'permission',
    'addPermission',
    'permissionUpdate',
    'permissionDelete',
    'permissionUpdateStaut',
  ]),
];

/** Creates a role `code` holding exactly `keys` (active authorisations), for TestContext.createStaff(code). */
export async function insertRoleWithKeys(db: Db, code: string, keys: readonly PermissionKey[]): Promise<void> {
  const [role] = await db.insert(roles).values({ code, libelle: code, description: 'test' }).returning({ id: roles.id });
  const privs = await db
    .select({ id: privileges.id })
    .from(privileges)
    .where(inArray(privileges.libelle, [...keys]));
  if (privs.length !== keys.length) throw new Error(`permissions inconnues parmi ${keys.join(', ')}`);
  await db.insert(autorisations).values(privs.map((p) => ({ roleID: role.id, privilegeID: p.id })));
}

/** The last parcel deletion code mailed to the administrators about this parcel reference (colis/delete's 202). */
export async function deletionCode(db: Db, reference: string): Promise<string> {
  const [m] = await db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.subject} like ${`%${reference}%`}`)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /<strong>(\d{4})<\/strong>/.exec(m.html)![1];
}

/**
 * A row of the lists' rows per day: list, day (YYYY-MM-DD, UTC), number of rows, and `portee`: '' for every row of
 * the list (migration 0014 list_jours), else the agency and destination country counted by list_jours_portee
 * (migration 0017), 'agence_id pays_id'.
 */
export interface ListDay {
  liste: string;
  jour: string;
  portee: string;
  nb: number;
}

/**
 * The lists' rows per day as the counters sum them (list_jours, and list_jours_portee by agency and destination
 * country) and as the tables recount them (parcels not deleted, payments not cancelled, by the parcel's agency and its
 * departure's country), both sorted: equal when the counters did not drift.
 */
export async function listDaysDrift(db: Db): Promise<{ counted: ListDay[]; recounted: ListDay[] }> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: ListDay[] }).rows.map((r) => ({ ...r, nb: Number(r.nb) }));
  return {
    counted: await rows(sql`
      SELECT liste, jour::text AS jour, '' AS portee, sum(nb)::int AS nb FROM list_jours GROUP BY 1, 2 HAVING sum(nb) <> 0
      UNION ALL
      SELECT liste, jour::text, agence_id || ' ' || pays_destination_id, sum(nb)::int FROM list_jours_portee
       GROUP BY 1, 2, 3 HAVING sum(nb) <> 0
      ORDER BY 1, 2, 3`),
    recounted: await rows(sql`
      SELECT 'colis' AS liste, list_jour(created_at)::text AS jour, '' AS portee, count(*)::int AS nb
        FROM colis WHERE deleted_at IS NULL GROUP BY 2
      UNION ALL
      SELECT 'encaissements', list_jour(created_at)::text, '', count(*)::int FROM encaissements WHERE deleted_at IS NULL GROUP BY 2
      UNION ALL
      SELECT 'colis', list_jour(c.created_at)::text, c.agence_id || ' ' || e.pays_id, count(*)::int
        FROM colis c JOIN envois e ON e.id = c.envoi_id WHERE c.deleted_at IS NULL GROUP BY 2, 3
      UNION ALL
      SELECT 'encaissements', list_jour(p.created_at)::text, c.agence_id || ' ' || e.pays_id, count(*)::int
        FROM encaissements p JOIN colis c ON c.id = p.colis_id JOIN envois e ON e.id = c.envoi_id
       WHERE p.deleted_at IS NULL GROUP BY 2, 3
      ORDER BY 1, 2, 3`),
  };
}

/** A 1×1 PNG as a canvas's toDataURL gives one: a signature drawn at the counter. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * What a release must prove (docs/decisions/release-proof.md, common/remiseRules.ts missingProof): the recipient's
 * identity document and their signature; spread into the body of colis/retirer|livrer.
 */
export const RELEASE_PROOF = { pieceType: 'CNI', pieceNumero: 'SN1234567', signature: SIGNATURE_PNG } as const;
