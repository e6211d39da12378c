/**
 * The statistics dashboard over 1,000,000 payments (with their subscriptions) and 100,000 vendors
 * (`bench/lib/reports.ts`), on a fresh embedded database and, with BENCH_DATABASE_URL (or
 * DATABASE_URL), on a database of its own on that PostgreSQL server. Starts the server on 127.0.0.1
 * and times `GET admin-panal/dashboard` (the cards) and `GET admin-panal/get-statistics` for each
 * period over HTTP (20 warm-up requests, then `runs` each, one at a time): p50/p95/p99 next to the
 * goal (p99 <= 150 ms on PostgreSQL). The server's clock moves a minute on at every request, so
 * every statistics request counts afresh (none is served from the minute's memory); then the same
 * with the real clock, as admins meet it. Never asserts.
 *
 *   npx tsx bench/dashboard.ts [runs=200]
 */
import { performance } from 'node:perf_hooks'
import { dashboardPaths, dashboardPeriods } from '../src/contract/dashboard'
import { statistics } from '../server/modules/dashboard/service'
import { onEachBackend, type Backend } from './lib/backends'
import { seedReports } from './lib/reports'
import { ms, percentile, startServer, type BenchServer } from './lib/vendors'

const RUNS = Number(process.argv[2] ?? 200)
const WARMUP = 20
const GOAL_P99_MS = 150

async function time(server: BenchServer, backend: Backend, label: string, path: string) {
  const timed = async () => {
    const started = performance.now()
    const res = await fetch(`${server.base}/api/${path}`, { headers: server.headers })
    const body = await res.text()
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`)
    return performance.now() - started
  }
  for (let i = 0; i < WARMUP; i++) await timed()
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) samples.push(await timed())
  report(backend, label, samples)
}

function report(backend: Backend, label: string, samples: number[]) {
  samples.sort((a, b) => a - b)
  const p99 = percentile(samples, 99)
  const goal =
    backend.kind === 'postgres' ? `goal <= ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}` : 'goal applies to PostgreSQL'
  console.log(
    `  ${label.padEnd(34)} p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  p99 ${ms(p99)}  max ${ms(samples.at(-1) ?? Number.NaN)}   (${goal})`,
  )
}

async function bench(backend: Backend): Promise<void> {
  console.log(`\n${backend.label}`)
  await seedReports(backend)
  const server = await startServer(backend)
  try {
    console.log(`  ${RUNS} requests each (+${WARMUP} warm-up), one at a time over HTTP`)
    await time(server, backend, 'cards', dashboardPaths.cards)
    for (const period of dashboardPeriods)
      await time(server, backend, `statistics, period ${period}`, `${dashboardPaths.statistics}?period=${period}`)
  } finally {
    await server.app.close()
  }
  console.log(`  every period's charts counted afresh (the service, no HTTP, no minute's memory), ${RUNS} times each`)
  for (const period of dashboardPeriods) {
    const samples: number[] = []
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now()
      await statistics(backend.database.db, new Date(), period)
      if (i >= WARMUP) samples.push(performance.now() - started)
    }
    report(backend, `counted afresh, period ${period}`, samples)
  }
}

onEachBackend('dashboard', bench).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
