/** common/envoiRules.ts: dates, countries, statuses and transitions of departures (spec 000 §4, §5). */
import { describe, expect, it } from 'vitest';
import {
  ENVOI_MESSAGES,
  ENVOI_STATUT_CODES,
  ENVOI_TRANSITIONS,
  canMoveEnvoi,
  envoiComplet,
  envoiDateErrors,
  envoiPaysError,
  poidsDisponibleOf,
  poidsRestantApres,
  poidsTient,
} from '../../common/envoiRules';
import { STATUTS } from '../../common/statuts';

const today = '2030-01-05';
/** Valid dates: closing ≤ departure ≤ arrival, none before today. */
const ok = { dateFin: '2030-01-08', dateDebut: '2030-01-10', dateArrive: '2030-01-12' };

describe('envoiDateErrors', () => {
  it('accepts dates in the order closing ≤ departure ≤ arrival, equal dates included', () => {
    expect(envoiDateErrors(ok, today)).toEqual({});
    expect(envoiDateErrors({ dateFin: '2030-01-10', dateDebut: '2030-01-10', dateArrive: '2030-01-10' }, today)).toEqual({});
  });

  it('accepts a date exactly today and refuses yesterday, with the spec message', () => {
    expect(envoiDateErrors({ dateFin: today, dateDebut: today, dateArrive: today }, today)).toEqual({});
    expect(envoiDateErrors({ ...ok, dateFin: '2030-01-04' }, today)).toEqual({
      dateFin: "La date ne peut pas être antérieure à aujourd'hui",
    });
    expect(envoiDateErrors({ ...ok, dateFin: '2029-12-31' }, today).dateFin).toBe(ENVOI_MESSAGES.datePast);
  });

  it('refuses a closing date after the departure and an arrival before it', () => {
    expect(envoiDateErrors({ ...ok, dateFin: '2030-01-11' }, today)).toEqual({
      dateFin: 'La date de clôture doit précéder ou égaler la date de départ',
    });
    expect(envoiDateErrors({ ...ok, dateArrive: '2030-01-09' }, today)).toEqual({
      dateArrive: "La date d'arrivée doit suivre ou égaler la date de départ",
    });
  });

  it('reports the today rule first and checks the order only between dates that pass it', () => {
    // The departure is past: only its own error; the closing date is not compared with it.
    expect(envoiDateErrors({ dateFin: '2030-01-06', dateDebut: '2030-01-01', dateArrive: '2030-01-07' }, today)).toEqual({
      dateDebut: ENVOI_MESSAGES.datePast,
    });
    // A past closing date has its own error; the arrival is still compared with the (valid) departure.
    expect(envoiDateErrors({ dateFin: '2030-01-01', dateDebut: '2030-01-10', dateArrive: '2030-01-09' }, today)).toEqual({
      dateFin: ENVOI_MESSAGES.datePast,
      dateArrive: ENVOI_MESSAGES.arriveBeforeDebut,
    });
  });

  it('on edit lets an unchanged past date through, not a changed one', () => {
    const saved = { dateFin: '2030-01-01', dateDebut: '2030-01-02', dateArrive: '2030-01-03' };
    expect(envoiDateErrors(saved, today, saved)).toEqual({});
    expect(envoiDateErrors({ ...saved, dateFin: '2030-01-02' }, today, saved)).toEqual({ dateFin: ENVOI_MESSAGES.datePast });
    // The saved value may come from the API as a longer ISO text.
    expect(
      envoiDateErrors(saved, today, { dateFin: '2030-01-01T00:00:00.000Z', dateDebut: '2030-01-02', dateArrive: '2030-01-03' }),
    ).toEqual({});
  });

  it('leaves empty or missing dates to the required rule', () => {
    expect(envoiDateErrors({}, today)).toEqual({});
    expect(envoiDateErrors({ dateFin: '', dateDebut: '2030-01-10', dateArrive: null }, today)).toEqual({});
    expect(envoiDateErrors({ dateFin: '2030-01-11', dateDebut: '' }, today)).toEqual({});
  });
});

describe('envoiPaysError', () => {
  it('refuses the origin country as destination', () => {
    expect(envoiPaysError('sn', 'sn')).toBe("Le pays de destination doit différer du pays d'origine");
    expect(envoiPaysError('sn', 'fr')).toBeUndefined();
    expect(envoiPaysError(undefined, undefined)).toBeUndefined();
  });
});

describe('departure statuses and transitions', () => {
  it('lists the departure statuses in lifecycle order, all known statuses', () => {
    expect(ENVOI_STATUT_CODES).toEqual(['EN_ATTENTE', 'OUVERT', 'EN_COURS_ENVOI', 'ARRIVE', 'CLOTURE']);
    const known = new Set<string>(STATUTS.map((s) => s.code));
    expect(ENVOI_STATUT_CODES.every((c) => known.has(c))).toBe(true);
  });

  it('allows exactly the moves of spec 000 §4', () => {
    expect(canMoveEnvoi('OUVERT', 'EN_COURS_ENVOI')).toBe(true);
    expect(canMoveEnvoi('CLOTURE', 'EN_COURS_ENVOI')).toBe(true);
    expect(canMoveEnvoi('EN_COURS_ENVOI', 'ARRIVE')).toBe(true);
    expect(canMoveEnvoi('OUVERT', 'ARRIVE')).toBe(false);
    expect(canMoveEnvoi('ARRIVE', 'CLOTURE')).toBe(true);
    expect(canMoveEnvoi('CLOTURE', 'CLOTURE')).toBe(false);
    expect(canMoveEnvoi('OUVERT', 'OUVERT')).toBe(false);
    expect(canMoveEnvoi('OUVERT', 'INCONNU')).toBe(false);
    expect(ENVOI_TRANSITIONS.ARRIVE?.key).toBe('arriveDepart');
  });
});

describe('poidsTient: the one "does this weight fit" rule (spec 000 §4 weight check)', () => {
  it('fits to the gram, exactly: 0,1 + 0,2 kg in 0,3 kg left, 1 g more does not', () => {
    expect(0.1 + 0.2 <= 0.3).toBe(false); // what floating point said
    expect(poidsTient('0.300', 0.1 + 0.2)).toBe(true);
    expect(poidsTient(poidsDisponibleOf({ poids: '10.000', poidsReel: '9.700' }), 0.3)).toBe(true);
    expect(poidsTient('0.300', '0,301')).toBe(false);
    expect(poidsTient('0.300', 0.301)).toBe(false);
    expect(poidsRestantApres('0.300', 0.1 + 0.2)).toBe(0);
  });

  it("counts the parcel's own weight on an edit that keeps its departure", () => {
    expect(poidsTient('0', 2, '2.000')).toBe(true);
    expect(poidsTient('0', 2.001, '2.000')).toBe(false);
  });

  it('reads the available weight exactly and calls a departure without any full', () => {
    expect(poidsDisponibleOf({ poids: '10', poidsReel: '9.999' })).toBe('0.001');
    expect(envoiComplet('0.001')).toBe(false);
    expect(envoiComplet(poidsDisponibleOf({ poids: '10', poidsReel: '10.000' }))).toBe(true);
  });
});
