-- Lists at a million parcels (docs/decisions/counted-list-pages.md; measured in bench/README.md).
--
-- 1. The payments list's total (encaissement/liste) at 666 667 payments was a count(*) over every payment, slower still
-- for an agent's scope (measured in bench/README.md). It is read from the counters below instead
-- (server/access/listTotals.ts encaissementListTotal), kept by triggers in the transaction of every change, exact.
--
-- encaissements_stats: payments not cancelled, counted by the payment's agency (the list's agenceID filter), the
-- registering agency of its parcel and the parcel's departure (an agent's scope, server/access/scopes.ts
-- encaissementScope: the parcels its agency registered, or on a departure to its agency's country; the departure's
-- country is read from envois when the total is asked, so a change of a departure's destination or of an agency's
-- country moves no counter). Insert-only, as migration 0012 made the dashboard's counters: a change inserts its delta
-- rows (no shared row to lock, no waiting between concurrent payments) and a read sums them;
-- encaissements_stats_compact() folds them (the server calls it with colis_stats_compact, server/colis/stats.ts).
-- Deleted parcels keep their payments in the list, so a parcel's deletion moves nothing either.
CREATE TABLE "encaissements_stats" (
	"agence_id" uuid,
	"colis_agence_id" uuid NOT NULL,
	"envoi_id" uuid NOT NULL,
	"nb" integer NOT NULL
);
--> statement-breakpoint
-- Statement trigger of encaissements. The parcels of the changed payments are locked (FOR SHARE, in id order) before
-- their agency and departure are read: a concurrent move of one of them (the colis trigger below) has then either
-- committed, and its new agency and departure are read here, or waits for this transaction and then counts this
-- payment with the parcel. The payment paths of the server already hold these locks (recordEncaissement and
-- deleteEncaissement lock the parcel first), so the lock costs them nothing.
CREATE FUNCTION encaissements_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM colis c WHERE c.id IN (SELECT colis_id FROM nouveaux WHERE deleted_at IS NULL) ORDER BY c.id FOR SHARE;
    INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
    SELECT n.agence_id, c.agence_id, c.envoi_id, count(*)::integer
      FROM nouveaux n JOIN colis c ON c.id = n.colis_id
     WHERE n.deleted_at IS NULL
     GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Every payment taken back and counted again: an unchanged one cancels out (HAVING); only a cancellation
    -- (deleted_at set or cleared) or a change of the payment's agency or parcel moves a counter, and only their
    -- parcels are locked.
    PERFORM 1 FROM colis c
     WHERE c.id IN (SELECT x.colis_id
                      FROM anciens o JOIN nouveaux n ON n.id = o.id, LATERAL (VALUES (o.colis_id), (n.colis_id)) AS x (colis_id)
                     WHERE (o.agence_id, o.colis_id, o.deleted_at IS NULL) IS DISTINCT FROM (n.agence_id, n.colis_id, n.deleted_at IS NULL))
     ORDER BY c.id FOR SHARE;
    INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
    SELECT x.agence_id, c.agence_id, c.envoi_id, sum(x.s)::integer
      FROM (SELECT agence_id, colis_id, -1 AS s FROM anciens WHERE deleted_at IS NULL
            UNION ALL
            SELECT agence_id, colis_id, 1 FROM nouveaux WHERE deleted_at IS NULL) x
      JOIN colis c ON c.id = x.colis_id
     GROUP BY 1, 2, 3
    HAVING sum(x.s) <> 0;
  ELSE
    PERFORM 1 FROM colis c WHERE c.id IN (SELECT colis_id FROM anciens WHERE deleted_at IS NULL) ORDER BY c.id FOR SHARE;
    INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
    SELECT o.agence_id, c.agence_id, c.envoi_id, -count(*)::integer
      FROM anciens o JOIN colis c ON c.id = o.colis_id
     WHERE o.deleted_at IS NULL
     GROUP BY 1, 2, 3;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER encaissements_stats_insert AFTER INSERT ON "encaissements" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION encaissements_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER encaissements_stats_update AFTER UPDATE ON "encaissements" REFERENCING OLD TABLE AS anciens NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION encaissements_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER encaissements_stats_delete AFTER DELETE ON "encaissements" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION encaissements_stats_trigger();
--> statement-breakpoint
-- A parcel moved to another agency or departure (an edit) moves its payments not cancelled with it. Row trigger with a
-- WHEN: the status cascades and payments, which update many parcels but neither column, never call it.
CREATE FUNCTION encaissements_stats_colis_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
  SELECT e.agence_id, k.colis_agence_id, k.envoi_id, (k.s * count(*))::integer
    FROM encaissements e
   CROSS JOIN (VALUES (OLD.agence_id, OLD.envoi_id, -1), (NEW.agence_id, NEW.envoi_id, 1)) AS k (colis_agence_id, envoi_id, s)
   WHERE e.colis_id = NEW.id AND e.deleted_at IS NULL
   GROUP BY e.agence_id, k.colis_agence_id, k.envoi_id, k.s;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER encaissements_stats_colis AFTER UPDATE OF agence_id, envoi_id ON "colis"
  FOR EACH ROW WHEN (OLD.agence_id IS DISTINCT FROM NEW.agence_id OR OLD.envoi_id IS DISTINCT FROM NEW.envoi_id)
  EXECUTE FUNCTION encaissements_stats_colis_trigger();
--> statement-breakpoint
-- Folds the delta rows of each key into one row (sums unchanged), as colis_stats_compact (migration 0012) does: one
-- statement, so a reader sees the rows before or after; rows inserted meanwhile stay; two compactions at once
-- serialise on the rows they delete.
CREATE FUNCTION encaissements_stats_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM encaissements_stats RETURNING *)
  INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
  SELECT agence_id, colis_agence_id, envoi_id, sum(nb) FROM d GROUP BY 1, 2, 3 HAVING sum(nb) <> 0;
END;
$$;
--> statement-breakpoint
-- The payments already recorded.
INSERT INTO encaissements_stats (agence_id, colis_agence_id, envoi_id, nb)
SELECT e.agence_id, c.agence_id, c.envoi_id, count(*)::integer
  FROM encaissements e JOIN colis c ON c.id = e.colis_id
 WHERE e.deleted_at IS NULL
 GROUP BY 1, 2, 3;
--> statement-breakpoint
-- 2. The clients search (user/listeClients `q`: name, first names, phone, e-mail) is an OR over four columns: with a
-- trigram index on each (migration 0001 has the name and the phone), PostgreSQL combines them (BitmapOr) instead of
-- reading every user (measured in bench/README.md).
CREATE INDEX IF NOT EXISTS "users_prenoms_trgm" ON "users" USING gin ("prenoms" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- 3. An agent's clients (server/access/scopes.ts clientScope: the clients of colis_stats_clients of its agency with
-- nb > 0) are checked per client of the page from this index alone, without reading the counter row for nb (page 400
-- of an agent's clients: 13 000 such checks). nb is in its predicate, so an update of a counter row is no longer HOT:
-- one more index entry per registration and agency that sees it.
CREATE INDEX "colis_stats_clients_visible_idx" ON "colis_stats_clients" ("agence_id", "client_id") WHERE "nb" > 0;
