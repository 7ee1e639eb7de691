import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit configuration: generates SQL migrations from server/db/schema.ts and the trigger-kept counter tables of
 * server/db/fast/counters.ts (PostgreSQL dialect, used by PGlite and PostgreSQL alike).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/fast/counters.ts'],
  out: './server/db/migrations',
});
