import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest'
import type { Catalogue } from '../../src/i18n/catalogue'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../server/db'
import { admins, passwordResets } from '../../server/modules/auth/schema'
import { hashToken } from '../../server/lib/crypto'

const repoRoot = new URL('../..', import.meta.url).pathname

export const ADMIN = { email: 'owner@example.com', password: 'Owner#Pass2026', name: 'مدير المنصة' }
export const DEMO_PASSWORD = 'Demo#Pass2026'
export const INACTIVE_ADMIN = 'fahad.inactive@example.com'
/** A reset link that expired an hour ago, planted before the server starts. */
export const EXPIRED_TOKEN = 'expired-reset-token-for-browser-tests-0000000000'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void>; outbox: () => Promise<OutboxMail[]> }
type OutboxMail = { to: string; subject: string; text: string; html: string; date: string }

async function plantExpiredLink(dataDir: string) {
  const database = await openDatabase({ dataDir })
  try {
    const [owner] = await database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email))
    if (!owner) throw new Error('primary admin missing')
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await database.db.insert(passwordResets).values({
      identity: 'admin',
      subjectId: owner.id,
      email: ADMIN.email,
      tokenHash: hashToken(EXPIRED_TOKEN),
      expiresAt: new Date(past.getTime() + 60 * 60 * 1000),
      createdAt: past,
    })
  } finally {
    await database.close()
  }
}

function launch(dataDir: string, port: number): { child: ChildProcess; ready: Promise<void>; logs: string[] } {
  const logs: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_FAILED_LOGIN_MAX: '1000',
      RATE_LIMIT_FORGOT_MAX: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
  const ready = (async () => {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    throw new Error(`server not healthy in time:\n${logs.join('')}`)
  })()
  return { child, ready, logs }
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })

/**
 * The real server on a fresh embedded database and a free port, serving the built web app.
 * It starts once to create the primary admin and demo data, stops, gets an expired reset link
 * planted, and starts again.
 */
async function startServer(): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-'))
  const port = await freePort()
  const first = launch(dataDir, port)
  await first.ready
  await stopChild(first.child)
  await plantExpiredLink(dataDir)
  const second = launch(dataDir, port)
  await second.ready
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    dataDir,
    async stop() {
      await stopChild(second.child)
      await rm(dataDir, { recursive: true, force: true })
    },
    async outbox() {
      const dir = join(dataDir, 'outbox')
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort()
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxMail))
    },
  }
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS })
}

/** A fresh browser profile (own storage) in the given language. */
export async function newPage(browser: Browser, baseURL: string, lang?: 'ar' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  if (lang)
    await context.addInitScript((l) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', l)
    }, lang)
  const page = await context.newPage()
  recordForFailure(page)
  return { context, page }
}

/**
 * What the page did, printed when the test fails: the addresses it went to, the requests that
 * failed or answered 5xx, its errors and the console's, each with the seconds since the page opened.
 * A failure on a busy CI machine then says where the page stood.
 */
function recordForFailure(page: Page) {
  const opened = Date.now()
  const events: string[] = []
  const note = (line: string) => events.push(`${((Date.now() - opened) / 1000).toFixed(1)}s ${line}`)
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`at ${frame.url()}`))
  page.on('pageerror', (error) => note(`page error: ${error.message}`))
  page.on('console', (message) => message.type() === 'error' && note(`console: ${message.text()}`))
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  // the writes it sent, and every answer of the API that was not a success
  page.on(
    'request',
    (request) => request.method() !== 'GET' && request.url().includes('/api/') && note(`sent ${request.method()} ${request.url()}`),
  )
  page.on(
    'response',
    (response) =>
      (response.status() >= 500 || (response.status() >= 400 && response.url().includes('/api/'))) &&
      note(`${response.status()} ${response.request().method()} ${response.url()}`),
  )
  page.on('close', () => note('page closed'))
  try {
    onTestFailed(async () => {
      note(`failed at ${page.isClosed() ? '(closed)' : page.url()}`)
      // what the screen said at the end: its alerts, the fields marked invalid, where the focus was
      const screen = page.isClosed()
        ? null
        : await page
            .evaluate(() => ({
              alerts: [...document.querySelectorAll('[role=alert], [role=status]')].map((e) => e.textContent?.trim()).filter(Boolean),
              invalid: [...document.querySelectorAll('[aria-invalid=true]')].map((e) => e.getAttribute('name') ?? e.id),
              focus: [
                document.activeElement?.tagName,
                document.activeElement?.getAttribute('name') ?? document.activeElement?.id,
                document.activeElement?.textContent?.trim().slice(0, 40),
              ].join(' '),
            }))
            .catch(() => null)
      if (screen) note(`screen: ${JSON.stringify(screen)}`)
      console.error(`What the page did:\n  ${events.join('\n  ')}`)
    })
  } catch {
    // opened outside a test (a hook): nothing to attach to
  }
}

/** Waits until the address matches: a glob (`**` for anything) or a regular expression. */
export const waitUrl = async (page: Page, url: string | RegExp) => {
  const pattern =
    typeof url === 'string'
      ? new RegExp(
          `^${url
            .split('**')
            .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        )
      : url
  await expect.poll(() => page.url()).toMatch(pattern)
}

/** A field's label exactly, with or without the asterisk of a required field. */
export const fieldLabel = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, email: string, password: string, t: Catalogue) {
  await page.getByLabel(t.fields.email).fill(email)
  await page.getByLabel(fieldLabel(t.fields.password)).fill(password)
  await page.getByRole('button', { name: t.actions.signIn }).click()
}

/** The file's server (fresh database) and browser, started before its tests and stopped after them. */
export function serverAndBrowser(): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    // without a build the server answers no page, and every test would wait on a sign-in form in vain
    if (!existsSync(join(repoRoot, 'dist', 'index.html')))
      throw new Error('No build of the web app: run `npm run build` first (`npm test` does it when the build is stale).')
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet')
      return server
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet')
      return browser
    },
  }
}
