-- Deep pages of an agency's parcels and payments lists (docs/decisions/counted-list-pages.md; measured in
-- bench/README.md, eighth session).
--
-- list_jours (migration 0014) counts the rows per day of the lists as a role that sees every agency reads them, so that
-- a deep page starts at its day. An agency's staff read a part of them (access/scopes.ts: parcels registered by their
-- agency or travelling to their agency's country; payments of those parcels), and their deep pages walked every row
-- before the page: an agent's payments page 400 at a million parcels joined ~23 000 payments to their parcels, its
-- parcels' last page walked ~440 000 index entries. list_jours_portee counts the same rows per day, by
-- the parcel's registering agency and its departure's destination country: an agency's rows per day are the sum of
-- the rows of its agency or of its country (access/scopes.ts countersScope on alias `cs`), a few thousand counter rows
-- whatever the page. Kept like list_jours: insert-only delta rows written by triggers in the transaction of every
-- change (a registration, a deletion or restoration, a re-dated row, a payment or its cancellation, a parcel moved to
-- another agency or departure, a departure's new destination), folded by list_jours_compact().
--
-- 'colis': parcels not deleted, by the parcel's agency and its departure's country; 'encaissements': payments not
-- cancelled, by their parcel's agency and its departure's country (a deleted parcel's payments stay in the list).
CREATE TABLE "list_jours_portee" (
	"liste" text NOT NULL,
	"jour" date NOT NULL,
	"agence_id" uuid NOT NULL,
	"pays_destination_id" uuid NOT NULL,
	"nb" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_jours_portee_agence_idx" ON "list_jours_portee" ("liste", "agence_id", "jour");
--> statement-breakpoint
CREATE INDEX "list_jours_portee_pays_idx" ON "list_jours_portee" ("liste", "pays_destination_id", "jour");
--> statement-breakpoint
-- The destination country of a departure (NULL for none).
CREATE FUNCTION envoi_pays(envoi uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT pays_id FROM envois WHERE id = envoi
$$;
--> statement-breakpoint
-- Statement trigger (insert, delete) of the parcels: the rows not deleted, by day, agency and destination.
CREATE FUNCTION list_jours_portee_colis() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
    SELECT 'colis', list_jour(n.created_at), n.agence_id, e.pays_id, count(*)::integer
      FROM nouveaux n JOIN envois e ON e.id = n.envoi_id WHERE n.deleted_at IS NULL GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
    SELECT 'colis', list_jour(o.created_at), o.agence_id, e.pays_id, -count(*)::integer
      FROM anciens o JOIN envois e ON e.id = o.envoi_id WHERE o.deleted_at IS NULL GROUP BY 2, 3, 4;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Row trigger of an update that deletes, restores, re-dates a parcel or moves it to another agency or departure: the
-- parcel leaves its old key and joins its new one; moved, its payments (not cancelled) follow it.
CREATE FUNCTION list_jours_portee_colis_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  avant uuid := envoi_pays(OLD.envoi_id);
  apres uuid := envoi_pays(NEW.envoi_id);
BEGIN
  INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
  SELECT 'colis', x.jour, x.agence, x.pays, sum(x.s)::integer
    FROM (SELECT list_jour(OLD.created_at) AS jour, OLD.agence_id AS agence, avant AS pays, -1 AS s WHERE OLD.deleted_at IS NULL
          UNION ALL
          SELECT list_jour(NEW.created_at), NEW.agence_id, apres, 1 WHERE NEW.deleted_at IS NULL) x
   GROUP BY 2, 3, 4
  HAVING sum(x.s) <> 0;
  IF OLD.agence_id IS DISTINCT FROM NEW.agence_id OR avant IS DISTINCT FROM apres THEN
    INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
    SELECT 'encaissements', list_jour(p.created_at), k.agence, k.pays, sum(k.s)::integer
      FROM encaissements p, (VALUES (OLD.agence_id, avant, -1), (NEW.agence_id, apres, 1)) AS k(agence, pays, s)
     WHERE p.colis_id = NEW.id AND p.deleted_at IS NULL
     GROUP BY 2, 3, 4
    HAVING sum(k.s) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_insert AFTER INSERT ON "colis" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_portee_colis();
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_delete AFTER DELETE ON "colis" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_portee_colis();
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_update AFTER UPDATE OF deleted_at, created_at, agence_id, envoi_id ON "colis"
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.agence_id IS DISTINCT FROM NEW.agence_id OR OLD.envoi_id IS DISTINCT FROM NEW.envoi_id)
  EXECUTE FUNCTION list_jours_portee_colis_update();
--> statement-breakpoint
-- Statement trigger (insert, delete) of the payments: those not cancelled, by day and by their parcel's keys.
CREATE FUNCTION list_jours_portee_encaissements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
    SELECT 'encaissements', list_jour(n.created_at), c.agence_id, e.pays_id, count(*)::integer
      FROM nouveaux n JOIN colis c ON c.id = n.colis_id JOIN envois e ON e.id = c.envoi_id
     WHERE n.deleted_at IS NULL GROUP BY 2, 3, 4;
  ELSE
    INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
    SELECT 'encaissements', list_jour(o.created_at), c.agence_id, e.pays_id, -count(*)::integer
      FROM anciens o JOIN colis c ON c.id = o.colis_id JOIN envois e ON e.id = c.envoi_id
     WHERE o.deleted_at IS NULL GROUP BY 2, 3, 4;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Row trigger of an update that cancels, restores, re-dates a payment or moves it to another parcel.
CREATE FUNCTION list_jours_portee_encaissements_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
  SELECT 'encaissements', x.jour, c.agence_id, envoi_pays(c.envoi_id), sum(x.s)::integer
    FROM (SELECT list_jour(OLD.created_at) AS jour, OLD.colis_id AS colis_id, -1 AS s WHERE OLD.deleted_at IS NULL
          UNION ALL
          SELECT list_jour(NEW.created_at), NEW.colis_id, 1 WHERE NEW.deleted_at IS NULL) x
    JOIN colis c ON c.id = x.colis_id
   GROUP BY 2, 3, 4
  HAVING sum(x.s) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_insert AFTER INSERT ON "encaissements" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_portee_encaissements();
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_delete AFTER DELETE ON "encaissements" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION list_jours_portee_encaissements();
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_update AFTER UPDATE OF deleted_at, created_at, colis_id ON "encaissements"
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.colis_id IS DISTINCT FROM NEW.colis_id)
  EXECUTE FUNCTION list_jours_portee_encaissements_update();
--> statement-breakpoint
-- A departure's new destination: its parcels (not deleted) and their payments (not cancelled) change country.
CREATE FUNCTION list_jours_portee_envoi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
  SELECT 'colis', list_jour(c.created_at), c.agence_id, k.pays, sum(k.s)::integer
    FROM colis c, (VALUES (OLD.pays_id, -1), (NEW.pays_id, 1)) AS k(pays, s)
   WHERE c.envoi_id = NEW.id AND c.deleted_at IS NULL
   GROUP BY 2, 3, 4;
  INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
  SELECT 'encaissements', list_jour(p.created_at), c.agence_id, k.pays, sum(k.s)::integer
    FROM encaissements p JOIN colis c ON c.id = p.colis_id, (VALUES (OLD.pays_id, -1), (NEW.pays_id, 1)) AS k(pays, s)
   WHERE c.envoi_id = NEW.id AND p.deleted_at IS NULL
   GROUP BY 2, 3, 4;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER list_jours_portee_envoi AFTER UPDATE OF pays_id ON "envois"
  FOR EACH ROW WHEN (OLD.pays_id IS DISTINCT FROM NEW.pays_id) EXECUTE FUNCTION list_jours_portee_envoi();
--> statement-breakpoint
-- Before a departure's new destination moves the counters of its parcels and their payments (colis_stats of migration
-- 0003, list_jours_portee here), its parcels are locked (FOR SHARE): every writer of a parcel or of its payments locks
-- the parcel first (server/access/locks.ts), so a payment or an edit in progress on one of them commits before the
-- move counts them (the statements of the triggers that follow see it), and none starts until the move is done.
-- Without it, a payment written meanwhile was counted under the old country by its own trigger and left there.
CREATE FUNCTION envoi_pays_verrou() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM colis WHERE envoi_id = NEW.id FOR SHARE;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER envoi_pays_verrou BEFORE UPDATE OF pays_id ON "envois"
  FOR EACH ROW WHEN (OLD.pays_id IS DISTINCT FROM NEW.pays_id) EXECUTE FUNCTION envoi_pays_verrou();
--> statement-breakpoint
-- Folds the delta rows of both counters, each table in one statement (a reader sees its rows before or after).
CREATE OR REPLACE FUNCTION list_jours_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM list_jours RETURNING *)
  INSERT INTO list_jours (liste, jour, nb) SELECT liste, jour, sum(nb) FROM d GROUP BY 1, 2 HAVING sum(nb) <> 0;
  WITH d AS (DELETE FROM list_jours_portee RETURNING *)
  INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
  SELECT liste, jour, agence_id, pays_destination_id, sum(nb) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(nb) <> 0;
END;
$$;
--> statement-breakpoint
-- The rows already there.
INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
SELECT 'colis', list_jour(c.created_at), c.agence_id, e.pays_id, count(*)::integer
  FROM colis c JOIN envois e ON e.id = c.envoi_id WHERE c.deleted_at IS NULL GROUP BY 2, 3, 4;
--> statement-breakpoint
INSERT INTO list_jours_portee (liste, jour, agence_id, pays_destination_id, nb)
SELECT 'encaissements', list_jour(p.created_at), c.agence_id, e.pays_id, count(*)::integer
  FROM encaissements p JOIN colis c ON c.id = p.colis_id JOIN envois e ON e.id = c.envoi_id
 WHERE p.deleted_at IS NULL GROUP BY 2, 3, 4;
