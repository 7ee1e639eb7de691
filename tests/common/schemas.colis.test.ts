/**
 * The parcel's shared schemas (common/schemas/colis.ts): the colis/create body the server validates, and the wizard's
 * form schema built from the same fields (spec 000 §5 "Parcel creation", "Each nature weight", "Settled amount",
 * "Step 3 save"): the inputs' raw values, the French messages, the rounding of amounts and weights, the rules across
 * fields, and the phones against their party's country.
 */
import { describe, expect, it } from 'vitest';
import { colisBody, colisWizardSchema, colisWizardStepSchema, montantSaisi, naturePoids, phonePays } from '../../common/schemas/colis';

const ID = {
  envoi: '00000000-0000-4000-8000-000000000001',
  nature: '00000000-0000-4000-8000-000000000002',
  ville: '00000000-0000-4000-8000-000000000003',
  mode: '00000000-0000-4000-8000-000000000004',
  client: '00000000-0000-4000-8000-000000000005',
  paiement: '00000000-0000-4000-8000-000000000006',
  agence: '00000000-0000-4000-8000-000000000007',
};

/** The wizard's values of a complete parcel, as the inputs give them. */
const wizard = (over: Record<string, unknown> = {}) => ({
  envoiID: ID.envoi,
  agenceID: null,
  detailsContenu: ' Habits ',
  naturesColis: [{ natureColisID: ID.nature, poids: '2,5' }],
  unite: 'KG',
  montantComplementaire: null,
  montantExpedition: '',
  montantLivraison: 0,
  modeLivraisonID: ID.mode,
  adresseLivraison: '',
  villeID: ID.ville,
  observation: null,
  reglement: '',
  modePaiementID: null,
  paymentby: 'expediteur',
  destinataireIndicatif: '',
  destinataireNumero: '',
  destinataireID: ID.client,
  destinataireLookup: 'found',
  nomDestinataire: '',
  prenomsDestinataire: '',
  adresseDestinataire: '',
  emailDestinataire: '',
  expediteurMode: 'select',
  expediteurID: ID.client,
  expediteurNom: '',
  expediteurPrenom: '',
  expediteurIndicatif: '',
  expediteurNumero: '',
  ...over,
});

/** The messages of a refused parse, by field path. */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const SN = { indicatif: '+221', longueur: 9 };
const FR = { indicatif: '+33', longueur: 9 };

describe('the shared fields', () => {
  it("an amount: empty is 0, a French comma is read, kept as parsed for the departure's currency to round", () => {
    const m = montantSaisi('montantComplementaire');
    expect(m.parse('')).toBe(0);
    expect(m.parse(null)).toBe(0);
    // Not rounded to the cent here: '10,495' F CFA must become 10 F, not 10,50 then 11 F (the server rounds once).
    expect(m.parse('1,005')).toBe(1.005);
    expect(m.parse(1.005)).toBe(1.005);
    expect(m.parse('10,495')).toBe(10.495);
    expect(m.parse('1 250,5')).toBe(1250.5);
    expect(errors(m.safeParse(-1))).toEqual({ '': 'Le montant complémentaire ne peut pas être négatif' });
    expect(errors(m.safeParse('abc'))).toEqual({ '': 'Le montant complémentaire doit être un nombre' });
    expect(m.safeParse(true).success).toBe(false);
    // In F CFA a counter's amounts pass a million: 1 500 000 F is about 2 287 €.
    expect(m.parse('1 500 000')).toBe(1_500_000);
    expect(errors(m.safeParse(2_000_000_000))).toEqual({
      '': 'Le montant complémentaire ne peut pas dépasser 1\u202f000\u202f000\u202f000',
    });
  });

  it('a nature weight: a number above 0, rounded to 3 decimals before it is checked', () => {
    expect(naturePoids.parse('2,5')).toBe(2.5);
    expect(naturePoids.parse('1,0005')).toBe(1.001);
    expect(errors(naturePoids.safeParse('0,0004'))).toEqual({ '': 'Le poids doit être supérieur à 0' });
    expect(errors(naturePoids.safeParse(null))).toEqual({ '': 'Le poids est obligatoire' });
    expect(errors(naturePoids.safeParse(100_001))).toEqual({ '': 'Le poids ne peut pas dépasser 100000' });
  });
});

describe('colis/create body (the server route)', () => {
  it('parses what a client sends, weights rounded, amounts exact; names only {natureColisID, unitePoid} as the spec client does', () => {
    const body = colisBody.parse({
      envoiID: ID.envoi,
      villeID: ID.ville,
      modeLivraisonID: ID.mode,
      naturesColis: [{ natureColisID: ID.nature, unitePoid: 1.0005 }],
      detailsContenu: 'Habits',
      montantComplementaire: 1.005,
      reglement: '2,675',
      expediteurID: ID.client,
      destinataireID: ID.client,
    });
    expect(body.naturesColis).toEqual([{ natureColisID: ID.nature, poids: 1.001 }]);
    // The departure's currency rounds them, on the server (1,01 € or 1 F CFA).
    expect(body.montantComplementaire).toBe(1.005);
    expect(body.reglement).toBe(2.675);
  });

  it("holds the parties' rule: a typed sender's nom, prénoms and phone, a new recipient's nom, prénoms and adresse", () => {
    const base = {
      envoiID: ID.envoi,
      villeID: ID.ville,
      modeLivraisonID: ID.mode,
      naturesColis: [{ natureColisID: ID.nature, poids: 1 }],
      detailsContenu: 'Habits',
    };
    const typed = { expediteurNom: 'Sy', expediteurPrenom: 'Ali', NumeroSaisi: '+33611223344' };
    const nouveau = { nomDestinataire: 'Diop', prenomsDestinataire: 'Awa', adresseDestinataire: 'Dakar' };
    expect(colisBody.safeParse({ ...base, ...typed, ...nouveau }).success).toBe(true);
    expect(colisBody.safeParse({ ...base, expediteurID: ID.client, destinataireID: ID.client }).success).toBe(true);
    // Spec 000 §5: a typed sender's prénoms are required too.
    expect(errors(colisBody.safeParse({ ...base, ...typed, expediteurPrenom: ' ', destinataireID: ID.client }))).toEqual({
      expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
    });
    expect(errors(colisBody.safeParse({ ...base, expediteurNom: 'Sy', destinataireID: ID.client }))).toEqual({
      expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
      NumeroSaisi: "Le téléphone de l'expéditeur est obligatoire",
    });
    expect(errors(colisBody.safeParse({ ...base, destinataireID: ID.client }))).toEqual({ expediteurID: "L'expéditeur est obligatoire" });
    expect(errors(colisBody.safeParse({ ...base, ...typed, nomDestinataire: 'Diop' }))).toEqual({
      prenomsDestinataire: 'Les prénoms du destinataire sont obligatoires',
      adresseDestinataire: "L'adresse du destinataire est obligatoire",
    });
    // Checked even while another field is in error.
    expect(errors(colisBody.safeParse({ ...base, detailsContenu: '', ...typed, expediteurPrenom: '', destinataireID: ID.client }))).toEqual(
      {
        detailsContenu: 'Le contenu est obligatoire',
        expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
      },
    );
  });

  it('refuses with the French messages', () => {
    expect(
      errors(colisBody.safeParse({ naturesColis: [], emailDestinataire: 'x', expediteurID: ID.client, destinataireID: ID.client })),
    ).toEqual({
      envoiID: 'Le départ est obligatoire',
      villeID: 'La ville de destination est obligatoire',
      modeLivraisonID: 'Le mode de récupération est obligatoire',
      naturesColis: 'Ajoutez au moins une nature',
      detailsContenu: 'Le contenu est obligatoire',
      emailDestinataire: 'Email invalide !',
    });
  });
});

describe("the wizard's form schema", () => {
  it("accepts the inputs' raw values and parses them; the form's own fields pass through", () => {
    const parsed = colisWizardSchema().parse(wizard());
    expect(parsed).toMatchObject({
      detailsContenu: 'Habits',
      naturesColis: [{ natureColisID: ID.nature, poids: 2.5 }],
      montantComplementaire: 0,
      montantExpedition: 0,
      reglement: 0,
      observation: '',
      destinataireLookup: 'found',
    });
  });

  it('says what is missing, every field at once, with the messages of the server', () => {
    const result = colisWizardSchema().safeParse(
      wizard({ envoiID: null, detailsContenu: ' ', villeID: '', naturesColis: [{ natureColisID: null, poids: null }], unite: '' }),
    );
    expect(errors(result)).toEqual({
      envoiID: 'Le départ est obligatoire',
      detailsContenu: 'Le contenu est obligatoire',
      villeID: 'La ville de destination est obligatoire',
      'naturesColis.0.natureColisID': 'La nature est obligatoire',
      'naturesColis.0.poids': 'Le poids est obligatoire',
      unite: "L'unité doit être KG ou M3",
    });
    expect(errors(colisWizardSchema().safeParse(wizard({ naturesColis: [] })))).toEqual({ naturesColis: 'Ajoutez au moins une nature' });
  });

  it('requires the agency for ADMIN only', () => {
    expect(colisWizardSchema().safeParse(wizard()).success).toBe(true);
    expect(errors(colisWizardSchema({ seesAllAgences: true }).safeParse(wizard()))).toEqual({ agenceID: "L'agence est obligatoire." });
    expect(colisWizardSchema({ seesAllAgences: true }).safeParse(wizard({ agenceID: ID.agence })).success).toBe(true);
  });

  it('checks the delivery amount only when it is shown', () => {
    expect(colisWizardSchema({ withLivraison: false }).parse(wizard({ montantLivraison: -5 })).montantLivraison).toBe(0);
    expect(errors(colisWizardSchema({ withLivraison: true }).safeParse(wizard({ montantLivraison: -5 })))).toEqual({
      montantLivraison: 'Le montant de livraison ne peut pas être négatif',
    });
  });

  it('an advance needs its payment mode and payer, even while another field is in error', () => {
    expect(errors(colisWizardSchema().safeParse(wizard({ reglement: '20', paymentby: null, detailsContenu: '' })))).toEqual({
      detailsContenu: 'Le contenu est obligatoire',
      modePaiementID: 'Le mode de paiement est obligatoire',
      paymentby: 'Le payeur est obligatoire',
    });
    expect(colisWizardSchema().safeParse(wizard({ reglement: '20', modePaiementID: ID.paiement })).success).toBe(true);
    // 0,004 € rounds to 0: no advance; nor 0,4 F CFA, a whole franc being the least advance of an XOF departure.
    expect(colisWizardSchema().safeParse(wizard({ reglement: '0,004' })).success).toBe(true);
    expect(colisWizardSchema({ devise: 'XOF' }).safeParse(wizard({ reglement: '0,4' })).success).toBe(true);
    expect(colisWizardSchema({ devise: 'EUR' }).safeParse(wizard({ reglement: '0,4' })).success).toBe(false);
    expect(colisWizardSchema({ devise: 'XOF' }).safeParse(wizard({ reglement: '0,5' })).success).toBe(false);
  });

  it('a new recipient needs nom, prénoms and adresse; its e-mail must be valid when given', () => {
    const nouveau = wizard({ destinataireID: null, destinataireLookup: 'new' });
    expect(errors(colisWizardSchema().safeParse(nouveau))).toEqual({
      nomDestinataire: 'Le nom du destinataire est obligatoire',
      prenomsDestinataire: 'Les prénoms du destinataire sont obligatoires',
      adresseDestinataire: "L'adresse du destinataire est obligatoire",
    });
    const complete = { ...nouveau, nomDestinataire: 'Diop', prenomsDestinataire: 'Awa', adresseDestinataire: 'Dakar' };
    expect(colisWizardSchema().safeParse(complete).success).toBe(true);
    expect(errors(colisWizardSchema().safeParse({ ...complete, emailDestinataire: 'awa@' }))).toEqual({
      emailDestinataire: 'Email invalide !',
    });
    expect(colisWizardSchema().parse({ ...complete, emailDestinataire: ' awa@example.sn ' }).emailDestinataire).toBe('awa@example.sn');
  });

  it('a typed sender needs nom, prénoms and phone; a selected one its client', () => {
    expect(errors(colisWizardSchema().safeParse(wizard({ expediteurID: null })))).toEqual({ expediteurID: "L'expéditeur est obligatoire" });
    expect(errors(colisWizardSchema().safeParse(wizard({ expediteurMode: 'saisie', expediteurID: null })))).toEqual({
      expediteurNom: "Le nom de l'expéditeur est obligatoire",
      expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
      expediteurNumero: "Le téléphone de l'expéditeur est obligatoire",
    });
  });

  it("checks each typed phone against its party's country (the server's rule), an empty recipient phone passing", () => {
    const schema = colisWizardSchema({ destinatairePays: SN, expediteurPays: FR });
    const saisi = { expediteurMode: 'saisie', expediteurID: null, expediteurNom: 'Sy', expediteurPrenom: 'Ali' };
    expect(schema.safeParse(wizard({ ...saisi, expediteurNumero: '06 11 22 33 44' })).success).toBe(true);
    expect(errors(schema.safeParse(wizard({ ...saisi, expediteurNumero: '06 11' })))).toEqual({
      expediteurNumero: "Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +33",
    });
    expect(errors(schema.safeParse(wizard({ destinataireNumero: 'n/a' }))).destinataireNumero).toMatch(/^Numéro de téléphone invalide/);
    expect(schema.safeParse(wizard({ destinataireNumero: '77 000 00 01' })).success).toBe(true);
    // Another dial code typed beside the number: the country's length no longer applies (Italy has 10 digits).
    expect(schema.safeParse(wizard({ destinataireIndicatif: '+39', destinataireNumero: '312 345 6789' })).success).toBe(true);
    expect(phonePays('+39', SN)).toEqual({ indicatif: '+39', longueurNumero: null });
  });

  it("a step's schema holds only that step's rules", () => {
    const v = wizard({ detailsContenu: '', expediteurID: null });
    expect(errors(colisWizardStepSchema(1).safeParse(v))).toEqual({ detailsContenu: 'Le contenu est obligatoire' });
    expect(errors(colisWizardStepSchema(2).safeParse(v))).toEqual({ expediteurID: "L'expéditeur est obligatoire" });
    expect(colisWizardStepSchema(0).safeParse(v).success).toBe(true);
  });
});
