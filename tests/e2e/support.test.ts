import { describe, expect, it } from 'vitest'
import { waitUrl, serverAndBrowser } from './harness'
import { axeViolations, fitsWidth, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('support in the browser (%s)', (lang) => {
  it('resolves shipping issues from the view and from the row, and activates a company request; the buttons go once done', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/admin-panel/support/shipping-list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')

    // from its view: the message, the new state, when and by whom, without a reload
    await page.goto('/admin-panel/support/shipping-list?resolved=0')
    const issue = page.locator('tbody tr:not([data-skeleton])').first()
    await issue.getByText(t.support.notResolved).waitFor()
    await issue.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/support\/view\/\d+$/)
    // exact: the rows' buttons (still on screen while the view loads) name their order too
    const resolve = page.getByRole('button', { name: t.support.markResolved, exact: true })
    await resolve.waitFor()
    expect(await axeViolations(page)).toEqual([])
    await resolve.click()
    await page.getByText(t.support.messages.resolved).waitFor()
    await page.getByText(t.support.fields.resolveAt).waitFor()
    await page.getByText(t.support.fields.resolved_by).waitFor()
    await expect.poll(() => resolve.count()).toBe(0)
    await page.reload()
    await page.getByText(t.support.fields.resolveAt).waitFor()
    await expect.poll(() => resolve.count()).toBe(0)

    // from its row: the row changes state and loses the button; the resolved filter then finds it
    await page.goto('/admin-panel/support/shipping-list?resolved=0')
    const open = page.locator('tbody tr:not([data-skeleton])').first()
    const orderNumber = (await open.getByRole('link').first().innerText()).trim()
    await open.getByRole('button', { name: t.support.markResolved }).click()
    await page.getByText(t.support.messages.resolved).first().waitFor()
    // the list of open issues no longer holds it
    await expect.poll(() => page.locator('tbody tr', { hasText: orderNumber }).count()).toBe(0)
    await page.goto('/admin-panel/support/shipping-list?resolved=1&sort_column=resolveAt&sort_direction=desc')
    const resolved = page.locator('tbody tr', { hasText: orderNumber })
    await resolved.getByText(t.support.resolved, { exact: true }).waitFor()
    await expect.poll(() => resolved.getByRole('button').count()).toBe(0)

    // a list both while it loads (its answer held back) and once loaded: the table owns only rows,
    // its "loading" announcement lives beside it
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin-panal/support/shipping-company-requests**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin-panel/support/shipping-company-requests-list')
    await page.locator('tbody tr[data-skeleton]').first().waitFor()
    await page.getByRole('status').filter({ hasText: t.table.loading }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    release()
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await page.unroute('**/api/admin-panal/support/shipping-company-requests**')
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/admin-panel/support/shipping-company-requests-list?activated=0')
    const request = page.locator('tbody tr:not([data-skeleton])').first()
    await request.getByText(t.support.notActivated).waitFor()
    await request.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/support\/view\/\d+\?kind=company$/)
    const activate = page.getByRole('button', { name: t.support.activate, exact: true })
    await activate.click()
    await page.getByText(t.support.messages.activated).waitFor()
    await page.getByText(t.support.fields.activatedAt).waitFor()
    await expect.poll(() => activate.count()).toBe(0)
    await page.getByText(t.support.activated, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
