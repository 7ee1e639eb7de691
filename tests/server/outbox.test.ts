/** Mail outbox worker (DESIGN.md §4): sends due mails, retries failures with back-off, never loses one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema';
import { enqueueMail, sendDueMails } from '../../server/mail/outbox';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('outbox', () => {
  it('keeps a mail PENDING with a later retry when SMTP fails, then sends it', async () => {
    const db = t.database.db;
    await enqueueMail(db, { to: 'dest@test.local', subject: 'Essai', html: '<p>x</p>' });
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

  it('message/sendbyEmail queues the message', async () => {
    const res = await t.call('POST', '/api/message/sendbyEmail', {
      token: t.adminToken,
      body: { email: 'client@test.local', subject: 'Bonjour', htmlContent: '<p>Votre colis</p>' },
    });
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'client@test.local'));
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Bonjour');
  });
});
