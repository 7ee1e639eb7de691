-- Deletion requests of processed parcels (docs/decisions/deletion-requests.md; spec 000 §4 Parcel deletion): a parcel
-- past EN_ATTENTE whose deletion answers 202 (a code mailed to the administrators) also gets a request, decided in the
-- application by an administrator holding the new key colisDeleteApprouver (approved: the parcel is deleted as with the
-- code; refused, with a reason the agent reads). One waiting request per parcel (partial unique index); decided ones
-- are kept. The key is granted to the roles that see every agency (ADMIN, SUPERADMIN and any role given that reach);
-- the start-up sync (server/db/seed/index.ts syncPermissions) does the same for ADMIN and SUPERADMIN on any database
-- that still lacks it, and the seed grants it on a new one.
CREATE TYPE "public"."demande_suppression_etat" AS ENUM('EN_ATTENTE', 'APPROUVEE', 'REFUSEE');--> statement-breakpoint
CREATE TABLE "demandes_suppression" (
	"id" uuid PRIMARY KEY NOT NULL,
	"colis_id" uuid NOT NULL,
	"demandeur_id" uuid NOT NULL,
	"agence_id" uuid,
	"motif" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"etat" "demande_suppression_etat" DEFAULT 'EN_ATTENTE' NOT NULL,
	"decideur_id" uuid,
	"decide_at" timestamp with time zone,
	"motif_refus" text
);
--> statement-breakpoint
ALTER TABLE "demandes_suppression" ADD CONSTRAINT "demandes_suppression_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_suppression" ADD CONSTRAINT "demandes_suppression_demandeur_id_users_id_fk" FOREIGN KEY ("demandeur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_suppression" ADD CONSTRAINT "demandes_suppression_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demandes_suppression" ADD CONSTRAINT "demandes_suppression_decideur_id_users_id_fk" FOREIGN KEY ("decideur_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "demandes_suppression_attente_uq" ON "demandes_suppression" USING btree ("colis_id") WHERE "demandes_suppression"."etat" = 'EN_ATTENTE';--> statement-breakpoint
CREATE INDEX "demandes_suppression_etat_idx" ON "demandes_suppression" USING btree ("etat","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "demandes_suppression_colis_idx" ON "demandes_suppression" USING btree ("colis_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
INSERT INTO "privileges" ("id", "libelle", "groupe", "description")
  SELECT gen_random_uuid(), 'colisDeleteApprouver', 'colis', 'Approuver ou refuser les demandes de suppression de colis'
   WHERE EXISTS (SELECT 1 FROM "statuts")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "autorisations" ("id", "role_id", "privilege_id", "is_active")
  SELECT gen_random_uuid(), r.id, p.id, true
    FROM "roles" r JOIN "privileges" p ON p.libelle = 'colisDeleteApprouver'
   WHERE r.toutes_agences
  ON CONFLICT DO NOTHING;
