import { appendFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest'
import type { Catalogue } from '../../src/i18n/catalogue'
import { repoRoot, startServer, type RunningServer } from './server'

export { ADMIN, DEMO_PASSWORD, EXPIRED_TOKEN, INACTIVE_ADMIN, type RunningServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded data dir the browser suite's servers start on a copy of (tests/e2e/global-setup.ts). */
    e2eSeeded: string
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
      const report = `What the page did:\n  ${events.join('\n  ')}`
      console.error(report)
      mkdirSync(join(repoRoot, '.test-results'), { recursive: true })
      // kept for the end of `npm test`'s log too, where a long run's failure is read first
      appendFileSync(join(repoRoot, '.test-results', 'page-reports.txt'), `${expect.getState().currentTestName ?? 'a test'}\n${report}\n\n`)
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
    ;[server, browser] = await Promise.all([startServer(inject('e2eSeeded')), launchBrowser()])
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
