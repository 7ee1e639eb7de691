-- The parcels' search (q) by the free-text recipient's name or phone (server/colis/query.ts colisSearch;
-- docs/decisions/list-queries.md).
--
-- A trigram index on a million parcels' names reads, for every trigram of the searched text, the list of the parcels
-- holding it: a name's common trigrams ('des', 'ain', 'ire'…) are held by most of them, and a name search read 3 000
-- index pages at a million parcels (measured in bench/README.md, seventh session). A
-- recipient's name and phone come back on parcel after parcel (the same people receive again), so the distinct values
-- are far fewer than the parcels: colis_termes holds each distinct free-text name and phone once, with the trigram
-- index; a search finds the values that match there, then the parcels holding them by plain b-tree indexes. Same rows
-- as ILIKE on the parcels' columns, as long as every value of the two columns is in colis_termes: the triggers below
-- add each new one in the transaction that writes it (a registration, an edit, an import, the demo seed); a value no
-- parcel holds any more stays (a search only finds no parcel by it).
CREATE TABLE "colis_termes" (
	"valeur" text PRIMARY KEY
);
--> statement-breakpoint
INSERT INTO "colis_termes" ("valeur")
SELECT "nom_destinataire" FROM "colis" WHERE "nom_destinataire" IS NOT NULL
UNION
SELECT "telephone_destinataire" FROM "colis" WHERE "telephone_destinataire" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "colis_termes_trgm" ON "colis_termes" USING gin ("valeur" gin_trgm_ops);
--> statement-breakpoint
-- Row trigger (insert, or an update of either column): the row's name and phone, when new to colis_termes.
CREATE FUNCTION colis_termes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO colis_termes (valeur)
  SELECT v FROM (VALUES (NEW.nom_destinataire), (NEW.telephone_destinataire)) AS t(v)
   WHERE v IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_termes_insert AFTER INSERT ON "colis"
  FOR EACH ROW WHEN (NEW.nom_destinataire IS NOT NULL OR NEW.telephone_destinataire IS NOT NULL)
  EXECUTE FUNCTION colis_termes_trigger();
--> statement-breakpoint
CREATE TRIGGER colis_termes_update AFTER UPDATE OF nom_destinataire, telephone_destinataire ON "colis"
  FOR EACH ROW WHEN (NEW.nom_destinataire IS DISTINCT FROM OLD.nom_destinataire
                     OR NEW.telephone_destinataire IS DISTINCT FROM OLD.telephone_destinataire)
  EXECUTE FUNCTION colis_termes_trigger();
--> statement-breakpoint
-- The parcels of the values found: b-tree indexes in place of the two trigram indexes of migration 0001.
CREATE INDEX "colis_nom_destinataire_idx" ON "colis" ("nom_destinataire");
--> statement-breakpoint
CREATE INDEX "colis_telephone_destinataire_idx" ON "colis" ("telephone_destinataire");
--> statement-breakpoint
DROP INDEX IF EXISTS "colis_nom_destinataire_trgm";
--> statement-breakpoint
DROP INDEX IF EXISTS "colis_telephone_destinataire_trgm";
