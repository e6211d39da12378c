/**
 * The databases benchmarks run on: a fresh in-memory PGlite, then, when BENCH_DATABASE_URL (or
 * DATABASE_URL) names a PostgreSQL server, a database of its own there, created and dropped as the
 * server tests do, so nothing else on that server is touched. BENCH_BACKENDS=postgres leaves out the
 * embedded run (a long seed on a busy machine when only PostgreSQL's figures are wanted).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { openDatabase, type Database } from '../../server/db'

export type Backend = { label: string; database: Database; dataDir: string; kind: 'pglite' | 'postgres' }

/**
 * Runs `run` on a fresh in-memory PGlite, then on a fresh database of the PostgreSQL server of
 * BENCH_DATABASE_URL (or DATABASE_URL) when one is set; the database is dropped afterwards.
 */
export async function onEachBackend(prefix: string, run: (backend: Backend) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${prefix}-`))
  try {
    if (process.env.BENCH_BACKENDS !== 'postgres') {
      const embedded = await openDatabase({ dataDir, inMemory: true })
      try {
        await run({ label: 'PGlite (embedded, in memory)', database: embedded, dataDir, kind: 'pglite' })
      } finally {
        await embedded.close()
      }
    }

    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
    if (!serverUrl) {
      console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)')
      return
    }
    const name = `bench_${prefix.replace(/\W/g, '_')}_${process.pid}`
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    try {
      const pg = await openDatabase({ databaseUrl: url.toString(), dataDir, maxConnections: 4 })
      try {
        await run({ label: `PostgreSQL (${url.host}, database ${name})`, database: pg, dataDir, kind: 'postgres' })
      } finally {
        await pg.close()
      }
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
