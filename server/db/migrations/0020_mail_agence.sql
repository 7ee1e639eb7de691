-- The agency of each outbox mail (docs/decisions/mail-and-lock-scope.md): the outbox screen (mail/liste, key
-- mailOutbox) of a role that does not see every agency lists the mails of its own agency only.
-- A mail belongs to, in this order:
-- - a mail of a message (message_id set: message/sendbyEmail, notification/contactClients): the agency of the
--   message, i.e. its author's (messages.agence_id; null for an author without an agency);
-- - otherwise the agency that registered the parcel whose reference is a word of its subject (parcel notices
--   'Colis {reference}', deletion codes 'Suppression du colis {reference} : …');
-- - otherwise the agency of the staff member (user type ADMIN) it is addressed to (generated passwords, recovery
--   codes);
-- - otherwise none: only the roles that see every agency list it (e.g. a full departure's alert to the administrators).
-- A caller may give the agency itself (server/mail/outbox.ts OutgoingMail.agenceID); the trigger derives it only when
-- the row has none. Existing rows are backfilled by the same rule.
ALTER TABLE "mail_outbox" ADD COLUMN "agence_id" uuid;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_agence_id_agences_id_fk" FOREIGN KEY ("agence_id") REFERENCES "public"."agences"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_outbox_agence_idx" ON "mail_outbox" USING btree ("agence_id", "created_at");
--> statement-breakpoint
CREATE FUNCTION mail_outbox_agence(p_message_id uuid, p_to text, p_subject text) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_message_id IS NOT NULL THEN (SELECT m.agence_id FROM messages m WHERE m.id = p_message_id)
    ELSE coalesce(
      (SELECT c.agence_id FROM colis c WHERE c.reference = ANY (regexp_split_to_array(p_subject, '\s+')) LIMIT 1),
      (SELECT u.agence_id FROM users u JOIN type_users t ON t.id = u.type_user_id
        WHERE t.code = 'ADMIN' AND lower(u.email) = lower(p_to) LIMIT 1))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION mail_outbox_agence_defaut() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agence_id IS NULL THEN
    NEW.agence_id := mail_outbox_agence(NEW.message_id, NEW.to_address, NEW.subject);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_agence_defaut" BEFORE INSERT ON "mail_outbox" FOR EACH ROW EXECUTE FUNCTION mail_outbox_agence_defaut();
--> statement-breakpoint
UPDATE "mail_outbox" SET "agence_id" = mail_outbox_agence("message_id", "to_address", "subject") WHERE "agence_id" IS NULL;
