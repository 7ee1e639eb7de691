/**
 * Each outbox mail's agency is named by the code that queues it (server/outbox/queue.ts OutboxMessage.agenceID;
 * docs/decisions/mail-and-lock-scope.md), never read back from its subject or its address: with migration 0020's
 * trigger switched off in this file's database, the parcel notices (notifyColis, a status move, a registration), a
 * deletion code, a recovery code, a generated password and a message to clients each carry their agency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  agences,
  colis,
  mailOutbox,
  modesLivraison,
  naturesColis,
  pays,
  roles,
  statuts,
  typeUsers,
  users,
  villes,
} from '../../server/db/schema';
import { dispatchNotices, notifyColis } from '../../server/notification/dispatch';
import { moveColis } from '../../server/colis/statutChange';
import { createEnvoiByApi, idByCode, insertClient, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
const agence: Record<string, string> = {};

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  agence.PAR1 = await idByCode(db, agences, 'PAR1');
  agence.DKR1 = await idByCode(db, agences, 'DKR1');
  // What the callers name is what the rows hold: no derivation from the subject or the recipient.
  await db.execute(sql`ALTER TABLE mail_outbox DISABLE TRIGGER mail_outbox_agence_defaut`);
});
afterAll(() => t.close());

/** The agencies of the mails queued to these addresses, by address. */
async function agencesOfMailsTo(addresses: string[]): Promise<Record<string, (string | null)[]>> {
  const rows = await t.database.db
    .select({ to: mailOutbox.to, agenceID: mailOutbox.agenceID })
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, addresses));
  const out: Record<string, (string | null)[]> = {};
  for (const r of rows) (out[r.to] ??= []).push(r.agenceID);
  return out;
}

const emailOf = async (id: string) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email!;

/** A parcel of Dakar's agency in `statut`, with its two clients' e-mails. */
async function dakarParcel(statut = 'EN_ATTENTE') {
  const db = t.database.db;
  const envoi = await createEnvoiByApi(t);
  const expediteurID = await insertClient(db, 'Expéditeur');
  const destinataireID = await insertClient(db, 'Destinataire');
  const id = await insertColis(db, { envoiID: envoi.id, statut, agence: 'DKR1', expediteurID, destinataireID });
  const [row] = await db.select().from(colis).where(eq(colis.id, id));
  return { row, expediteurID, emails: [await emailOf(expediteurID), await emailOf(destinataireID)] };
}

describe("a parcel notice's mail belongs to the parcel's agency, whatever its subject", () => {
  it('notifyColis with a subject naming no parcel', async () => {
    const { row, emails } = await dakarParcel();
    await t.database.db.transaction((tx) =>
      notifyColis(tx, [{ ...row, reference: 'SANS-REFERENCE', agenceID: row.agenceID }], 'Votre colis est arrivé'),
    );
    const [subject] = await t.database.db.select({ s: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, emails[0]));
    expect(subject.s).toBe('Colis SANS-REFERENCE');
    expect(await agencesOfMailsTo(emails)).toEqual({ [emails[0]]: [agence.DKR1], [emails[1]]: [agence.DKR1] });
  });

  it('a status move (colis/statutChange.ts) and a registration (colis/registrationWrite.ts)', async () => {
    const db = t.database.db;
    const { row, emails } = await dakarParcel();
    const recu = await idByCode(db, statuts, 'RECEPTIONNE');
    const agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
    const moved = await db.transaction((tx) =>
      moveColis(tx, {
        colisIds: [row.id],
        fromStatutIds: [row.statutID],
        toStatutId: recu,
        author: { id: agentDakar.id, adresseIP: null },
        message: 'votre colis a été réceptionné',
      }),
    );
    expect(moved.map((m) => m.agenceID)).toEqual([agence.DKR1]);
    expect(await agencesOfMailsTo(emails)).toEqual({ [emails[0]]: [agence.DKR1], [emails[1]]: [agence.DKR1] });

    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const envoi = await createEnvoiByApi(t);
    const code = async (table: typeof villes | typeof naturesColis | typeof modesLivraison, c: string) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.code, c)))[0].id;
    const emailDestinataire = `dest-${Date.now()}@exemple.org`;
    const registered = await t.call('POST', '/api/colis/create', {
      token: agent.token,
      body: {
        envoiID: envoi.id,
        villeID: await code(villes, 'DKR'),
        modeLivraisonID: await code(modesLivraison, 'AGENCE'),
        naturesColis: [{ natureColisID: await code(naturesColis, 'PAGNES'), poids: 1 }],
        detailsContenu: 'Pagnes',
        expediteurNom: 'Diop',
        expediteurPrenom: 'Awa',
        NumeroSaisi: `+3361${String(Date.now()).slice(-7)}`,
        nomDestinataire: 'Fall',
        prenomsDestinataire: 'Moussa',
        adresseDestinataire: 'Médina, Dakar',
        telephoneDestinataire: `+22177${String(Date.now()).slice(-7)}`,
        emailDestinataire,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    await dispatchNotices(db);
    expect(await agencesOfMailsTo([emailDestinataire])).toEqual({ [emailDestinataire]: [agence.PAR1] });
  });
});

describe('the other mails belong to the agency their caller names', () => {
  it("a deletion code: the parcel's; a recovery code, a generated password: the staff member's; a message: its sender's", async () => {
    const db = t.database.db;
    const { row } = await dakarParcel('RECEPTIONNE');
    const agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
    const before = new Set((await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id));
    expect((await t.call('DELETE', `/api/colis/delete/${row.reference}`, { token: agentDakar.token })).status).toBe(202);
    const codes = (
      await db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} LIKE ${`Suppression du colis ${row.reference}%`}`)
    ).filter((m) => !before.has(m.id));
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes.map((m) => m.agenceID))).toEqual(new Set([agence.DKR1]));

    const [dakar] = await db.select().from(users).where(eq(users.id, agentDakar.id));
    const forgot = await t.call('POST', '/api/auth/forgotPassword', {
      body: { telephoneComplet: dakar.telephoneComplet, email: dakar.email },
    });
    expect(forgot.status).toBe(200);
    const reset = await t.call('POST', `/api/user/resetPassword/${agentDakar.id}`, { token: t.adminToken });
    expect(reset.status).toBe(200);
    expect(await agencesOfMailsTo([dakar.email!])).toEqual({ [dakar.email!]: [agence.DKR1, agence.DKR1] });

    const byCode = async (table: typeof roles | typeof typeUsers, c: string) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.code, c)))[0].id;
    const email = `nouveau-${Date.now()}@test.local`;
    const created = await t.call('POST', '/api/user/create', {
      token: t.adminToken,
      body: {
        nom: 'Nouveau',
        prenoms: 'Agent',
        email,
        adresse: '1 rue du Test, Paris',
        telephone: `6${String(Date.now()).slice(-8)}`,
        paysID: await idByCode(db, pays, 'FR'),
        roleID: await byCode(roles, 'AGENT'),
        typeUserID: await byCode(typeUsers, 'ADMIN'),
        agenceID: agence.PAR1,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await agencesOfMailsTo([email])).toEqual({ [email]: [agence.PAR1] });

    // A message to a client of the sender's scope (the sender of one of its agency's parcels): the sender's agency.
    const other = await dakarParcel();
    const sender = await t.createStaff('AGENT', { agenceCode: 'DKR1' }); // agentDakar's sessions ended with its reset
    const contact = await t.call('POST', '/api/notification/contactClients', {
      token: sender.token,
      body: { typeDestinataire: 'individuel', destinataires: other.expediteurID, sujet: 'Bonjour', message: 'Votre colis vous attend' },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    expect(await agencesOfMailsTo([other.emails[0]])).toEqual({ [other.emails[0]]: [agence.DKR1] });
  });
});
