import { defineConfig } from 'drizzle-kit';

/** drizzle-kit configuration: generates SQL migrations from server/db/schema.ts (PostgreSQL dialect, used by PGlite and PostgreSQL alike). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
