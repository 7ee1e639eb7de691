/**
 * The metrics listener (docs/decisions/metrics.md): a second HTTP server, apart from the public one, on METRICS_HOST
 * (default 127.0.0.1) and METRICS_PORT, that answers `GET /metrics` (and HEAD) with the registry's text exposition
 * (Prometheus format 0.0.4). Any other path is 404, any other method 405. No authentication: it is reached only from
 * where METRICS_HOST lets it be (the machine itself by default, or a private network the scraper is on).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** A started metrics listener. */
export interface MetricsListener {
  /** The address and port it listens on (the port the system chose when asked for 0). */
  address(): AddressInfo;
  /** Stops listening and closes its connections. */
  close(): Promise<void>;
}

/**
 * Starts the listener.
 * @param registry the metrics to expose; host and port where to listen
 * @returns once listening; rejects when the port cannot be taken (busy, not allowed), with a French message
 */
export function startMetricsListener(registry: Registry, host: string, port: number): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Introuvable : les métriques sont à /metrics.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Méthode non permise.\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`Métriques indisponibles : ${err.message}\n`);
      },
    );
  });
  // A scraper's connection kept open must not hold the process at its stop.
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`Métriques : impossible d'écouter sur ${host}:${port} (${err.code ?? err.message}).`, { cause: err })),
    );
    server.listen(port, host, () => {
      resolve({
        address: () => server.address() as AddressInfo,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
