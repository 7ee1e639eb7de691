-- Trigram indexes behind the lists' substring search (q) on the large tables: ILIKE '%…%' uses them instead of a
-- full scan once parcels and clients count in the hundreds of thousands (bench/).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colis_reference_trgm" ON "colis" USING gin ("reference" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colis_nom_destinataire_trgm" ON "colis" USING gin ("nom_destinataire" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colis_telephone_destinataire_trgm" ON "colis" USING gin ("telephone_destinataire" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "colis_details_contenu_trgm" ON "colis" USING gin ("details_contenu" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_nom_trgm" ON "users" USING gin ("nom" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_telephone_complet_trgm" ON "users" USING gin ("telephone_complet" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "envois_reference_trgm" ON "envois" USING gin ("reference" gin_trgm_ops);
