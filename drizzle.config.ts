import { defineConfig } from 'drizzle-kit'

/**
 * `npm run db:generate` writes the SQL migrations that server/db/index.ts applies at start, from the
 * tables of every module (`server/modules/<name>/schema.ts`) and the platform's own.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/tables.ts', './server/modules/*/schema.ts'],
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
