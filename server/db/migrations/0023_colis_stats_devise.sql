-- The dashboard's counters by currency (docs/decisions/dashboard-figures.md "Currencies", docs/decisions/currencies.md).
-- Since migration 0021 a parcel's amounts are in its currency (colis.devise, its departure's), and colis_stats summed
-- them as if they were one: a Dakar parcel of 701 318 F CFA counted as 701 318 €. colis_stats now keys its rows by
-- the parcels' currency too (server/colis/stats.ts converts each currency and month to euros when it reads them):
-- - colis_stats.devise (the parcel's devise; 'EUR' for the rows written before, rebuilt below) joins the key index;
-- - the delta type colis_stats_delta carries it (a new last attribute), and every function that writes colis_stats
--   passes it on: colis_stats_trigger and colis_stats_envoi_trigger (migration 0003), colis_stats_add and
--   colis_stats_compact (migration 0012), colis_stats_rebuild (migration 0003). Each is the latest definition with only
--   the currency added; a parcel's currency changes only with its departure (colis_devise, migration 0021), and the
--   update trigger also takes a parcel back when its currency alone changed;
-- - the rows are recounted from the parcels, grouped as the recount path does (server/colis/stats.ts loadCells).
DROP INDEX "colis_stats_key_idx";--> statement-breakpoint
ALTER TABLE "colis_stats" ADD COLUMN "devise" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
CREATE INDEX "colis_stats_key_idx" ON "colis_stats" USING btree ("agence_id","pays_destination_id","statut_id","mois","paiement","devise");--> statement-breakpoint
ALTER TYPE "colis_stats_delta" ADD ATTRIBUTE devise text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_add(d colis_stats_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF d IS NULL OR cardinality(d) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, devise, nb, montant_total, reglement, reste_a_payer)
  SELECT x.agence_id, x.pays_destination_id, x.statut_id, x.mois, x.paiement, x.devise,
         sum(x.s), sum(x.s * x.montant_total), sum(x.s * x.reglement), sum(x.s * x.reste_a_payer)
    FROM unnest(d) x
   GROUP BY 1, 2, 3, 4, 5, 6
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
CREATE OR REPLACE FUNCTION colis_stats_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d colis_stats_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.agence_id, e.pays_id, n.statut_id, colis_mois(n.created_at), colis_paiement(n.reste_a_payer, n.reglement),
                         1, n.montant_total, n.reglement, n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.devise)::colis_stats_delta)
      INTO d
      FROM nouveaux n JOIN envois e ON e.id = n.envoi_id
     WHERE n.deleted_at IS NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(z.x) INTO d FROM (
      SELECT ROW(o.agence_id, e.pays_id, o.statut_id, colis_mois(o.created_at), colis_paiement(o.reste_a_payer, o.reglement),
                 -1, o.montant_total, o.reglement, o.reste_a_payer, o.expediteur_id, o.destinataire_id, o.devise)::colis_stats_delta AS x
        FROM anciens o JOIN nouveaux n ON n.id = o.id JOIN envois e ON e.id = o.envoi_id
       WHERE o.deleted_at IS NULL
         AND (o.agence_id, o.envoi_id, o.statut_id, o.created_at, o.montant_total, o.reglement, o.reste_a_payer,
              o.expediteur_id, o.destinataire_id, o.deleted_at, o.devise)
             IS DISTINCT FROM (n.agence_id, n.envoi_id, n.statut_id, n.created_at, n.montant_total, n.reglement,
              n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.deleted_at, n.devise)
      UNION ALL
      SELECT ROW(n.agence_id, e.pays_id, n.statut_id, colis_mois(n.created_at), colis_paiement(n.reste_a_payer, n.reglement),
                 1, n.montant_total, n.reglement, n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.devise)::colis_stats_delta
        FROM anciens o JOIN nouveaux n ON n.id = o.id JOIN envois e ON e.id = n.envoi_id
       WHERE n.deleted_at IS NULL
         AND (o.agence_id, o.envoi_id, o.statut_id, o.created_at, o.montant_total, o.reglement, o.reste_a_payer,
              o.expediteur_id, o.destinataire_id, o.deleted_at, o.devise)
             IS DISTINCT FROM (n.agence_id, n.envoi_id, n.statut_id, n.created_at, n.montant_total, n.reglement,
              n.reste_a_payer, n.expediteur_id, n.destinataire_id, n.deleted_at, n.devise)
    ) z;
  ELSE
    SELECT array_agg(ROW(o.agence_id, e.pays_id, o.statut_id, colis_mois(o.created_at), colis_paiement(o.reste_a_payer, o.reglement),
                         -1, o.montant_total, o.reglement, o.reste_a_payer, o.expediteur_id, o.destinataire_id, o.devise)::colis_stats_delta)
      INTO d
      FROM anciens o JOIN envois e ON e.id = o.envoi_id
     WHERE o.deleted_at IS NULL;
  END IF;
  PERFORM colis_stats_add(d);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_envoi_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d colis_stats_delta[];
BEGIN
  SELECT array_agg(z.x) INTO d FROM (
    SELECT ROW(c.agence_id, OLD.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement),
               -1, c.montant_total, c.reglement, c.reste_a_payer, c.expediteur_id, c.destinataire_id, c.devise)::colis_stats_delta AS x
      FROM colis c WHERE c.envoi_id = NEW.id AND c.deleted_at IS NULL
    UNION ALL
    SELECT ROW(c.agence_id, NEW.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement),
               1, c.montant_total, c.reglement, c.reste_a_payer, c.expediteur_id, c.destinataire_id, c.devise)::colis_stats_delta
      FROM colis c WHERE c.envoi_id = NEW.id AND c.deleted_at IS NULL
  ) z;
  PERFORM colis_stats_add(d);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_compact() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM colis_stats RETURNING *)
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, devise, nb, montant_total, reglement, reste_a_payer)
  SELECT agence_id, pays_destination_id, statut_id, mois, paiement, devise, sum(nb), sum(montant_total), sum(reglement), sum(reste_a_payer)
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(nb) <> 0 OR sum(montant_total) <> 0 OR sum(reglement) <> 0 OR sum(reste_a_payer) <> 0;
  WITH d AS (DELETE FROM colis_stats_agence_clients RETURNING *)
  INSERT INTO colis_stats_agence_clients (agence_id, nb) SELECT agence_id, sum(nb) FROM d GROUP BY 1;
  WITH d AS (DELETE FROM colis_stats_type_users RETURNING *)
  INSERT INTO colis_stats_type_users (type_user_id, part, nb) SELECT type_user_id, 0, sum(nb) FROM d GROUP BY 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION colis_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a uuid;
BEGIN
  DELETE FROM colis_stats;
  INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, devise, nb, montant_total, reglement, reste_a_payer)
  SELECT c.agence_id, e.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement), c.devise,
         count(*), sum(c.montant_total), sum(c.reglement), sum(c.reste_a_payer)
    FROM colis c JOIN envois e ON e.id = c.envoi_id
   WHERE c.deleted_at IS NULL
   GROUP BY 1, 2, 3, 4, 5, 6;
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
DELETE FROM colis_stats;
--> statement-breakpoint
INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, devise, nb, montant_total, reglement, reste_a_payer)
SELECT c.agence_id, e.pays_id, c.statut_id, colis_mois(c.created_at), colis_paiement(c.reste_a_payer, c.reglement), c.devise,
       count(*), sum(c.montant_total), sum(c.reglement), sum(c.reste_a_payer)
  FROM colis c JOIN envois e ON e.id = c.envoi_id
 WHERE c.deleted_at IS NULL
 GROUP BY 1, 2, 3, 4, 5, 6;
