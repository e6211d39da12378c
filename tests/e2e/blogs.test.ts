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

describe('blogs in the browser', () => {
  it('creates a post with rich Arabic and English bodies, finds it by search and edits it', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'ar')
    await page.getByRole('link', { name: t.nav.blogs }).click()
    await waitUrl(page, '**/admin-panel/blogs/list')
    await page.locator('tbody tr').first().waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('link', { name: t.blogs.add }).click()
    await waitUrl(page, '**/admin-panel/blogs/create')
    await page.getByLabel(t.articles.fields.title_ar).fill('نصائح الشحن')
    await page.getByLabel(t.articles.fields.title_en).fill('Shipping tips')
    await typeRich(page, t.articles.fields.body_ar, 'غلّف منتجاتك جيدًا')
    await typeRich(page, t.articles.fields.body_en, 'Pack your products well')
    await page.getByLabel(t.articles.fields.seo_link_ar).fill('نصائح-الشحن')
    await page.getByLabel(t.articles.fields.seo_link_en).fill('Shipping Tips')
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByText(t.validation.slug).waitFor()
    expect(await page.getByRole('textbox', { name: t.articles.fields.body_en, exact: true }).getAttribute('dir')).toBe('ltr')
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel(t.articles.fields.seo_link_en).fill('shipping-tips')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, '**/admin-panel/blogs/list')

    await page.getByTestId('table-search').fill('الشحن')
    await waitUrl(page, /search=/)
    const row = page.locator('tbody tr', { hasText: 'نصائح الشحن' })
    await row.waitFor()
    await row.getByRole('link', { name: t.actions.edit }).click()
    await waitUrl(page, /\/admin-panel\/blogs\/edit\/\d+$/)
    await expect.poll(() => page.getByLabel(t.articles.fields.title_en).inputValue()).toBe('Shipping tips')
    await page.getByLabel(t.articles.fields.title_ar).fill('نصائح شحن محدثة')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/blogs\/list/)
    await page.getByRole('link', { name: 'نصائح شحن محدثة' }).waitFor()
    await context.close()
  })
})
