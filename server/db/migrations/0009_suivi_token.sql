-- Public tracking (docs/decisions/public-tracking.md): each parcel gets an unguessable token for /suivi/{token}
-- (receipt QR code, mails). 32 random bytes from two gen_random_uuid() (244 random bits, PostgreSQL's strong random
-- source), base64url without padding: 43 characters. Volatile default: existing parcels are backfilled one token each;
-- new ones get one on insert.
ALTER TABLE "colis" ADD COLUMN "suivi_token" text DEFAULT translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "colis_suivi_token_uq" ON "colis" USING btree ("suivi_token");
