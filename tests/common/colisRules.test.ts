/** common/colisRules.ts: statuses, edit, payment, end of journey, advance, agency pick-up and payer of parcels (spec 000 §4, §5, §9). */
import { describe, expect, it } from 'vitest';
import {
  ADVANCE_PAYER,
  COLIS_ARRIVING,
  COLIS_BEFORE_SHIPPING,
  COLIS_FINISH_TARGETS,
  COLIS_MESSAGES,
  COLIS_STATUT_ADVANCE,
  COLIS_STATUT_CODES,
  COLIS_STATUT_REGISTERED,
  COLLECTION_PAYER,
  PAYMENT_BY,
  PAYMENT_BY_CHOICES,
  canFinishColis,
  isAdvance,
  isModeLivraisonAgence,
  isColisEditable,
  isColisPayable,
} from '../../common/colisRules';
import { STATUTS } from '../../common/statuts';

describe('parcel statuses', () => {
  it('lists the parcel statuses in life order, all known statuses', () => {
    expect(COLIS_STATUT_CODES).toEqual(['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE', 'LIVRE']);
    const known = new Set<string>(STATUTS.map((s) => s.code));
    expect(COLIS_STATUT_CODES.every((c) => known.has(c))).toBe(true);
    expect(COLIS_BEFORE_SHIPPING).toEqual(['EN_ATTENTE', 'RECEPTIONNE']);
    expect(COLIS_ARRIVING).toEqual(['RECEPTIONNE', 'EN_COURS_ENVOI']);
    expect(COLIS_ARRIVING).not.toContain('EN_ATTENTE');
  });

  it('a parcel is edited (and deleted without code) only while EN_ATTENTE', () => {
    expect(isColisEditable('EN_ATTENTE')).toBe(true);
    for (const code of ['RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE', 'LIVRE', '', undefined, null]) {
      expect(isColisEditable(code), String(code)).toBe(false);
    }
    expect(COLIS_MESSAGES.notEditable).toBe('Colis non modifiable !!');
  });

  it('no payment while EN_ATTENTE; any other known status may be paid', () => {
    expect(isColisPayable('EN_ATTENTE')).toBe(false);
    for (const code of ['RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE', 'LIVRE']) expect(isColisPayable(code), code).toBe(true);
    expect(isColisPayable('')).toBe(false);
    expect(isColisPayable(undefined)).toBe(false);
    expect(COLIS_MESSAGES.notPayable).toMatch(/^Encaissement impossible : le colis est en attente/);
  });

  it('only an arrived parcel (EXPEDIE) is picked up (RETIRE) or delivered (LIVRE)', () => {
    expect(COLIS_FINISH_TARGETS).toEqual(['RETIRE', 'LIVRE']);
    expect(canFinishColis('EXPEDIE')).toBe(true);
    for (const code of ['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI', 'RETIRE', 'LIVRE', '', undefined]) {
      expect(canFinishColis(code), String(code)).toBe(false);
    }
    expect(COLIS_MESSAGES.finishRefused('RETIRE')).toBe('Seul un colis arrivé à destination (Expédié) peut être retiré.');
    expect(COLIS_MESSAGES.finishRefused('LIVRE')).toBe('Seul un colis arrivé à destination (Expédié) peut être livré.');
  });
});

describe('advance (reglement at registration)', () => {
  it('is an amount above 0, exactly on cents; the parcel is then RECEPTIONNE, else EN_ATTENTE', () => {
    expect(COLIS_STATUT_REGISTERED).toBe('EN_ATTENTE');
    expect(COLIS_STATUT_ADVANCE).toBe('RECEPTIONNE');
    expect(isAdvance(20)).toBe(true);
    expect(isAdvance('0.01')).toBe(true);
    expect(isAdvance('0,50')).toBe(true);
    expect(isAdvance(0)).toBe(false);
    expect(isAdvance('0.00')).toBe(false);
    expect(isAdvance(0.004)).toBe(false); // rounds to 0.00 €
    expect(isAdvance(-5)).toBe(false);
    expect(isAdvance('')).toBe(false);
    expect(isAdvance(null)).toBe(false);
    expect(isAdvance('abc')).toBe(false);
  });
});

describe('agency pick-up (no delivery amount)', () => {
  it('is recognised by its code or by the spec label, case, accents and outer spaces ignored', () => {
    expect(isModeLivraisonAgence({ code: 'AGENCE', libelle: 'Récupération en Agence ' })).toBe(true);
    expect(isModeLivraisonAgence({ code: 'AGENCE', libelle: 'Retrait au comptoir' })).toBe(true); // label renamed: the code decides
    expect(isModeLivraisonAgence({ code: 'agence' })).toBe(true);
    expect(isModeLivraisonAgence({ code: 'RETRAIT', libelle: 'Récupération en Agence ' })).toBe(true); // another code, the spec label
    expect(isModeLivraisonAgence({ code: 'X', libelle: '  recuperation en agence' })).toBe(true);
    expect(isModeLivraisonAgence({ code: 'DOMICILE', libelle: 'Livraison à domicile' })).toBe(false);
    expect(isModeLivraisonAgence({ code: 'AGENCE_DOMICILE', libelle: 'Récupération en agence puis livraison' })).toBe(false);
    expect(isModeLivraisonAgence({})).toBe(false);
    expect(isModeLivraisonAgence(null)).toBe(false);
  });
});

describe('who pays', () => {
  it('stores expediteur, destinateur or partiel; the wizard offers the first two', () => {
    expect(PAYMENT_BY).toEqual(['expediteur', 'destinateur', 'partiel']);
    expect(PAYMENT_BY_CHOICES).toEqual(['expediteur', 'destinateur']);
    expect(PAYMENT_BY_CHOICES.every((p) => PAYMENT_BY.includes(p))).toBe(true);
  });

  it('the sender pays an advance by default, the recipient a later collection', () => {
    expect(ADVANCE_PAYER).toBe('expediteur');
    expect(COLLECTION_PAYER).toBe('destinateur');
  });
});
