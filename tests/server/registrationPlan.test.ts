/**
 * The registration's plan (server/colis/registrationPlan.ts planRegistration, spec 000 §5), without a database: on a
 * registration read made by hand, the checks refuse what the spec refuses, the price and the rows are exact, and the
 * weight fits up to the last gram left (checkEnvoi, the claim's own rule).
 */
import { describe, expect, it } from 'vitest';
import type { ColisInput } from '../../common/schemas/colis';
import { AppError } from '../../server/http/errors';
import { planRegistration } from '../../server/colis/registrationPlan';
import type { RegistrationRead } from '../../server/colis/registrationRead';

const OUVERT = 'statut-ouvert';
const client = (id: string, nom: string) => ({
  id,
  nom,
  prenoms: 'Awa',
  telephone: '612345678',
  telephoneComplet: '+33612345678',
  email: `${id}@example.test`,
  adresse: '1 rue de la Paix',
});

/** A read of a departure Paris → Dakar in euros, `poidsReel` of its 10 kg taken, one nature at 5 € per kg. */
function readOf(poidsReel = '2.000', overrides: Record<string, unknown> = {}): RegistrationRead {
  return {
    registration: {
      envoi: {
        id: 'envoi-1',
        devise: 'EUR',
        reference: 'ENV-0001',
        statutID: OUVERT,
        isActive: true,
        dateFin: '2999-12-31',
        poids: '10.000',
        poidsReel,
        paysID: 'pays-sn',
        paysEmetteurID: 'pays-fr',
        modeEnvoiID: 'mode-mer',
        modeEnvoiCode: 'MARITIME',
        modeEnvoiLibelle: 'Maritime',
        paysLibelle: 'Sénégal',
        dateDebut: '2999-12-31',
        dateArrive: '2999-12-31',
        ...overrides,
      },
      partyPays: { expediteur: { indicatif: '+33', longueurNumero: 9 }, destinataire: { indicatif: '+221', longueurNumero: 9 } },
      agence: {
        id: 'agence-par',
        code: 'PAR1',
        libelle: 'Paris 1',
        telephoneComplet: '+33100000000',
        villeID: 'ville-paris',
        paysID: 'pays-fr',
        isActive: true,
      },
      ville: { id: 'ville-dakar', libelle: 'Dakar', paysID: 'pays-sn' },
      modeLivraison: { id: 'livraison-dom', code: 'DOMICILE', libelle: 'Livraison à domicile' },
      natures: [
        {
          id: 'nature-1',
          libelle: 'Vêtements',
          prixExceptionnel: null,
          groupe: 'groupe-1',
          groupeLibelle: 'Textile',
          isActive: true,
          groupeActive: true,
          prix: {
            id: 'pnm-1',
            groupe: 'groupe-1',
            prixUnitaire: '5.00',
            montantMinimum: null,
            villeDestinationID: 'ville-dakar',
            villeOrigineID: 'ville-paris',
          },
        },
      ],
      clients: { expediteurID: client('exp-1', 'Diop'), destinataireID: client('dest-1', 'Ndiaye') },
      // The read's row as Drizzle types it joins some columns as `never`: the shape is the statement's.
    } as unknown as RegistrationRead['registration'],
    agenceID: 'agence-par',
    idOf: ((code: string) => (code === 'OUVERT' ? OUVERT : `statut-${code}`)) as RegistrationRead['idOf'],
    registered: { id: 'statut-attente', code: 'EN_ATTENTE', libelle: 'En attente' },
    taux: '1',
    user: { id: 'agent-1', adresseIP: '192.0.2.1' },
  };
}

/** A registration with the two known clients and the given lines (kg of nature-1). */
const inputOf = (poids: number[], extra: Partial<ColisInput> = {}): ColisInput =>
  ({
    envoiID: 'envoi-1',
    agenceID: 'agence-par',
    villeID: 'ville-dakar',
    modeLivraisonID: 'livraison-dom',
    naturesColis: poids.map((p) => ({ natureColisID: 'nature-1', poids: p })),
    detailsContenu: 'Habits',
    expediteurID: 'exp-1',
    destinataireID: 'dest-1',
    montantLivraison: 3,
    ...extra,
  }) as ColisInput;

/** The status and message of the AppError `run` throws. */
function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe('planRegistration', () => {
  it('prices the parcel and plans its rows: lines, amounts, weight claimed, parties, references', () => {
    const plan = planRegistration(inputOf([1.5, 0.25]), readOf());
    expect(plan.write.kg).toBe('1.750');
    expect(plan.write.colis).toMatchObject({
      envoiID: 'envoi-1',
      agenceID: 'agence-par',
      statutID: 'statut-attente',
      auteurID: 'agent-1',
      poids: '1.750',
      montant: '8.75',
      montantLivraison: '3.00',
      montantTotal: '11.75',
      resteAPayer: '11.75',
      reglement: '0.00',
    });
    expect(plan.write.lines.map((l) => [l.poids, l.prixTotal])).toEqual([
      ['1.500', '7.50'],
      ['0.250', '1.25'],
    ]);
    expect(plan.write.referencePrefix).toMatch(/PAR1/);
    expect(plan.write.ouvert).toBe(OUVERT);
    expect(plan.write.expediteur).toEqual({ kind: 'given', party: client('exp-1', 'Diop') });
    expect(plan.write.withAudit).toBe(true);
    expect(plan.advance).toBeNull();
    expect(plan.refs.envoiID.reference).toBe('ENV-0001');
    expect(plan.refs.statutID.code).toBe('EN_ATTENTE');
  });

  it('takes a weight that fits to the gram (0,1 + 0,2 kg on 0,3 kg left), refuses 1 g more', () => {
    expect(planRegistration(inputOf([0.1, 0.2]), readOf('9.700')).write.kg).toBe('0.300');
    const over = refusal(() => planRegistration(inputOf([0.1, 0.201]), readOf('9.700')));
    expect(over.status).toBe(409);
    expect(over.message).toContain('0,3 kg disponibles');
  });

  it('refuses a closed, inactive or past departure before any write', () => {
    for (const envoi of [{ statutID: 'statut-CLOTURE' }, { isActive: false }, { dateFin: '2000-01-01' }]) {
      expect(refusal(() => planRegistration(inputOf([1]), readOf('0', envoi)))).toEqual({
        status: 409,
        message: "Le départ ENV-0001 n'est plus ouvert aux enregistrements.",
      });
    }
  });

  it('plans an advance: the payment after the rows, the journal row after it', () => {
    const plan = planRegistration(inputOf([2], { reglement: 4, encaissement: { modePaiementID: 'mode-especes' } }), readOf());
    expect(plan.write.withAudit).toBe(false);
    expect(plan.advance?.payable).toMatchObject({ resteAPayer: '13.00', devise: 'EUR', agenceID: 'agence-par' });
    expect(plan.advance?.input.reglement).toBe(4);
  });

  it('refuses an advance above the total, or without its payment mode', () => {
    expect(refusal(() => planRegistration(inputOf([1], { reglement: 9 }), readOf())).status).toBe(400);
    expect(refusal(() => planRegistration(inputOf([1], { reglement: 1 }), readOf())).message).toBe(
      'Veuillez remplir tous les champs obligatoire.',
    );
  });

  it("refuses an agency of another country and a city outside the departure's destination", () => {
    const read = readOf();
    read.registration.agence = { ...read.registration.agence!, paysID: 'pays-it' };
    expect(refusal(() => planRegistration(inputOf([1]), read)).status).toBe(403);
    const elsewhere = readOf();
    elsewhere.registration.ville = { id: 'ville-rome', libelle: 'Rome', paysID: 'pays-it' };
    expect(refusal(() => planRegistration(inputOf([1]), elsewhere)).status).toBe(400);
  });
});
