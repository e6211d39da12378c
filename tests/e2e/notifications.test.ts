import type { APIRequestContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { registrationPaths } from '../../src/contract/registration'
import { axeViolations, fitsWidth, PNG_1X1, signedInAdmin } from './admin'
import { serverAndBrowser, waitUrl } from './harness'

/**
 * Notifications in the browser (issue 14), in Arabic and English: an admin signed in in one browser
 * context sees the bell's count go up and the notification appear live when a vendor registers from
 * another context, opens it from the panel and lands on the vendor; the panel closes with Escape and
 * gives focus back to the bell; the full list shows it. axe finds nothing serious on the way.
 */

const env = serverAndBrowser()
const PASSWORD = 'Vendor#Pass2026'
let serial = 0

/** Registers a vendor through the public registration's API, as the wizard does, from `request` (another context). */
async function registerVendor(request: APIRequestContext, storeName: string): Promise<number> {
  const api = (path: string) => `/api/${path}`
  const id = `${Date.now().toString(36).slice(-5)}${(serial += 1)}`
  const options = await (await request.get(api(registrationPaths.options), { headers: { Lang: 'en' } })).json()
  const packages = options.result.options?.packages ?? options.result.packages
  const pkg = packages.find((p: { package_type: string }) => p.package_type === 'FREE_TRIAL') ?? packages[0]
  const marketplaces = (options.result.options?.marketplaces ?? options.result.marketplaces ?? [])
    .slice(0, 1)
    .map((m: { id: number }) => m.id)
  const draft = await (await request.post(api(registrationPaths.drafts), { data: {} })).json()
  const token = draft.result.draft.token as string
  const store = await request.put(api(registrationPaths.store(token)), {
    data: {
      store_name: storeName,
      company_name: `Company ${id}`,
      commercial_registration: '1010123456',
      commercial_registration_expiry: `${new Date().getFullYear() + 1}-06-30`,
      phone: '+966500000123',
      email: `notified-${id}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      subdomain: `notified-${id}`,
      tax_no: '300000000000003',
      marketplaces,
    },
  })
  expect(store.status(), await store.text()).toBe(200)
  expect((await request.put(api(registrationPaths.package(token)), { data: { package_id: pkg.id } })).status()).toBe(200)
  if (pkg.package_type !== 'FREE_TRIAL') {
    const sent = await request.post(api(registrationPaths.transfer(token)), {
      multipart: { method: 'BANK_TRANSFER', payment_file: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 } },
    })
    expect(sent.status(), await sent.text()).toBe(200)
  }
  const done = await request.post(api(registrationPaths.complete(token)), { data: {} })
  expect(done.status(), await done.text()).toBe(201)
  return (await done.json()).result.vendor.id as number
}

const bell = (page: Page) => page.getByTestId('notifications-bell')

describe.each(['ar', 'en'] as const)('notifications in the browser (%s)', (lang) => {
  it('a registration in another context reaches the bell live; its notification leads to the vendor', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const n = t.notifications

    // everything so far read, from the panel; the panel says the stream is live
    await bell(page).click()
    const panel = page.getByRole('dialog', { name: n.latest })
    await panel.waitFor()
    await expect.poll(() => panel.getByTestId('notifications-connection').innerText()).toBe(n.live)
    await panel.getByRole('button', { name: n.markAllRead }).click()
    await expect.poll(() => page.getByTestId('notifications-count').count()).toBe(0)
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await bell(page).evaluate((el) => el === document.activeElement)).toBe(true)

    // a visitor registers in another browser context
    const visitor = await env.browser.newContext({ baseURL: env.server.url })
    const storeName = lang === 'ar' ? `متجر الإشعار ${serial + 1}` : `Notified Store ${serial + 1}`
    const vendorId = await registerVendor(visitor.request, storeName)
    await visitor.close()

    // live: the count goes up without a reload, and the bell says so in its name
    await expect.poll(() => page.getByTestId('notifications-count').innerText(), { timeout: 10_000 }).toBe('1')
    expect(await bell(page).getAttribute('aria-label')).toBe(t.nav.notificationsUnread_one)

    await bell(page).click()
    // the store's name is isolated from the sentence's direction (FSI … PDI around it)
    const [before, after] = n.texts.vendor_registered.split('{{name}}').map((part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    const link = panel.getByRole('link', { name: new RegExp(`${before}\u2068?${storeName}\u2069?${after}`) })
    await link.waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(await fitsWidth(page)).toBe(true)
    await link.click()
    await waitUrl(page, `**/admin-panel/venders/view/${vendorId}`)
    await expect.poll(() => page.getByTestId('notifications-count').count()).toBe(0)

    // the full list has it, read
    await page.goto('/admin-panel/notifications')
    const row = page.locator('tbody tr', { hasText: storeName }).first()
    await row.waitFor()
    await row.getByText(n.read, { exact: true }).waitFor()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
