/**
 * Admin sign-in latency over real HTTP: a fresh embedded database in a temp dir, one admin, the
 * server on a free port of 127.0.0.1, 8 concurrent clients doing 400 sign-ins in all.
 * Prints p50/p95/p99 and throughput next to the goal (p95 <= 150 ms). Never asserts.
 *
 *   npx tsx bench/login-latency.ts [total=400] [concurrency=8]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../server/app'
import { openDatabase } from '../server/db'
import { createMemoryMailer } from '../server/mail'
import { createAdmin } from '../server/modules/auth/service'

const TOTAL = Number(process.argv[2] ?? 400)
const CONCURRENCY = Number(process.argv[3] ?? 8)
const WARMUP = 16
const GOAL_P95_MS = 150
const EMAIL = 'bench@example.com'
const PASSWORD = 'Bench-password-1'

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-login-'))
  const database = await openDatabase({ dataDir })
  const app = await buildApp({
    db: database.db,
    mailer: createMemoryMailer(),
    config: {
      publicUrl: 'http://127.0.0.1',
      dataDir,
      // Raised so the benchmark measures sign-in, not the limiter.
      rateLimit: { loginMax: 1_000_000, forgotMax: 1_000_000, windowMs: 60_000 },
    },
  })
  try {
    await createAdmin(database.db, { name: 'Bench', email: EMAIL, password: PASSWORD, userType: 'primary' }, new Date())
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    const url = `http://127.0.0.1:${port}/api/admin-panal/auth/login`
    const body = JSON.stringify({ email: EMAIL, password: PASSWORD })
    const headers = { 'content-type': 'application/json', accept: 'application/json', lang: 'en' }

    let failures = 0
    const login = async (): Promise<number> => {
      const started = performance.now()
      const res = await fetch(url, { method: 'POST', headers, body })
      await res.arrayBuffer()
      if (res.status !== 200) failures += 1
      return performance.now() - started
    }

    for (let i = 0; i < WARMUP; i++) await login()
    failures = 0

    const latencies: number[] = []
    let next = 0
    const started = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          next += 1
          latencies.push(await login())
        }
      }),
    )
    const elapsed = performance.now() - started
    const sorted = [...latencies].sort((a, b) => a - b)
    const p95 = percentile(sorted, 95)
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length

    console.log(`admin sign-in over HTTP (PGlite in ${dataDir}), argon2id m=19456 t=2 p=1`)
    console.log(
      `  node ${process.version}, ${availableParallelism()} CPUs, ${CONCURRENCY} clients, ${sorted.length} requests (+${WARMUP} warm-up)`,
    )
    console.log(`  p50  ${fmt(percentile(sorted, 50))}`)
    console.log(`  p95  ${fmt(p95)}   (goal <= ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'})`)
    console.log(`  p99  ${fmt(percentile(sorted, 99))}`)
    console.log(`  max  ${fmt(sorted.at(-1) ?? Number.NaN)}   mean ${fmt(mean)}`)
    console.log(`  throughput ${((sorted.length / elapsed) * 1000).toFixed(1)} requests/s`)
    if (failures > 0) console.log(`  ${failures} requests did not answer 200`)
  } finally {
    await app.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
