-- A closing counts every record of its day, and the currencies' table holds what the money columns can (docs/decisions/
-- refunds-and-cash.md, currencies.md).
-- - caisse_ouverte (migration 0022) only read the closings: a payment or an operation written while a closing of its
--   agency's day was being computed committed after it, into a closed day the closing never counted. Now the closing
--   and the writers of its day meet on one advisory lock per agency and day (key: caisse_verrou_cle):
--   - caisse_ouverte, run by the triggers of every write of a payment, a refund, a cancellation or an operation,
--     first takes it shared (writers of one day never wait on each other), then reads the closings with a fresh
--     snapshot (VOLATILE: a closing committed while it waited is seen, and refuses the row, SQLSTATE CL004);
--   - caisse_verrou_cloture, run by caisse/cloture (server/caisse/service.ts) before it computes the expected amounts,
--     takes it exclusive: it waits for the writers already past the guard to commit, and the later ones wait for it.
--   Both locks last until their transaction ends.
-- - TND has 3 decimals but every money column is numeric(12,2): it leaves the currencies (common/devises.ts DEVISES)
--   when no row uses it; else it stays, said by a notice.
-- - Country currencies written before the ISO codes ('FCFA', 'CFA', 'F CFA') become 'XOF' in every currency column,
--   then the foreign keys that migration 0021 left NOT VALID are validated. Relabelling a row does not change its
--   amount: the operations' guard of a closed day is set aside for that update only.
CREATE FUNCTION caisse_verrou_cle(p_agence uuid, p_jour date) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hashtextextended('caisse ' || p_agence::text || ' ' || (p_jour - DATE '2000-01-01')::text, 0)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION caisse_ouverte(p_agence uuid, p_jour date) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_agence IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(caisse_verrou_cle(p_agence, p_jour));
  IF EXISTS (
    SELECT 1 FROM caisse_clotures WHERE agence_id = p_agence AND jour = p_jour AND rouverte_at IS NULL
  ) THEN
    RAISE EXCEPTION 'La caisse du % est clôturée pour cette agence.', to_char(p_jour, 'DD/MM/YYYY') USING ERRCODE = 'CL004';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION caisse_verrou_cloture(p_agence uuid, p_jour date) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(caisse_verrou_cle(p_agence, p_jour))
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pays WHERE devise = 'TND')
     OR EXISTS (SELECT 1 FROM envois WHERE devise = 'TND')
     OR EXISTS (SELECT 1 FROM colis WHERE devise = 'TND')
     OR EXISTS (SELECT 1 FROM encaissements WHERE devise = 'TND' OR devise_tendue = 'TND')
     OR EXISTS (SELECT 1 FROM operations WHERE devise = 'TND')
     OR EXISTS (SELECT 1 FROM taux_change WHERE devise = 'TND')
     OR EXISTS (SELECT 1 FROM caisse_comptes WHERE devise = 'TND') THEN
    RAISE NOTICE 'Devise TND utilisée : laissée dans la table devises';
  ELSE
    DELETE FROM devises WHERE code = 'TND';
  END IF;
END $$;
--> statement-breakpoint
UPDATE "pays" SET "devise" = 'XOF' WHERE "devise" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
UPDATE "envois" SET "devise" = 'XOF' WHERE "devise" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
UPDATE "colis" SET "devise" = 'XOF' WHERE "devise" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
UPDATE "encaissements" SET "devise" = 'XOF' WHERE "devise" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
UPDATE "encaissements" SET "devise_tendue" = 'XOF' WHERE "devise_tendue" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
ALTER TABLE "operations" DISABLE TRIGGER "operations_caisse_ouverte";
--> statement-breakpoint
UPDATE "operations" SET "devise" = 'XOF' WHERE "devise" IN ('FCFA', 'CFA', 'F CFA');
--> statement-breakpoint
ALTER TABLE "operations" ENABLE TRIGGER "operations_caisse_ouverte";
--> statement-breakpoint
ALTER TABLE "pays" VALIDATE CONSTRAINT "pays_devise_devises_code_fk";
--> statement-breakpoint
ALTER TABLE "envois" VALIDATE CONSTRAINT "envois_devise_devises_code_fk";
--> statement-breakpoint
ALTER TABLE "colis" VALIDATE CONSTRAINT "colis_devise_devises_code_fk";
--> statement-breakpoint
ALTER TABLE "encaissements" VALIDATE CONSTRAINT "encaissements_devise_devises_code_fk";
--> statement-breakpoint
ALTER TABLE "encaissements" VALIDATE CONSTRAINT "encaissements_devise_tendue_devises_code_fk";
--> statement-breakpoint
ALTER TABLE "operations" VALIDATE CONSTRAINT "operations_devise_devises_code_fk";
