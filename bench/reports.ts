/**
 * The partners and coupons reports over 1,000,000 payments and about 100,000 wallet entries
 * (`bench/lib/reports.ts`), on a fresh embedded database and, with BENCH_DATABASE_URL (or
 * DATABASE_URL), on a database of its own on that PostgreSQL server. Starts the server on 127.0.0.1
 * and times `GET admin-panal/reports/partners` and `.../coupons` over HTTP for one-year ranges
 * ending on varying days, with no filter, a package, a coupon or a partner, and varying sorts (20
 * warm-up requests, then `runs` per report): p50/p95/p99 next to the goal (p99 <= 200 ms on
 * PostgreSQL). Then downloads both CSV exports for three years, sampling memory while they stream.
 * Never asserts.
 *
 *   npx tsx bench/reports.ts [runs=200]
 */
import { performance } from 'node:perf_hooks'
import { reportsPaths } from '../src/contract/reports'
import { onEachBackend, type Backend } from './lib/backends'
import { measureDownload } from './lib/download'
import { COUPONS, PARTNERS, seedReports } from './lib/reports'
import { mb, ms, percentile, startServer, type BenchServer } from './lib/vendors'

const RUNS = Number(process.argv[2] ?? 200)
const WARMUP = 20
const GOAL_P99_MS = 200
const GOAL_GROWTH_MB = 64

const dayBack = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

/** Request `i`: a year ending 0-180 days ago, one filter in four, the sort varying. */
function queryOf(i: number, sorts: readonly string[], packageIds: number[]): string {
  const end = (i * 37) % 180
  const query = new URLSearchParams({ from: dayBack(end + 364), to: dayBack(end), sort_column: sorts[i % sorts.length]!, pageSize: '50' })
  if (i % 4 === 1) query.set('package_id', String(packageIds[1 + (i % (packageIds.length - 1))]))
  if (i % 4 === 2) query.set('coupon_id', String(1 + (i % COUPONS)))
  if (i % 4 === 3) query.set('partner_id', String(1 + ((i * 131) % PARTNERS)))
  if (i % 2 === 0) query.set('sort_direction', 'asc')
  return query.toString()
}

async function timeReport(server: BenchServer, backend: Backend, path: string, sorts: readonly string[], packageIds: number[]) {
  const timed = async (i: number) => {
    const query = queryOf(i, sorts, packageIds)
    const started = performance.now()
    const res = await fetch(`${server.base}/api/${path}?${query}`, { headers: server.headers })
    const body = await res.text()
    const elapsed = performance.now() - started
    if (res.status !== 200) throw new Error(`${path}?${query}: ${res.status} ${body}`)
    return { elapsed, query }
  }
  for (let i = 0; i < WARMUP; i++) await timed(i + RUNS)
  const samples: Awaited<ReturnType<typeof timed>>[] = []
  for (let i = 0; i < RUNS; i++) samples.push(await timed(i))
  const sorted = samples.map((s) => s.elapsed).sort((a, b) => a - b)
  const p99 = percentile(sorted, 99)
  const goal =
    backend.kind === 'postgres' ? `goal <= ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}` : 'goal applies to PostgreSQL'
  const byFilter = ['none', 'package', 'coupon', 'partner'].map((name, k) => {
    const own = samples
      .filter((_, i) => i % 4 === k)
      .map((s) => s.elapsed)
      .sort((a, b) => a - b)
    return `${name} ${percentile(own, 50).toFixed(0)}/${percentile(own, 99).toFixed(0)}`
  })
  console.log(`  ${path}: ${RUNS} requests (+${WARMUP} warm-up), one year each, one at a time over HTTP`)
  console.log(
    `    p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(p99)}  max ${ms(sorted.at(-1) ?? Number.NaN)}   (${goal})`,
  )
  console.log(`    by filter, p50/p99 ms: ${byFilter.join(', ')}`)
  const slowest = samples.reduce((a, b) => (b.elapsed > a.elapsed ? b : a))
  console.log(`    slowest: ${slowest.elapsed.toFixed(1)} ms, ${decodeURIComponent(slowest.query)}`)
}

async function bench(backend: Backend): Promise<void> {
  console.log(`\n${backend.label}`)
  const { packageIds } = await seedReports(backend)
  const server = await startServer(backend)
  try {
    await timeReport(server, backend, reportsPaths.partners, ['commission', 'paid_amount', 'full_name', 'balance'], packageIds)
    await timeReport(server, backend, reportsPaths.coupons, ['uses', 'revenue_net', 'code', 'discount'], packageIds)
    const query = `from=${dayBack(3 * 365)}&to=${dayBack(0)}`
    for (const path of [reportsPaths.partnersExport, reportsPaths.couponsExport]) {
      const url = `${server.base}/api/${path}?${query}`
      await measureDownload(url, server.headers)
      const e = await measureDownload(url, server.headers)
      const growth = Math.max(e.rss, e.heap)
      console.log(
        `  ${path} (three years): ${e.rows.toLocaleString('en')} lines, ${mb(e.bytes)}; first byte ${ms(e.ttfb)}, in all ${ms(e.total)}; ` +
          `peak growth RSS ${mb(e.rss)}, heap ${mb(e.heap)} (goal streamed, <= ${GOAL_GROWTH_MB} MB: ${growth <= GOAL_GROWTH_MB * 1024 * 1024 ? 'met' : 'NOT met'})`,
      )
    }
  } finally {
    await server.app.close()
  }
}

onEachBackend('reports', bench).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
