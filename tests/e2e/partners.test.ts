import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { catalogues } from '../../src/i18n/catalogue'
import { axeViolations, fill, fitsWidth, PNG_1X1, signedInAdmin } from './admin'
import { fieldLabel, newPage, serverAndBrowser, waitUrl } from './harness'

/**
 * Issue 13 end to end, in Arabic and English: the admin creates a referral code group and a partner;
 * a vendor registers through the public wizard with the partner's code (a coupon, a bank transfer);
 * the admin approves its payment, adds the vendor to the group by its own code, and sees the commission credited in the partner's wallet; a payout
 * above the balance is refused by the form, one within it is confirmed and recorded; the partners
 * report and the coupons report agree with the wallet and with each other. Every screen on the way
 * passes axe and fits the window.
 */

const env = serverAndBrowser()
const PASSWORD = 'Vendor#Pass2026'
const stamp = Date.now().toString(36).slice(-5).toUpperCase()

/** An amount as the page writes it (e.g. "1,234.50 SR", "1,234.50 ر.س"), in halalas. */
const halalasOf = (text: string) => {
  const figure = /[\d.,٬٫]+\d/.exec(text)?.[0] ?? ''
  return Number(figure.replace(/\D/g, ''))
}
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').trim()

async function accessible(page: Page, what: string) {
  expect(await fitsWidth(page), `${what} fits the window`).toBe(true)
  expect(await axeViolations(page), `${what}: axe`).toEqual([])
}

/** The cell of `row` under the column headed `header` (the table's own header row). */
async function cellUnder(table: Locator, row: Locator, header: string) {
  const headers = await table.locator('thead th').allInnerTexts()
  const index = headers.findIndex((h) => h.trim().toLowerCase() === header.toLowerCase())
  expect(index, `a column headed ${header}`).toBeGreaterThanOrEqual(0)
  return textOf(row.locator(':scope > td, :scope > th').nth(index))
}

describe.each(['ar', 'en'] as const)('partners, wallets and reports in the browser (%s)', (lang) => {
  it('a partner code brings a vendor; its approved payment credits the wallet; a payout within the balance; both reports agree', async () => {
    const { context, page, t } = await signedInAdmin(env.browser, env.server.url, lang)
    const p = t.partners
    const g = t['referral-code-groups']
    const r = t.reports
    const code = `E2E${lang.toUpperCase()}${stamp}`
    const partnerName = lang === 'ar' ? `شريك التجربة ${stamp}` : `Browser Partner ${stamp}`

    // a referral code group
    await page.goto('/admin-panel/referral-code-groups/create')
    await page.getByLabel(fieldLabel(g.fields.name_ar)).fill(`مجموعة ${stamp} ${lang}`)
    await page.getByLabel(fieldLabel(g.fields.name_en)).fill(`Group ${stamp} ${lang}`)
    await page.getByLabel(fieldLabel(g.fields.percentage)).fill('7.5')
    await page.getByLabel(fieldLabel(g.fields.number_of_months)).fill('6')
    await accessible(page, 'the group form')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/referral-code-groups\/view\/\d+$/)
    const groupUrl = new URL(page.url()).pathname
    await page.getByRole('heading', { name: lang === 'ar' ? `مجموعة ${stamp} ${lang}` : `Group ${stamp} ${lang}` }).waitFor()
    await accessible(page, 'the group view')

    // a partner with a chosen code: 10 % of each payment's net for 12 months
    await page.goto('/admin-panel/partners/create')
    await page.getByLabel(fieldLabel(p.fields.full_name)).fill(partnerName)
    await page.getByLabel(fieldLabel(p.fields.email)).fill(`partner-${stamp.toLowerCase()}-${lang}@example.com`)
    await page.getByLabel(fieldLabel(p.fields.phone)).fill('+966500000321')
    await page.getByLabel(fieldLabel(p.fields.referral_code)).fill(code)
    await page.getByLabel(fieldLabel(p.fields.referral_percentage)).fill('10')
    await page.getByLabel(fieldLabel(p.fields.referral_due_months)).fill('12')
    await accessible(page, 'the partner form')
    await page.getByRole('button', { name: t.actions.save }).click()
    await waitUrl(page, /\/admin-panel\/partners\/view\/\d+$/)
    const partnerUrl = new URL(page.url()).pathname
    const partnerId = Number(/(\d+)$/.exec(partnerUrl)?.[1])
    await page.getByRole('heading', { name: partnerName }).waitFor()
    expect(await textOf(page.getByTestId('partner-code'))).toBe(code)
    await accessible(page, 'the partner view')

    // a vendor registers with the partner's code (lower case: codes are case-insensitive)
    const guest = await newPage(env.browser, env.server.url, lang)
    const w = catalogues[lang].registration.wizard
    const gp = guest.page
    await gp.goto('/register/vender')
    await gp.getByRole('heading', { name: w.store.title }).waitFor()
    const f = w.store.fields
    const store = lang === 'ar' ? `متجر الشريك ${stamp}` : `Partner Store ${stamp}`
    await gp.getByLabel(fieldLabel(f.store_name)).fill(store)
    await gp.getByLabel(fieldLabel(f.company_name)).fill(`Company ${stamp}`)
    await gp.getByLabel(fieldLabel(f.commercial_registration)).fill('1010123456')
    await gp.getByLabel(fieldLabel(f.commercial_registration_expiry)).fill(`${new Date().getFullYear() + 1}-06-30`)
    await gp.getByLabel(fieldLabel(f.phone)).fill('+966500000654')
    await gp.getByLabel(fieldLabel(f.email)).fill(`referred-${stamp.toLowerCase()}-${lang}@example.com`)
    await gp.getByLabel(fieldLabel(f.password), { exact: false }).first().fill(PASSWORD)
    await gp.getByLabel(fieldLabel(f.password_confirmation)).fill(PASSWORD)
    await gp.getByLabel(fieldLabel(f.subdomain)).fill(`partner-shop-${stamp.toLowerCase()}-${lang}`)
    await gp.getByLabel(fieldLabel(f.tax_no)).fill('300000000000003')
    await gp.getByLabel(f.referral_code).fill(code.toLowerCase())
    await gp.getByText(fill(w.store.referredByPartner, { name: partnerName })).waitFor()
    await gp.getByText(w.store.subdomainAvailable, { exact: true }).waitFor()
    await gp.getByRole('button', { name: w.actions.next, exact: true }).click()
    await gp.getByRole('heading', { name: w.package.title }).waitFor()
    await gp
      .getByRole('listitem')
      .filter({ has: gp.getByRole('heading', { name: /Basic|أساسي/ }) })
      .getByRole('button', { name: new RegExp(w.package.choose) })
      .click()
    await gp.getByTestId('total').waitFor()
    await gp.getByLabel(fieldLabel(w.package.coupon)).fill('WELCOME10')
    await gp.getByRole('button', { name: w.package.apply }).click()
    await gp.getByText(w.package.discount).waitFor()
    await gp.getByRole('button', { name: w.actions.next, exact: true }).click()
    await gp.getByRole('radio', { name: w.payment.bank }).click()
    await gp.getByLabel(w.payment.receipt).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await gp.getByRole('button', { name: w.payment.send }).click()
    await gp.getByText(w.payment.awaitingBody).waitFor()
    await gp.getByRole('button', { name: w.payment.finish }).click()
    await waitUrl(gp, /\/(dashboard|404)$/)
    await guest.context.close()

    // the vendor is among the partner's referred sellers, not paid yet; its view approves the transfer
    await page.goto(`${partnerUrl}/referral-sellers`)
    const sellers = page.getByRole('table', { name: p.tabs['referral-sellers'] })
    const seller = sellers.getByRole('row', { name: new RegExp(store) })
    await seller.getByText(p.sellers.notPaidYet).waitFor()
    expect(await page.getByRole('link', { name: p.tabs['referral-sellers'] }).getAttribute('aria-current')).toBe('page')
    await accessible(page, 'the referred sellers tab')
    await seller.getByRole('link', { name: store }).click()
    await waitUrl(page, /\/admin-panel\/venders\/view\/\d+$/)
    await page.goto(`${new URL(page.url()).pathname}?tab=payments`)
    const v = t.vendors
    const menu = page.getByRole('button', { name: new RegExp(v.payments.statusMenu.replace('{{number}}', '.+')) }).first()
    await menu.click()
    await page.getByRole('menuitem', { name: v.payments.to.Success }).click()
    await page.getByText(v.messages.status.Success).waitFor()

    // the vendor's own referral code joins the group: the group's view adds it by its code
    const vendorUrl = new URL(page.url()).pathname
    await page.goto(vendorUrl)
    const vendorCode = await textOf(page.locator('dt', { hasText: v.fields.referral_code }).locator('xpath=following-sibling::dd[1]'))
    expect(vendorCode).toMatch(/^[A-Z0-9]+$/)
    await page.goto(groupUrl)
    await page.getByLabel(g.addVendors.codes).fill(`NOSUCH${stamp}`)
    await page.getByRole('button', { name: g.addVendors.add }).click()
    await page.getByText(g.errors.unknownCode).waitFor()
    await page.getByLabel(g.addVendors.codes).fill(vendorCode.toLowerCase())
    await page.getByRole('button', { name: g.addVendors.add }).click()
    await page.getByText(g.messages.vendorsAdded).waitFor()
    await page.getByRole('table', { name: g.vendorsTitle }).getByRole('link', { name: store }).waitFor()
    await accessible(page, 'the group view with its vendor')

    // the wallet: one credit tied to that payment, the balance equal to it; reached by its tab's link, by keyboard
    await page.goto(partnerUrl)
    const walletTab = page.getByRole('link', { name: p.tabs['partner-PaymentTab'] })
    await walletTab.focus()
    await page.keyboard.press('Enter')
    await waitUrl(page, new RegExp(`${partnerUrl}/partner-PaymentTab$`))
    const ledger = page.getByRole('table', { name: p.tabs['partner-PaymentTab'] })
    const credit = ledger.getByRole('row').filter({ hasText: store })
    await credit.waitFor()
    expect(await credit.count()).toBe(1)
    const credited = await cellUnder(ledger, credit, p.wallet.amount)
    const balance = halalasOf(await textOf(page.getByTestId('wallet-balance')))
    expect(balance).toBeGreaterThan(0)
    expect(halalasOf(credited)).toBe(balance)
    await accessible(page, 'the wallet tab')

    // the payout: more than the balance is refused by the form; within it, confirmed then recorded
    await page.getByRole('button', { name: p.wallet.payOut }).click()
    await waitUrl(page, new RegExp(`${partnerUrl}/partner-payment-create$`))
    const payout = Math.min(balance, 1_000)
    const sar = (halalas: number) => (halalas / 100).toFixed(2)
    await page.getByLabel(fieldLabel(p.payout.payment_no)).fill(`PAY-${stamp}-${lang}`)
    await page.getByLabel(fieldLabel(p.payout.payment_amount)).fill(sar(balance + 1))
    await page.locator('#payout-file').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG_1X1 })
    await page.getByRole('button', { name: p.payout.review }).click()
    await page
      .getByText(fill(p.errors.overBalance, { balance: sar(balance) }))
      .first()
      .waitFor()
    expect(await page.getByRole('button', { name: p.payout.confirm }).count()).toBe(0)
    await accessible(page, 'the payout form refusing more than the balance')
    await page.getByLabel(fieldLabel(p.payout.payment_amount)).fill(sar(payout))
    await page.getByRole('button', { name: p.payout.review }).click()
    await page.getByRole('heading', { name: p.payout.confirmTitle }).waitFor()
    await accessible(page, 'the payout confirmation')
    await page.getByRole('button', { name: p.payout.confirm }).click()
    await page.getByRole('button', { name: p.payout.toWallet }).waitFor()
    await page.getByRole('button', { name: p.payout.toWallet }).click()
    await waitUrl(page, new RegExp(`${partnerUrl}/partner-PaymentTab$`))
    await ledger
      .getByRole('row')
      .filter({ hasText: `PAY-${stamp}-${lang}` })
      .waitFor()
    await expect.poll(async () => halalasOf(await textOf(page.getByTestId('wallet-balance')))).toBe(balance - payout)

    // the partners report, narrowed to the partner: the commission credited, the payout, the balance left
    await page.goto(`/admin-panel/reports/partners?partner_id=${partnerId}`)
    const report = page.getByRole('table', { name: r.partners.caption })
    const row = report.getByRole('row', { name: new RegExp(partnerName) })
    await row.waitFor()
    const c = r.partners.columns
    expect(await cellUnder(report, row, c.vendors_referred)).toBe('1')
    expect(await cellUnder(report, row, c.payments_count)).toBe('1')
    expect(halalasOf(await cellUnder(report, row, c.commission))).toBe(balance)
    expect(halalasOf(await cellUnder(report, row, c.paid_out))).toBe(payout)
    expect(halalasOf(await cellUnder(report, row, c.balance))).toBe(balance - payout)
    const paid = halalasOf(await cellUnder(report, row, c.paid_amount))
    // one partner: the totals row says the same
    const totals = page.getByTestId('report-totals')
    expect(halalasOf(await cellUnder(report, totals, c.paid_amount))).toBe(paid)
    expect(halalasOf(await cellUnder(report, totals, c.commission))).toBe(balance)
    await accessible(page, 'the partners report')

    // the coupons report for the same partner: one use of WELCOME10, what the vendor paid equal to the partners report's
    await page.goto(`/admin-panel/reports/coupons?partner_id=${partnerId}`)
    const coupons = page.getByRole('table', { name: r.coupons.caption })
    const use = coupons.getByRole('row', { name: /WELCOME10/ })
    await use.waitFor()
    const k = r.coupons.columns
    expect(await cellUnder(coupons, use, k.uses)).toBe('1')
    expect(halalasOf(await cellUnder(coupons, use, k.revenue_total))).toBe(paid)
    // the commission is the partner's 10 % of the net
    const net = halalasOf(await cellUnder(coupons, use, k.revenue_net))
    expect(balance).toBe(Math.round(net / 10))
    await accessible(page, 'the coupons report')
    await context.close()
  }, 300_000)
})
