import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { VendorOverview, VendorPayment, VendorSubscription } from '../../src/contract/vendor-area'
import { catalogues } from '../../src/i18n/catalogue'
import { axeViolations, fill, fitsWidth, signedInAdmin } from './admin'
import { DEMO_PASSWORD, fieldLabel, newPage, serverAndBrowser, signIn, waitUrl } from './harness'

const env = serverAndBrowser()

/** A seeded demo vendor whose account signs in with the demo password. */
const VENDOR_EMAIL = 'vendor1@example.com'
const SHOTS = process.env.VENDOR_SHOTS_DIR

declare global {
  interface Window {
    printCalls?: number
  }
}

/** What the API says of the signed-in vendor, read with the page's own token. */
async function apiOf<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('id-token'))
  const res = await page.request.get(`/api/user/vendor/${path}`, { headers: { Authorization: `Bearer ${token}`, Lang: 'en' } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { result: T }).result
}

async function checkLayout(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    expect(await axeViolations(page), `${name} at ${width}`).toEqual([])
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 || e.getBoundingClientRect().left < -1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    )
    expect(await fitsWidth(page), `${name} at ${width}: ${wide.join(' | ')}`).toBe(true)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe.each(['ar', 'en'] as const)('the vendor area in the browser (%s)', (lang) => {
  const t = catalogues[lang]
  const v = t['vendor-area']

  it('a vendor signs in, sees its dashboard, prints an invoice and signs out', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, lang)
    await page.addInitScript(() => {
      window.printCalls = 0
      window.print = () => void (window.printCalls = (window.printCalls ?? 0) + 1)
    })
    // the bare address leads to the dashboard, which sends a guest to the vendor's sign-in
    await page.goto('/')
    await waitUrl(page, '**/sign-in')
    await page.getByRole('heading', { name: t.auth.userSignIn.title }).waitFor()
    await checkLayout(page, `sign-in-${lang}`)
    // its forgotten password page leads back to it
    await page.getByRole('link', { name: t.auth.signIn.forgot }).click()
    await waitUrl(page, '**/forget-password')
    await page.getByRole('link', { name: t.actions.backToSignIn }).click()
    await waitUrl(page, '**/sign-in')

    await signIn(page, VENDOR_EMAIL, DEMO_PASSWORD, t)
    await waitUrl(page, '**/dashboard')
    await page.getByTestId('store-name').waitFor()
    const { overview } = await apiOf<{ overview: VendorOverview }>(page, 'overview')
    const { payments } = await apiOf<{ payments: VendorPayment[] }>(page, 'payments')
    const { subscriptions } = await apiOf<{ subscriptions: VendorSubscription[] }>(page, 'subscriptions')

    // the store, where its subscription stands, the package's limits, the referral code
    expect(await page.getByTestId('store-name').textContent()).toBe(overview.vendor.store_name)
    await page.getByTestId('subscription-status').getByText(v.subscription.states[overview.subscription.state]).waitFor()
    if (overview.package) {
      const limits = page.getByTestId('package-limits')
      await limits.getByText(t['subscription-packages'].fields.product_count, { exact: true }).waitFor()
      expect(await limits.locator('dt').count()).toBe(13)
    }
    expect(await page.getByTestId('referral-code').textContent()).toBe(overview.vendor.referral_code)
    expect(await page.getByLabel(v.referral.link).inputValue()).toContain(`referral_code=${overview.vendor.referral_code}`)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: v.referral.copy }).click()
    await page.getByRole('status').filter({ hasText: v.referral.copiedStatus }).waitFor()

    // every payment, with its status and a rejection's reason
    if (payments.length > 0) {
      const rows = page.getByTestId('vendor-payments').locator('tbody tr')
      expect(await rows.count()).toBe(payments.length)
      const rejected = payments.find((p) => p.status === 'Rejected' && p.reason)
      if (rejected) await page.getByTestId('vendor-payments').getByText(rejected.reason!).waitFor()
    }
    await checkLayout(page, `dashboard-${lang}`)

    // an invoice prints on the A4 sheet the admin prints
    const invoiced = subscriptions.find((s) => s.invoice_number)
    if (invoiced) {
      await page.getByRole('link', { name: fill(v.invoices.printOne, { number: invoiced.invoice_number! }) }).click()
      await waitUrl(page, `**/dashboard/invoice/${invoiced.id}`)
      await page.getByRole('heading', { name: t.subscriptions.invoice.heading }).waitFor()
      await page.getByText(invoiced.invoice_number!).first().waitFor()
      await expect.poll(() => page.evaluate(() => window.printCalls)).toBe(1)
      await checkLayout(page, `invoice-${lang}`)
      await page.getByRole('link', { name: t.actions.back }).click()
      await waitUrl(page, '**/dashboard')
    }

    // a vendor's token opens no admin page
    await page.goto('/admin-panel/dashboard')
    await waitUrl(page, /\/admin-panel\/sign-in/)
    await page.goto('/dashboard')
    await page.getByTestId('store-name').waitFor()

    // sign-out ends the session and returns to the vendor's sign-in
    await page.getByTestId('vendor-sign-out').click()
    await waitUrl(page, '**/sign-in')
    expect(await page.evaluate(() => localStorage.getItem('id-token'))).toBeNull()
    await page.goto('/dashboard')
    await waitUrl(page, '**/sign-in')
    await context.close()
  })

  it("an admin's token does not open the vendor's dashboard", async () => {
    const { context, page } = await signedInAdmin(env.browser, env.server.url, lang)
    await page.goto('/dashboard')
    await waitUrl(page, '**/sign-in')
    await page.getByTestId('admin-not-vendor').waitFor()
    expect(await page.getByTestId('store-name').count()).toBe(0)
    await checkLayout(page, `admin-at-vendor-${lang}`)
    await page.getByRole('link', { name: t.app.vendorArea.toAdmin }).click()
    await waitUrl(page, '**/admin-panel/dashboard')
    await context.close()
  })

  it('a wrong password is refused with the server message', async () => {
    const { context, page } = await newPage(env.browser, env.server.url, lang)
    await page.goto('/sign-in')
    await page.getByLabel(t.fields.email).fill(VENDOR_EMAIL)
    await page.getByLabel(fieldLabel(t.fields.password)).fill('Wrong#Pass2026')
    await page.getByRole('button', { name: t.actions.signIn }).click()
    await page.getByRole('alertdialog').waitFor()
    expect(page.url()).toMatch(/\/sign-in$/)
    await context.close()
  })
})
