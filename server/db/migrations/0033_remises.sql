-- The release's proof (docs/decisions/release-proof.md): the proxies authorised to collect a parcel, and the release
-- record of each parcel handed over, written once in the transaction of its RETIRE or LIVRE and never changed.
CREATE TABLE "colis_mandataires" (
	"id" uuid PRIMARY KEY NOT NULL,
	"colis_id" uuid NOT NULL,
	"nom" text NOT NULL,
	"prenoms" text DEFAULT '' NOT NULL,
	"telephone" text NOT NULL,
	"piece_type" text NOT NULL,
	"piece_dernier4" text NOT NULL,
	"piece_hash" text NOT NULL,
	"autorise_par" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colis_remises" (
	"colis_id" uuid PRIMARY KEY NOT NULL,
	"statut" text NOT NULL,
	"remis_par" uuid NOT NULL,
	"agence_id" uuid,
	"remis_le" timestamp with time zone DEFAULT now() NOT NULL,
	"methode" text,
	"piece_type" text,
	"piece_dernier4" text,
	"piece_hash" text,
	"mandataire_id" uuid,
	"signature" "bytea",
	"photo" "bytea",
	"photo_type" text
);
--> statement-breakpoint
ALTER TABLE "colis_mandataires" ADD CONSTRAINT "colis_mandataires_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_mandataires" ADD CONSTRAINT "colis_mandataires_autorise_par_users_id_fk" FOREIGN KEY ("autorise_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_remises" ADD CONSTRAINT "colis_remises_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_remises" ADD CONSTRAINT "colis_remises_remis_par_users_id_fk" FOREIGN KEY ("remis_par") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_remises" ADD CONSTRAINT "colis_remises_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_remises" ADD CONSTRAINT "colis_remises_mandataire_id_colis_mandataires_id_fk" FOREIGN KEY ("mandataire_id") REFERENCES "public"."colis_mandataires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "colis_mandataires_colis_idx" ON "colis_mandataires" USING btree ("colis_id");--> statement-breakpoint
ALTER TABLE "colis_remises" ADD CONSTRAINT "colis_remises_methode_ck" CHECK ("methode" IS NULL OR "methode" IN ('CODE', 'PIECE', 'MANDATAIRE'));--> statement-breakpoint
CREATE FUNCTION colis_remises_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'remise d''un colis : ni modification ni suppression' USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER colis_remises_no_update_delete BEFORE UPDATE OR DELETE ON "colis_remises"
  FOR EACH ROW EXECUTE FUNCTION colis_remises_append_only();
