-- A rate of today or of a day to come may be corrected (docs/decisions/exchange-rate-history.md): the history trigger
-- of 0021 still refuses every deletion and every change of a rate already in force before today, of a fixed rate, or
-- of anything but its rate and author (currency, day, fixed flag, creation stay). Today is the Europe/Paris day, as the
-- server's (common/dates.ts todayIso). The server checks the same before it writes (server/tauxChange/service.ts).
CREATE OR REPLACE FUNCTION taux_change_historique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NOT OLD."fixe"
     AND NEW."id" = OLD."id"
     AND NEW."devise" = OLD."devise"
     AND NEW."date_debut" = OLD."date_debut"
     AND NEW."fixe" = OLD."fixe"
     AND NEW."created_at" = OLD."created_at"
     AND OLD."date_debut" >= (now() AT TIME ZONE 'Europe/Paris')::date THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'L''historique des taux de change ne se modifie pas : seul le taux d''aujourd''hui ou d''un jour à venir se corrige.' USING ERRCODE = 'CL003';
END $$;
