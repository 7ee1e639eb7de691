/**
 * A small HTTP load balancer (node:http) in front of API processes, driven by a test as an operator drives a real one
 * during a rolling upgrade (docs/architecture.md "Migrations beside a running version"):
 * - round robin over the backends in rotation: added, not drained, and whose last health check (GET /api/ready,
 *   every `healthEveryMs`) answered 200; a backend is added out of rotation until a check passes;
 * - drain(name): no new request goes to the backend, the ones it is running finish; remove(name) forgets it;
 * - a request is sent again to another backend only when that cannot write twice: when the connection was never
 *   established (refused: the backend never saw the request), or, for a request that is safe to repeat (GET, HEAD,
 *   or a POST carrying an `Idempotency-Key` header), when the connection was reset or the backend answered 503 (a
 *   stopping server, plugins/lifecycle.ts). Any other failure goes back to the client as it came (a 503 as such,
 *   a reset as 502), never retried: a reset POST without a key may have been written.
 * Each request to a backend opens its own connection (no keep-alive towards the backends), so a connection error
 * always belongs to one request.
 */
import http from 'node:http';
import net from 'node:net';

/** What the balancer did, for a test's assertions and its log line. */
export interface BalancerStats {
  /** Requests answered to clients, by status (0: not answered, the client went away). */
  byStatus: Record<number, number>;
  /** Attempts sent to each backend (by name), retries included. */
  byBackend: Record<string, number>;
  /** Attempts sent again to another backend, by reason: 'refused', 'reset', '503 <the answer's message>'. */
  retries: Record<string, number>;
  /** Failures handed back to the client without a retry (unsafe request, or no attempt left), by reason. */
  passedOn: Record<string, number>;
}

/** A balancer listening on 127.0.0.1. */
export interface Balancer {
  port: number;
  base: string;
  /** Adds a backend (name, port on 127.0.0.1); resolves once its health check passed (it is then in rotation). */
  add(name: string, port: number, timeoutMs?: number): Promise<void>;
  /** Takes a backend out of rotation: no new request goes to it; the ones it was sent go on. */
  drain(name: string): void;
  /** Resolves once every request sent to the backend was answered (throws after timeoutMs, default 30 s). */
  idle(name: string, timeoutMs?: number): Promise<void>;
  /** Forgets a backend. */
  remove(name: string): void;
  /** Requests being forwarded to a backend right now. */
  inFlight(name: string): number;
  stats(): BalancerStats;
  close(): Promise<void>;
}

interface Backend {
  name: string;
  port: number;
  healthy: boolean;
  draining: boolean;
  inFlight: number;
}

/** Outcome of one attempt on a backend. */
type Attempt = { kind: 'answer'; res: http.IncomingMessage } | { kind: 'refused'; error: string } | { kind: 'reset'; error: string };

/** Header of every answer the balancer forwards: the name of the backend that answered. */
export const BACKEND_HEADER = 'x-balancer-backend';

/** Hop-by-hop headers, not forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** Whether a request may be sent twice without writing twice (see the file's docstring). */
function safeToRepeat(req: http.IncomingMessage): boolean {
  const method = req.method ?? 'GET';
  return method === 'GET' || method === 'HEAD' || (method === 'POST' && typeof req.headers['idempotency-key'] === 'string');
}

const count = (record: Record<string | number, number>, key: string | number) => (record[key] = (record[key] ?? 0) + 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the balancer, with no backend.
 * @param opts.healthEveryMs period of the health checks (default 100 ms); opts.waitForBackendMs how long a request waits
 *   for a backend in rotation before it is answered 502 (default 10 s); opts.maxAttempts attempts per request (default 4)
 */
export async function startBalancer(
  opts: { healthEveryMs?: number; waitForBackendMs?: number; maxAttempts?: number } = {},
): Promise<Balancer> {
  const healthEveryMs = opts.healthEveryMs ?? 100;
  const waitForBackendMs = opts.waitForBackendMs ?? 10_000;
  const maxAttempts = opts.maxAttempts ?? 4;
  const backends = new Map<string, Backend>();
  const stats: BalancerStats = { byStatus: {}, byBackend: {}, retries: {}, passedOn: {} };
  const agent = new http.Agent({ keepAlive: false });
  let turn = 0;
  let closed = false;
  /** Ends the health loop's wait at once (close). */
  let wake = () => undefined as void;

  /**
   * The next backend in rotation (round robin over the requests' first attempts); for a retry, another than `avoid`
   * when there is one. Undefined when none is in rotation.
   */
  const pick = (avoid?: string): Backend | undefined => {
    const ready = [...backends.values()].filter((b) => b.healthy && !b.draining);
    if (!ready.length) return undefined;
    if (avoid === undefined) return ready[turn++ % ready.length];
    return ready.find((b) => b.name !== avoid) ?? ready[0];
  };

  const check = (b: Backend) =>
    new Promise<boolean>((resolve) => {
      const r = http.get({ host: '127.0.0.1', port: b.port, path: '/api/ready', agent, timeout: 2000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      r.on('timeout', () => r.destroy(new Error('timeout')));
      r.on('error', () => resolve(false));
    });
  const healthLoop = async () => {
    while (!closed) {
      await Promise.all(
        [...backends.values()].map(async (b) => {
          const ok = await check(b);
          if (backends.get(b.name) === b) b.healthy = ok;
        }),
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, healthEveryMs);
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  };

  /** One attempt: sends the request with its buffered body to backend `b`. */
  const attempt = (b: Backend, req: http.IncomingMessage, body: Buffer) =>
    new Promise<Attempt>((resolve) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
      headers['content-length'] = String(body.length);
      headers.host = `127.0.0.1:${b.port}`;
      let connected = false;
      const out = http.request({ host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers, agent }, (res) =>
        resolve({ kind: 'answer', res }),
      );
      out.on('socket', (s: net.Socket) => {
        if (!s.connecting) connected = true;
        else s.once('connect', () => (connected = true));
      });
      out.on('error', (err: NodeJS.ErrnoException) => {
        const error = err.code ?? err.message;
        // Never connected: the backend cannot have seen the request.
        resolve(connected ? { kind: 'reset', error } : { kind: 'refused', error });
      });
      out.end(body);
    });

  const answerError = (res: http.ServerResponse, status: number, message: string) => {
    count(stats.byStatus, status);
    if (res.headersSent) return res.destroy();
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ success: false, message }));
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      return res.destroy(); // the client went away before its body ended
    }
    const body = Buffer.concat(chunks);
    const repeatable = safeToRepeat(req);
    let avoid: string | undefined;
    for (let n = 1; ; n++) {
      let b = pick(avoid);
      const waitUntil = Date.now() + waitForBackendMs;
      while (!b && Date.now() < waitUntil && !closed) {
        await sleep(20);
        b = pick(avoid);
      }
      if (!b) return answerError(res, 502, 'Aucun serveur disponible.');
      b.inFlight++;
      count(stats.byBackend, b.name);
      const a = await attempt(b, req, body);
      const last = n >= maxAttempts;
      if (a.kind === 'refused') {
        b.inFlight--;
        b.healthy = false; // until its next health check passes
        if (!last) {
          count(stats.retries, 'refused');
          avoid = b.name;
          continue;
        }
        count(stats.passedOn, 'refused');
        return answerError(res, 502, `Serveur injoignable (${a.error}).`);
      }
      if (a.kind === 'reset') {
        b.inFlight--;
        if (repeatable && !last) {
          count(stats.retries, 'reset');
          avoid = b.name;
          continue;
        }
        count(stats.passedOn, 'reset');
        return answerError(res, 502, `Connexion au serveur interrompue (${a.error}).`);
      }
      const up = a.res;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        b.inFlight--;
      };
      up.once('end', release);
      up.once('close', release);
      up.once('error', release);
      if (up.statusCode === 503 && repeatable && !last) {
        // Counted with the backend's message (a stopping server, a conflict rolled back, an unreachable database).
        let text = '';
        up.setEncoding('utf8');
        up.on('data', (d: string) => (text += d.slice(0, 500)));
        up.once('end', () => {
          let message = '';
          try {
            message = String(JSON.parse(text).message ?? '');
          } catch {
            // not JSON
          }
          count(stats.retries, `503 ${message}`.trim());
        });
        avoid = b.name;
        continue;
      }
      if (up.statusCode === 503) count(stats.passedOn, '503');
      const headers: http.OutgoingHttpHeaders = { [BACKEND_HEADER]: b.name };
      for (const [k, v] of Object.entries(up.headers)) if (!HOP_BY_HOP.has(k)) headers[k] = v;
      res.writeHead(up.statusCode ?? 502, headers);
      up.on('error', () => res.destroy());
      up.pipe(res);
      res.once('finish', () => count(stats.byStatus, up.statusCode ?? 0));
      return;
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const health = healthLoop();

  return {
    port,
    base: `http://127.0.0.1:${port}`,
    async add(name, backendPort, timeoutMs = 30_000) {
      const b: Backend = { name, port: backendPort, healthy: false, draining: false, inFlight: 0 };
      backends.set(name, b);
      const until = Date.now() + timeoutMs;
      while (!(b.healthy = await check(b))) {
        if (Date.now() > until) {
          backends.delete(name);
          throw new Error(`balancer : ${name} jamais prêt`);
        }
        await sleep(20);
      }
    },
    drain(name) {
      const b = backends.get(name);
      if (!b) throw new Error(`balancer : ${name} inconnu`);
      b.draining = true;
    },
    async idle(name, timeoutMs = 30_000) {
      const b = backends.get(name);
      if (!b) return;
      const until = Date.now() + timeoutMs;
      while (b.inFlight > 0) {
        if (Date.now() > until) throw new Error(`balancer : ${name} encore ${b.inFlight} requêtes`);
        await sleep(10);
      }
    },
    remove(name) {
      backends.delete(name);
    },
    inFlight: (name) => backends.get(name)?.inFlight ?? 0,
    stats: () => structuredClone(stats),
    async close() {
      closed = true;
      wake();
      await health;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
