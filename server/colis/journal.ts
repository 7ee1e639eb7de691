/**
 * The audit journal of parcels (docs/decisions/audit-journal.md): what a parcel looks like in the journal (a readable
 * snapshot: labels of its departure, agency, city, mode and status, amounts as numeric texts in its currency `devise`,
 * weights in kg), and the rows its writes record, each in the caller's transaction. The registration's row is one
 * INSERT … SELECT (the registration is the throughput path: no extra round trip to read the parcel back).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PermissionKey } from '../../common/permissions';
import { auditDiff, auteurOf, recordAudit, type AuditAuthor } from '../db/audit';
import type { Tx } from '../db/client';
import { agences, audits, envois, modesLivraison, statuts, users, villes } from '../db/schema';
import { rowsOf } from '../db/rows';

/**
 * The snapshot of the parcel row aliased `c` as a jsonb expression (only what a person reads; never an id).
 * @param expediteur the sender's name as SQL (default: read from users by the row's expediteur_id; a statement that
 *   inserts the sender itself gives it, as its own look-up cannot see that row)
 */
const snapshotOf = (
  c: SQL,
  // Nom then prénoms, the one order of common/format.ts fullName (audit 001 B9).
  expediteur: SQL = sql`(SELECT trim(u.nom || ' ' || u.prenoms) FROM ${users} u WHERE u.id = ${c}.expediteur_id)`,
) => sql`jsonb_build_object(
  'reference', ${c}.reference,
  'statut', (SELECT s.libelle FROM ${statuts} s WHERE s.id = ${c}.statut_id),
  'envoi', (SELECT e.reference FROM ${envois} e WHERE e.id = ${c}.envoi_id),
  'agence', (SELECT a.libelle FROM ${agences} a WHERE a.id = ${c}.agence_id),
  'ville', (SELECT v.libelle FROM ${villes} v WHERE v.id = ${c}.ville_id),
  'modeLivraison', (SELECT m.libelle FROM ${modesLivraison} m WHERE m.id = ${c}.mode_livraison_id),
  'expediteur', ${expediteur},
  'nomDestinataire', ${c}.nom_destinataire,
  'prenomsDestinataire', ${c}.prenoms_destinataire,
  'telephoneDestinataire', ${c}.telephone_destinataire,
  'emailDestinataire', ${c}.email_destinataire,
  'adresseDestinataire', ${c}.adresse_destinataire,
  'detailsContenu', ${c}.details_contenu,
  'observation', ${c}.observation,
  'poids', ${c}.poids,
  'montantLivraison', ${c}.montant_livraison,
  'montantExpedition', ${c}.montant_expedition,
  'montantComplementaire', ${c}.montant_complementaire,
  'montantTotal', ${c}.montant_total,
  'reglement', ${c}.reglement,
  'resteAPayer', ${c}.reste_a_payer,
  'devise', ${c}.devise,
  'isActive', ${c}.is_active)`;

/** The journal snapshot of a parcel (before an edit). */
export async function colisSnapshot(tx: Tx, id: string): Promise<Record<string, unknown>> {
  const rows = await rowsOf<{ snap: Record<string, unknown> }>(
    tx,
    sql`SELECT ${snapshotOf(sql`c`)} AS snap FROM colis c WHERE c.id = ${id}::uuid`,
  );
  return rows[0]?.snap ?? {};
}

/**
 * The journal row of a registration ('create', nothing before) of each parcel row `c` that `from` gives, as one
 * INSERT … SELECT of its snapshot.
 * @param from the FROM part naming the parcel rows `c` (a table with its condition, or a statement's own CTE)
 * @param author the author's id and address as SQL values
 * @param expediteur the sender's name as SQL (snapshotOf)
 */
export const colisCreatedAuditOf = (from: SQL, author: { id: SQL; adresseIP: SQL }, expediteur?: SQL): SQL => sql`
    INSERT INTO ${audits} (id, entite, entite_id, action, auteur_id, adresse_ip, avant, apres)
    SELECT gen_random_uuid(), 'colis', c.id, 'create', ${author.id}, ${author.adresseIP}, NULL, ${snapshotOf(sql`c`, expediteur)}
      FROM ${from}`;

/** The journal row of a registered parcel, read from the table (a registration with an advance, after it). */
export const colisCreatedAudit = (id: string, author: AuditAuthor): SQL =>
  colisCreatedAuditOf(sql`colis c WHERE c.id = ${id}::uuid`, { id: sql`${author.id}::uuid`, adresseIP: sql`${author.adresseIP}` });

/** Records an edit: the fields whose snapshot changed since `before` (nothing when nothing changed). */
export async function recordColisUpdated(tx: Tx, id: string, before: Record<string, unknown>, author: AuditAuthor): Promise<void> {
  const diff = auditDiff(before, await colisSnapshot(tx, id));
  if (diff) await recordAudit(tx, { entite: 'colis', entiteID: id, action: 'update', ...auteurOf(author), ...diff });
}

/** Records the active toggle of a parcel. */
export async function recordColisActive(tx: Tx, id: string, before: boolean, after: boolean, author: AuditAuthor): Promise<void> {
  if (before === after) return;
  await recordAudit(tx, {
    entite: 'colis',
    entiteID: id,
    action: 'active',
    ...auteurOf(author),
    avant: { isActive: before },
    apres: { isActive: after },
  });
}

/**
 * How a deletion was authorised (spec 000 §4 Parcel deletion): the key checked and the path taken; 'demande': a
 * deletion request approved in the application (docs/decisions/deletion-requests.md).
 */
export type ColisDeletionWay = 'direct' | 'otp' | 'demande';

/** The French words of each way, as the journal keeps them. */
const DELETION_MOTIF: Record<ColisDeletionWay, string> = {
  direct: 'suppression directe (colis en attente)',
  otp: 'suppression confirmée par le code envoyé aux administrateurs',
  demande: 'demande de suppression approuvée par un administrateur',
};

/** How each way is named in the journal's `autorisation`. */
const DELETION_AUTORISATION: Record<ColisDeletionWay, string> = {
  direct: 'directe',
  otp: 'code de confirmation',
  demande: 'demande approuvée',
};

/** The permission key each deletion path checks (server/access/routeAccess.ts). */
const DELETION_KEY: Record<ColisDeletionWay, PermissionKey> = {
  direct: 'colisDelete',
  otp: 'colisDelete',
  demande: 'colisDeleteApprouver',
};

/**
 * Records a soft deletion: who (the author), when (`deletedAt`) and how it was authorised (the permission key and
 * the path: direct while EN_ATTENTE, with the code e-mailed to the administrators, or a request approved).
 */
export async function recordColisDeleted(
  tx: Tx,
  row: { id: string; reference: string; isActive: boolean },
  deletedAt: Date,
  way: ColisDeletionWay,
  author: AuditAuthor,
): Promise<void> {
  await recordAudit(tx, {
    entite: 'colis',
    entiteID: row.id,
    action: 'delete',
    ...auteurOf(author),
    avant: { reference: row.reference, deletedAt: null, isActive: row.isActive },
    apres: {
      reference: row.reference,
      deletedAt: deletedAt.toISOString(),
      isActive: false,
      permission: DELETION_KEY[way],
      autorisation: DELETION_AUTORISATION[way],
      motif: DELETION_MOTIF[way],
    },
  });
}
