import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, startServer, waitUrl, type RunningServer } from './harness'
import { axeViolations, signedInAdmin, typeRich } from './admin'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('content pages in the browser', () => {
  it('creates a page and deletes it after confirmation', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'en')
    await page.getByRole('link', { name: t.nav.contents }).click()
    await waitUrl(page, '**/admin-panel/contents/list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.contents.add }).click()
    await waitUrl(page, '**/admin-panel/contents/create')
    await page.getByRole('button', { name: t.actions.save }).click()
    expect(await page.getByText(t.validation.required).count()).toBeGreaterThan(1)
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(t.articles.fields.title_ar).fill('سياسة الإرجاع')
    await page.getByLabel(t.articles.fields.title_en).fill('Returns policy')
    await typeRich(page, t.articles.fields.body_ar, 'يمكن إرجاع المنتج خلال ١٤ يومًا')
    await typeRich(page, t.articles.fields.body_en, 'Products can be returned within 14 days')
    await page.getByLabel(t.articles.fields.seo_link_ar).fill('سياسة-الإرجاع')
    await page.getByLabel(t.articles.fields.seo_link_en).fill('returns-policy')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/contents/list')

    await page.getByTestId('table-search').fill('Returns')
    await waitUrl(page, /search=/)
    const row = page.locator('tbody tr', { hasText: 'Returns policy' })
    await row.waitFor()
    await row.getByRole('button', { name: t.actions.delete }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: t.actions.yes }).click()
    await page.getByText(t.table.emptyFiltered).waitFor()
    await context.close()
  })
})
