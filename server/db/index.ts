import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { lockDataDir } from './data-dir-lock'
/**
 * The one database type services use, whichever driver is behind it (a transaction fits too).
 * Tables are each module's own (its folder's `schema.ts`); queries name them, so the driver
 * needs no schema object.
 */
export type Db = PgDatabase<PgQueryResultHKT>

type DatabaseKind = 'pglite' | 'postgres'

export type Database = {
  db: Db
  kind: DatabaseKind
  close: () => Promise<void>
}

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite under `dataDir/pgdata` is used. */
  databaseUrl?: string
  dataDir: string
  /** Apply pending migrations (default true). */
  migrate?: boolean
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number
  /** PGlite only: keep the database in memory, nothing under `dataDir` (tests, benchmarks). */
  inMemory?: boolean
}

/** Arbitrary constant naming the advisory lock taken while migrating. */
const MIGRATION_LOCK_ID = 724_011_317

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** Opens the database and applies the migrations; the same schema and SQL on both drivers. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      // migrating holds one connection for its lock while the migrations run on another
      max: Math.max(options.maxConnections ?? 10, runMigrations ? 2 : 1),
      onnotice: () => {},
      connection: { application_name: 'vendors-admin' },
    })
    const db = drizzlePostgres(client)
    try {
      if (runMigrations) {
        // Several instances may start together: one migrates at a time (session advisory lock).
        const lock = await client.reserve()
        try {
          await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`
          await migratePostgres(db, { migrationsFolder })
        } finally {
          await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {})
          lock.release()
        }
      }
    } catch (error) {
      await client.end({ timeout: 5 })
      throw error
    }
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) }
  }

  let client: PGlite
  let release = () => {}
  if (options.inMemory) {
    client = await PGlite.create({ extensions: { pg_trgm } })
  } else {
    const dataDir = join(options.dataDir, 'pgdata')
    await mkdir(dataDir, { recursive: true })
    // PGlite is one process's database: a second server on the same files would lose writes.
    release = lockDataDir(options.dataDir)
    try {
      client = await PGlite.create(dataDir, { extensions: { pg_trgm } })
    } catch (error) {
      release()
      throw error
    }
  }
  const db = drizzlePglite(client)
  const close = async () => {
    try {
      await client.close()
    } finally {
      release()
    }
  }
  try {
    if (runMigrations) await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await close()
    throw error
  }
  return { db, kind: 'pglite', close }
}

/**
 * Applies the migrations of `folder` (the app's by default) to an open database: a test that starts
 * from an older schema runs the first ones, writes old rows, then the rest.
 */
export async function applyMigrations(database: Database, folder: string = migrationsFolder): Promise<void> {
  if (database.kind === 'postgres')
    await migratePostgres(database.db as Parameters<typeof migratePostgres>[0], { migrationsFolder: folder })
  else await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder })
}

/** `select 1`: true when the database answers. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
