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

describe('terms and conditions in the browser', () => {
  it('edits and saves both texts; the saved text comes back after a reload', async () => {
    const { context, page, t } = await signedInAdmin(browser, server.url, 'ar')
    await page.getByRole('link', { name: t.nav.terms }).click()
    await waitUrl(page, '**/admin-panel/terms-conditions')
    const english = page.getByRole('textbox', { name: t.terms.fields.terms_en, exact: true })
    await english.waitFor()
    expect(await english.getAttribute('dir')).toBe('ltr')
    expect(await axeViolations(page)).toEqual([])
    await typeRich(page, t.terms.fields.terms_en, ' Updated clause.')
    await page.getByRole('button', { name: t.actions.save }).click()
    await page.getByRole('status').getByText(/./).first().waitFor()
    await page.reload()
    await expect.poll(() => english.innerText()).toContain('Updated clause.')
    await context.close()
  })
})
