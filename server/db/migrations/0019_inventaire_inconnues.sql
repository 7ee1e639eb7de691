-- Unknown references of a stock statement (docs/api-contract.md "Inventories"; security probe 2026-11-26 F2).
-- A scanned reference that matches no parcel its author may see (no parcel, a deleted one, or another agency's outside
-- the author's scope: server/access/scopes.ts colisScope) is kept with the statement as the typed text, normalised
-- (common/inventaireRules.ts normalizeReference), and is never linked to a parcel: inventaire_colis holds only the
-- parcels within the author's scope. Until now such references were answered by inventaire/create and not stored.
-- Statements written before this migration have no unknown references. A scanned text is at most 64 characters; its
-- upper-case form may be longer (ß → SS), hence the bound of 256.
CREATE TABLE "inventaire_inconnues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inventaire_id" uuid NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "inventaire_inconnues_reference_len" CHECK (char_length("reference") BETWEEN 1 AND 256)
);
--> statement-breakpoint
ALTER TABLE "inventaire_inconnues" ADD CONSTRAINT "inventaire_inconnues_inventaire_id_inventaires_id_fk" FOREIGN KEY ("inventaire_id") REFERENCES "public"."inventaires"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "inventaire_inconnues_uq" ON "inventaire_inconnues" USING btree ("inventaire_id","reference");
