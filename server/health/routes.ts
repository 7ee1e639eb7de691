/**
 * Probes of a load balancer or a supervisor (docs/decisions/fault-tolerance.md): both public, no token.
 * - GET /api/health: the process is alive and serving HTTP → 200 `{success: true, status: 'ok'}`.
 * - GET /api/ready: the database answers and every migration of this release is applied → 200
 *   `{success: true, status: 'ready'}`; otherwise 503 `{success: false, status: 'unavailable', message}` (French).
 * While the server stops (SIGTERM), both answer 503 (plugins/lifecycle.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, type Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/errors';
import { rowsOf } from '../db/rows';

/** Longest a readiness check waits for the database (ms) before answering 503. */
const READY_TIMEOUT_MS = 3000;

const healthAnswer = z.object({
  success: z.literal(true),
  status: z.literal('ok').describe('the process is alive'),
});
const readyAnswer = z.object({
  success: z.boolean(),
  status: z.enum(['ready', 'unavailable']).describe('ready: database reachable and migrations applied'),
  message: z.string().optional().describe('French reason when unavailable'),
});

/** `when` (ms since epoch) of the newest migration of this release, from the drizzle-kit journal. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether the database answers and holds every migration of this release (drizzle's `__drizzle_migrations`
 * records each applied migration with its journal time).
 * @returns null when ready, else the French reason
 */
async function databaseReadiness(db: Db, timeoutMs = READY_TIMEOUT_MS): Promise<string | null> {
  const expected = newestMigration();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  try {
    const check = (async () => {
      const rows = await rowsOf<{ last: string }>(
        db,
        sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
      );
      return Number(rows[0]?.last ?? 0);
    })();
    check.catch(() => undefined); // a late failure after the timeout is not an unhandled rejection
    const last = await Promise.race([check, timeout]);
    if (last === 'timeout') return DATABASE_UNAVAILABLE_MESSAGE;
    return last >= expected ? null : 'Migrations de la base de données non appliquées.';
  } catch {
    return DATABASE_UNAVAILABLE_MESSAGE;
  } finally {
    clearTimeout(timer);
  }
}

/** Registers GET /api/health and GET /api/ready (both public in access/routeAccess.ts). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['santé'];

  r.get('/api/health', { schema: { tags, security: [], response: answers({ 200: healthAnswer }) } }, async () => ({
    success: true as const,
    status: 'ok' as const,
  }));

  r.get(
    '/api/ready',
    // 503: unavailable, or the server is stopping (plugins/lifecycle.ts answers then, without `status`).
    { schema: { tags, security: [], response: { ...answers({ 200: readyAnswer }), 503: readyAnswer.partial({ status: true }) } } },
    async (_request, reply) => {
      const reason = await databaseReadiness(db);
      if (reason) return reply.code(503).header('retry-after', '5').send({ success: false, status: 'unavailable', message: reason });
      return { success: true, status: 'ready' as const };
    },
  );
}
