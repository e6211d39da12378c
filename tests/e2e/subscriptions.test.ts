import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { readZatcaTlv } from '../../src/domain/zatca'
import { fieldLabel, serverAndBrowser, waitUrl } from './harness'
import { fill, fitsWidth, PNG_1X1, signedInAdmin } from './admin'

const env = serverAndBrowser()

/** The demo seller (package general settings) every invoice is issued by. */
const SELLER = { nameAr: 'شركة منصة التجار المحدودة', vatNumber: '310123456700003' }

declare global {
  interface Window {
    printCalls?: number
  }
}

describe.each(['ar', 'en'] as const)('subscriptions in the browser (%s)', (lang) => {
  it('an approved payment makes a subscription; its tax invoice prints once and its QR reads back the ZATCA fields', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    // the print dialog is the browser's: counted, never opened
    await page.addInitScript(() => {
      window.printCalls = 0
      window.print = () => void (window.printCalls = (window.printCalls ?? 0) + 1)
    })
    const v = t.vendors
    const s = t.subscriptions
    const n = lang === 'ar' ? 5 : 6
    const store = lang === 'ar' ? 'متجر الفواتير' : 'Invoice Test Store'
    const number = `TRX-SUB-${lang}`

    // a vendor, and a payment of 230.00 SR for package 2 with its receipt
    await page.goto('/admin-panel/venders/create')
    await page.getByLabel(fieldLabel(v.fields.store_name)).fill(store)
    await page.getByLabel(fieldLabel(v.fields.company_name)).fill(`${store} Co`)
    await page.getByLabel(fieldLabel(v.fields.commercial_registration)).fill(`101000000${n}`)
    await page.getByLabel(fieldLabel(v.fields.phone)).fill(`+96650000000${n}`)
    await page.getByLabel(fieldLabel(v.fields.email)).fill(`invoice-vendor-${lang}@example.com`)
    await page.getByLabel(fieldLabel(v.fields.subdomain)).fill(`invoice-store-${lang}`)
    await page.getByText(v.subdomain.available, { exact: true }).waitFor()
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/venders\/view\/\d+$/)
    const vendorUrl = page.url()
    await page.getByRole('tab', { name: v.tabs['create-payments'] }).click()
    await page.getByRole('combobox', { name: fieldLabel(v.payments.package) }).click()
    await page.getByRole('option', { name: lang === 'ar' ? 'الأساسية الشهرية' : 'Basic monthly' }).click()
    await page.getByLabel(fieldLabel(v.payments.amount)).fill('230.00')
    await page.getByLabel(fieldLabel(v.payments.payment_number)).fill(number)
    await page.locator('#payment-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByRole('button', { name: v.payments.record }).click()
    await waitUrl(page, /\?tab=payments$/)

    // approved: the subscription starts
    const payment = page.getByRole('row', { name: new RegExp(number) })
    await payment.getByRole('button', { name: fill(v.payments.statusMenu, { number }) }).click()
    await page.getByRole('menuitem', { name: v.payments.to.Success }).click()
    await payment.getByText(t.lists.payment_statuses.Success, { exact: true }).waitFor()

    // the vendor's subscriptions tab lists it
    await page.goto(`${vendorUrl}?tab=subscribe-payments`)
    await page.getByRole('tab', { name: v.tabs['subscribe-payments'], selected: true }).waitFor()
    await page.locator('tbody tr:not([data-skeleton])').filter({ hasText: '230.00' }).first().waitFor()

    // the list: the vendor's row, linked to the vendor and to the invoice
    await page.goto(`/admin-panel/subscriptions/list?search=${encodeURIComponent(store)}`)
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: store }) })
    await row.waitFor()
    expect(await fitsWidth(page)).toBe(true)
    expect(await row.getByRole('link', { name: store }).getAttribute('href')).toBe(new URL(vendorUrl).pathname)
    await row.getByText(`230.00 ${lang === 'ar' ? 'ر.س' : 'SR'}`).waitFor()
    const invoiceLink = row.getByRole('link', { name: /INV-\d{4}-\d{6}/ })
    const invoiceNumber = (await invoiceLink.innerText()).trim()
    await invoiceLink.click()
    await waitUrl(page, /\/admin-panel\/subscriptions\/invoice\/\d+$/)

    // the invoice in the admin's language, then the print dialog once
    const sheet = page.getByRole('article', { name: s.invoice.heading })
    await sheet.waitFor()
    await sheet.getByText(invoiceNumber, { exact: true }).waitFor()
    await sheet.getByRole('region', { name: s.invoice.seller }).getByText(SELLER.vatNumber).waitFor()
    await sheet.getByRole('region', { name: s.invoice.buyer }).getByText(`${store} Co`).waitFor()
    await sheet.getByText(fill(s.invoice.vat, { percent: 15 })).waitFor()
    await expect.poll(() => page.evaluate(() => window.printCalls)).toBe(1)
    await page.waitForTimeout(1500)
    expect(await page.evaluate(() => window.printCalls)).toBe(1)

    // the QR, read from a screenshot of it as a phone would
    const qr = sheet.getByRole('img', { name: fill(s.invoice.qr, { number: invoiceNumber }) })
    const png = await qr.screenshot()
    const pixels = await page.evaluate(async (base64) => {
      const img = new Image()
      img.src = `data:image/png;base64,${base64}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(img, 0, 0)
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height)
      return { width: data.width, height: data.height, data: Array.from(data.data) }
    }, png.toString('base64'))
    const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)
    expect(code).not.toBeNull()
    const fields = readZatcaTlv(code!.data)
    expect(fields).toMatchObject({ sellerName: SELLER.nameAr, vatNumber: SELLER.vatNumber, total: '230.00', vat: '30.00' })
    expect(fields!.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    await context.close()
  })
})
