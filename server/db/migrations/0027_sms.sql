-- SMS beside e-mail (docs/decisions/sms-channel.md): outbox rows get a channel ('email' | 'sms'; an SMS row's
-- to_address is the E.164 number), the SMSC message ids of its parts (receipts match on them: GIN index), the parts
-- count, the delivery state after SENT and the client it is for; clients get a preferred channel and an SMS opt-out
-- (a 'STOP' from their number), found by their full number.
ALTER TABLE "mail_outbox" ADD COLUMN "canal" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "smsc_message_ids" text[];--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sms_parts" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "canal_prefere" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_stop_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_smsc_ids_idx" ON "mail_outbox" USING gin ("smsc_message_ids");--> statement-breakpoint
CREATE INDEX "mail_outbox_client_idx" ON "mail_outbox" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "users_telephone_complet_idx" ON "users" USING btree ("telephone_complet");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_canal_ck" CHECK ("mail_outbox"."canal" IN ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_delivery_ck" CHECK ("mail_outbox"."delivery" IS NULL OR "mail_outbox"."delivery" IN ('DELIVERED', 'UNDELIVERED', 'EXPIRED', 'OPTED_OUT'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_canal_prefere_ck" CHECK ("users"."canal_prefere" IN ('auto', 'sms', 'email', 'aucun'));