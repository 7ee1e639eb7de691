-- Dashboard counters (docs/decisions/dashboard-figures.md; spec 000 §2 Dashboard, §7 colis/getAllData,
-- colisEnvoyesParMois, circularStatistiques). At a million parcels an aggregate over the parcel table is far too slow
-- (measured in bench/README.md); the dashboard reads these counters instead, kept by triggers in the same transaction
-- as every change of a parcel, of a departure's destination or of an agency's country, so they never drift from a
-- recount (tests/server/dashboard.test.ts compares them).
--
-- colis_stats: one row per (registering agency, destination country of the departure, status, month of registration
-- in Europe/Paris, payment state) with the number of parcels not deleted and the sums of their amounts.
-- A non-ADMIN role's scope (server/access/scopes.ts colisScope: registered by its agency, or travelling to its
-- agency's country) is `agence_id = A OR pays_destination_id = P` on these rows.
-- colis_stats_clients: for each agency, the clients (senders and recipients) of the parcels its scope sees, with the
-- number of such links; colis_stats_agence_clients: how many clients each agency sees (user/listeClients' total).
CREATE TABLE "colis_stats" (
	"agence_id" uuid NOT NULL,
	"pays_destination_id" uuid NOT NULL,
	"statut_id" uuid NOT NULL,
	"mois" date NOT NULL,
	"paiement" text NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	"montant_total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reglement" numeric(16, 2) DEFAULT '0' NOT NULL,
	"reste_a_payer" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "colis_stats_pk" PRIMARY KEY ("agence_id", "pays_destination_id", "statut_id", "mois", "paiement")
);
--> statement-breakpoint
CREATE TABLE "colis_stats_clients" (
	"agence_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "colis_stats_clients_pk" PRIMARY KEY ("agence_id", "client_id")
);
--> statement-breakpoint
CREATE TABLE "colis_stats_agence_clients" (
	"agence_id" uuid PRIMARY KEY NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Month of registration of a parcel: the first day of its month in the business time zone (common/dates.ts).
CREATE FUNCTION colis_mois(ts timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', ts AT TIME ZONE 'Europe/Paris')::date
$$;
--> statement-breakpoint
-- Payment state of a parcel (docs/api-contract.md "Dashboard"): SOLDE when nothing remains to pay, ATTENTE when
-- nothing was settled, PARTIEL otherwise (0 < reglement < montantTotal). The three states partition the parcels.
CREATE FUNCTION colis_paiement(reste numeric, regle numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN reste <= 0 THEN 'SOLDE' WHEN regle <= 0 THEN 'ATTENTE' ELSE 'PARTIEL' END
$$;
--> statement-breakpoint
-- One parcel counted (s = 1) or taken back (s = -1).
CREATE TYPE "colis_stats_delta" AS (
	agence_id uuid,
	pays_destination_id uuid,
	statut_id uuid,
	mois date,
	paiement text,
	s integer,
	montant_total numeric,
	reglement numeric,
	reste_a_payer numeric,
	expediteur_id uuid,
	destinataire_id uuid
);
--> statement-breakpoint
-- Applies deltas to the three counter tables. Rows are written in key order so that concurrent transactions take
-- the counter rows' locks in the same order.
CREATE FUNCTION colis_stats_add(d colis_stats_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO colis_stats AS t (agence_id, pays_destination_id, statut_id, mois, paiement, nb, montant_total, reglement, reste_a_payer)
  SELECT x.agence_id, x.pays_destination_id, x.statut_id, x.mois, x.paiement,
         sum(x.s), sum(x.s * x.montant_total), sum(x.s * x.reglement), sum(x.s * x.reste_a_payer)
    FROM unnest(d) x
   GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.s) <> 0 OR sum(x.s * x.montant_total) <> 0 OR sum(x.s * x.reglement) <> 0 OR sum(x.s * x.reste_a_payer) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (agence_id, pays_destination_id, statut_id, mois, paiement) DO UPDATE
     SET nb = t.nb + excluded.nb,
         montant_total = t.montant_total + excluded.montant_total,
         reglement = t.reglement + excluded.reglement,
         reste_a_payer = t.reste_a_payer + excluded.reste_a_payer;

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
  INSERT INTO colis_stats_agence_clients AS t (agence_id, nb)
  SELECT agence_id, n FROM crossed WHERE n <> 0 ORDER BY 1
  ON CONFLICT (agence_id) DO UPDATE SET nb = t.nb + excluded.nb;
END;
$$;
--> statement-breakpoint
-- Statement trigger of colis: counts the inserted rows, takes back the old version and counts the new version of the
-- updated rows whose counted fields changed (a soft deletion takes the parcel back), takes back the deleted rows.
-- The destination country is the departure's as it is now: a change of it re-counts its parcels (envois trigger).
CREATE FUNCTION colis_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d colis_stats_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.agence_id, e.pays_id, n.statut_id, colis_mois(n.created_at), colis_paiement(n.reste_a_payer, n.reglement),
                         1, n.montant_total, n.reglement, n.reste_a_payer, n.expediteur_id, n.destinataire_id)::colis_stats_delta)
      INTO d
      FROM nouveaux n JOIN envois e ON e.id = n.envoi_id
     WHERE n.deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(z.x) INTO d FROM (
      SELECT ROW(o.agence_id, e.pays_id, o.statut_id, colis_mois(o.created_at), colis_paiement(o.reste_a_payer, o.reglement),
                 -1, o.montant_total, o.reglement, o.reste_a_payer, o.expediteur_id, o.destinataire_id)::colis_stats_delta AS x
        FROM anciens o JOIN nouveaux n ON n.id = o.id JOIN envois e ON e.id = o.envoi_id
       WHERE o.deleted_at IS NULL
         AND (o.agence_id, o.envoi_id, o.statut_id, o.created_at, o.montant_total, o.reglement, o.reste_a_payer,
              o.expediteur_id, o.destinataire_id, o.deleted_at)
             IS DISTINCT FROM (n.agence_id, n.envoi_id, n.statut_id, n.created_at, n.montant_total, n.reglement,
              n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.deleted_at)
      UNION ALL
      SELECT ROW(n.agence_id, e.pays_id, n.statut_id, colis_mois(n.created_at), colis_paiement(n.reste_a_payer, n.reglement),
                 1, n.montant_total, n.reglement, n.reste_a_payer, n.expediteur_id, n.destinataire_id)::colis_stats_delta
        FROM anciens o JOIN nouveaux n ON n.id = o.id JOIN envois e ON e.id = n.envoi_id
       WHERE n.deleted_at IS NULL
         AND (o.agence_id, o.envoi_id, o.statut_id, o.created_at, o.montant_total, o.reglement, o.reste_a_payer,
              o.expediteur_id, o.destinataire_id, o.deleted_at)
             IS DISTINCT FROM (n.agence_id, n.envoi_id, n.statut_id, n.created_at, n.montant_total, n.reglement,
              n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.deleted_at)
    ) z;
  ELSE
    SELECT array_agg(ROW(o.agence_id, e.pays_id, o.statut_id, colis_mois(o.created_at), colis_paiement(o.reste_a_payer, o.reglement),
                         -1, o.montant_total, o.reglement, o.reste_a_payer, o.expediteur_id, o.destinataire_id)::colis_stats_delta)
      INTO d
      FROM anciens o JOIN envois e ON e.id = o.envoi_id
     WHERE o.deleted_at IS NULL;
  END IF;
  PERFORM colis_stats_add(d);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_stats_insert AFTER INSERT ON "colis" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_stats_update AFTER UPDATE ON "colis" REFERENCING OLD TABLE AS anciens NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_stats_delete AFTER DELETE ON "colis" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_trigger();
--> statement-breakpoint
-- A departure whose destination country changes moves its parcels from one country's counters to the other's.
CREATE FUNCTION colis_stats_envoi_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d colis_stats_delta[];
BEGIN
  SELECT array_agg(z.x) INTO d FROM (
    SELECT ROW(c.agence_id, OLD.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement),
               -1, c.montant_total, c.reglement, c.reste_a_payer, c.expediteur_id, c.destinataire_id)::colis_stats_delta AS x
      FROM colis c WHERE c.envoi_id = NEW.id AND c.deleted_at IS NULL
    UNION ALL
    SELECT ROW(c.agence_id, NEW.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement),
               1, c.montant_total, c.reglement, c.reste_a_payer, c.expediteur_id, c.destinataire_id)::colis_stats_delta
      FROM colis c WHERE c.envoi_id = NEW.id AND c.deleted_at IS NULL
  ) z;
  PERFORM colis_stats_add(d);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_stats_envoi_pays AFTER UPDATE OF pays_id ON "envois"
  FOR EACH ROW WHEN (OLD.pays_id IS DISTINCT FROM NEW.pays_id) EXECUTE FUNCTION colis_stats_envoi_trigger();
--> statement-breakpoint
-- Recounts the clients one agency sees (a new agency, or an agency moved to another country).
CREATE FUNCTION colis_stats_recount_agence(a uuid) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO colis_stats_agence_clients AS t (agence_id, nb)
  VALUES (a, (SELECT count(*) FROM colis_stats_clients WHERE agence_id = a AND nb > 0))
  ON CONFLICT (agence_id) DO UPDATE SET nb = excluded.nb;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION colis_stats_agence_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM colis_stats_recount_agence(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_stats_agence_insert AFTER INSERT ON "agences"
  FOR EACH ROW EXECUTE FUNCTION colis_stats_agence_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_stats_agence_pays AFTER UPDATE OF pays_id ON "agences"
  FOR EACH ROW WHEN (OLD.pays_id IS DISTINCT FROM NEW.pays_id) EXECUTE FUNCTION colis_stats_agence_trigger();
--> statement-breakpoint
-- The number of users of each type (the clients tile of a role that sees every agency counts every client: a seq scan
-- of the users at 100 000 clients is too slow, measured in bench/README.md). Spread over 16 rows per type so that
-- concurrent registrations creating clients seldom wait for one another; a read sums them.
CREATE TABLE "colis_stats_type_users" (
	"type_user_id" uuid NOT NULL,
	"part" smallint NOT NULL,
	"nb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "colis_stats_type_users_pk" PRIMARY KEY ("type_user_id", "part")
);
--> statement-breakpoint
CREATE FUNCTION colis_stats_users_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO colis_stats_type_users AS t (type_user_id, part, nb)
    SELECT type_user_id, (hashtext(id::text) & 15)::smallint, count(*)::integer FROM nouveaux GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (type_user_id, part) DO UPDATE SET nb = t.nb + excluded.nb;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO colis_stats_type_users AS t (type_user_id, part, nb)
    SELECT type_user_id, (hashtext(id::text) & 15)::smallint, -count(*)::integer FROM anciens GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (type_user_id, part) DO UPDATE SET nb = t.nb + excluded.nb;
  ELSE
    INSERT INTO colis_stats_type_users AS t (type_user_id, part, nb)
    SELECT type_user_id, part, sum(s)::integer FROM (
      SELECT o.type_user_id, (hashtext(o.id::text) & 15)::smallint AS part, -1 AS s
        FROM anciens o JOIN nouveaux n ON n.id = o.id WHERE o.type_user_id IS DISTINCT FROM n.type_user_id
      UNION ALL
      SELECT n.type_user_id, (hashtext(n.id::text) & 15)::smallint, 1
        FROM anciens o JOIN nouveaux n ON n.id = o.id WHERE o.type_user_id IS DISTINCT FROM n.type_user_id) x
    GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
    ON CONFLICT (type_user_id, part) DO UPDATE SET nb = t.nb + excluded.nb;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_stats_users_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_users_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_stats_users_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS anciens NEW TABLE AS nouveaux
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_users_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_stats_users_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS anciens
  FOR EACH STATEMENT EXECUTE FUNCTION colis_stats_users_trigger();
--> statement-breakpoint
-- Recounts every counter from the parcels and the users (this migration on an existing database; a repair by hand if ever needed).
CREATE FUNCTION colis_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a uuid;
BEGIN
  DELETE FROM colis_stats;
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, nb, montant_total, reglement, reste_a_payer)
  SELECT c.agence_id, e.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement),
         count(*), sum(c.montant_total), sum(c.reglement), sum(c.reste_a_payer)
    FROM colis c JOIN envois e ON e.id = c.envoi_id
   WHERE c.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM colis_stats_agence_clients;
  FOR a IN SELECT id FROM agences ORDER BY id LOOP
    PERFORM colis_stats_recount_agence(a);
  END LOOP;
  DELETE FROM colis_stats_type_users;
  INSERT INTO colis_stats_type_users (type_user_id, part, nb)
  SELECT type_user_id, (hashtext(id::text) & 15)::smallint, count(*) FROM users GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
SELECT colis_stats_rebuild();
