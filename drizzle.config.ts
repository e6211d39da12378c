import { defineConfig } from 'drizzle-kit'

/** `npx drizzle-kit generate` writes the SQL migrations that server/db/index.ts applies at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
