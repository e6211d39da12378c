/**
 * A download measured as a client sees it and as the server's process pays for it (the server runs
 * in the benchmark's process): time to the first byte and in all, bytes and lines, and the peak
 * growth of RSS and of the JS heap over the figures before the request.
 */
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

const SAMPLE_EVERY_MS = 2

// A collection before each download, so its growth is measured from a settled heap.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

export type Download = { ttfb: number; total: number; bytes: number; rows: number; rss: number; heap: number; encoding: string }

/**
 * Downloads `url`, sampling memory every 2 ms; with `collectEvery` (ms) it also forces a collection
 * that often, so the heap figure is what is retained, not garbage. The client keeps nothing.
 */
export async function measureDownload(url: string, headers: Record<string, string>, collectEvery = 0): Promise<Download> {
  gc()
  const before = process.memoryUsage()
  let peakRss = before.rss
  let peakHeap = before.heapUsed
  let ticks = 0
  const sample = () => {
    ticks += 1
    if (collectEvery && ticks % Math.round(collectEvery / SAMPLE_EVERY_MS) === 0) gc()
    const now = process.memoryUsage()
    peakRss = Math.max(peakRss, now.rss)
    peakHeap = Math.max(peakHeap, now.heapUsed)
  }
  const timer = setInterval(sample, SAMPLE_EVERY_MS)
  try {
    const started = performance.now()
    const res = await fetch(url, { headers: { ...headers, accept: 'text/csv' } })
    if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`)
    let ttfb = Number.NaN
    let bytes = 0
    let lines = 0
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      if (Number.isNaN(ttfb)) ttfb = performance.now() - started
      bytes += chunk.byteLength
      for (const byte of chunk) if (byte === 10) lines += 1
    }
    const total = performance.now() - started
    sample()
    return {
      ttfb,
      total,
      bytes,
      rows: lines - 1,
      rss: peakRss - before.rss,
      heap: peakHeap - before.heapUsed,
      encoding: res.headers.get('content-encoding') ?? 'identity',
    }
  } finally {
    clearInterval(timer)
  }
}

export { SAMPLE_EVERY_MS }
