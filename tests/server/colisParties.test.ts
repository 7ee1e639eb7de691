/**
 * Who sends and who receives a parcel, one rule for the API and the wizard (spec 000 §5 "Step 3 save": "with a new
 * recipient, nom, prenoms and adresse are required, plus sender nom and prenoms if the sender is typed manually";
 * common/schemas/colis.ts colisBody): colis/create refuses a typed party missing a field with a 400 and the French
 * message on that field, even while another field is wrong, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { colis, modesLivraison, naturesColis, villes } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi } from './fixtures';

let t: TestContext;
let agent: { token: string };
const id: Record<string, string> = {};

async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  Object.assign(id, {
    DKR: await byCode(villes, 'DKR'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
  });
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

/** Registers 2 kg of adult clothes Paris → Dakar with a typed sender and a new recipient, changed by `over`. */
async function register(over: Record<string, unknown>) {
  const envoi = await createEnvoiByApi(t);
  const res = await t.call('POST', '/api/colis/create', {
    token: agent.token,
    body: {
      envoiID: envoi.id,
      villeID: id.DKR,
      modeLivraisonID: id.AGENCE,
      naturesColis: [{ natureColisID: id.VET, poids: 2 }],
      detailsContenu: 'Vêtements',
      expediteurNom: 'Diop',
      expediteurPrenom: 'Awa',
      NumeroSaisi: '+33612345671',
      nomDestinataire: 'Fall',
      prenomsDestinataire: 'Moussa',
      adresseDestinataire: 'Médina, Dakar',
      ...over,
    },
  });
  const rows = await t.database.db.select({ id: colis.id }).from(colis).where(eq(colis.envoiID, envoi.id));
  return { res, written: rows.length };
}

describe('colis/create: the parties of spec 000 §5', () => {
  it('refuses a typed sender without prénoms: 400, the French message under expediteurPrenom, nothing written', async () => {
    const { res, written } = await register({ expediteurPrenom: '  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual({ expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires" });
    expect(written).toBe(0);
  });

  it('words each missing field of a typed sender and a new recipient, with another field wrong too', async () => {
    const { res, written } = await register({ detailsContenu: '', expediteurPrenom: undefined, NumeroSaisi: '', adresseDestinataire: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual({
      detailsContenu: 'Le contenu est obligatoire',
      expediteurPrenom: "Les prénoms de l'expéditeur sont obligatoires",
      NumeroSaisi: "Le téléphone de l'expéditeur est obligatoire",
      adresseDestinataire: "L'adresse du destinataire est obligatoire",
    });
    expect(written).toBe(0);
  });

  it('without any sender: 400 under expediteurID; a complete parcel registers', async () => {
    const none = await register({ expediteurNom: undefined, expediteurPrenom: undefined, NumeroSaisi: undefined });
    expect(none.res.status).toBe(400);
    expect(none.res.body.errors).toEqual({ expediteurID: "L'expéditeur est obligatoire" });
    const ok = await register({});
    expect(ok.res.status, JSON.stringify(ok.res.body)).toBe(200);
    expect(ok.written).toBe(1);
  });
});
