-- Hot rows and the signed-in user cache (docs/decisions/registration-write.md, docs/decisions/user-cache.md).
--
-- §3: the dashboard counters of migration 0003 had hot rows: every registration of an agency upserted the same
-- colis_stats row (agency × destination × status × month × payment) and the same colis_stats_agence_clients row,
-- and every new client one of 16 colis_stats_type_users rows, each row locked until commit, so concurrent
-- registrations waited for one another. They become insert-only: a change inserts its delta rows (no conflict, no
-- lock on a shared row) and every read sums the rows of a key (server/colis/stats.ts already sums colis_stats and
-- colis_stats_type_users; it now sums colis_stats_agence_clients too). colis_stats_compact() folds the rows of each
-- key into one (the server calls it periodically); the sums, hence the dashboard, are the same before and after.
-- colis_stats_clients (one row per agency × client) is not hot and keeps its upsert: its crossings of zero are what
-- the agency's client count moves by.
ALTER TABLE "colis_stats" DROP CONSTRAINT "colis_stats_pk";
--> statement-breakpoint
CREATE INDEX "colis_stats_key_idx" ON "colis_stats" ("agence_id", "pays_destination_id", "statut_id", "mois", "paiement");
--> statement-breakpoint
ALTER TABLE "colis_stats_agence_clients" DROP CONSTRAINT "colis_stats_agence_clients_pkey";
--> statement-breakpoint
CREATE INDEX "colis_stats_agence_clients_agence_idx" ON "colis_stats_agence_clients" ("agence_id");
--> statement-breakpoint
ALTER TABLE "colis_stats_type_users" DROP CONSTRAINT "colis_stats_type_users_pk";
--> statement-breakpoint
CREATE INDEX "colis_stats_type_users_type_idx" ON "colis_stats_type_users" ("type_user_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_add(d colis_stats_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, nb, montant_total, reglement, reste_a_payer)
  SELECT x.agence_id, x.pays_destination_id, x.statut_id, x.mois, x.paiement,
         sum(x.s), sum(x.s * x.montant_total), sum(x.s * x.reglement), sum(x.s * x.reste_a_payer)
    FROM unnest(d) x
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.s) <> 0 OR sum(x.s * x.montant_total) <> 0 OR sum(x.s * x.reglement) <> 0 OR sum(x.s * x.reste_a_payer) <> 0;

  -- The agencies that see a parcel: the one that registered it, and every other agency of its destination country.
  WITH v AS (
    SELECT x.agence_id AS voit, x.s, x.expediteur_id, x.destinataire_id FROM unnest(d) x
    UNION ALL
    SELECT a.id, x.s, x.expediteur_id, x.destinataire_id
      FROM unnest(d) x JOIN agences a ON a.pays_id = x.pays_destination_id AND a.id <> x.agence_id
  ), l AS (
    SELECT voit, client, sum(s)::integer AS s
      FROM (SELECT voit, expediteur_id AS client, s FROM v WHERE expediteur_id IS NOT NULL
            UNION ALL
            SELECT voit, destinataire_id, s FROM v WHERE destinataire_id IS NOT NULL) y
     GROUP BY 1, 2
    HAVING sum(s) <> 0
  ), up AS (
    INSERT INTO colis_stats_clients AS t (agence_id, client_id, nb)
    SELECT voit, client, s FROM l ORDER BY 1, 2
    ON CONFLICT (agence_id, client_id) DO UPDATE SET nb = t.nb + excluded.nb
    RETURNING t.agence_id, t.client_id, t.nb
  ), crossed AS (
    SELECT up.agence_id,
           sum(CASE WHEN up.nb > 0 AND up.nb - l.s <= 0 THEN 1 WHEN up.nb <= 0 AND up.nb - l.s > 0 THEN -1 ELSE 0 END)::integer AS n
      FROM up JOIN l ON l.voit = up.agence_id AND l.client = up.client_id
     GROUP BY 1
  )
  INSERT INTO colis_stats_agence_clients (agence_id, nb)
  SELECT agence_id, n FROM crossed WHERE n <> 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_recount_agence(a uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p uuid;
BEGIN
  SELECT pays_id INTO p FROM agences WHERE id = a;
  DELETE FROM colis_stats_clients WHERE agence_id = a;
  INSERT INTO colis_stats_clients (agence_id, client_id, nb)
  SELECT a, y.client, count(*)::integer
    FROM (SELECT c.expediteur_id AS client FROM colis c
           WHERE c.deleted_at IS NULL AND c.expediteur_id IS NOT NULL
             AND (c.agence_id = a OR c.envoi_id IN (SELECT id FROM envois WHERE pays_id = p))
          UNION ALL
          SELECT c.destinataire_id FROM colis c
           WHERE c.deleted_at IS NULL AND c.destinataire_id IS NOT NULL
             AND (c.agence_id = a OR c.envoi_id IN (SELECT id FROM envois WHERE pays_id = p))) y
   GROUP BY y.client;
  DELETE FROM colis_stats_agence_clients WHERE agence_id = a;
  INSERT INTO colis_stats_agence_clients (agence_id, nb)
  VALUES (a, (SELECT count(*) FROM colis_stats_clients WHERE agence_id = a AND nb > 0));
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_users_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO colis_stats_type_users (type_user_id, part, nb)
    SELECT type_user_id, 0, count(*)::integer FROM nouveaux GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO colis_stats_type_users (type_user_id, part, nb)
    SELECT type_user_id, 0, -count(*)::integer FROM anciens GROUP BY 1;
  ELSE
    INSERT INTO colis_stats_type_users (type_user_id, part, nb)
    SELECT type_user_id, 0, sum(s)::integer FROM (
      SELECT o.type_user_id, -1 AS s
        FROM anciens o JOIN nouveaux n ON n.id = o.id WHERE o.type_user_id IS DISTINCT FROM n.type_user_id
      UNION ALL
      SELECT n.type_user_id, 1
        FROM anciens o JOIN nouveaux n ON n.id = o.id WHERE o.type_user_id IS DISTINCT FROM n.type_user_id) x
    GROUP BY 1 HAVING sum(s) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Folds the delta rows of each key into one row (sums unchanged). One statement per table: a reader sees the rows
-- before or after, never half; rows inserted meanwhile by other transactions are not in the statement's snapshot and
-- stay; two compactions at once serialise on the rows they delete.
CREATE FUNCTION colis_stats_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM colis_stats RETURNING *)
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, nb, montant_total, reglement, reste_a_payer)
  SELECT agence_id, pays_destination_id, statut_id, mois, paiement, sum(nb), sum(montant_total), sum(reglement), sum(reste_a_payer)
    FROM d GROUP BY 1, 2, 3, 4, 5
  HAVING sum(nb) <> 0 OR sum(montant_total) <> 0 OR sum(reglement) <> 0 OR sum(reste_a_payer) <> 0;
  WITH d AS (DELETE FROM colis_stats_agence_clients RETURNING *)
  INSERT INTO colis_stats_agence_clients (agence_id, nb) SELECT agence_id, sum(nb) FROM d GROUP BY 1;
  WITH d AS (DELETE FROM colis_stats_type_users RETURNING *)
  INSERT INTO colis_stats_type_users (type_user_id, part, nb) SELECT type_user_id, 0, sum(nb) FROM d GROUP BY 1;
END;
$$;
--> statement-breakpoint
SELECT colis_stats_compact();
--> statement-breakpoint
-- §4: the signed-in user is cached in each process (server/auth/userCache.ts). Every change that matters tells every
-- process at commit: NOTIFY auth_cache with the user's id, or '*' when roles, permissions or agencies' countries change.
CREATE FUNCTION auth_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION auth_cache_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_cache_users_update AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.token_version, OLD.is_active, OLD.must_change_password, OLD.role_id, OLD.agence_id, OLD.type_user_id)
        IS DISTINCT FROM (NEW.token_version, NEW.is_active, NEW.must_change_password, NEW.role_id, NEW.agence_id, NEW.type_user_id))
  EXECUTE FUNCTION auth_cache_user_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_users_delete AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION auth_cache_user_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_roles AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_privileges AFTER INSERT OR UPDATE OR DELETE ON "privileges" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_autorisations AFTER INSERT OR UPDATE OR DELETE ON "autorisations" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_type_users AFTER UPDATE OR DELETE ON "type_users" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
--> statement-breakpoint
CREATE TRIGGER auth_cache_agences AFTER UPDATE OF pays_id OR DELETE ON "agences" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
