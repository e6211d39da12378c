/**
 * The category mapping screen in a real browser on the real server (informational figures): for the
 * demo's Amazon tree (5,470 categories) and a marketplace of 50,000 imported through the API, the
 * time from opening the screen to its first rows, from pressing → (← in Arabic) on the largest
 * department to its children drawn, and from the last key of a search to its matches drawn; how
 * many rows the page holds (only those in view are drawn). Timed inside the page (the key's own
 * event to the mutation that shows the result), median of `runs`.
 *
 *   npx tsx bench/mapping-tree.ts [categories=50000] [runs=5]
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { taxonomy } from './lib/taxonomy'

const CATEGORIES = Number(process.argv[2] ?? 50_000)
const RUNS = Number(process.argv[3] ?? 5)

const root = new URL('..', import.meta.url).pathname
const { buildIsStale } = (await import(join(root, 'scripts/build-state.mjs'))) as { buildIsStale: () => boolean }
if (buildIsStale()) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })

const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const address = srv.address()
    srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})
const dataDir = mkdtempSync(join(tmpdir(), 'bench-mapping-tree-'))
const password = 'Bench#Pass2026'
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; ; i++) {
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  )
  if (up) break
  if (i > 600) throw new Error('the server did not start')
  await new Promise((r) => setTimeout(r, 100))
}

type Envelope<T> = { result: T }
const login = (await (
  await fetch(`${base}/api/admin-panal/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password }),
  })
).json()) as Envelope<{ token: string }>
const auth = { authorization: `Bearer ${login.result.token}`, lang: 'en' }
const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${base}/api/${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as Envelope<T>).result
}

// the demo's largest marketplace, and a new one with `CATEGORIES` categories imported as an admin would
const listed = await api<{ marketplaces: { data: { id: number; name: string; mapping: { categories: { total: number } } }[] } }>(
  'admin-panal/marketplaces?pageSize=50',
)
const amazon = [...listed.marketplaces.data].sort((a, b) => b.mapping.categories.total - a.mapping.categories.total)[0]!
const created = await api<{ item: { id: number } }>('admin-panal/marketplaces', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name_ar: 'سوق كبير', name_en: 'Large market', website: 'https://large.example' }),
})
const file = new FormData()
file.append('file', new Blob([JSON.stringify(taxonomy(CATEGORIES))], { type: 'application/json' }), 'taxonomy.json')
const importStarted = performance.now()
await api(`admin-panal/marketplaces/${created.item.id}/taxonomy`, { method: 'POST', body: file })
console.log(`imported ${CATEGORIES} categories through the API in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`)

/** Milliseconds from the last key pressed (its keydown, in the page) while `act` runs until `selector` matches something. */
async function timeUntil(page: Page, selector: string, act: () => Promise<void>): Promise<number> {
  const waiting = page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        let start = -1
        window.addEventListener('keydown', () => (start = performance.now()), { capture: true })
        const observer = new MutationObserver(() => {
          if (start >= 0 && document.querySelector(selector)) {
            observer.disconnect()
            resolve(performance.now() - start)
          }
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
      }),
    selector,
  )
  await act()
  return waiting
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  for (const [label, id, term] of [
    [`${amazon.name} (${amazon.mapping.categories.total} categories)`, amazon.id, 'perfume'],
    [`Large market (${CATEGORIES} categories)`, created.item.id, 'headphones'],
  ] as const) {
    const opened: number[] = []
    const expanded: number[] = []
    const searched: number[] = []
    let rows = 0
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } })
      await context.addInitScript((token) => {
        localStorage.setItem('id-token', token)
        localStorage.setItem('lang', 'en')
      }, login.result.token)
      const page = await context.newPage()
      await page.goto('/admin-panel/dashboard')
      await page.getByRole('navigation').first().waitFor()
      // opening the screen: navigation inside the app (its code already loaded once), to the first rows
      await page.evaluate(() => performance.clearMarks())
      const t0 = Date.now()
      await page.evaluate((path) => {
        history.pushState(null, '', path)
        dispatchEvent(new PopStateEvent('popstate'))
      }, `/admin-panel/marketplaces/mapping-categories/${id}/0`)
      await page.locator('[role=treeitem]').first().waitFor()
      opened.push(Date.now() - t0)
      // the first department opened from the keyboard
      const first = page.locator('[role=treeitem]').first()
      await first.focus()
      expanded.push(await timeUntil(page, '[role=treeitem][aria-level="2"]', () => page.keyboard.press('ArrowRight')))
      // a search typed into an empty box: from its last key to its matches drawn (the tree no longer busy)
      await page.getByRole('searchbox').focus()
      searched.push(
        await timeUntil(page, '[role=treeitem] mark', () => page.keyboard.type(term)).then(async (first) => {
          await page.locator('[aria-busy=true]').waitFor({ state: 'detached' })
          return first
        }),
      )
      rows = await page.locator('[role=treeitem]').count()
      await context.close()
    }
    console.log(`\n${label}, median of ${RUNS}`)
    console.log(`  open the screen to its first rows   ${ms(median(opened))}`)
    console.log(`  → on a department to its children   ${ms(median(expanded))}`)
    console.log(`  last key of a search to its matches ${ms(median(searched))}  (the find waits 300 ms for typing to pause)`)
    console.log(`  rows in the page after the search   ${String(rows).padStart(6)}`)
  }
} finally {
  await browser.close()
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
