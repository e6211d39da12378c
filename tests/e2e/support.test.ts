import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, startServer, waitUrl, type RunningServer } from './harness'
import { axeViolations, signedInAdmin } from './admin'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('support in the browser', () => {
  it('resolves a shipping issue and activates a company request; the buttons go once done', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'en')
    await page.getByRole('link', { name: t.nav.shippingIssues }).click()
    await waitUrl(page, '**/admin-panel/support/shipping-list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/admin-panel/support/shipping-list?resolved=0')
    const issue = page.locator('tbody tr:not([data-skeleton])').first()
    await issue.getByText(t.support.notResolved).waitFor()
    await issue.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/support\/view\/\d+$/)
    const resolve = page.getByRole('button', { name: t.support.markResolved })
    await resolve.waitFor()
    expect(await axeViolations(page)).toEqual([])
    await resolve.click()
    await page.getByRole('status').first().waitFor()
    await resolve.waitFor({ state: 'detached' })
    await page.getByText(t.support.resolved, { exact: true }).waitFor()
    await page.reload()
    await page.getByText(t.support.fields.resolveAt).waitFor()
    expect(await resolve.count()).toBe(0)

    await page.getByRole('link', { name: t.nav.companyRequests }).click()
    await waitUrl(page, '**/admin-panel/support/shipping-company-requests-list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    await page.goto('/admin-panel/support/shipping-company-requests-list?activated=0')
    const request = page.locator('tbody tr:not([data-skeleton])').first()
    await request.getByText(t.support.notActivated).waitFor()
    await request.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/support\/view\/\d+\?kind=company$/)
    const activate = page.getByRole('button', { name: t.support.activate, exact: true })
    await activate.click()
    await activate.waitFor({ state: 'detached' })
    await page.getByText(t.support.activated, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
