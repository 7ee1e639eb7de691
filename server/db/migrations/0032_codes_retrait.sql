-- Release codes (docs/decisions/release-code.md): one per parcel, made when its departure arrives, kept as a keyed hash
-- only; the agency's address and opening hours, told with the code.
CREATE TABLE "codes_retrait" (
	"colis_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"essais" integer DEFAULT 0 NOT NULL,
	"verrouille_le" timestamp with time zone,
	"envoye_le" timestamp with time zone DEFAULT now() NOT NULL,
	"envois" integer DEFAULT 1 NOT NULL,
	"utilise_le" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agences" ADD COLUMN "adresse" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agences" ADD COLUMN "horaires" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "codes_retrait" ADD CONSTRAINT "codes_retrait_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE no action ON UPDATE no action;