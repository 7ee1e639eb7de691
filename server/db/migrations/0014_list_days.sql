-- Deep pages of the parcels and payments lists (docs/decisions/counted-list-pages.md; measured in bench/README.md).
--
-- A page far into a list in its default order (newest first, or oldest first) was an OFFSET: page 20 000 of a million
-- parcels walked 500 000 index entries, page 2 000 of 100 000 about 50 000. list_jours counts the rows of
-- each list per day of creation (UTC), kept by triggers in the transaction of every change, exact: a deep page first
-- finds, from these few hundred rows, the day its first row falls in and how many newer (or older) rows come before
-- that day, then walks that day alone (server/db/fast/listSeek.ts). Insert-only, as migrations 0012 and 0013 made the
-- other counters: a change inserts its delta rows (no shared row to lock between concurrent registrations) and a read
-- sums them; list_jours_compact() folds them (the server calls it with the other compactions, server/colis/stats.ts).
--
-- The rows counted are those of a list seen by a role that sees every agency, without search or filter:
-- 'colis': parcels not deleted (colis.deleted_at IS NULL); 'encaissements': payments not cancelled
-- (encaissements.deleted_at IS NULL).
CREATE TABLE "list_jours" (
	"liste" text NOT NULL,
	"jour" date NOT NULL,
	"nb" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_jours_liste_jour_idx" ON "list_jours" ("liste", "jour");
--> statement-breakpoint
-- The day of a row: its creation instant's date in UTC (whatever the session's time zone).
CREATE FUNCTION list_jour(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- Statement trigger (insert, delete) of a counted table; TG_ARGV[0] names the list. Counts the rows not deleted.
CREATE FUNCTION list_jours_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_jours (liste, jour, nb)
    SELECT TG_ARGV[0], list_jour(created_at), count(*)::integer FROM nouveaux WHERE deleted_at IS NULL GROUP BY 2;
  ELSE
    INSERT INTO list_jours (liste, jour, nb)
    SELECT TG_ARGV[0], list_jour(created_at), -count(*)::integer FROM anciens WHERE deleted_at IS NULL GROUP BY 2;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Row trigger of an update that deletes, restores or re-dates a row (its WHEN: status cascades, payments and edits,
-- which change neither column, never call it).
CREATE FUNCTION list_jours_update_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_jours (liste, jour, nb)
  SELECT TG_ARGV[0], x.jour, sum(x.s)::integer
    FROM (SELECT list_jour(OLD.created_at) AS jour, -1 AS s WHERE OLD.deleted_at IS NULL
          UNION ALL
          SELECT list_jour(NEW.created_at), 1 WHERE NEW.deleted_at IS NULL) x
   GROUP BY x.jour
  HAVING sum(x.s) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_jours_insert AFTER INSERT ON "colis" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_trigger('colis');
--> statement-breakpoint
CREATE TRIGGER list_jours_delete AFTER DELETE ON "colis" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_trigger('colis');
--> statement-breakpoint
CREATE TRIGGER list_jours_update AFTER UPDATE OF deleted_at, created_at ON "colis"
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION list_jours_update_trigger('colis');
--> statement-breakpoint
CREATE TRIGGER list_jours_insert AFTER INSERT ON "encaissements" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_trigger('encaissements');
--> statement-breakpoint
CREATE TRIGGER list_jours_delete AFTER DELETE ON "encaissements" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_trigger('encaissements');
--> statement-breakpoint
CREATE TRIGGER list_jours_update AFTER UPDATE OF deleted_at, created_at ON "encaissements"
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION list_jours_update_trigger('encaissements');
--> statement-breakpoint
-- Folds the delta rows of each list and day into one row (sums unchanged), as colis_stats_compact does: one
-- statement, so a reader sees the rows before or after; rows inserted meanwhile stay.
CREATE FUNCTION list_jours_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM list_jours RETURNING *)
  INSERT INTO list_jours (liste, jour, nb) SELECT liste, jour, sum(nb) FROM d GROUP BY 1, 2 HAVING sum(nb) <> 0;
END;
$$;
--> statement-breakpoint
-- The rows already there.
INSERT INTO list_jours (liste, jour, nb)
SELECT 'colis', list_jour(created_at), count(*)::integer FROM colis WHERE deleted_at IS NULL GROUP BY 2;
--> statement-breakpoint
INSERT INTO list_jours (liste, jour, nb)
SELECT 'encaissements', list_jour(created_at), count(*)::integer FROM encaissements WHERE deleted_at IS NULL GROUP BY 2;
