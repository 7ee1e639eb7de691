-- Currencies (docs/decisions/currencies.md). Every amount is in the currency of its record: a unit price in its origin
-- country's, a departure's parcels and their payments in the departure's (its origin country's), an operation in its
-- own. The accounting currency is the euro: a rate is the units of a currency for 1 EUR, in force from its date.
-- - devises: the ISO 4217 currencies and the digits of their minor unit (twin: common/devises.ts DEVISES, held equal
--   by tests/server/devises.test.ts); pays.devise, envois.devise, colis.devise, encaissements.devise,
--   operations.devise refer to it. A code outside the list already in a row is left as it is (NOT VALID), new rows are
--   checked.
-- - taux_change: the history of rates, never updated nor deleted; the CFA francs' legal rate (655,957 F for 1 €
--   since 1999) is seeded `fixe`.
-- - Existing rows keep their numbers and take their origin's currency: a departure its origin country's, a parcel
--   its departure's, a payment its parcel's, an operation its agency's country's (EUR without an agency).
-- - A unit price may carry a minimum charge (montant_minimum, in its currency): a parcel line is never billed less.
-- - Triggers keep a parcel's currency equal to its departure's and a payment's to its parcel's (registrations and
--   payments are written without naming it); a departure's follows its origin country.
CREATE TABLE "devises" (
	"code" text PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"decimales" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taux_change" (
	"id" uuid PRIMARY KEY NOT NULL,
	"devise" text NOT NULL,
	"taux" numeric(18, 6) NOT NULL,
	"date_debut" date NOT NULL,
	"fixe" boolean DEFAULT false NOT NULL,
	"auteur_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taux_change_taux_positif" CHECK ("taux_change"."taux" > 0)
);
--> statement-breakpoint
INSERT INTO "devises" ("code", "libelle", "decimales") VALUES
  ('EUR', 'Euro', 2),
  ('XOF', 'Franc CFA (BCEAO)', 0),
  ('XAF', 'Franc CFA (BEAC)', 0),
  ('GNF', 'Franc guinéen', 0),
  ('MAD', 'Dirham marocain', 2),
  ('TND', 'Dinar tunisien', 3),
  ('DZD', 'Dinar algérien', 2),
  ('USD', 'Dollar des États-Unis', 2),
  ('CAD', 'Dollar canadien', 2),
  ('GBP', 'Livre sterling', 2),
  ('CHF', 'Franc suisse', 2),
  ('CDF', 'Franc congolais', 2),
  ('MRU', 'Ouguiya mauritanien', 2),
  ('GMD', 'Dalasi gambien', 2),
  ('CVE', 'Escudo cap-verdien', 2),
  ('GHS', 'Cedi ghanéen', 2),
  ('NGN', 'Naira nigérian', 2);
--> statement-breakpoint
INSERT INTO "taux_change" ("id", "devise", "taux", "date_debut", "fixe") VALUES
  (gen_random_uuid(), 'XOF', 655.957, '1999-01-01', true),
  (gen_random_uuid(), 'XAF', 655.957, '1999-01-01', true);
--> statement-breakpoint
ALTER TABLE "colis" ADD COLUMN "devise" text DEFAULT 'EUR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "devise" text DEFAULT 'EUR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "montant_tendu" numeric(14, 3);
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "devise_tendue" text;
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "taux_tendu" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "taux_colis" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "devise" text DEFAULT 'EUR' NOT NULL;
--> statement-breakpoint
ALTER TABLE "param_nature_modes" ADD COLUMN "montant_minimum" numeric(12, 2);
--> statement-breakpoint
UPDATE "envois" e SET "devise" = p."devise" FROM "pays" p WHERE p."id" = e."pays_emetteur_id" AND e."devise" IS DISTINCT FROM p."devise";
--> statement-breakpoint
UPDATE "colis" c SET "devise" = e."devise" FROM "envois" e WHERE e."id" = c."envoi_id" AND c."devise" IS DISTINCT FROM e."devise";
--> statement-breakpoint
UPDATE "encaissements" x SET "devise" = c."devise" FROM "colis" c WHERE c."id" = x."colis_id" AND x."devise" IS DISTINCT FROM c."devise";
--> statement-breakpoint
UPDATE "operations" o SET "devise" = p."devise"
  FROM "agences" a JOIN "villes" v ON v."id" = a."ville_id" JOIN "pays" p ON p."id" = v."pays_id"
  WHERE a."id" = o."agence_id" AND o."devise" IS DISTINCT FROM p."devise";
--> statement-breakpoint
ALTER TABLE "taux_change" ADD CONSTRAINT "taux_change_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "taux_change" ADD CONSTRAINT "taux_change_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_devise_tendue_devises_code_fk" FOREIGN KEY ("devise_tendue") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "envois" ADD CONSTRAINT "envois_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "pays" ADD CONSTRAINT "pays_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
CREATE UNIQUE INDEX "taux_change_devise_date_uq" ON "taux_change" USING btree ("devise","date_debut");
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['pays', 'envois', 'colis', 'encaissements', 'operations'] LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t, t || '_devise_devises_code_fk');
    EXCEPTION WHEN foreign_key_violation THEN
      RAISE NOTICE 'Devise hors de la liste ISO dans %, laissée telle quelle', t;
    END;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION taux_change_historique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'L''historique des taux de change ne se modifie pas : saisissez un nouveau taux.' USING ERRCODE = 'CL003';
END $$;
--> statement-breakpoint
CREATE TRIGGER taux_change_historique BEFORE UPDATE OR DELETE ON "taux_change" FOR EACH ROW EXECUTE FUNCTION taux_change_historique();
--> statement-breakpoint
CREATE FUNCTION envois_devise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."devise" INTO NEW."devise" FROM "pays" p WHERE p."id" = NEW."pays_emetteur_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER envois_devise BEFORE INSERT OR UPDATE OF "pays_emetteur_id" ON "envois" FOR EACH ROW EXECUTE FUNCTION envois_devise();
--> statement-breakpoint
CREATE FUNCTION colis_devise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."devise" INTO NEW."devise" FROM "envois" e WHERE e."id" = NEW."envoi_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER colis_devise BEFORE INSERT OR UPDATE OF "envoi_id" ON "colis" FOR EACH ROW EXECUTE FUNCTION colis_devise();
--> statement-breakpoint
CREATE FUNCTION encaissements_devise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c."devise" INTO NEW."devise" FROM "colis" c WHERE c."id" = NEW."colis_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encaissements_devise BEFORE INSERT ON "encaissements" FOR EACH ROW EXECUTE FUNCTION encaissements_devise();
