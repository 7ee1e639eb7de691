/**
 * A TCP proxy (node:net) between the server and PostgreSQL that a test can cut and restore:
 * - 'refuse': the database is down — the proxy stops listening (new connections: ECONNREFUSED) and resets every open
 *   connection;
 * - 'blackhole': the network swallows packets — new connections are accepted and never answered, open connections
 *   stop carrying data in either direction (nothing is closed, so only timeouts can tell);
 * - restore: listens again on the same port and carries data again; connections held during a black hole are reset.
 */
import net from 'node:net';

/** A proxy from 127.0.0.1:port to a target host and port. */
export interface TcpProxy {
  port: number;
  /** Number of connections opened through the proxy since it started. */
  opened(): number;
  cut(mode: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** One client connection and its upstream. */
interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

/**
 * Starts the proxy.
 * @param target host and port of the PostgreSQL server
 * @returns the proxy, listening on a free port of 127.0.0.1
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'refuse' | 'blackhole' = 'open';
  let opened = 0;
  const pairs = new Set<Pair>();

  const forward = (pair: Pair) => {
    const up = net.connect(target.port, target.host);
    pair.upstream = up;
    // While in a black hole, data is dropped on the floor, in both directions.
    pair.client.on('data', (d) => mode === 'open' && up.write(d));
    up.on('data', (d) => mode === 'open' && pair.client.write(d));
    const end = () => {
      pair.client.destroy();
      up.destroy();
      pairs.delete(pair);
    };
    up.on('error', end);
    up.on('close', end);
    pair.client.on('close', end);
  };

  const server = net.createServer((client) => {
    opened++;
    client.on('error', () => client.destroy());
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    if (mode === 'open') forward(pair);
    else client.on('close', () => pairs.delete(pair)); // held, never answered
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const resetAll = () => {
    for (const p of pairs) {
      p.client.resetAndDestroy();
      p.upstream?.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    opened: () => opened,
    async cut(to) {
      mode = to;
      if (to === 'refuse') {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        resetAll();
        await closed;
      }
    },
    async restore() {
      if (mode === 'refuse') await listen(port);
      if (mode === 'blackhole') {
        for (const p of [...pairs]) {
          if (!p.upstream) {
            p.client.resetAndDestroy();
            pairs.delete(p);
          }
        }
      }
      mode = 'open';
    },
    async close() {
      resetAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
