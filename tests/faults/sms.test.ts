/**
 * Two real server processes on one PostgreSQL send SMS through one operator's SMPP gateway (docs/decisions/sms-channel.md):
 * each process binds once (SMPP_URL to the gateway started here, tests/server/smsGateway.ts), 60 SMS queued in the
 * shared outbox are claimed with FOR UPDATE SKIP LOCKED and a lease, and every number receives its SMS exactly once,
 * both processes taking part (each has its own SMS_FROM). PostgreSQL pass only (PGlite is one process).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestDatabase, startServer, type ServerProcess, type TestDatabase } from './harness';
import { startGateway, type TestGateway } from '../server/smsGateway';

let database: TestDatabase | null = null;
let gateway: TestGateway | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  await gateway?.close();
  await database?.drop();
});

describe.runIf(!!process.env.DATABASE_URL)('SMS, two processes on one PostgreSQL', () => {
  it('send 60 SMS exactly once through their own binds', async () => {
    database = await newTestDatabase();
    gateway = await startGateway({ ackDelayMs: 3 });
    const env = (from: string) => ({ SMPP_URL: gateway!.url, SMS_FROM: from, SMS_MAX_PER_SECOND: '40', OUTBOX_INTERVAL_MS: '200' });
    servers.push(
      ...(await Promise.all([
        startServer(database.source, { env: env('ColisUn') }),
        startServer(database.source, { env: env('ColisDeux') }),
      ])),
    );
    const deadline = Date.now() + 20_000;
    while (gateway.binds < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(gateway.binds).toBe(2);

    const url = (database.source as { url: string }).url;
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    try {
      await direct.query(
        `INSERT INTO mail_outbox (id, to_address, subject, html, canal)
         SELECT gen_random_uuid(), '+2217750' || lpad(i::text, 5, '0'), 'Deux processus', 'Une seule fois', 'sms' FROM generate_series(1, 60) AS i`,
      );
      const end = Date.now() + 60_000;
      for (;;) {
        const { rows } = await direct.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE canal = 'sms' AND status <> 'SENT'`);
        if (rows[0].n === 0) break;
        if (Date.now() > end) throw new Error(`${rows[0].n} SMS non envoyés`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const { rows } = await direct.query(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE canal = 'sms' AND cardinality(smsc_message_ids) = 1`,
      );
      expect(rows[0].n).toBe(60);
    } finally {
      await direct.end();
    }
    const counts = new Map<string, number>();
    for (const p of gateway.received) counts.set(p.to, (counts.get(p.to) ?? 0) + 1);
    expect(gateway.received).toHaveLength(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(gateway.received.map((p) => p.from))).toEqual(new Set(['ColisUn', 'ColisDeux']));
  });
});
