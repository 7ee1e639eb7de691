/**
 * The mock API (docs/decisions/mock-api.md): json-server 0.17 over mock-api/db.json with the route map (routes.json)
 * and the middleware of the spec's sign-in and envelopes (middleware.cjs). No database.
 *
 *   node mock-api/server.cjs [--port=3001] [--db=mock-api/db.json]     (npm run mock:api)
 *
 * The middleware runs around the rewriter (before it: token, envelopes; after it: parameters), an order json-server's
 * own command line (`--routes --middlewares`, rewriter first) cannot give; hence this small server.
 */
'use strict';

const path = require('node:path');
const jsonServer = require('json-server');
const routes = require('./routes.json');
const { createMockMiddleware } = require('./middleware.cjs');

/** Default port of the mock API (the real server's is 3000). */
const DEFAULT_PORT = 3001;

/**
 * Builds the express app of the mock API.
 * @param {object} [opts]
 * @param {string|object} [opts.db] db.json path (writes are saved into it) or its content (writes stay in memory)
 * @param {boolean} [opts.logger] log each request (default true)
 */
function createMockServer(opts = {}) {
  const app = jsonServer.create();
  const router = jsonServer.router(opts.db ?? path.join(__dirname, 'db.json'));
  const { before, after } = createMockMiddleware(router);
  app.use(jsonServer.defaults({ logger: opts.logger ?? true, static: path.join(__dirname, 'public') }));
  app.use(jsonServer.bodyParser);
  app.use(before);
  app.use(jsonServer.rewriter(routes));
  app.use(after);
  app.use(router);
  return app;
}

/** Value of a `--name=value` argument, else undefined. */
function arg(name) {
  const prefix = `--${name}=`;
  return process.argv
    .slice(2)
    .find((a) => a.startsWith(prefix))
    ?.slice(prefix.length);
}

if (require.main === module) {
  const port = Number(arg('port') ?? process.env.MOCK_API_PORT ?? DEFAULT_PORT);
  const db = path.resolve(arg('db') ?? path.join(__dirname, 'db.json'));
  createMockServer({ db }).listen(port, '127.0.0.1', () => {
    console.log(`API fictive (json-server) : http://127.0.0.1:${port}/api/  (données : ${path.relative(process.cwd(), db)})`);
  });
}

module.exports = { createMockServer, DEFAULT_PORT };
