/**
 * List endpoint on a big table: seeds 1,000,000 categories in one `generate_series` statement into a
 * fresh embedded database (and into a fresh database on the PostgreSQL server of BENCH_DATABASE_URL
 * or DATABASE_URL when set), then times `GET /api/admin-panal/categories` through `app.inject` for page 1 and for the
 * deepest page the list serves, 200 runs each. Prints p50/p99 and the deep/first ratio next to the
 * goals (p99 <= 50 ms on PostgreSQL, deep/first <= 1.5), plus one unbounded deep OFFSET in SQL for
 * comparison. Never asserts.
 *
 *   npx tsx bench/list-deep-pages.ts [rows=1000000] [runs=200]
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { MAX_OFFSET } from '../server/lib/resource'
import { createMemoryMailer } from '../server/mail'
import { createAdmin } from '../server/modules/auth/service'
import { onEachBackend, type Backend } from './lib/backends'

const ROWS = Number(process.argv[2] ?? 1_000_000)
const RUNS = Number(process.argv[3] ?? 200)
const PAGE_SIZE = 15
const GOAL_P99_MS = 50
const GOAL_RATIO = 1.5

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`

async function bench({ label, database, dataDir }: Backend): Promise<void> {
  const started = performance.now()
  await database.db.execute(sql`
    insert into categories (name_ar, name_en, is_active, sort_order, created_at, updated_at)
    select 'تصنيف ' || g, 'Category ' || md5(g::text), g % 10 <> 0, g % 100,
           now() - make_interval(secs => g), now() - make_interval(secs => g)
    from generate_series(1, ${ROWS}) g`)
  // As autovacuum would leave it: statistics and the visibility map (index-only scans for OFFSET).
  await database.db.execute(sql`vacuum analyze categories`)
  console.log(`${label}: seeded ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const app = await buildApp({ db: database.db, mailer: createMemoryMailer(), config: { publicUrl: 'http://127.0.0.1', dataDir } })
  try {
    const email = `bench-${Date.now()}@example.com`
    await createAdmin(database.db, { name: 'Bench', email, password: 'Bench-password-1', userType: 'primary' }, new Date())
    const login = await app.inject({ method: 'POST', url: '/api/admin-panal/auth/login', payload: { email, password: 'Bench-password-1' } })
    const token = (JSON.parse(login.body) as { result: { token: string } }).result.token
    const headers = { authorization: `Bearer ${token}`, lang: 'en', accept: 'application/json' }

    const time = async (url: string, runs = RUNS): Promise<{ p50: number; p99: number; info: string }> => {
      const samples: number[] = []
      let info = ''
      for (let i = 0; i < runs + 10; i++) {
        const t0 = performance.now()
        const res = await app.inject({ method: 'GET', url, headers })
        const elapsed = performance.now() - t0
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
        if (i === 0) {
          const page = (
            JSON.parse(res.body) as { result: { categories: { total: number; pagesCount: number; total_is_estimate: boolean } } }
          ).result.categories
          info = `total ${page.total.toLocaleString('en')}${page.total_is_estimate ? ' (estimate)' : ''}, ${page.pagesCount} pages`
        }
        if (i >= 10) samples.push(elapsed)
      }
      samples.sort((a, b) => a - b)
      return { p50: percentile(samples, 50), p99: percentile(samples, 99), info }
    }

    const deepest = Math.floor(MAX_OFFSET / PAGE_SIZE) + 1
    const base = `/api/admin-panal/categories?pageSize=${PAGE_SIZE}`
    for (const sort of ['', '&sort_column=name&sort_direction=asc', '&sort_column=created_at&sort_direction=desc']) {
      const first = await time(`${base}&page=1${sort}`)
      const deep = await time(`${base}&page=${deepest}${sort}`)
      console.log(`  sort ${sort ? sort.slice(1) : 'default (id desc)'}: ${first.info}`)
      console.log(`    page 1        p50 ${ms(first.p50)}  p99 ${ms(first.p99)}`)
      console.log(
        `    page ${String(deepest).padEnd(8)} p50 ${ms(deep.p50)}  p99 ${ms(deep.p99)}  (deepest served page, offset ${(deepest - 1) * PAGE_SIZE})`,
      )
      console.log(
        `    deep/first p50 ${(deep.p50 / first.p50).toFixed(2)}, p99 ${(deep.p99 / first.p99).toFixed(2)} (goal <= ${GOAL_RATIO}); worst p99 ${ms(Math.max(first.p99, deep.p99))} (goal <= ${GOAL_P99_MS} ms on PostgreSQL)`,
      )
    }
    const searched = await time(`${base}&page=1&search=${encodeURIComponent('تصنيف 99999')}`, 10)
    console.log(
      `  search 'تصنيف 99999' page 1 (10 runs): p50 ${ms(searched.p50)}  max ${ms(searched.p99)}  (${searched.info}; trigram index)`,
    )

    // What an unbounded OFFSET near the end would cost (the reason for the depth cap).
    const samples: number[] = []
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now()
      await database.db.execute(sql`select id from categories order by id desc limit ${PAGE_SIZE} offset ${ROWS - PAGE_SIZE}`)
      samples.push(performance.now() - t0)
    }
    samples.sort((a, b) => a - b)
    console.log(`  (reference) unbounded OFFSET ${(ROWS - PAGE_SIZE).toLocaleString('en')} in SQL: p50 ${ms(percentile(samples, 50))}`)
  } finally {
    await app.close()
  }
}

onEachBackend('list', bench).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
