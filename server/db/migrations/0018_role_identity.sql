-- Authority on fixed identities (docs/decisions/role-identity.md). Until now what a role could do was read from its
-- code, which role/update let anyone holding roleUpdate rewrite: renaming one's own role SUPERADMIN gave every key
-- and every agency. Now:
-- - `systeme` names the four system roles (SUPERADMIN, ADMIN, AGENT, CLIENT) for ever: set here and by the seed,
--   never written by the API; a system role keeps its code (code = systeme), stays active, and no other role may
--   take a system code. SUPERADMIN's every key is read from systeme (server/auth/currentUser.ts).
-- - `toutes_agences` is a role's reach (every agency, or its users' own agency), set when the role is created and
--   changed only by a SUPERADMIN; it replaces "code is ADMIN or SUPERADMIN" (server/access/scopes.ts).
-- Existing rows keep what they can do today: the roles coded ADMIN and SUPERADMIN reach every agency, the others not.
ALTER TABLE "roles" ADD COLUMN "systeme" text;
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "toutes_agences" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "roles" SET "systeme" = "code" WHERE "code" IN ('SUPERADMIN', 'ADMIN', 'AGENT', 'CLIENT');
--> statement-breakpoint
UPDATE "roles" SET "toutes_agences" = true WHERE "code" IN ('SUPERADMIN', 'ADMIN');
--> statement-breakpoint
CREATE UNIQUE INDEX "roles_systeme_uq" ON "roles" ("systeme");
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_systeme_fixe" CHECK (
  ("systeme" IS NULL AND "code" NOT IN ('SUPERADMIN', 'ADMIN', 'AGENT', 'CLIENT'))
  OR ("systeme" IN ('SUPERADMIN', 'ADMIN', 'AGENT', 'CLIENT') AND "code" = "systeme" AND "is_active"
      AND "toutes_agences" = ("systeme" IN ('SUPERADMIN', 'ADMIN'))));
--> statement-breakpoint
-- A system role is never deleted (its users, grants and the code's meaning would go with it).
CREATE FUNCTION roles_systeme_garde() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.systeme IS NOT NULL THEN
    RAISE EXCEPTION 'Le rôle système % ne peut pas être supprimé.', OLD.systeme USING ERRCODE = 'CL001';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.systeme IS DISTINCT FROM OLD.systeme THEN
    RAISE EXCEPTION 'L''identité d''un rôle système ne change pas.' USING ERRCODE = 'CL001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER roles_systeme_garde BEFORE UPDATE OF "systeme" OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION roles_systeme_garde();
--> statement-breakpoint
-- No lock-out (docs/decisions/no-lock-out.md): at the commit of any change of users, roles, authorisations,
-- permissions, agencies or user types, at least one active staff user of an active role (and active agency, if it has
-- one) must still reach the key `autorisation`: a SUPERADMIN, or a role holding the key with both the link and the key
-- active. Checked once per transaction (deferred), under a transaction lock so that two transactions that each remove
-- one of the last two administrators cannot both pass. SQLSTATE CL002 is answered 409 (server/plugins/errors.ts).
CREATE FUNCTION acces_administrable() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM users u
      JOIN type_users t ON t.id = u.type_user_id AND t.code = 'ADMIN' AND t.is_active
      JOIN roles r ON r.id = u.role_id AND r.is_active
      LEFT JOIN agences a ON a.id = u.agence_id
     WHERE u.is_active AND u.password_hash IS NOT NULL
       AND (u.agence_id IS NULL OR a.is_active)
       AND (r.systeme = 'SUPERADMIN' OR EXISTS (
             SELECT 1 FROM autorisations au JOIN privileges p ON p.id = au.privilege_id
              WHERE au.role_id = r.id AND au.is_active AND p.is_active AND p.libelle = 'autorisation')))
$$;
--> statement-breakpoint
CREATE FUNCTION acces_administrable_garde() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deferred triggers all fire at commit, after every change of the transaction: one check is enough.
  IF current_setting('colis.acces_verifie', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('colis.acces_verifie', txid_current()::text, true);
  PERFORM pg_advisory_xact_lock(hashtext('acces_administrable'));
  IF NOT acces_administrable() THEN
    RAISE EXCEPTION 'Refusé : plus aucun utilisateur actif ne pourrait attribuer les permissions (clé « autorisation »).'
      USING ERRCODE = 'CL002';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Users: only the changes that can take the key away (clients' rows are rewritten by registrations: not those).
CREATE CONSTRAINT TRIGGER acces_administrable_users AFTER UPDATE ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.is_active, OLD.role_id, OLD.agence_id, OLD.type_user_id, OLD.password_hash IS NULL)
        IS DISTINCT FROM (NEW.is_active, NEW.role_id, NEW.agence_id, NEW.type_user_id, NEW.password_hash IS NULL))
  EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_users_delete AFTER DELETE ON "users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_roles AFTER UPDATE OR DELETE ON "roles" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_autorisations AFTER UPDATE OR DELETE ON "autorisations" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_privileges AFTER UPDATE OR DELETE ON "privileges" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_agences AFTER UPDATE OF "is_active" ON "agences" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER acces_administrable_type_users AFTER UPDATE OR DELETE ON "type_users" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION acces_administrable_garde();
--> statement-breakpoint
-- Deactivating an agency ends its users' sessions at once (next call 401), like a change of its country.
DROP TRIGGER "auth_cache_agences" ON "agences";
--> statement-breakpoint
CREATE TRIGGER auth_cache_agences AFTER UPDATE OF pays_id, is_active OR DELETE ON "agences" FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_all_changed();
