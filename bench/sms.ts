/**
 * SMS throughput against a local SMPP gateway (docs/decisions/sms-channel.md): the gateway of the tests
 * (tests/server/smsGateway.ts, the `smpp` package's server side on 127.0.0.1, answering each submit_sm after
 * --ack ms) and the product's SMS worker (server/outbox/channels/sms.ts) on a migrated database. For each configured
 * SMS_MAX_PER_SECOND (10 and 100 by default) it queues rate × --seconds SMS, starts a worker and measures the SMS a
 * second from the first to the last submit_sm received, and the submit_sm → submit_sm_resp latency seen by the
 * worker (mean and max). A measurement, not a test.
 *
 * Usage: npx tsx bench/sms.ts [--seconds=5] [--ack=0] [--rates=10,100]
 *        (BENCH_DATABASE_URL=postgres://… for PostgreSQL; without it an in-memory PGlite database)
 */
import { and, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../server/db/schema';
import { enqueue } from '../server/outbox/queue';
import { startSmsWorker } from '../server/outbox/channels/sms';
import { startGateway } from '../tests/server/smsGateway';
import { openSeededDatabase } from './benchApp';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const seconds = Number(arg('seconds', '5'));
const ackMs = Number(arg('ack', '0'));
const rates = arg('rates', '10,100').split(',').map(Number);

const database = await openSeededDatabase(process.env.BENCH_DATABASE_URL);
const db = database.db;
const silent = { error: (o: object, m: string) => console.error(m, o), warn: () => undefined };

for (const rate of rates) {
  await db
    .update(mailOutbox)
    .set({ status: 'SENT' })
    .where(and(eq(mailOutbox.canal, 'sms'), eq(mailOutbox.status, 'PENDING')));
  const gw = await startGateway({ ackDelayMs: ackMs });
  const n = rate * seconds;
  const numbers = Array.from({ length: n }, (_, i) => `+2217740${String(i).padStart(5, '0')}`);
  await enqueue(
    db,
    numbers.map((to) => ({ to, subject: 'Bench', html: 'Votre colis est arrivé à Dakar.', canal: 'sms' as const })),
  );
  const worker = startSmsWorker({ db, smppUrl: gw.url, from: 'ColisExpr', maxPerSecond: rate, intervalMs: 100, log: silent });
  const started = Date.now();
  for (;;) {
    const [{ left }] = (
      (await db.execute(sql`SELECT count(*)::int AS left FROM mail_outbox WHERE canal = 'sms' AND status = 'PENDING'`)) as unknown as {
        rows: { left: number }[];
      }
    ).rows;
    if (left === 0) break;
    if (Date.now() - started > (seconds * 4 + 30) * 1000) throw new Error(`délai dépassé (${left} SMS en attente)`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const stats = { ...worker.link!.stats };
  await worker.stop();
  await gw.close();
  const times = gw.received.map((p) => p.at).sort((a, b) => a - b);
  const span = (times[times.length - 1]! - times[0]!) / 1000;
  const perSecond = (gw.received.length - 1) / span;
  console.log(
    `SMS_MAX_PER_SECOND=${rate}: ${gw.received.length} SMS en ${span.toFixed(2)} s → ${perSecond.toFixed(1)} SMS/s ; ` +
      `accusé submit_sm_resp moyen ${(stats.ackMsSum / Math.max(1, stats.submitted)).toFixed(2)} ms, max ${stats.ackMsMax.toFixed(2)} ms ` +
      `(passerelle : réponse après ${ackMs} ms)`,
  );
}
await database.close();
