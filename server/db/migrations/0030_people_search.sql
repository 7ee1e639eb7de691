-- The free-text recipient's first names searchable as its name is (server/colis/query.ts colisSearch;
-- docs/decisions/people-search.md): a search by a first name or by the full name in either order finds the parcels of
-- a recipient typed without phone (no client record) as it finds a client's. colis_termes (migration 0016) now also
-- holds each distinct prenoms_destinataire, and the parcels holding a matching value are found by a b-tree index on
-- the column, as for the name and the phone. Expand only: the previous code reads the same table and indexes.
INSERT INTO "colis_termes" ("valeur")
SELECT DISTINCT "prenoms_destinataire" FROM "colis" WHERE "prenoms_destinataire" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colis_prenoms_destinataire_idx" ON "colis" ("prenoms_destinataire");
--> statement-breakpoint
-- Row trigger (insert, or an update of one of the three columns): the row's name, first names and phone, when new.
CREATE OR REPLACE FUNCTION colis_termes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO colis_termes (valeur)
  SELECT v FROM (VALUES (NEW.nom_destinataire), (NEW.prenoms_destinataire), (NEW.telephone_destinataire)) AS t(v)
   WHERE v IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS colis_termes_insert ON "colis";
--> statement-breakpoint
CREATE TRIGGER colis_termes_insert AFTER INSERT ON "colis"
  FOR EACH ROW WHEN (NEW.nom_destinataire IS NOT NULL OR NEW.prenoms_destinataire IS NOT NULL
                     OR NEW.telephone_destinataire IS NOT NULL)
  EXECUTE FUNCTION colis_termes_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS colis_termes_update ON "colis";
--> statement-breakpoint
CREATE TRIGGER colis_termes_update AFTER UPDATE OF nom_destinataire, prenoms_destinataire, telephone_destinataire ON "colis"
  FOR EACH ROW WHEN (NEW.nom_destinataire IS DISTINCT FROM OLD.nom_destinataire
                     OR NEW.prenoms_destinataire IS DISTINCT FROM OLD.prenoms_destinataire
                     OR NEW.telephone_destinataire IS DISTINCT FROM OLD.telephone_destinataire)
  EXECUTE FUNCTION colis_termes_trigger();
--> statement-breakpoint
-- A client's notices (server/notification/clientCanal.ts clientNotices) also list the e-mails written to its address
-- without client id (a registration's notice, colis/registrationWrite.ts): found by the address.
CREATE INDEX IF NOT EXISTS "mail_outbox_to_sans_client_idx" ON "mail_outbox" (lower("to_address"), "created_at")
  WHERE "client_id" IS NULL;
