/** Mail outbox worker (docs/architecture.md §4): sends due mails, retries failures with back-off, never loses one. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, messages, users } from '../../server/db/schema';
import { insertClient } from './fixtures';
import { enqueue } from '../../server/outbox/queue';
import { sendDueMails } from '../../server/outbox/channels/email';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('outbox', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a mail PENDING with a later retry when SMTP fails, then sends it', async () => {
    const db = t.database.db;
    await enqueue(db, { to: 'dest@test.local', subject: 'Essai', html: '<p>x</p>' });
    const sent = await sendDueMails(db, async () => {
      throw new Error('SMTP indisponible');
    });
    expect(sent).toBe(0);
    const [m] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dest@test.local'));
    expect(m).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'SMTP indisponible' });
    expect(m.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, m.id));
    const delivered: string[] = [];
    expect(
      await sendDueMails(db, async (mail) => {
        delivered.push(mail.to);
      }),
    ).toBe(1);
    expect(delivered).toEqual(['dest@test.local']);
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, m.id));
    expect(after.status).toBe('SENT');
    expect(after.sentAt).toBeInstanceOf(Date);
  });

  it('message/sendbyEmail queues a text message to a known person, kept in the messages table', async () => {
    const clientId = await insertClient(t.database.db, 'Destinataire');
    const [client] = await t.database.db.select().from(users).where(eq(users.id, clientId));
    const res = await t.call('POST', '/api/message/sendbyEmail', {
      token: t.adminToken,
      body: { email: client.email, subject: 'Bonjour', htmlContent: '<script>x()</script>\nVotre colis est arrivé' },
    });
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email!));
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Bonjour');
    // Text, never HTML: the tags arrive as typed.
    expect(rows[0].html).toBe('<p>&lt;script&gt;x()&lt;/script&gt;<br>Votre colis est arrivé</p>');
    const [kept] = await t.database.db.select().from(messages).where(eq(messages.destinataires, client.email!));
    expect(kept).toMatchObject({ sujet: 'Bonjour', typeDestinataire: 'CLIENT' });
  });

  it('message/sendbyEmail mails nobody at an address nobody registered (same answer), and throttles each sender', async () => {
    const unknown = await t.call('POST', '/api/message/sendbyEmail', {
      token: t.adminToken,
      body: { email: 'victime@exemple.org', subject: 'Promo', htmlContent: 'Cliquez ici' },
    });
    // The same answer as for a known address (docs/api-contract.md "Messaging"), and no mail.
    expect(unknown).toEqual({ status: 200, body: { success: true, message: 'Message pris en compte.' } });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'victime@exemple.org'))).toHaveLength(0);
    expect(await t.database.db.select().from(messages).where(eq(messages.destinataires, 'victime@exemple.org'))).toHaveLength(0);
    const staff = await t.createStaff('ADMIN');
    const clientId = await insertClient(t.database.db, 'Spam');
    const [client] = await t.database.db.select().from(users).where(eq(users.id, clientId));
    // The clock at the start of an hour (Date only): the 32 messages fall in one hour of the clock (MESSAGE_POLICY).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await t.call('POST', '/api/message/sendbyEmail', {
        token: staff.token,
        body: { email: client.email, subject: `Message ${i}`, htmlContent: 'Bonjour' },
      });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});
