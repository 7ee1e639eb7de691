/**
 * The destination counter's fixtures (docs/decisions/release-code.md, release-proof.md): the agents of the
 * destination (Dakar), of the sender's agency (Paris) and of neither (Bamako); parcels Paris → Sénégal whose departure
 * arrived through the API; the outbox rows told about a parcel and the release code its recipient was sent.
 */
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { colis, mailOutbox, notifications } from '../../server/db/schema';
import type { TestContext } from './helpers';
import { createEnvoiByApi, insertClient, insertColis } from './fixtures';

/** A signed-in agent. */
type Agent = { id: string; token: string };

/** The Dakar agent (the parcels' destination), the Paris one (their sender's agency) and the Bamako one (neither). */
export async function counterAgents(t: TestContext): Promise<{ dakar: Agent; paris: Agent; bamako: Agent }> {
  return {
    dakar: await t.createStaff('AGENT', { agenceCode: 'DKR1' }),
    paris: await t.createStaff('AGENT', { agenceCode: 'PAR1' }),
    bamako: await t.createStaff('AGENT', { agenceCode: 'BKO1' }),
  };
}

/** A parcel arrived at its destination, its parties and the code its recipient was sent. */
export interface ArrivedParcel {
  id: string;
  expediteurID: string;
  destinataireID: string;
  code: string;
}

/**
 * `n` parcels (Paris → Sénégal, a client sender and recipient each) on one departure moved to 'Arrivé' through the
 * API: the first paid in full, the others owing 50 €.
 */
export async function arrivedParcels(t: TestContext, n = 1): Promise<ArrivedParcel[]> {
  const db = t.database.db;
  const envoi = await createEnvoiByApi(t, { contenu: 'Fret guichet de destination', poids: 500 });
  const parcels: Omit<ArrivedParcel, 'code'>[] = [];
  for (let i = 0; i < n; i++) {
    const expediteurID = await insertClient(db, 'Expéditeur');
    const destinataireID = await insertClient(db, 'Destinataire');
    const id = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', expediteurID, destinataireID });
    parcels.push({ id, expediteurID, destinataireID });
  }
  await db.update(colis).set({ resteAPayer: '0', reglement: '50.00' }).where(eq(colis.id, parcels[0].id));
  for (const statutID of ['EN_COURS_ENVOI', 'ARRIVE']) {
    const res = await t.call('PUT', `/api/envoi/update/${envoi.id}`, { token: t.adminToken, body: { statutID } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return Promise.all(parcels.map(async (p) => ({ ...p, code: await releaseCodeOf(t, p.id, p.destinataireID) })));
}

/** The outbox rows told to a client about a parcel, newest first. */
export function outboxRowsTo(t: TestContext, colisID: string, clientID: string) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .innerJoin(notifications, eq(notifications.id, mailOutbox.notificationID))
    .where(and(eq(notifications.colisID, colisID), eq(mailOutbox.clientID, clientID)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}

/** The clear code of the newest code row (a secret one) sent to the parcel's recipient. */
export async function releaseCodeOf(t: TestContext, colisID: string, destinataireID: string): Promise<string> {
  const row = (await outboxRowsTo(t, colisID, destinataireID)).find((r) => r.mail_outbox.secret);
  return /Code de retrait : (\d{6})/.exec(row!.mail_outbox.html)![1];
}
