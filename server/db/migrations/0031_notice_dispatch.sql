-- One notice rule (docs/decisions/notice-dispatch.md): a notice (notifications row) is expanded into outbox rows by
-- server/notification/dispatch.ts, which marks it dispatched_at; the notices written before are marked as done (they
-- were expanded when written), and so is a notice written without naming the column (a process of the previous
-- version during a rolling upgrade expands its own; the registration writes null). An outbox row names the notice it
-- tells (at most one row per notice: a notice expanded twice is sent once). The preferred-channel check is rewritten from common/canal.ts's list (same values).
ALTER TABLE "mail_outbox" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dispatched_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "notifications" SET "dispatched_at" = "created_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_notification_uq" ON "mail_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_undispatched_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."dispatched_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_canal_prefere_ck";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_canal_prefere_ck" CHECK ("users"."canal_prefere" IN ('auto', 'email', 'sms', 'aucun'));
