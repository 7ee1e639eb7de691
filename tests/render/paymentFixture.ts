/**
 * A payment as encaissement/liste answers it (common/schemas/encaissement.ts encaissementRecord), for the tests of the
 * refund dialog: a payment of 40 € in euros, nothing tendered in another currency nor given back yet; `over` changes it.
 */
import type { Encaissement } from '../../src/encaissements/types';

/** The payment with `over` applied; `reference` is its parcel's. */
export function paymentFixture(id: string, reference: string, over: Partial<Encaissement> = {}): Encaissement {
  return {
    id,
    _id: id,
    createdAt: '2026-11-20T10:00:00.000Z',
    paymentby: 'destinateur',
    montantEncaisse: 40,
    montantRestant: 10,
    montantRembourse: 0,
    devise: 'EUR',
    montantTendu: null,
    deviseTendue: null,
    tauxTendu: null,
    tauxColis: null,
    ecartConversion: null,
    rembourseID: null,
    motif: null,
    isActive: true,
    modePaiementID: { id: 'mode-especes', _id: 'mode-especes', libelle: 'Espèces' },
    auteurID: null,
    agenceID: null,
    colisID: { id: 'colis-1', _id: 'colis-1', reference, montantTotal: 0, reglement: 0, resteAPayer: 0, deletedAt: null },
    ...over,
  };
}
