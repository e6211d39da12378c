/**
 * The mapping endpoints through the real server on a marketplace of `categories` categories (ten
 * departments, each branching three levels down, product words in Arabic and English, properties
 * on the leaves), a third of them mapped, beside the demo platform categories: p50 and p99 of the
 * category list (browsing the top, a large branch and its second page; unmapped, mapped, leaves,
 * a search in each language, the next unmapped one from a random place) and of the suggestions of
 * random categories. On a fresh embedded database, and on the PostgreSQL server of
 * BENCH_DATABASE_URL or DATABASE_URL when set. Goals on PostgreSQL: list p99 <= 50 ms, suggestions
 * p99 <= 80 ms. Prints the figures; never asserts.
 *
 *   npx tsx bench/mapping.ts [categories=50000] [requests=200]
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { MAPPING_FIND_PAGE, mappingPaths } from '../src/contract/mapping'
import { categoriesSeeder } from '../server/modules/categories/seed'
import { marketplaces } from '../server/modules/marketplaces/schema'
import { applyTaxonomy, refreshMappingProgress } from '../server/modules/marketplaces/taxonomy'
import { onEachBackend, type Backend } from './lib/backends'
import { taxonomy } from './lib/taxonomy'
import { ms, percentile, startServer } from './lib/vendors'

const CATEGORIES = Number(process.argv[2] ?? 50_000)
const REQUESTS = Number(process.argv[3] ?? 200)

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

/** A fixed sequence of pseudo-random numbers (the same run to run). */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

async function bench(backend: Backend): Promise<void> {
  const db = backend.database.db
  const now = new Date()
  const noop = () => {}
  await categoriesSeeder.run({ db, clock: () => now, log: { info: noop, warn: noop }, demoPassword: '', modules: [] })
  const [marketplace] = await db
    .insert(marketplaces)
    .values({ nameAr: 'سوق', nameEn: 'Bench market', website: 'https://bench.example' })
    .returning({ id: marketplaces.id })
  const marketplaceId = marketplace!.id
  const started = performance.now()
  await applyTaxonomy({ db, clock: () => now, adminId: null }, marketplaceId, taxonomy(CATEGORIES))
  const importSeconds = (performance.now() - started) / 1000
  // a third mapped, spread over the tree
  await db.execute(sql`update marketplace_categories set mapped_category_id = (select min(id) from categories), mapped_at = now()
    where marketplace_id = ${marketplaceId} and abs(hashtext(external_id)) % 3 = 0`)
  await refreshMappingProgress(db, marketplaceId)
  if (backend.kind === 'postgres') await db.execute(sql`vacuum analyze`)
  else await db.execute(sql`analyze`)

  const ids = rowsOf(await db.execute(sql`select id from marketplace_categories where marketplace_id = ${marketplaceId} order by id`)).map(
    (r) => Number(r.id),
  )
  const [big] = rowsOf(
    await db.execute(
      sql`select id from marketplace_categories where marketplace_id = ${marketplaceId} order by children_count desc, id limit 1`,
    ),
  )
  const bigParent = Number(big!.id)
  const list = mappingPaths.categories(marketplaceId)
  const pick = random(20_261_125)
  const anyId = () => ids[Math.floor(pick() * ids.length)]!

  const server = await startServer(backend)
  async function fetchJson(path: string) {
    return fetch(`${server.base}/api/${path}`, { headers: server.headers })
  }
  try {
    const firstPage = (await (await fetchJson(`${list}?parent_id=${bigParent}&limit=5`)).json()) as { result: { next: number } }
    const page = MAPPING_FIND_PAGE
    const find = `limit=${page}`
    const unmappedNext = ((await (await fetchJson(`${list}?status=unmapped&${find}`)).json()) as { result: { next: number } }).result.next
    console.log(`\n${backend.label}: ${ids.length} categories imported in ${importSeconds.toFixed(2)} s, a third mapped`)
    const cases: [string, () => string][] = [
      ['browse the top', () => list],
      [`browse a branch (${bigParent})`, () => `${list}?parent_id=${bigParent}`],
      ['browse its second page of 5', () => `${list}?parent_id=${bigParent}&limit=5&after=${firstPage.result.next}`],
      // a find as the screen asks for it: a page of MAPPING_FIND_PAGE matches, "Show more" reads on
      [`status=unmapped (first ${page})`, () => `${list}?status=unmapped&${find}`],
      ['status=unmapped: show more', () => `${list}?status=unmapped&${find}&after=${unmappedNext}`],
      [`status=unmapped from a random place`, () => `${list}?status=unmapped&${find}&after=${anyId()}`],
      [`status=mapped (first ${page})`, () => `${list}?status=mapped&${find}`],
      [`leaves=1 (first ${page})`, () => `${list}?leaves=1&${find}`],
      ['search=headphones', () => `${list}?search=headphones&${find}`],
      ['search=D3.1.2 (a few)', () => `${list}?search=D3.1.2&${find}`],
      ['search=عطور', () => `${list}?search=${encodeURIComponent('عطور')}&${find}`],
      ['search=headphones&status=unmapped&leaves=1', () => `${list}?search=headphones&status=unmapped&leaves=1&${find}`],
      ['next unmapped (status=unmapped&after=random&limit=1)', () => `${list}?status=unmapped&limit=1&after=${anyId()}`],
      ['suggestions of a random category', () => mappingPaths.suggestions(anyId())],
      ['properties of a random category', () => mappingPaths.properties(anyId())],
    ]
    for (const [name, path] of cases) {
      const times: number[] = []
      let failures = 0
      let nodes = 0
      for (let i = 0; i < REQUESTS + 10; i++) {
        const at = performance.now()
        const res = await fetchJson(path())
        const body = (await res.json()) as { result?: { nodes?: unknown[] } }
        if (i >= 10) times.push(performance.now() - at)
        if (res.status !== 200) failures += 1
        nodes = body.result?.nodes?.length ?? nodes
      }
      times.sort((a, b) => a - b)
      console.log(
        `  ${name.padEnd(56)} p50 ${ms(percentile(times, 50))}  p99 ${ms(percentile(times, 99))}  (${nodes} nodes${failures ? `, ${failures} failed` : ''})`,
      )
    }
  } finally {
    await server.app.close()
  }
}

await onEachBackend('mapping', bench)
