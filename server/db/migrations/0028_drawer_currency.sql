-- The cash drawer in the currency it holds (docs/decisions/currencies.md "The last minor units", refunds-and-cash.md):
-- - encaissements.ecart_conversion: the conversion difference booked in the parcel's currency when the settling amount
--   of another currency closed a parcel (or a payment's refunds) at exactly 0; null before, and for the other rows;
-- - encaissements_tendu_signe: what was received (montant_tendu) has the row's sign, a refund's too, as caisse/attendu
--   sums it per currency received;
-- - caisse_clotures.ecarts_conversion: the differences of the day per parcel currency, as the closing found them.
ALTER TABLE "caisse_clotures" ADD COLUMN "ecarts_conversion" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "encaissements" ADD COLUMN "ecart_conversion" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "encaissements" ADD CONSTRAINT "encaissements_tendu_signe" CHECK ("encaissements"."montant_tendu" IS NULL OR ("encaissements"."montant_tendu" > 0) = ("encaissements"."montant_encaisse" > 0));