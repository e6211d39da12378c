/**
 * A marketplace taxonomy import through the real server: a tree of `categories` categories (ten
 * departments, each branching three levels down) with two properties per leaf and three values
 * for one of them, sent as a JSON upload, then the same file again (nothing to change), then a
 * file with a tenth of the names changed and a twentieth of the leaves gone. On a fresh embedded
 * database, and on the PostgreSQL server of BENCH_DATABASE_URL or DATABASE_URL when set. Prints
 * the time of each run, the upload's size and the server process's peak memory; never asserts.
 *
 *   npx tsx bench/taxonomy-import.ts [categories=50000]
 */
import { performance } from 'node:perf_hooks'
import { marketplaceTaxonomyPath, type TaxonomyFile } from '../src/contract/marketplaces'
import { marketplaces } from '../server/modules/marketplaces/schema'
import { onEachBackend, type Backend } from './lib/backends'
import { startServer } from './lib/vendors'

const CATEGORIES = Number(process.argv[2] ?? 50_000)

/** A tree of about `count` categories: departments, then 3 levels of children, breadth first. */
function taxonomy(count: number, variant: number): TaxonomyFile {
  const categories: TaxonomyFile['categories'] = []
  const queue: { id: string; depth: number }[] = []
  for (let d = 0; d < 10 && categories.length < count; d++) {
    categories.push({ id: `D${d}`, parent_id: null, name_ar: `قسم ${d}`, name_en: `Department ${d}` })
    queue.push({ id: `D${d}`, depth: 0 })
  }
  const fanout = Math.ceil(Math.cbrt(count / 10))
  while (queue.length > 0 && categories.length < count) {
    const parent = queue.shift()!
    for (let i = 0; i < fanout && categories.length < count; i++) {
      const id = `${parent.id}.${i}`
      const renamed = variant > 0 && categories.length % 10 === 0 ? ' (renamed)' : ''
      categories.push({ id, parent_id: parent.id, name_ar: `فئة ${id}${renamed}`, name_en: `Category ${id}${renamed}` })
      if (parent.depth < 2) queue.push({ id, depth: parent.depth + 1 })
    }
  }
  const leaves = new Set(categories.map((c) => c.id))
  for (const c of categories) if (c.parent_id) leaves.delete(c.parent_id)
  // the second variant drops every twentieth leaf
  const kept = variant > 0 ? categories.filter((c, i) => !(leaves.has(c.id) && i % 20 === 0)) : categories
  const properties: NonNullable<TaxonomyFile['properties']> = []
  for (const c of kept) {
    if (!leaves.has(c.id)) continue
    properties.push({
      id: 'color',
      category_id: c.id,
      name_ar: 'اللون',
      name_en: 'Colour',
      type: 'SELECT',
      required: true,
      values: [
        { id: 'black', value_ar: 'أسود', value_en: 'Black' },
        { id: 'white', value_ar: 'أبيض', value_en: 'White' },
        { id: 'red', value_ar: 'أحمر', value_en: 'Red' },
      ],
    })
    properties.push({ id: 'weight', category_id: c.id, name_ar: 'الوزن', name_en: 'Weight', type: 'NUMBER' })
  }
  return { categories: kept, properties }
}

function upload(file: TaxonomyFile): { body: Buffer; type: string } {
  const boundary = '----bench-taxonomy'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="taxonomy.json"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    Buffer.from(JSON.stringify(file)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

async function bench(backend: Backend): Promise<void> {
  const [marketplace] = await backend.database.db
    .insert(marketplaces)
    .values({ nameAr: 'سوق', nameEn: 'Bench market', website: 'https://bench.example' })
    .returning({ id: marketplaces.id })
  const server = await startServer(backend)
  try {
    let peak = process.memoryUsage().rss
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
    const runs: [string, TaxonomyFile][] = [
      ['first import', taxonomy(CATEGORIES, 0)],
      ['same file again', taxonomy(CATEGORIES, 0)],
      ['a tenth renamed, a twentieth of the leaves gone', taxonomy(CATEGORIES, 1)],
    ]
    console.log(`\n${backend.label}`)
    for (const [name, file] of runs) {
      const { body, type } = upload(file)
      const started = performance.now()
      const res = await fetch(`${server.base}/api/${marketplaceTaxonomyPath(marketplace!.id)}`, {
        method: 'POST',
        headers: { ...server.headers, 'content-type': type },
        body: new Uint8Array(body),
      })
      const answer = (await res.json()) as { result?: Record<string, { added: number; changed: number; removed: number; total: number }> }
      const seconds = (performance.now() - started) / 1000
      const counts = answer.result
        ? Object.entries(answer.result)
            .map(([kind, c]) => `${kind} +${c.added} ~${c.changed} -${c.removed} (${c.total})`)
            .join(', ')
        : JSON.stringify(answer).slice(0, 200)
      console.log(`  ${name}: ${res.status} in ${seconds.toFixed(2)} s, ${(body.length / 1024 / 1024).toFixed(1)} MB uploaded; ${counts}`)
    }
    clearInterval(sampler)
    console.log(`  peak memory of the process (server and bench together): ${(peak / 1024 / 1024).toFixed(0)} MB`)
  } finally {
    await server.app.close()
  }
}

await onEachBackend('taxonomy', bench)
