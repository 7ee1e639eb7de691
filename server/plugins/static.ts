/**
 * The built UI at / (docs/architecture.md §1): its files from `uiDir` when it holds an index.html, index.html for any other
 * non-API GET (the single-page app's own paths), and /app-config.js, the UI's runtime configuration, which index.html
 * loads before the app (appConfigScript: spec 001 §7 the API's base address from PUBLIC_API_URL, else the page's
 * origin + /api/; the inactivity delay from INACTIVITY_MS, else 30 minutes): set at run time, without a rebuild.
 * The public tracking page
 * (docs/decisions/public-tracking.md) is a second entry of the build: suivi.html answers /suivi and /suivi/{token},
 * without sign-in. Anything else not found is the JSON 404 of the API.
 * Caching (docs/decisions/screen-bundles.md): the hashed files under /assets/ are immutable for a year; index.html and
 * the other files are revalidated on every load (`no-cache`), so a new release is picked up at once. The build writes
 * .br and .gz copies of every text file (vite.config.ts) and they are sent to browsers that accept them
 * (`preCompressed`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

/**
 * Whether a request's URL names a hashed build file (under /assets/, its name changing with its content) that is no
 * Web Worker's script. Such a file gets only the security headers that apply to a script or style loaded by a page
 * (server/plugins/helmet.ts); a worker's script keeps the content security policy, which governs the worker.
 * @param url the request's URL (path and query)
 */
export const isHashedSubresource = (url: string): boolean => url.startsWith('/assets/') && !/\.worker-[^/?]*\.js(\?|$)/.test(url);

/** Hashed build files: their name changes with their content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays the same across releases (index.html, favicon…). */
const REVALIDATE = 'no-cache';

/**
 * The UI's runtime configuration as a script (src/config.ts reads `window.__APP_CONFIG__`): `apiUrl` from
 * PUBLIC_API_URL, `inactivityMs` from INACTIVITY_MS (a positive number of ms); a value unset or invalid is left out, so
 * the page keeps its default.
 */
export function appConfigScript(env: Record<string, string | undefined>): string {
  const inactivityMs = Number(env.INACTIVITY_MS);
  const config = {
    apiUrl: env.PUBLIC_API_URL || undefined,
    inactivityMs: Number.isFinite(inactivityMs) && inactivityMs > 0 ? inactivityMs : undefined,
  };
  return `window.__APP_CONFIG__ = ${JSON.stringify(config)};\n`;
}

export interface StaticOptions {
  /** Folder of the built UI (vite build); served when it holds an index.html. */
  uiDir: string;
}

export const staticPlugin = fp<StaticOptions>(
  async (app, { uiDir }) => {
    app.get('/app-config.js', async (_req, reply) => {
      reply.type('application/javascript').header('cache-control', 'no-store');
      return appConfigScript(process.env);
    });

    const hasUi = existsSync(path.join(uiDir, 'index.html'));
    if (hasUi) {
      await app.register(fastifyStatic, {
        root: uiDir,
        // One wildcard route looking the file up when asked (docs/decisions/embedded-start.md): `wildcard: false`
        // listed the ~430 files of the build (with their .br and .gz copies) and added two routes for each at every
        // start (measured in bench/README.md).
        wildcard: true,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const hashed = path.relative(uiDir, filePath).split(path.sep)[0] === 'assets';
          reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        },
      });
    }
    // The folder itself is not listed: / is the back-office's page, as any other path of the single-page app.
    if (hasUi) app.get('/', async (_request, reply) => reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html'));
    // The public tracking page, its own small bundle (src/suivi/), never the back-office.
    if (hasUi && existsSync(path.join(uiDir, 'suivi.html'))) {
      const suiviPage = async (_request: unknown, reply: FastifyReply) =>
        reply.type('text/html').header('cache-control', REVALIDATE).sendFile('suivi.html');
      app.get('/suivi', suiviPage);
      app.get('/suivi/:token', suiviPage);
    }
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasUi) {
        return reply.code(404).send({ success: false, message: 'Ressource introuvable.' });
      }
      // Client-side routes of the single-page app.
      return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');
    });
  },
  { name: 'static' },
);
