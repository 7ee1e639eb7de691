-- Lists at a million parcels (docs/decisions/list-queries.md, bench/README.md "Lists at a million parcels"): a page of
-- a list takes its 25 ids from a covering index in the list's order (newest first, then id: runList's order), without
-- reading the table (index-only scan; deleted rows left out of the partial index as the lists leave them out), then
-- joins only those rows. The included columns are what the filters and the agency scopes test (access/scopes.ts): an
-- agent's parcels (its agency, or a departure to its country), one agency's, one status's are picked on the index
-- itself.
CREATE INDEX "colis_list_created_idx" ON "colis" USING btree ("created_at" DESC, "id") INCLUDE ("agence_id", "envoi_id", "statut_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "colis_list_agence_created_idx" ON "colis" USING btree ("agence_id", "created_at" DESC, "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "colis_list_statut_created_idx" ON "colis" USING btree ("statut_id", "created_at" DESC, "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "encaissements_list_created_idx" ON "encaissements" USING btree ("created_at" DESC, "id") INCLUDE ("agence_id", "colis_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("type_user_id", "created_at" DESC, "id");
