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

describe('contact requests in the browser', () => {
  it('filters unread messages; opening one marks it read', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'en')
    await page.getByRole('link', { name: t.nav.contact }).click()
    await waitUrl(page, '**/admin-panel/contact/list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.goto('/admin-panel/contact/list?is_read=0')
    const first = page.locator('tbody tr:not([data-skeleton])').first()
    await first.getByText(t.contact.unread).waitFor()
    const before = await page.locator('tbody tr:not([data-skeleton])').count()
    const subject = await first.locator('td').nth(2).innerText()
    await first.getByRole('link', { name: t.actions.view }).click()
    await waitUrl(page, /\/admin-panel\/contact\/view\/\d+$/)
    await page.getByRole('heading', { name: subject }).waitFor()
    await page.getByText(t.contact.read, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.actions.back }).click()
    await waitUrl(page, '**/admin-panel/contact/list')
    await page.goto('/admin-panel/contact/list?is_read=0')
    await expect.poll(() => page.locator('tbody tr:not([data-skeleton])').count()).toBe(before - 1)
    await context.close()
  })
})
