import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { ScreenModule } from '../../src/views/shared/screen-module'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'
import { newPage, type RunningServer } from './harness'

/**
 * Every screen every module declares, in Arabic and English, on a desktop (1366 px) and a phone
 * (390 px): no serious or critical accessibility violation, nothing wider than the window, no
 * table that scrolls sideways nor a row's control outside the window. The
 * screens come from the modules' declarations, so a new module's screens are swept too; a screen
 * of one record is opened at the first address of its kind that a screen without parameters links to.
 * With SCREENSHOTS=<folder> each screen is also saved as a picture there.
 */

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

/** Each of `urls` at each width: `visited` is told of each page once it has settled (the desktop's pass first). */
async function sweep(
  page: Page,
  urls: string[],
  label: string,
  problems: string[],
  widths = [1366, 390],
  visited?: (page: Page) => Promise<void>,
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    for (const url of urls) {
      const where = `${label} ${width}px ${url}`
      await page.goto(url)
      const started = Date.now()
      await settled(page).catch(() => problems.push(`${where}: still loading after 20 s`))
      if (process.env.SWEEP_LOG) console.log(where, Date.now() - started, 'ms')
      await visited?.(page)
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

/**
 * The addresses a mapped marketplace category leads to (its properties, one property's mapping), from
 * the first marketplace whose category mapping a screen links to; read through the API as the admin.
 */
async function chosenCategoryLinks(page: Page, hrefs: string[]): Promise<string[]> {
  const marketplaces = [...new Set(hrefs.map((h) => /\/mapping-categories\/(\d+)\//.exec(h)?.[1]).filter((id) => id !== undefined))]
  return page.evaluate(async (ids) => {
    const get = async (path: string) => {
      const res = await fetch(`/api/${path}`, { headers: { authorization: `Bearer ${localStorage.getItem('id-token') ?? ''}` } })
      return ((await res.json()) as { result: Record<string, unknown> }).result
    }
    type Node = { id: number; mapped_to: { id: number } | null; properties_count: number }
    for (const id of ids) {
      const found = (await get(`core/mapping/categories/${id}?status=mapped&limit=200`)) as { nodes: Node[] }
      const node = found.nodes.find((n) => n.mapped_to && n.properties_count > 0)
      if (!node?.mapped_to) continue
      const { properties } = (await get(`core/mapping/properties/${node.id}`)) as { properties: { id: number }[] }
      const base = '/admin-panel/marketplaces'
      const out = [`${base}/properties/${node.id}/${node.mapped_to.id}`]
      if (properties[0]) out.push(`${base}/mapping-properties/${node.mapped_to.id}/${properties[0].id}?category=${node.id}`)
      return out
    }
    return []
  }, marketplaces)
}

/**
 * Sweeps every declared screen in `lang` (see the top of this file) and answers the problems found.
 * The admin's screens without parameters are swept on a desktop first; the links they show lead to
 * the screens of one record, swept next (whose own links may lead further), then all of them on a phone.
 */
export async function sweepEveryScreen(env: { server: RunningServer; browser: Browser }, lang: 'ar' | 'en'): Promise<string[]> {
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
    const withParameters = admins.filter((r) => !plain(r.path))
    const links = new Map<string, string>()
    const collect = async (p: Page) => {
      for (const href of await p.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
        if (!links.has(href.split('?')[0] ?? '')) links.set(href.split('?')[0] ?? '', href)
    }
    const found = new Map<string, string>()
    const swept: string[] = []
    let visit = admins.filter((r) => plain(r.path)).map((r) => r.path)
    for (let depth = 0; depth < 4 && visit.length > 0; depth++) {
      await sweep(page, visit, `${lang}-admin`, problems, [1366], collect)
      swept.push(...visit)
      // the property screens are opened from a chosen (mapped) category, not by a link on a screen's first view
      if (depth === 0) for (const href of await chosenCategoryLinks(page, [...links.keys()])) links.set(href.split('?')[0] ?? '', href)
      visit = []
      for (const r of withParameters) {
        if (found.has(r.path)) continue
        const href = [...links.keys()].find((h) => patternOf(r.path).test(h))
        if (href === undefined) continue
        found.set(r.path, links.get(href) ?? href)
        visit.push(links.get(href) ?? href)
      }
    }
    for (const r of withParameters) if (!found.has(r.path)) problems.push(`${lang}: no screen links to ${r.path}`)
    await sweep(page, swept, `${lang}-admin`, problems, [390])
  } finally {
    await context?.close()
  }
  return problems
}
