/**
 * The vendors list with filters and a search on 100,000 vendors: seeds them into a fresh embedded
 * database (and into a fresh database on the PostgreSQL server of BENCH_DATABASE_URL or DATABASE_URL
 * when set), starts the server on 127.0.0.1 and times `GET /api/admin-panal/venders` over HTTP with
 * status, package and register-date filters plus a search term, the values and the page varying
 * from request to request (20 warm-up requests, then 300). Prints p50/p95/p99 next to the goal
 * (p99 <= 50 ms on PostgreSQL) and the plan of the slowest request. Never asserts.
 *
 *   npx tsx bench/vendors-list.ts [rows=100000] [runs=300]
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { onEachBackend, type Backend } from './lib/backends'
import { ms, percentile, seedBackend, startServer, VENDORS_PATH } from './lib/vendors'

const ROWS = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 300)
const WARMUP = 20
const GOAL_P99_MS = 50

const STATUSES = ['active', 'pending', 'inactive', 'active,pending']
const SEARCHES = ['Rose', 'متجر', 'store-12', 'Trading', 'vendor7', 'mail.sa', '0555', 'العود', 'Elite', '4321']
/** Register-date ranges within the seeded year (from, to), by months back from today. */
const RANGES = [
  [12, 0],
  [6, 0],
  [3, 1],
  [1, 0],
  [9, 6],
]

const day = (monthsBack: number) => new Date(Date.now() - monthsBack * 30.4 * 86_400_000).toISOString().slice(0, 10)

/** The query string of request `i`: every filter and the search vary, and so does the page. */
function queryOf(i: number, packageIds: number[]): string {
  const [from, to] = RANGES[i % RANGES.length]!
  return new URLSearchParams({
    status: STATUSES[i % STATUSES.length]!,
    package_id: String(packageIds[(i * 7) % packageIds.length]),
    registered_from: day(from!),
    registered_to: day(to!),
    search: SEARCHES[(i * 3) % SEARCHES.length]!,
    page: String(1 + (i % 3)),
    pageSize: '15',
  }).toString()
}

async function bench(backend: Backend): Promise<void> {
  const packageIds = await seedBackend(backend, ROWS)
  const server = await startServer(backend)
  try {
    const timed = async (i: number) => {
      const query = queryOf(i, packageIds)
      const started = performance.now()
      const res = await fetch(`${server.base}${VENDORS_PATH}?${query}`, { headers: server.headers })
      const body = await res.text()
      const elapsed = performance.now() - started
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${body}`)
      const page = (JSON.parse(body) as { result: { vendors: { total: number; data: unknown[] } } }).result.vendors
      return { elapsed, query, total: page.total, shown: page.data.length }
    }
    for (let i = 0; i < WARMUP; i++) await timed(i + RUNS)
    const samples: Awaited<ReturnType<typeof timed>>[] = []
    for (let i = 0; i < RUNS; i++) samples.push(await timed(i))
    const sorted = samples.map((s) => s.elapsed).sort((a, b) => a - b)
    const totals = samples.map((s) => s.total).sort((a, b) => a - b)
    const p99 = percentile(sorted, 99)
    const goal =
      backend.kind === 'postgres' ? `goal <= ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'NOT met'}` : 'goal applies to PostgreSQL'
    console.log(`  ${RUNS} requests (+${WARMUP} warm-up), one at a time over HTTP: status + package + register dates + search, pages 1-3`)
    console.log(`  matches per request: min ${totals[0]}, median ${percentile(totals, 50)}, max ${totals.at(-1)}`)
    console.log(`  p50 ${ms(percentile(sorted, 50))}`)
    console.log(`  p95 ${ms(percentile(sorted, 95))}`)
    console.log(`  p99 ${ms(p99)}   (${goal})`)
    console.log(`  max ${ms(sorted.at(-1) ?? Number.NaN)}`)

    const byTerm = SEARCHES.map((term) => {
      const own = samples.filter((x) => new URLSearchParams(x.query).get('search') === term)
      const times = own.map((x) => x.elapsed).sort((x, y) => x - y)
      return `${term} ${percentile(times, 50).toFixed(0)}/${(times.at(-1) ?? Number.NaN).toFixed(0)}`
    })
    console.log(`  by search term, p50/max ms: ${byTerm.join(', ')}`)

    // The plan of the slowest request's main queries, to see where its time goes.
    const slowest = samples.reduce((a, b) => (b.elapsed > a.elapsed ? b : a))
    console.log(`  slowest: ${slowest.elapsed.toFixed(1)} ms, ${decodeURIComponent(slowest.query)}`)
    if (process.env.BENCH_EXPLAIN) await explain(backend, slowest.query)
  } finally {
    await server.app.close()
  }
}

/** EXPLAIN ANALYZE of the count and page queries the list runs for `query` (BENCH_EXPLAIN=1). */
async function explain(backend: Backend, query: string): Promise<void> {
  const q = Object.fromEntries(new URLSearchParams(query))
  const [from, to] = [q.registered_from, q.registered_to]
  const statuses = sql.join(
    q.status!.split(',').map((s) => sql`${s}`),
    sql`, `,
  )
  const term = `%${q.search}%`
  const where = sql`search_text ilike ${term}
    and status in (${statuses}) and package_id = ${Number(q.package_id)}
    and created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < (${`${to}T00:00:00Z`}::timestamptz + interval '1 day')`
  const offset = (Number(q.page) - 1) * 15
  for (const statement of [
    sql`explain analyze select count(*) from (select 1 from vendors where ${where} limit 10001) capped`,
    sql`explain analyze select id from vendors where ${where} order by id desc limit 15 offset ${offset}`,
  ]) {
    const result = (await backend.database.db.execute(statement)) as unknown
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[]
    for (const row of rows) console.log(`    ${Object.values(row)[0]}`)
  }
}

onEachBackend('vendors_list', bench).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
