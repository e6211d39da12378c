import { describe, expect, it } from 'vitest'
import { fieldLabel, serverAndBrowser, waitUrl } from './harness'
import { fill, fitsWidth, PNG_1X1, signedInAdmin } from './admin'

const env = serverAndBrowser()

describe.each(['ar', 'en'] as const)('vendors in the browser (%s)', (lang) => {
  it('creates a vendor, records a payment with a receipt, opens the receipt over the payment, approves it: the vendor is active', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const v = t.vendors
    const n = lang === 'ar' ? 1 : 2
    const store = lang === 'ar' ? 'متجر التجربة' : 'Browser Test Store'
    const email = `browser-vendor-${lang}@example.com`

    await page.goto('/admin-panel/venders/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    expect(await fitsWidth(page)).toBe(true)
    await page.getByRole('link', { name: v.add }).click()
    await waitUrl(page, '**/admin-panel/venders/create')
    await page.getByLabel(fieldLabel(v.fields.store_name)).fill(store)
    await page.getByLabel(fieldLabel(v.fields.company_name)).fill(`${store} Co`)
    await page.getByLabel(fieldLabel(v.fields.commercial_registration)).fill(`101000000${n}`)
    await page.getByLabel(fieldLabel(v.fields.phone)).fill(`+96650000000${n}`)
    await page.getByLabel(fieldLabel(v.fields.email)).fill(email)
    // the subdomain is checked while typing: a reserved one is refused, a free one said available
    const subdomain = page.getByLabel(fieldLabel(v.fields.subdomain))
    await subdomain.fill('admin')
    await page.getByText(v.errors.subdomainReserved).waitFor()
    await subdomain.fill(`browser-store-${lang}`)
    await page.getByText(v.subdomain.available, { exact: true }).waitFor()
    // the marketplaces it sells on: typed, then picked with the keyboard, shown as a removable chip
    const noon = lang === 'ar' ? 'نون' : 'Noon'
    const marketplaces = page.getByRole('combobox', { name: fieldLabel(v.fields.marketplaces) })
    await marketplaces.fill(noon.slice(0, 2))
    await page.getByRole('option', { name: noon, exact: true }).waitFor()
    await expect.poll(() => page.getByRole('option').count()).toBe(1)
    await marketplaces.press('ArrowDown')
    await marketplaces.press('Enter')
    await page.getByRole('button', { name: fill(t.table.removeChoice, { name: noon }) }).waitFor()
    await marketplaces.press('Escape')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/venders\/view\/\d+$/)
    await page.getByRole('heading', { name: store }).waitFor()
    await page.locator('dd', { hasText: new RegExp(`^${noon}$`) }).waitFor()
    await page.getByText(v.statuses.pending, { exact: true }).first().waitFor()
    // the vendor was mailed a link to set its password
    await expect
      .poll(async () => (await env.server.outbox()).some((m) => m.to === email && m.text.includes('/reset-password?token=')))
      .toBe(true)

    await page.getByRole('tab', { name: v.tabs['create-payments'] }).click()
    await waitUrl(page, /\?tab=create-payments$/)
    // approving makes the subscription, which needs the package paid for
    await page.getByRole('combobox', { name: fieldLabel(v.payments.package) }).click()
    await page.getByRole('option', { name: lang === 'ar' ? 'الأساسية الشهرية' : 'Basic monthly' }).click()
    await page.getByLabel(fieldLabel(v.payments.amount)).fill('1150.50')
    await page.getByLabel(fieldLabel(v.payments.payment_number)).fill(`TRX-${lang}-1`)
    await page.locator('#payment-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByRole('button', { name: v.payments.record }).click()
    await waitUrl(page, /\?tab=payments$/)
    const row = page.getByRole('row', { name: new RegExp(`TRX-${lang}-1`) })
    await row.getByText(t.lists.payment_statuses.Pending, { exact: true }).waitFor()

    // the payment in the primary modal, its receipt in a secondary one over it
    await page.getByRole('button', { name: fill(v.payments.openPayment, { number: `TRX-${lang}-1` }), exact: true }).click()
    const paymentDialog = page.getByRole('dialog', { name: fill(v.payments.paymentTitle, { number: `TRX-${lang}-1` }) })
    await paymentDialog.waitFor()
    await paymentDialog.getByRole('button', { name: v.payments.viewReceipt }).click()
    const receiptDialog = page.getByRole('dialog', { name: fill(v.payments.receiptTitle, { number: `TRX-${lang}-1` }) })
    await receiptDialog.getByRole('img').waitFor()
    expect(await receiptDialog.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1)
    expect(await paymentDialog.isVisible()).toBe(true)
    // Escape closes only the receipt, then the payment
    await page.keyboard.press('Escape')
    await expect.poll(() => receiptDialog.count()).toBe(0)
    expect(await paymentDialog.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => paymentDialog.count()).toBe(0)

    // approve: only the table's changes are offered
    await row.getByRole('button', { name: fill(v.payments.statusMenu, { number: `TRX-${lang}-1` }) }).click()
    const items = page.getByRole('menuitem')
    await items.first().waitFor()
    expect(await items.allInnerTexts()).toEqual([v.payments.to.Success, v.payments.to.Rejected])
    await page.getByRole('menuitem', { name: v.payments.to.Success }).click()
    await page.getByText(v.messages.status.Success).waitFor()
    await row.getByText(t.lists.payment_statuses.Success, { exact: true }).waitFor()
    await expect.poll(() => row.getByRole('button', { name: fill(v.payments.statusMenu, { number: `TRX-${lang}-1` }) }).count()).toBe(0)
    // the vendor is active now
    await page.getByRole('tab', { name: v.tabs.information }).click()
    await page.locator('section').getByText(v.statuses.active, { exact: true }).first().waitFor()
    await page.goto('/admin-panel/venders/list?status=active&search=' + encodeURIComponent(`browser-store-${lang}`))
    await page.getByRole('link', { name: store }).waitFor()

    // the list filtered by a marketplace: its vendors only (this one among them), the address keeps the filter
    await page.goto('/admin-panel/venders/list')
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await page.getByRole('combobox', { name: v.filters.marketplace }).click()
    await page.getByRole('option', { name: noon, exact: true }).click()
    await waitUrl(page, /[?&]marketplace=\d+/)
    await page.locator('tbody tr:not([data-skeleton])').first().waitFor()
    await expect
      .poll(async () => {
        const cells = await page.locator('tbody tr:not([data-skeleton])').allInnerTexts()
        return cells.length > 0 && cells.every((text) => text.includes(noon))
      })
      .toBe(true)
    await page.getByRole('searchbox').fill(`browser-store-${lang}`)
    await page.getByRole('link', { name: store }).waitFor()
    expect(await fitsWidth(page)).toBe(true)
    await context.close()
  }, 120_000)
})
