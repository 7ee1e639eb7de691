-- Cash operations (spec 001 §3 Operation, §5 "montant numeric, minimum 1"): money is never deleted
-- (docs/architecture.md §4). operation/delete cancels an operation softly (deleted_at, deleted_by_id): it leaves the
-- lists and the totals, the row and who cancelled it stay; the database refuses a DELETE of an operation.
ALTER TABLE "operations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_montant_min" CHECK ("montant" >= 1);--> statement-breakpoint
CREATE INDEX "operations_date_idx" ON "operations" USING btree ("date");--> statement-breakpoint
CREATE TRIGGER operations_no_delete BEFORE DELETE ON "operations" FOR EACH ROW EXECUTE FUNCTION refuse_delete();
