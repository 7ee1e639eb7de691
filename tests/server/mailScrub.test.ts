/**
 * Secrets leave the outbox once delivered (docs/architecture.md §4 mail outbox): the mails that carry a generated password
 * (user/create, user/resetPassword) or a one-time code (auth/forgotPassword, colis deletion) are queued with
 * `secret: true`; the worker that marks one SENT replaces its body by a placeholder in the same UPDATE. The real SMTP
 * server still receives the secret; no row of mail_outbox keeps it. Other mails keep their body, and a FAILED secret
 * mail keeps its body so that an administrator can send it again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { agences, colis, mailOutbox, pays, roles, typeUsers, users } from '../../server/db/schema';
import { enqueue, SECRET_PLACEHOLDER_HTML } from '../../server/outbox/queue';
import { deliverOutbox, escapeHtml, startOutboxWorker } from '../../server/outbox/channels/email';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { startSmtp, waitFor, type TestSmtp } from './smtpServer';

let t: TestContext;
const silent = { error: () => undefined };

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** Quoted-printable → text (the SMTP server records the raw message). */
const decodeQp = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

/** Rows of the whole outbox whose body contains `secret`. */
const rowsContaining = async (secret: string) =>
  (await t.database.db.select({ id: mailOutbox.id, html: mailOutbox.html }).from(mailOutbox)).filter((r) => r.html.includes(secret));

/** Runs the real worker against a real SMTP server until every mail to `to` is SENT. */
async function deliverAllTo(to: string[]): Promise<TestSmtp> {
  const smtp = await startSmtp();
  const stop = startOutboxWorker({
    db: t.database.db,
    smtpUrl: smtp.url,
    from: 'Colis <no-reply@colis.test>',
    intervalMs: 20,
    log: silent,
  });
  try {
    await waitFor(async () => {
      for (const address of to) if ((await mailsTo(address)).some((m) => m.status !== 'SENT')) return false;
      return true;
    }, 'e-mails envoyés');
  } finally {
    await stop();
    await smtp.close();
  }
  return smtp;
}

/** The text the SMTP server received for `to` (decoded). */
const receivedBy = (smtp: TestSmtp, to: string) =>
  smtp.received
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => decodeQp(m.raw))
    .join('\n');

describe('secret mails are scrubbed once sent', () => {
  it('user/create: the SMTP server receives the password, then no outbox row contains it', async () => {
    const db = t.database.db;
    const n = Math.floor(100_000_000 + Math.random() * 99_999_999);
    const email = `scrub-${randomUUID().slice(0, 8)}@test.local`;
    const res = await t.call('POST', '/api/user/create', {
      token: t.adminToken,
      body: {
        nom: 'Secret',
        prenoms: 'Agent',
        email,
        adresse: '1 rue du Test, Paris',
        telephone: `6${String(n).slice(1)}`,
        paysID: await idByCode(db, pays, 'FR'),
        roleID: (await db.select().from(roles).where(eq(roles.code, 'AGENT')))[0].id,
        typeUserID: (await db.select().from(typeUsers).where(eq(typeUsers.code, 'ADMIN')))[0].id,
        agenceID: await idByCode(db, agences, 'PAR1'),
      },
    });
    expect(res.status).toBe(200);
    const [queued] = await mailsTo(email);
    expect(queued.secret).toBe(true);
    const password = /<strong data-password>([^<]+)<\/strong>/.exec(queued.html)![1].replace(/&amp;/g, '&');
    expect(password.length).toBeGreaterThanOrEqual(12);

    const smtp = await deliverAllTo([email]);
    // The mail is HTML: a generated password may hold '&', which travels as '&amp;'.
    expect(receivedBy(smtp, email)).toContain(escapeHtml(password));
    const [sent] = await mailsTo(email);
    expect(sent).toMatchObject({ status: 'SENT', secret: true, html: SECRET_PLACEHOLDER_HTML, subject: 'Votre compte Back-office Colis' });
    expect(await rowsContaining(password)).toEqual([]);
    expect(await rowsContaining(escapeHtml(password))).toEqual([]);
    // The password still works: the mail was the only copy, and it reached its reader.
    expect(await t.login(email, password)).toBeTruthy();
  });

  it('auth/forgotPassword: the recovery code is scrubbed too, and still resets the password', async () => {
    const staff = await t.createStaff('AGENT');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, staff.id));
    const res = await t.call('POST', '/api/auth/forgotPassword', { body: { telephoneComplet: u.telephoneComplet, email: staff.email } });
    expect(res.status).toBe(200);
    const [queued] = await mailsTo(staff.email);
    expect(queued.secret).toBe(true);
    const code = /<strong>(\d{6})<\/strong>/.exec(queued.html)![1];

    const smtp = await deliverAllTo([staff.email]);
    expect(receivedBy(smtp, staff.email)).toContain(`<strong>${code}</strong>`);
    const [sent] = await mailsTo(staff.email);
    expect(sent.status).toBe('SENT');
    expect(sent.html).toBe(SECRET_PLACEHOLDER_HTML);
    expect(sent.html).not.toContain(code);

    const ok = await t.call('POST', '/api/auth/validerPassword', {
      body: { telephoneComplet: u.telephoneComplet, otp: code, newPassword: 'Reset-Pass-123' },
    });
    expect(ok.status).toBe(200);
  });

  it('colis deletion: the 4-digit code mailed to every administrator is scrubbed from each row', async () => {
    const db = t.database.db;
    const envoi = await createEnvoiByApi(t);
    const colisId = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE' });
    const [{ reference }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, colisId));
    const res = await t.call('DELETE', `/api/colis/delete/${colisId}/ADMIN`, { token: t.adminToken });
    expect(res.status).toBe(202);
    const queued = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${reference}%`}`);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((m) => m.secret)).toBe(true);
    const code = /<strong>(\d{4})<\/strong>/.exec(queued[0].html)![1];

    const smtp = await deliverAllTo([...new Set(queued.map((m) => m.to))]);
    expect(receivedBy(smtp, queued[0].to)).toContain(`<strong>${code}</strong>`);
    const after = await db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${reference}%`}`);
    expect(after.map((m) => [m.status, m.html])).toEqual(queued.map(() => ['SENT', SECRET_PLACEHOLDER_HTML]));
  });

  it('a message to clients keeps its body once sent', async () => {
    const to = `client-${randomUUID().slice(0, 8)}@test.local`;
    await enqueue(t.database.db, { to, subject: 'Départ confirmé', html: '<p>Votre départ part demain.</p>' });
    const smtp = await deliverAllTo([to]);
    expect(receivedBy(smtp, to)).toContain('Votre départ part demain.');
    const [sent] = await mailsTo(to);
    expect(sent).toMatchObject({ status: 'SENT', secret: false, html: '<p>Votre départ part demain.</p>' });
  });

  it('a secret mail that fails keeps its body (FAILED, for a retry) and is scrubbed when the retry is sent', async () => {
    const db = t.database.db;
    const to = `echec-${randomUUID().slice(0, 8)}@test.local`;
    await enqueue(db, { to, subject: 'Code', html: '<p>Code : <strong>424242</strong></p>', secret: true });
    // Other due mails of the file are already SENT: only this one is claimed.
    await deliverOutbox(
      db,
      async () => {
        throw new Error('refusé');
      },
      { policy: { maxAttempts: 1 } },
    );
    const [failed] = await mailsTo(to);
    expect(failed).toMatchObject({ status: 'FAILED', html: '<p>Code : <strong>424242</strong></p>', lastError: 'refusé' });

    const retry = await t.call('POST', `/api/mail/retry/${failed.id}`, { token: t.adminToken });
    expect(retry.status).toBe(200);
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, failed.id));
    const smtp = await deliverAllTo([to]);
    expect(receivedBy(smtp, to)).toContain('424242');
    expect((await mailsTo(to))[0].html).toBe(SECRET_PLACEHOLDER_HTML);
  });
});
