-- Refunds and the cash closed per agency and day (docs/decisions/refunds-and-cash.md).
-- - A refund is a row of encaissements with a negative amount, linked to the payment it gives back (rembourse_id),
--   with its reason (motif); the payment itself is never changed. The sign is checked (NOT VALID: rows written before
--   are left as they are).
-- - caisse_clotures: an agency's cash closed for a day (Europe/Paris), with the counted amounts per payment mode and
--   currency (caisse_comptes: expected, counted, difference). One open closing per agency and day; a reopening keeps
--   the row (rouverte_at, by whom, why).
-- - caisse_ouverte(agence, jour): refuses (SQLSTATE CL004, 'La caisse du dd/MM/yyyy est clôturée pour cette agence.')
--   any payment, refund or cancellation of a payment, and any operation written, changed or cancelled, of an agency
--   whose cash of that day is closed: the day of a payment is its created_at's, of an operation its date's.
CREATE TABLE "caisse_clotures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agence_id" uuid NOT NULL,
	"jour" date NOT NULL,
	"commentaire" text DEFAULT '' NOT NULL,
	"auteur_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rouverte_at" timestamp with time zone,
	"rouverte_par_id" uuid,
	"motif_reouverture" text
);
--> statement-breakpoint
CREATE TABLE "caisse_comptes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cloture_id" uuid NOT NULL,
	"mode_paiement_id" uuid,
	"devise" text NOT NULL,
	"attendu" numeric(12, 2) NOT NULL,
	"compte" numeric(12, 2) NOT NULL,
	"ecart" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "rembourse_id" uuid;--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "motif" text;--> statement-breakpoint
ALTER TABLE "caisse_clotures" ADD CONSTRAINT "caisse_clotures_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caisse_clotures" ADD CONSTRAINT "caisse_clotures_auteur_id_users_id_fk" FOREIGN KEY ("auteur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caisse_clotures" ADD CONSTRAINT "caisse_clotures_rouverte_par_id_users_id_fk" FOREIGN KEY ("rouverte_par_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caisse_comptes" ADD CONSTRAINT "caisse_comptes_cloture_id_caisse_clotures_id_fk" FOREIGN KEY ("cloture_id") REFERENCES "public"."caisse_clotures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caisse_comptes" ADD CONSTRAINT "caisse_comptes_mode_paiement_id_modes_paiement_id_fk" FOREIGN KEY ("mode_paiement_id") REFERENCES "public"."modes_paiement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caisse_comptes" ADD CONSTRAINT "caisse_comptes_devise_devises_code_fk" FOREIGN KEY ("devise") REFERENCES "public"."devises"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caisse_clotures_agence_jour_uq" ON "caisse_clotures" USING btree ("agence_id","jour") WHERE "caisse_clotures"."rouverte_at" IS NULL;--> statement-breakpoint
CREATE INDEX "caisse_clotures_jour_idx" ON "caisse_clotures" USING btree ("jour" DESC NULLS LAST,"agence_id");--> statement-breakpoint
CREATE INDEX "caisse_comptes_cloture_idx" ON "caisse_comptes" USING btree ("cloture_id");--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_rembourse_id_encaissements_id_fk" FOREIGN KEY ("rembourse_id") REFERENCES "public"."encaissements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encaissements_rembourse_idx" ON "encaissements" USING btree ("rembourse_id") WHERE "encaissements"."rembourse_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_signe" CHECK (("encaissements"."rembourse_id" IS NULL AND "encaissements"."montant_encaisse" > 0) OR ("encaissements"."rembourse_id" IS NOT NULL AND "encaissements"."montant_encaisse" < 0)) NOT VALID;
--> statement-breakpoint
CREATE FUNCTION caisse_ouverte(p_agence uuid, p_jour date) RETURNS void LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_agence IS NOT NULL AND EXISTS (
    SELECT 1 FROM caisse_clotures WHERE agence_id = p_agence AND jour = p_jour AND rouverte_at IS NULL
  ) THEN
    RAISE EXCEPTION 'La caisse du % est clôturée pour cette agence.', to_char(p_jour, 'DD/MM/YYYY') USING ERRCODE = 'CL004';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION encaissements_caisse_ouverte() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM caisse_ouverte(NEW.agence_id, (NEW.created_at AT TIME ZONE 'Europe/Paris')::date);
  ELSIF NEW.deleted_at IS DISTINCT FROM OLD.deleted_at OR NEW.is_active IS DISTINCT FROM OLD.is_active
     OR NEW.montant_encaisse IS DISTINCT FROM OLD.montant_encaisse OR NEW.agence_id IS DISTINCT FROM OLD.agence_id THEN
    PERFORM caisse_ouverte(OLD.agence_id, (OLD.created_at AT TIME ZONE 'Europe/Paris')::date);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER encaissements_caisse_ouverte BEFORE INSERT OR UPDATE ON "encaissements" FOR EACH ROW EXECUTE FUNCTION encaissements_caisse_ouverte();
--> statement-breakpoint
CREATE FUNCTION operations_caisse_ouverte() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM caisse_ouverte(OLD.agence_id, (OLD.date AT TIME ZONE 'Europe/Paris')::date);
  END IF;
  PERFORM caisse_ouverte(NEW.agence_id, (NEW.date AT TIME ZONE 'Europe/Paris')::date);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER operations_caisse_ouverte BEFORE INSERT OR UPDATE ON "operations" FOR EACH ROW EXECUTE FUNCTION operations_caisse_ouverte();
