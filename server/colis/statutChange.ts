/**
 * Moves parcels to a new status in bulk (docs/architecture.md §4): one UPDATE, a history entry per parcel (date, before,
 * after, author) and a notification to sender and recipient (notification rows, and e-mails through the outbox
 * for those with an address). Runs inside the caller's transaction; rows are locked while they move. The audit
 * journal (docs/decisions/audit-journal.md) gets one 'statut' row per parcel moved, written by the UPDATE statement
 * itself (a data-modifying CTE: set-based, no extra round trip, whatever the number of parcels of a departure).
 */
import { sql } from 'drizzle-orm';
import type { AuditAuthor } from '../db/audit';
import type { Tx } from '../db/client';
import { audits, historiques, statuts } from '../db/schema';
import { notifyColis, type NotifiedColis } from '../notification/dispatch';
import { rowsOf } from '../db/rows';

/** A parcel moved, with its status before, whom to notify, and what remains to pay in its currency. */
export interface MovedColis extends NotifiedColis {
  before: string;
  resteAPayer: string;
  devise: string;
}

/**
 * Moves the parcels matching `envoiID` (and/or `colisIds`) whose status is one of `fromStatutIds` to `toStatutId`.
 * @param opts.message the notification text (spec 000 §4, e.g. 'votre colis est arrivé à destination'); omitted only
 *   when the caller has just notified the same people of the act behind the change (a payment's notification)
 * @param opts.setDateEnvoi also stamp dateEnvoi (parcel leaves with its departure)
 * @param opts.author who moves them (user id and request address), for the history and the audit journal
 * @param opts.motif why, kept in the audit rows (e.g. the departure's status change)
 * @param opts.journal false when the caller records the parcel's audit row itself (registration, edit)
 * @returns the parcels moved
 */
export async function moveColis(
  tx: Tx,
  opts: {
    envoiID?: string;
    colisIds?: string[];
    fromStatutIds: string[];
    toStatutId: string;
    author: AuditAuthor;
    message?: string;
    setDateEnvoi?: boolean;
    motif?: string;
    journal?: boolean;
  },
): Promise<MovedColis[]> {
  if (opts.fromStatutIds.length === 0) return [];
  // Deleted parcels (soft deletion) never move.
  const conds = [
    sql`deleted_at IS NULL`,
    sql`statut_id IN (${sql.join(
      opts.fromStatutIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  ];
  if (opts.envoiID) conds.push(sql`envoi_id = ${opts.envoiID}::uuid`);
  if (opts.colisIds) {
    if (opts.colisIds.length === 0) return [];
    conds.push(
      sql`id IN (${sql.join(
        opts.colisIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  const author = opts.author;
  const journal =
    opts.journal === false
      ? sql``
      : sql`, journal AS (
      INSERT INTO ${audits} (id, entite, entite_id, action, auteur_id, adresse_ip, avant, apres)
      SELECT gen_random_uuid(), 'colis', m.id, 'statut', ${author.id}::uuid, ${author.adresseIP},
             jsonb_build_object('statut', sb.libelle),
             jsonb_build_object('statut', sa.libelle) || ${opts.motif ? sql`jsonb_build_object('motif', ${opts.motif}::text)` : sql`'{}'::jsonb`}
        FROM moved m
        JOIN ${statuts} sb ON sb.id = m.before
        JOIN ${statuts} sa ON sa.id = ${opts.toStatutId}::uuid
    )`;
  const rows = await rowsOf<Record<string, string | null>>(
    tx,
    sql`
    WITH target AS (
      SELECT id, statut_id FROM colis WHERE ${sql.join(conds, sql` AND `)} FOR UPDATE
    ), moved AS (
      UPDATE colis AS c
         SET statut_id = ${opts.toStatutId}::uuid, updated_at = now()
             ${opts.setDateEnvoi ? sql`, date_envoi = now()` : sql``}
        FROM target
       WHERE c.id = target.id
      RETURNING c.id, c.reference, c.agence_id, target.statut_id AS before, c.expediteur_id, c.destinataire_id, c.email_destinataire, c.suivi_token,
                c.reste_a_payer::text AS reste_a_payer, c.devise
    )${journal}
    SELECT * FROM moved`,
  );
  const moved: MovedColis[] = rows.map((r) => ({
    id: r.id!,
    reference: r.reference!,
    agenceID: r.agence_id!,
    before: r.before!,
    expediteurID: r.expediteur_id,
    destinataireID: r.destinataire_id,
    emailDestinataire: r.email_destinataire,
    suiviToken: r.suivi_token!,
    resteAPayer: r.reste_a_payer!,
    devise: r.devise!,
  }));
  if (moved.length === 0) return moved;

  for (let i = 0; i < moved.length; i += 1000) {
    const chunk = moved.slice(i, i + 1000);
    await tx
      .insert(historiques)
      .values(chunk.map((m) => ({ colisID: m.id, statutAvantID: m.before, statutApresID: opts.toStatutId, auteurID: author.id })));
  }
  if (opts.message) await notifyColis(tx, moved, opts.message);
  return moved;
}
