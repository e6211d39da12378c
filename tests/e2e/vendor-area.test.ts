import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { VendorOverview, VendorPayment, VendorSubscription } from '../../src/contract/vendor-area'
import { catalogues } from '../../src/i18n/catalogue'
import { axeViolations, fill, fitsWidth, signedInAdmin } from './admin'
import { DEMO_PASSWORD, fieldLabel, newPage, serverAndBrowser, signIn, waitUrl } from './harness'

const env = serverAndBrowser()

/** A seeded demo vendor whose account signs in with the demo password. */
const VENDOR_EMAIL = 'vendor1@example.com'
/** A 1×1 PNG: the bank transfer's receipt. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
/** The demo vendors a renewal test took (each language takes its own). */
const renewing = new Set<string>()
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

/** A demo vendor (2 to 10) that may renew now: not stopped, no payment awaiting approval, not taken by another test. */
async function renewableVendor(page: Page): Promise<string> {
  for (let n = 2; n <= 10; n++) {
    const email = `vendor${n}@example.com`
    if (renewing.has(email)) continue
    const login = await page.request.post('/api/login', { data: { email, password: DEMO_PASSWORD } })
    if (login.status() !== 200) continue
    const token = ((await login.json()) as { result: { api_token: string } }).result.api_token
    const res = await page.request.get('/api/user/vendor/renewal/options', { headers: { Authorization: `Bearer ${token}` } })
    if (res.status() !== 200) continue
    renewing.add(email)
    return email
  }
  throw new Error('no demo vendor may renew')
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
    await page.getByTestId('subscription-status').getByText(v.subscription.states[overview.subscription.state], { exact: true }).waitFor()
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

  it('a vendor renews by card (a new Success payment on its dashboard), then by bank transfer (Pending)', async () => {
    const w = t.registration.wizard
    const { context, page } = await newPage(env.browser, env.server.url, lang)
    const email = await renewableVendor(page)
    await page.goto('/sign-in')
    await signIn(page, email, DEMO_PASSWORD, t)
    await waitUrl(page, '**/dashboard')
    await page.getByTestId('store-name').waitFor()
    const before = (await apiOf<{ payments: VendorPayment[] }>(page, 'payments')).payments

    // the dashboard's action opens the registration's package step, without the free trial
    await page.getByRole('link', { name: v.renewal.action }).click()
    await waitUrl(page, '**/dashboard/renew')
    await page.getByRole('heading', { name: v.renewal.title }).waitFor()
    await page.getByRole('heading', { name: w.package.title }).waitFor()
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
    expect(await page.getByText(new RegExp(w.package.trial.replace('{{days}}', '\\d+'))).count()).toBe(0)
    await page
      .getByRole('button', { name: new RegExp(`^${w.package.choose}: `) })
      .first()
      .click()
    await page.getByTestId('total').waitFor()
    await checkLayout(page, `renewal-package-${lang}`)
    // the keyboard reaches Next
    await page.getByRole('button', { name: w.actions.next, exact: true }).focus()
    await page.keyboard.press('Enter')

    await page.getByRole('heading', { name: w.payment.title, exact: true }).waitFor()
    await page.getByText(w.payment.sandbox).waitFor()
    await checkLayout(page, `renewal-payment-${lang}`)
    const p = w.payment
    await page.getByLabel(fieldLabel(p.number)).fill('4242424242424242')
    await page.getByLabel(fieldLabel(p.holder)).fill('Test Holder')
    await page.getByLabel(fieldLabel(p.expMonth)).fill('12')
    await page.getByLabel(fieldLabel(p.expYear)).fill(String(new Date().getFullYear() + 2))
    await page.getByLabel(fieldLabel(p.cvc)).fill('123')
    await page.getByRole('button', { name: new RegExp(p.pay.replace('{{total}}', '.*')) }).click()

    // back on the dashboard: the new payment, approved, is the first row
    await waitUrl(page, /\/dashboard$/)
    await page.getByTestId('store-name').waitFor()
    const paid = (await apiOf<{ payments: VendorPayment[] }>(page, 'payments')).payments
    expect(paid.length).toBe(before.length + 1)
    const added = paid.find((x) => !before.some((b) => b.id === x.id))!
    expect(added).toMatchObject({ status: 'Success', method: 'CREDIT_CARD' })
    await page.getByTestId('vendor-payments').getByText(added.payment_number).waitFor()
    const { overview } = await apiOf<{ overview: VendorOverview }>(page, 'overview')
    expect(['active', 'expiring']).toContain(overview.subscription.state)

    // again, by bank transfer: the payment waits for approval, and no renewal is offered meanwhile
    await page.getByRole('link', { name: v.renewal.action }).click()
    await page
      .getByRole('button', { name: new RegExp(`^${w.package.choose}: `) })
      .first()
      .click()
    await page.getByTestId('total').waitFor()
    await page.getByRole('button', { name: w.actions.next, exact: true }).click()
    await page.getByRole('radio', { name: p.bank }).click()
    await page.getByText(p.bankIntro).waitFor()
    await checkLayout(page, `renewal-bank-${lang}`)
    await page.getByLabel(p.receipt).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByRole('button', { name: p.send }).click()
    await waitUrl(page, /\/dashboard$/)
    await page.getByTestId('renew-pending').waitFor()
    const pending = (await apiOf<{ payments: VendorPayment[] }>(page, 'payments')).payments
    expect(pending.length).toBe(before.length + 2)
    expect(pending.find((x) => !paid.some((b) => b.id === x.id))).toMatchObject({ status: 'Pending', method: 'BANK_TRANSFER' })
    expect(await page.getByRole('link', { name: v.renewal.action }).count()).toBe(0)
    await checkLayout(page, `renewal-dashboard-pending-${lang}`)

    // the renewal address itself says why not
    await page.goto('/dashboard/renew')
    await page.getByText(v.renewal.loadFailed).waitFor()
    await page.getByRole('button', { name: v.renewal.backToDashboard }).click()
    await waitUrl(page, /\/dashboard$/)
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
