import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { ScreenModule } from '../../src/views/shared/screen-module'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'
import { newPage, serverAndBrowser } from './harness'

/**
 * Every screen every module declares, in Arabic and English, on a desktop (1366 px) and a phone
 * (390 px): no serious or critical accessibility violation, nothing wider than the window, no
 * table that scrolls sideways nor a row's control outside the window. The
 * screens come from the modules' declarations, so a new module's screens are swept too; a screen
 * of one record is opened at the first address of its kind that a screen without parameters links to.
 * With SCREENSHOTS=<folder> each screen is also saved as a picture there.
 */

const env = serverAndBrowser()
const declared = import.meta.glob<ScreenModule | readonly ScreenModule[]>('../../src/views/*/module.ts', { eager: true, import: 'default' })
const routes = Object.values(declared).flatMap((m) => ([] as ScreenModule[]).concat(m as ScreenModule).flatMap((x) => x.routes))
const plain = (path: string) => !path.includes(':') && !path.includes('*')
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/?#]+')}$`)
const shots = process.env.SCREENSHOTS

/** The page has finished loading: nothing busy, no skeleton rows, no loading status. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      document.querySelector('#root')?.childElementCount !== 0 &&
      !document.querySelector('[aria-busy="true"], tr[data-skeleton]') &&
      ![...document.querySelectorAll('[role="status"]')].some((s) => /…|\.\.\./.test(s.textContent ?? '')),
    undefined,
    { timeout: 20_000 },
  )

async function sweep(page: Page, urls: string[], label: string, problems: string[]) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    for (const url of urls) {
      const where = `${label} ${width}px ${url}`
      await page.goto(url)
      const started = Date.now()
      await settled(page).catch(() => problems.push(`${where}: still loading after 20 s`))
      if (process.env.SWEEP_LOG) console.log(where, Date.now() - started, 'ms')
      for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`)
      if (!(await fitsWidth(page))) problems.push(`${where}: wider than the window`)
      // a list's rows show all they hold, their actions included, without scrolling sideways
      // (a desktop's table within its frame, a phone's rows as cards)
      const hidden = await page.evaluate(() => [
        ...[...document.querySelectorAll('table')]
          .map((t) => t.parentElement)
          .filter((frame) => frame && frame.scrollWidth > frame.clientWidth + 1)
          .map(() => 'a table scrolls sideways'),
        ...[...document.querySelectorAll('tbody a, tbody button, tbody input')]
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1))
          .map((box) => `a row's control lies outside the window at ${Math.round(box.left)}..${Math.round(box.right)}`),
      ])
      for (const problem of new Set(hidden)) problems.push(`${where}: ${problem}`)
      if (shots) {
        mkdirSync(shots, { recursive: true })
        await page.screenshot({ path: join(shots, `${label}-${width}-${url.replace(/[^a-z0-9]+/gi, '_')}.png`), fullPage: true })
      }
    }
  }
}

describe.each(['ar', 'en'] as const)('every screen (%s)', (lang) => {
  it('passes axe without serious or critical violations and fits a desktop and a phone', async () => {
    const problems: string[] = []
    let context: BrowserContext | undefined
    try {
      // guests' screens, signed out (a reset link with a token that is not valid shows its own state)
      const guest = await newPage(env.browser, env.server.url, lang)
      context = guest.context
      const guestUrls = routes
        .filter((r) => r.access === 'guest' || r.access === 'public')
        .map((r) => (plain(r.path) ? r.path : r.path.replace(/:[a-zA-Z]+/g, 'not-a-token')))
      await sweep(guest.page, guestUrls, `${lang}-guest`, problems)
      await context.close()

      const { context: signedIn, page } = await signedInAdmin(env.browser, env.server.url, lang)
      context = signedIn
      const admins = routes.filter((r) => (r.access ?? 'admin') === 'admin')
      const lists = admins.filter((r) => plain(r.path)).map((r) => r.path)
      // a record's screens: the first address of each kind that the screens without parameters link to
      const links = new Set<string>()
      for (const url of lists) {
        await page.goto(url)
        await settled(page)
        for (const href of await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
          links.add(href.split('?')[0] ?? '')
      }
      const records = admins
        .filter((r) => !plain(r.path))
        .map((r) => {
          const found = [...links].find((href) => patternOf(r.path).test(href))
          if (!found) problems.push(`${lang}: no screen links to ${r.path}`)
          return found
        })
        .filter((url): url is string => url !== undefined)
      await sweep(page, [...lists, ...records], `${lang}-admin`, problems)
    } finally {
      await context?.close()
    }
    expect(problems).toEqual([])
  }, 600_000)
})
