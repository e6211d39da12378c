/**
 * The vendors CSV export of 100,000 vendors: seeds them into a fresh embedded database (and into a
 * fresh database on the PostgreSQL server of BENCH_DATABASE_URL or DATABASE_URL when set), starts
 * the server in this process on 127.0.0.1 and downloads `GET /api/admin-panal/venders/export` over
 * HTTP, sampling `process.memoryUsage()` every 2 ms while it streams. Prints the time to the first
 * byte and in all, bytes and rows, and the peak growth of RSS and of the JS heap over the figures
 * before the request, for every vendor and for a quarter of them (growth that follows the row
 * count means the CSV is built in memory), next to the goal (streamed, <= 64 MB growth). Never asserts.
 *
 *   npx tsx bench/vendors-export.ts [rows=100000]
 */
import { measureDownload, SAMPLE_EVERY_MS } from './lib/download'
import { onEachBackend, type Backend } from './lib/backends'
import { mb, ms, seedBackend, startServer, VENDORS_PATH, type BenchServer } from './lib/vendors'

const ROWS = Number(process.argv[2] ?? 100_000)
const GOAL_GROWTH_MB = 64
const COLLECT_EVERY_MS = 100

const download = (server: BenchServer, query: string, collectEvery = 0) =>
  measureDownload(`${server.base}${VENDORS_PATH}/export${query ? `?${query}` : ''}`, server.headers, collectEvery)

async function bench(backend: Backend): Promise<void> {
  await seedBackend(backend, ROWS)
  const server = await startServer(backend)
  try {
    // Warm-up: the route's code paths and the database's caches.
    await download(server, 'status=inactive&registered_from=2099-01-01')
    const part = await download(server, 'status=pending')
    const all = await download(server, '')
    const retained = await download(server, '', COLLECT_EVERY_MS)
    console.log(`  node ${process.version}, server in this process, memory sampled every ${SAMPLE_EVERY_MS} ms`)
    for (const [label, e] of [
      ['pending only', part],
      ['every vendor', all],
      [`every vendor, collected every ${COLLECT_EVERY_MS} ms`, retained],
    ] as const) {
      console.log(
        `  ${label}: ${e.rows.toLocaleString('en')} rows, ${mb(e.bytes)} (${e.encoding})\n` +
          `    first byte ${ms(e.ttfb)}  in all ${ms(e.total)}  peak growth RSS ${mb(e.rss)}, heap ${mb(e.heap)}`,
      )
    }
    const streamed = all.ttfb < all.total / 4
    const growth = Math.max(all.rss, all.heap)
    const kept = retained.heap
    console.log(`  streamed: ${streamed ? 'yes' : 'NO'} (first byte at ${((all.ttfb / all.total) * 100).toFixed(0)}% of the time)`)
    const verdict = streamed && growth <= GOAL_GROWTH_MB * 1024 * 1024 ? 'met' : 'NOT met'
    console.log(`  peak growth ${mb(growth)} (goal streamed, <= ${GOAL_GROWTH_MB} MB: ${verdict})`)
    // Garbage the collector has not reached yet counts in the peak; what stays when it runs often does not.
    console.log(`  retained when collected every ${COLLECT_EVERY_MS} ms: heap ${mb(kept)}, RSS ${mb(retained.rss)}`)
  } finally {
    await server.app.close()
  }
}

onEachBackend('vendors_export', bench).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
