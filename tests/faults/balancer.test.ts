/**
 * The test balancer's own rules (tests/faults/balancer.ts), against fake backends: round robin, health checks, drain,
 * and a request sent again only when that cannot write twice — a refused connection always; a reset connection or a
 * 503 only for GET or a POST carrying an Idempotency-Key. No database: both passes.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKEND_HEADER, startBalancer, type Balancer } from './balancer';
import { freePort } from './harness';

/** A fake backend: ready, counts the requests it read, and answers as `behave` says for other paths. */
async function fakeBackend(behave: 'ok' | 'reset' | '503') {
  let seen = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/api/ready') return res.end('{"success":true,"status":"ready"}');
    seen++;
    req.resume();
    req.on('end', () => {
      if (behave === 'reset') return req.socket.resetAndDestroy();
      if (behave === '503') return res.writeHead(503, { 'content-type': 'application/json' }).end('{"success":false,"message":"arrêt"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    seen: () => seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened) await o.close();
});

async function setup(first: 'ok' | 'reset' | '503', healthEveryMs = 20) {
  const bad = await fakeBackend(first);
  const good = await fakeBackend('ok');
  const balancer: Balancer = await startBalancer({ healthEveryMs });
  opened.push(bad, good, balancer);
  await balancer.add('bad', bad.port);
  await balancer.add('good', good.port);
  return { bad, good, balancer };
}

/** Sends `n` requests one after the other; @returns their statuses and answering backends. */
async function send(balancer: Balancer, n: number, method: string, key?: string) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${balancer.base}/api/colis/create`, {
      method,
      headers: key ? { 'idempotency-key': `${key}-${i}`, 'content-type': 'application/json' } : { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    await res.text();
    out.push(`${res.status}@${res.headers.get(BACKEND_HEADER) ?? '-'}`);
  }
  return out;
}

describe('test balancer', () => {
  it('alternates, and never sends again a POST without key whose connection was reset', async () => {
    const { bad, good, balancer } = await setup('reset');
    const answers = await send(balancer, 4, 'POST');
    // Round robin: half reach the resetting backend, and come back 502 (it may have written them).
    expect(answers.filter((a) => a === '502@-')).toHaveLength(2);
    expect(answers.filter((a) => a === '200@good')).toHaveLength(2);
    expect([bad.seen(), good.seen()]).toEqual([2, 2]);
    expect(balancer.stats().passedOn).toEqual({ reset: 2 });
  });

  it('sends again a POST with an Idempotency-Key, and a GET, after a reset or a 503', async () => {
    for (const behave of ['reset', '503'] as const) {
      const { bad, good, balancer } = await setup(behave);
      expect(await send(balancer, 4, 'POST', 'k')).toEqual(Array(4).fill('200@good'));
      expect(await send(balancer, 2, 'GET')).toEqual(Array(2).fill('200@good'));
      expect(bad.seen()).toBe(3);
      expect(good.seen()).toBe(6);
      const s = balancer.stats();
      expect(Object.values(s.retries).reduce((a, b) => a + b, 0)).toBe(3);
      // A 503 to a POST without key goes back to the client as it came.
      if (behave === '503') expect(await send(balancer, 2, 'POST')).toEqual(expect.arrayContaining(['503@bad']));
    }
  });

  it('sends anything again after a refused connection; a drained backend gets nothing new', async () => {
    // No health check after the first one (1 min): the balancer learns that `bad` stopped from a refused connection.
    const { bad, good, balancer } = await setup('ok', 60_000);
    await bad.close();
    expect(await send(balancer, 4, 'POST')).toEqual(Array(4).fill('200@good'));
    expect(balancer.stats().retries).toEqual({ refused: 1 });

    const other = await fakeBackend('ok');
    opened.push(other);
    await balancer.add('other', other.port);
    balancer.drain('good');
    await balancer.idle('good');
    const before = good.seen();
    expect(await send(balancer, 3, 'POST')).toEqual(Array(3).fill('200@other'));
    expect(good.seen()).toBe(before);
  });

  it('answers 502 when no backend comes into rotation in time', async () => {
    const balancer = await startBalancer({ waitForBackendMs: 200 });
    opened.push(balancer);
    await expect(balancer.add('none', await freePort(), 300)).rejects.toThrow(/jamais prêt/);
    const res = await fetch(`${balancer.base}/api/pays/liste`);
    expect(res.status).toBe(502);
    expect((await res.json()).message).toBe('Aucun serveur disponible.');
  });
});
