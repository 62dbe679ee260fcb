import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates SQL migrations from the schema; `npm run db:migrate` applies them (PGlite or PostgreSQL). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
