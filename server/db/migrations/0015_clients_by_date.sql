-- An agent's clients list (docs/decisions/counted-list-pages.md), deep pages in its default order (newest first). The
-- list is the clients of colis_stats_clients for the agency (server/access/scopes.ts clientScope), ordered by
-- users.created_at: page 400 had to check ~60 000 clients, newest first, against the counters (at a million parcels;
-- measured in bench/README.md). The client's creation date is copied beside each counter row, set on insert by a
-- trigger (every path: the registration's counters, the recounts), so the page's ids come from one index of the
-- counters alone, in the list's own order (created_at descending, then id), and only those 25 clients are read
-- (server/user/query.ts clientList pageIds). A client's created_at never changes (no API writes it).
ALTER TABLE "colis_stats_clients" ADD COLUMN "client_created_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "colis_stats_clients" s SET "client_created_at" = u."created_at" FROM "users" u WHERE u."id" = s."client_id";
--> statement-breakpoint
CREATE FUNCTION colis_stats_clients_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_created_at := (SELECT created_at FROM users WHERE id = NEW.client_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER colis_stats_clients_created_at BEFORE INSERT ON "colis_stats_clients"
  FOR EACH ROW EXECUTE FUNCTION colis_stats_clients_created_at();
--> statement-breakpoint
CREATE INDEX "colis_stats_clients_by_date_idx" ON "colis_stats_clients" ("agence_id", "client_created_at" DESC, "client_id")
  WHERE "nb" > 0;
