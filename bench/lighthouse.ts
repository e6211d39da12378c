/**
 * Lighthouse (its mobile defaults: a mid-range phone, 4x CPU slowdown, slow 4G) on a first visit to
 * the sign-in page (Arabic, the default) served by the real server from the built app, three runs; prints
 * the median score per category and the median of each paint metric against the goal (performance
 * >= 90). Lighthouse is fetched by npx at a pinned version (it is not a dependency of the product).
 * Asserts nothing.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const LIGHTHOUSE = 'lighthouse@12.8.2'
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const root = new URL('..', import.meta.url).pathname
const { buildIsStale } = (await import(join(root, 'scripts/build-state.mjs'))) as { buildIsStale: () => boolean }
if (buildIsStale()) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })

const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const address = srv.address()
    srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})
const work = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    ADMIN_PASSWORD: 'Bench#Pass2026',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break
  if (i > 600) throw new Error('the server did not start')
  await new Promise((r) => setTimeout(r, 100))
}

type Report = { categories: Record<string, { score: number }>; audits: Record<string, { numericValue?: number }> }
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ')

function lighthouse(url: string, run: number): Report {
  const out = join(work, `run-${run}.json`)
  const result = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      `--chrome-flags=${chromeFlags}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${out}`,
    ],
    {
      cwd: work,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}`)
  return JSON.parse(readFileSync(out, 'utf8')) as Report
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

try {
  {
    const reports = Array.from({ length: RUNS }, (_, run) => lighthouse(`${base}/admin-panel/sign-in`, run))
    const score = (category: string) => Math.round(100 * median(reports.map((r) => r.categories[category]?.score ?? 0)))
    const metric = (audit: string) => median(reports.map((r) => r.audits[audit]?.numericValue ?? Number.NaN))
    const performance = score('performance')
    console.log(`\nsign-in, first visit, median of ${RUNS} Lighthouse runs (mobile defaults):`)
    console.log(`  performance     ${performance}  (goal >= 90: ${performance >= 90 ? 'met' : 'NOT met'})`)
    for (const category of ['accessibility', 'best-practices', 'seo']) console.log(`  ${category.padEnd(15)} ${score(category)}`)
    console.log(`  FCP  ${(metric('first-contentful-paint') / 1000).toFixed(2)} s`)
    console.log(`  LCP  ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s`)
    console.log(`  TBT  ${Math.round(metric('total-blocking-time'))} ms`)
    console.log(`  CLS  ${metric('cumulative-layout-shift').toFixed(3)}`)
    console.log(`  SI   ${(metric('speed-index') / 1000).toFixed(2)} s`)
  }
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(work, { recursive: true, force: true })
}
