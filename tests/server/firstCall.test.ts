/**
 * Every write answers as the first call after a start (docs/decisions/transaction-handle.md): the database is closed
 * and opened again and a new app built on it before each write (tests/server/helpers.ts `restart`), so that every
 * cache kept per database handle (statuses, settings…) is cold — the state in which a payment used to wait for ever on
 * the embedded database, and every request after it. Each write must answer, with its success status, on both
 * databases. The data each call needs is made before the restart, through the API or the fixtures.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../common/dates';
import { agences, modesPaiement, pays, privileges, roles, typesOperation } from '../../server/db/schema';
import { colisBody, colisRefs, createEnvoiByApi, idByCode, insertClient, insertColis, type ColisRefs, RELEASE_PROOF } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let refs: ColisRefs;
let especes: string;
let paris: string;
/** An agent of Paris: parcels are registered by agency staff. */
let agent: { id: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  refs = await colisRefs(db);
  especes = await idByCode(db, modesPaiement, 'ESPECES');
  paris = await idByCode(db, agences, 'PAR1');
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

/** A call as the administrator unless `token` says otherwise, and the status it must answer. */
interface FirstCall {
  method: string;
  url: string;
  body?: unknown;
  /** The agent's token instead of the administrator's. */
  asAgent?: boolean;
  status?: number;
}

const admin = (method: string, url: string, body?: unknown) => t.call(method, url, { token: t.adminToken, body });

/** A preparing call (as the administrator, or the agent): its body, which must come with a 200. */
async function ok(method: string, url: string, body?: unknown, token = t.adminToken) {
  const res = await t.call(method, url, { token, body });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A parcel registered through the API on a new departure (EN_ATTENTE), with its departure. */
async function registered(over: Record<string, unknown> = {}) {
  const envoi = await createEnvoiByApi(t);
  const body = await ok('POST', '/api/colis/create', colisBody(refs, envoi.id, over), agent.token);
  return { envoi, colis: body.data as { id: string; reference: string } };
}

/** A paid parcel: RECEPTIONNE, 50 € due, 20 € collected in cash; its payment id. */
async function paidColis() {
  const envoi = await createEnvoiByApi(t);
  const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE' });
  const paid = await ok('POST', '/api/encaissement/create', {
    colisID,
    modePaiementID: especes,
    paymentby: 'expediteur',
    montantEncaisse: 20,
  });
  return { colisID, paymentID: paid.data.id as string };
}

const scenarios: [string, () => Promise<FirstCall>][] = [
  [
    'encaissement/create on a received parcel',
    async () => {
      const envoi = await createEnvoiByApi(t);
      const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE' });
      return {
        method: 'POST',
        url: '/api/encaissement/create',
        body: { colisID, modePaiementID: especes, paymentby: 'expediteur', montantEncaisse: 10 },
      };
    },
  ],
  [
    'colis/create with an advance',
    async () => {
      const envoi = await createEnvoiByApi(t);
      return {
        method: 'POST',
        url: '/api/colis/create',
        body: colisBody(refs, envoi.id, { reglement: 5, encaissement: { paymentby: 'expediteur', modePaiementID: especes } }),
        asAgent: true,
      };
    },
  ],
  [
    'colis/update of a waiting parcel',
    async () => {
      const { envoi, colis } = await registered();
      return {
        method: 'PUT',
        url: `/api/colis/update/${colis.id}`,
        body: colisBody(refs, envoi.id, { detailsContenu: 'Chaussures' }),
        asAgent: true,
      };
    },
  ],
  [
    'colis/retirer with the remainder collected',
    async () => {
      const envoi = await createEnvoiByApi(t);
      const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EXPEDIE' });
      return {
        method: 'POST',
        url: `/api/colis/retirer/${colisID}`,
        body: { ...RELEASE_PROOF, modePaiementID: especes, paymentby: 'destinateur' },
      };
    },
  ],
  [
    'colis/livrer with the remainder collected',
    async () => {
      const envoi = await createEnvoiByApi(t);
      const colisID = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EXPEDIE' });
      return {
        method: 'POST',
        url: `/api/colis/livrer/${colisID}`,
        body: { ...RELEASE_PROOF, modePaiementID: especes, paymentby: 'destinateur' },
      };
    },
  ],
  [
    'encaissement/rembourser',
    async () => {
      const { paymentID } = await paidColis();
      return {
        method: 'POST',
        url: `/api/encaissement/rembourser/${paymentID}`,
        body: { montant: 5, modePaiementID: especes, motif: 'Trop perçu' },
      };
    },
  ],
  [
    'encaissement/delete (cancellation)',
    async () => {
      const { paymentID } = await paidColis();
      return { method: 'DELETE', url: `/api/encaissement/delete/${paymentID}` };
    },
  ],
  [
    'encaissement/update (active flag)',
    async () => {
      const { paymentID } = await paidColis();
      return { method: 'PUT', url: `/api/encaissement/update/${paymentID}`, body: { isActive: false } };
    },
  ],
  [
    'envoi/create',
    async () => {
      const db = t.database.db;
      return {
        method: 'POST',
        url: '/api/envoi/create',
        body: {
          modeEnvoiID: (await admin('GET', '/api/modeEnvoi/liste')).body.datas[0].id,
          paysID: await idByCode(db, pays, 'SN'),
          paysEmetteurID: await idByCode(db, pays, 'FR'),
          dateFin: todayIso(),
          dateDebut: todayIso(),
          dateArrive: todayIso(),
          contenu: 'Fret',
          poids: 100,
        },
      };
    },
  ],
  [
    'envoi/update: a status change',
    async () => {
      const envoi = await createEnvoiByApi(t);
      await insertColis(t.database.db, { envoiID: envoi.id, statut: 'RECEPTIONNE' });
      const statut = (await admin('GET', '/api/statut/getByCode/EN_COURS_ENVOI')).body.data;
      return { method: 'PUT', url: `/api/envoi/update/${envoi.id}`, body: { statutID: statut.id } };
    },
  ],
  [
    'colis/transferer',
    async () => {
      const { colis } = await registered();
      const to = await createEnvoiByApi(t);
      return { method: 'POST', url: '/api/colis/transferer', body: { colisIDs: [colis.id], envoiID: to.id } };
    },
  ],
  [
    'colis/delete of a waiting parcel',
    async () => {
      const { colis } = await registered();
      return { method: 'DELETE', url: `/api/colis/delete/${colis.reference}`, asAgent: true };
    },
  ],
  [
    'operation/create',
    async () => {
      const [motif] = await t.database.db.select({ id: typesOperation.id }).from(typesOperation).limit(1);
      return {
        method: 'POST',
        url: '/api/operation/create',
        body: { date: todayIso(), montant: 12, description: 'Fournitures', userID: agent.id, motif: motif.id, type: 'sortie' },
      };
    },
  ],
  [
    'caisse/cloture',
    async () => ({
      method: 'POST',
      url: '/api/caisse/cloture',
      body: { date: todayIso(), agenceID: paris, comptes: [{ modePaiementID: especes, devise: 'EUR', montant: '0' }] },
    }),
  ],
  [
    'inventaire/create',
    async () => {
      const { colis } = await registered();
      return { method: 'POST', url: '/api/inventaire/create', body: { agenceID: paris, references: [colis.reference, 'INCONNU-1'] } };
    },
  ],
  [
    'tauxChange/create',
    async () => ({ method: 'POST', url: '/api/tauxChange/create', body: { devise: 'USD', taux: 1.08, dateDebut: todayIso() } }),
  ],
  [
    'notification/contactClients',
    async () => ({
      method: 'POST',
      url: '/api/notification/contactClients',
      body: {
        typeDestinataire: 'individuel',
        destinataires: await insertClient(t.database.db),
        sujet: 'Bonjour',
        message: 'Votre colis vous attend',
      },
    }),
  ],
  [
    'message/sendbyEmail',
    async () => ({
      method: 'POST',
      url: '/api/message/sendbyEmail',
      body: { email: `client-${randomUUID().slice(0, 6)}@client.test`, subject: 'Bonjour', htmlContent: 'Votre colis est arrivé' },
    }),
  ],
  [
    'user/create',
    async () => {
      const db = t.database.db;
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'AGENT'));
      return {
        method: 'POST',
        url: '/api/user/create',
        body: {
          nom: 'Nouvelle',
          prenoms: 'Recrue',
          email: `recrue-${randomUUID().slice(0, 6)}@test.local`,
          adresse: 'Paris',
          telephone: `6${Math.floor(10000000 + Math.random() * 89999999)}`,
          paysID: await idByCode(db, pays, 'FR'),
          roleID: role.id,
          agenceID: paris,
        },
      };
    },
  ],
  [
    'autorisation/create',
    async () => {
      const db = t.database.db;
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'AGENT'));
      const [key] = await db.select({ id: privileges.id }).from(privileges).where(eq(privileges.libelle, 'auditListe'));
      return { method: 'POST', url: '/api/autorisation/create', body: { roleID: role.id, privilegeID: key.id } };
    },
  ],
  [
    'pays/create',
    async () => ({
      method: 'POST',
      url: '/api/pays/create',
      body: { code: 'GM', libelle: 'Gambie', indicatif: '+220', longueurNumero: 7, devise: 'GMD' },
    }),
  ],
];

describe('each write as the first call after a start', () => {
  it.each(scenarios)('%s answers', async (_name, prepare) => {
    const c = await prepare();
    await t.restart();
    const res = await t.call(c.method, c.url, { token: c.asAgent ? agent.token : t.adminToken, body: c.body });
    expect(res.status, JSON.stringify(res.body)).toBe(c.status ?? 200);
    // The server still serves everyone after it.
    expect((await admin('GET', '/api/statut/liste')).status).toBe(200);
  });
});
