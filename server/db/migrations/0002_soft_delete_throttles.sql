CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "colis_natures" DROP CONSTRAINT "colis_natures_colis_id_colis_id_fk";
--> statement-breakpoint
ALTER TABLE "encaissements" DROP CONSTRAINT "encaissements_colis_id_colis_id_fk";
--> statement-breakpoint
ALTER TABLE "historiques" DROP CONSTRAINT "historiques_colis_id_colis_id_fk";
--> statement-breakpoint
ALTER TABLE "inventaire_colis" DROP CONSTRAINT "inventaire_colis_colis_id_colis_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_colis_id_colis_id_fk";
--> statement-breakpoint
ALTER TABLE "colis" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "colis" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
CREATE INDEX "throttles_locked_idx" ON "throttles" USING btree ("locked_until");--> statement-breakpoint
ALTER TABLE "colis" ADD CONSTRAINT "colis_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colis_natures" ADD CONSTRAINT "colis_natures_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historiques" ADD CONSTRAINT "historiques_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventaire_colis" ADD CONSTRAINT "inventaire_colis_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_colis_id_colis_id_fk" FOREIGN KEY ("colis_id") REFERENCES "public"."colis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Money and history are never deleted (docs/architecture.md §4): parcels and payments are deleted softly
-- (deleted_at, deleted_by_id) and the database itself refuses a DELETE of a parcel, a payment or a history entry.
CREATE OR REPLACE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'suppression interdite sur % : suppression logique uniquement', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_no_delete BEFORE DELETE ON "colis" FOR EACH ROW EXECUTE FUNCTION refuse_delete();
--> statement-breakpoint
CREATE TRIGGER encaissements_no_delete BEFORE DELETE ON "encaissements" FOR EACH ROW EXECUTE FUNCTION refuse_delete();
--> statement-breakpoint
CREATE TRIGGER historiques_no_delete BEFORE DELETE ON "historiques" FOR EACH ROW EXECUTE FUNCTION refuse_delete();
