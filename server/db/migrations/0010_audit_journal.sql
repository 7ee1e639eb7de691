-- Audit journal (docs/decisions/audit-journal.md): every change of parcels, payments, departures, users, roles,
-- authorisations and reference data lands in `audits` with the address it came from (Fastify request.ip, behind the
-- configured trustProxy). created_at takes the clock at each insert (not the transaction's start) so that the rows of
-- one transaction keep the order they were written in. New key auditListe (GET /api/audit/liste), granted to ADMIN and
-- SUPERADMIN; the start-up sync (server/db/seed/index.ts syncPermissions) does the same for any key it finds missing.
ALTER TABLE "audits" ADD COLUMN "adresse_ip" text;--> statement-breakpoint
ALTER TABLE "audits" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
CREATE INDEX "audits_created_idx" ON "audits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audits_auteur_idx" ON "audits" USING btree ("auteur_id","created_at");--> statement-breakpoint
INSERT INTO "privileges" ("id", "libelle", "groupe", "description")
  SELECT gen_random_uuid(), 'auditListe', 'autres', 'Consulter le journal d''audit (qui a modifié quoi, quand, depuis quelle adresse)'
   WHERE EXISTS (SELECT 1 FROM "statuts")
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "autorisations" ("id", "role_id", "privilege_id", "is_active")
  SELECT gen_random_uuid(), r.id, p.id, true
    FROM "roles" r JOIN "privileges" p ON p.libelle = 'auditListe'
   WHERE r.code IN ('ADMIN', 'SUPERADMIN')
  ON CONFLICT DO NOTHING;
