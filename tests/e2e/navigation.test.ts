import { describe, expect, it } from 'vitest'
import { catalogues } from '../../src/i18n/catalogue'

const { ar } = catalogues
import { axeViolations, fitsWidth, signedInAdmin } from './admin'
import { DEMO_PASSWORD, newPage, signIn, waitUrl, serverAndBrowser } from './harness'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('the admin menu (%s)', (lang) => {
  it('groups the modules in one row; a group opens by keyboard and marks the current one', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    // a common laptop's width
    await page.setViewportSize({ width: 1366, height: 800 })
    const nav = page.getByRole('navigation', { name: t.nav.menu })
    await nav.getByRole('link', { name: t.nav.dashboard }).waitFor()
    // one row of entries: the header stays as tall as its logo row
    await expect.poll(() => page.locator('header').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(80)
    expect(await fitsWidth(page)).toBe(true)
    // at a smaller laptop's width the entries never run under the language switch and the account menu
    await page.setViewportSize({ width: 1280, height: 800 })
    const switches = nav.locator('xpath=following-sibling::div[1]')
    const [row, side] = await Promise.all([nav.boundingBox(), switches.boundingBox()])
    if (lang === 'ar') expect(row!.x).toBeGreaterThanOrEqual(side!.x + side!.width - 1)
    else expect(row!.x + row!.width).toBeLessThanOrEqual(side!.x + 1)
    // narrower, what the row does not hold is under "More" at its end: chosen there, "More" is marked current
    await page.setViewportSize({ width: 1000, height: 800 })
    const more = nav.getByRole('button', { name: t.nav.more })
    await more.waitFor()
    expect(await nav.getByRole('link', { name: t.flows.menu }).count()).toBe(0)
    const [narrowRow, narrowSide] = await Promise.all([nav.boundingBox(), switches.boundingBox()])
    if (lang === 'ar') expect(narrowRow!.x).toBeGreaterThanOrEqual(narrowSide!.x + narrowSide!.width - 1)
    else expect(narrowRow!.x + narrowRow!.width).toBeLessThanOrEqual(narrowSide!.x + 1)
    const lastInRow = await nav.locator(':scope > a, :scope > button').last().boundingBox()
    if (lang === 'ar') expect(lastInRow!.x).toBeGreaterThanOrEqual(narrowRow!.x - 1)
    else expect(lastInRow!.x + lastInRow!.width).toBeLessThanOrEqual(narrowRow!.x + narrowRow!.width + 1)
    await more.click()
    const flows = page.getByRole('menuitem', { name: t.flows.menu })
    await flows.waitFor()
    // a menu longer than the window stays within it and scrolls inside itself (its last entries were below the window's edge)
    const menu = page.getByRole('menu').filter({ has: flows })
    expect(await menu.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true)
    // while "More" is open the row keeps what it holds, even when its width changes under the pointer
    const offered = await page.getByRole('menuitem').count()
    const inRow = () => nav.locator(':scope > a, :scope > button').count()
    const heldInRow = await inRow()
    await page.setViewportSize({ width: 820, height: 800 })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.getByRole('menuitem').count()).toBe(offered)
    expect(await inRow()).toBe(heldInRow)
    await flows.click()
    await waitUrl(page, '**/admin-panel/flows')
    // once it closes, the row is measured again: the narrower row holds fewer
    await expect.poll(inRow).toBeLessThan(heldInRow)
    await page.setViewportSize({ width: 1000, height: 800 })
    await expect.poll(() => more.getAttribute('data-current')).not.toBeNull()
    await page.setViewportSize({ width: 1366, height: 800 })
    // the wider row is measured again: it holds more than at 1,000 px
    await expect.poll(inRow).toBeGreaterThan(heldInRow)

    // the first group of the row (the notifications bell leaves English fewer groups than Arabic)
    // held by its name: the row is measured again for the wider window and may still change after this
    const firstGroup = (await nav.locator(':scope > button[aria-haspopup]').first().textContent())!.trim()
    const group = nav.getByRole('button', { name: firstGroup, exact: true })
    await group.click()
    const first = page.getByRole('menuitem').first()
    await first.click()
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/admin-panel/flows')
    await expect.poll(() => group.getAttribute('data-current')).not.toBeNull()
    await expect.poll(() => nav.getByRole('link', { name: t.nav.dashboard }).getAttribute('aria-current')).toBeNull()
    await expect.poll(() => more.getAttribute('data-current')).toBeNull()

    await group.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect.poll(() => group.evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })

  it('on a phone the menu is a panel from the inline start; choosing closes it, Escape gives focus back', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.setViewportSize({ width: 390, height: 844 })
    const button = page.getByRole('button', { name: t.nav.openMenu })
    await button.click()
    const panel = page.getByRole('dialog', { name: t.nav.menu })
    await panel.getByRole('link', { name: t.blogs.menu }).waitFor()
    const box = await panel.evaluate((el) => el.getBoundingClientRect())
    // right edge in Arabic, left edge in English
    if (lang === 'ar') expect(Math.round(box.right)).toBe(390)
    else expect(Math.round(box.left)).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await panel.getByRole('link', { name: t.blogs.menu }).click()
    await waitUrl(page, '**/admin-panel/blogs/list')
    await panel.waitFor({ state: 'hidden' })
    // once the rows are in: a table wider than the phone scrolls inside its own box, not the page
    await page.locator('table:not([aria-busy]) tbody tr').first().waitFor()
    expect(await fitsWidth(page)).toBe(true)

    await button.click()
    await panel.waitFor()
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'hidden' })
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })
})

describe('the admin menu of a sub admin', () => {
  it('shows only the modules the role may view', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, 'ar')
    await page.goto('/admin-panel/sign-in')
    await signIn(page, 'sara.subadmin@example.com', DEMO_PASSWORD, ar)
    await waitUrl(page, '**/admin-panel/dashboard')
    const nav = page.getByRole('navigation', { name: ar.nav.menu })
    await nav.getByRole('button', { name: ar.nav.groups.catalog }).click()
    await page.getByRole('menuitem', { name: ar.categories.menu }).waitFor()
    // the demo role views categories and marketplaces of the catalogue, not properties
    await expect.poll(() => page.getByRole('menuitem').allInnerTexts()).toEqual([ar.categories.menu, ar.marketplaces.menu])
    await page.keyboard.press('Escape')
    await expect.poll(() => nav.getByRole('button', { name: ar.nav.groups.support }).count()).toBe(0)
    await context.close()
  })
})
