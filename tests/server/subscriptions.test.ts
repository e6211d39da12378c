import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { invoiceSchema, subscriptionPageSchema, subscriptionSchema } from '../../src/contract/subscriptions'
import { readZatcaTlv } from '../../src/domain/zatca'
import { coupons } from '../../server/modules/coupons/schema'
import { packages, packageSettings } from '../../server/modules/subscription-packages/schema'
import { invoiceCounters, subscriptions } from '../../server/modules/subscriptions/schema'
import { vendors } from '../../server/modules/vendors/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'
import { BASE, createVendor, paymentFields, recordPayment, seedPackages } from './vendors-fixtures'

const SUBS = '/api/admin-panal/subscriptions'

/** Records a payment for the vendor and approves it; answers the payment's id. */
async function pay(server: TestServer, token: string, vendorId: number, fields: Record<string, string> = {}) {
  const recorded = await recordPayment(server, token, vendorId, { fields: paymentFields({ amount: '230.00', ...fields }) })
  if (recorded.status !== 201) throw new Error(`payment not recorded: ${recorded.status} ${recorded.text}`)
  const id = (recorded.json.result.item as { id: number }).id
  const approved = await server.request({ url: `${BASE}/changeTransactionStatus/${vendorId}/${id}`, token, body: { status: 'Success' } })
  if (approved.status !== 200) throw new Error(`payment not approved: ${approved.status} ${approved.text}`)
  return id
}

/**
 * What a successful payment does (DOMAIN.md "Payments", "Packages and subscriptions", "Money and
 * tax"), through the real server: the subscription and its period, renewals, the coupon's use, the
 * invoice number per year without gaps, the tax invoice and its ZATCA QR.
 */
describe.each(backends)('subscriptions on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('an approved payment starts a month of its package from the payment date, with the VAT split and an invoice', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const paymentId = await pay(server, token, vendor.id)

    const list = await server.request({ url: `${SUBS}?vendor_id=${vendor.id}`, token, lang: 'en' })
    expect(list.status).toBe(200)
    const page = z.parse(subscriptionPageSchema, list.json.result.subscriptions)
    expect(page.total).toBe(1)
    const [item] = page.data
    expect(item).toMatchObject({
      vendor: { id: vendor.id, name: 'متجر 1' },
      package: { id: 2, name: 'Package 2' },
      subscription_type: 'MONTH',
      phase: 'active',
      // 28 February in Riyadh (UTC+3) to 28 March
      starts_at: '2026-02-27T21:00:00.000Z',
      expires_at: '2026-03-27T21:00:00.000Z',
      amount: '230.00',
      net: '200.00',
      tax: '30.00',
      discount: '0.00',
      coupon_code: null,
      payment: { id: paymentId, status: 'Success', method: 'BANK_TRANSFER', payment_date: '2026-02-28' },
      invoice_number: 'INV-2026-000001',
    })
    const [owner] = await server.db.select().from(vendors).where(eq(vendors.id, vendor.id))
    expect(owner?.subscriptionExpiresAt?.toISOString()).toBe('2026-03-27T21:00:00.000Z')
    expect(owner?.status).toBe('active')

    const one = await server.request({ url: `${SUBS}/${item!.id}`, token, lang: 'ar' })
    expect(z.parse(subscriptionSchema, one.json.result.item).package.name).toBe('باقة 2')
  })

  it('renewing before expiry extends from the expiry; after it, from the payment date; the old one is kept as replaced', async () => {
    let token = await primary()
    const vendor = await createVendor(server, token, 1)
    await pay(server, token, vendor.id, { payment_date: '2026-02-01' })
    // early: runs on from 1 March
    await pay(server, token, vendor.id, { payment_date: '2026-02-20', payment_number: 'PAY-2' })
    let rows = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, vendor.id)).orderBy(subscriptions.id)
    expect(rows.map((r) => r.status)).toEqual(['replaced', 'active'])
    expect(rows[1]?.startsAt?.toISOString()).toBe(rows[0]?.expiresAt?.toISOString())
    expect(rows[1]?.expiresAt?.toISOString()).toBe('2026-03-31T21:00:00.000Z')

    // late: the running one ended on 1 April; paid on 10 April, it starts then
    server.clock.set(new Date('2026-04-15T09:00:00Z'))
    token = await primary()
    await pay(server, token, vendor.id, { payment_date: '2026-04-10', payment_number: 'PAY-3' })
    rows = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, vendor.id)).orderBy(subscriptions.id)
    expect(rows.map((r) => r.status)).toEqual(['replaced', 'replaced', 'active'])
    expect(rows[2]?.startsAt?.toISOString()).toBe('2026-04-09T21:00:00.000Z')
    expect(rows[2]?.expiresAt?.toISOString()).toBe('2026-05-09T21:00:00.000Z')
    expect(rows.map((r) => r.invoiceNumber)).toEqual(['INV-2026-000001', 'INV-2026-000002', 'INV-2026-000003'])

    const replaced = await server.request({ url: `${SUBS}?vendor_id=${vendor.id}&phase=replaced`, token })
    expect(replaced.json.result.subscriptions.total).toBe(2)
  })

  it('a payment priced with a coupon counts its use on approval; a coupon that does not apply is a field error', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1)
    const [coupon] = await server.db
      .insert(coupons)
      .values({
        nameAr: 'خصم',
        nameEn: 'Off',
        code: 'SAVE10',
        type: 'PERCENTAGE',
        value: 10,
        validFrom: '2026-03-01',
        validTo: '2026-12-31',
        userCount: 5,
        packageIds: [2],
      })
      .returning()
    const wrong = await recordPayment(server, token, vendor.id, { fields: paymentFields({ coupon_code: 'NOPE' }) })
    expect(wrong.status).toBe(422)
    expect(wrong.json.errors.coupon_code).toEqual(['This coupon code does not exist.'])
    const other = await recordPayment(server, token, vendor.id, { fields: paymentFields({ coupon_code: 'save10', package_id: '3' }) })
    expect(other.json.errors.coupon_code).toEqual(['This coupon does not apply to this package.'])

    // 200 SR - 10 % = 180 SR + 15 % VAT = 207 SR
    await pay(server, token, vendor.id, { coupon_code: 'save10', amount: '207.00' })
    const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, vendor.id))
    expect(row).toMatchObject({ couponId: coupon!.id, discount: 2000, net: 18_000, tax: 2700, amount: 20_700 })
    const [used] = await server.db.select().from(coupons).where(eq(coupons.id, coupon!.id))
    expect(used?.uses).toBe(1)
  })

  it('serves the tax invoice with a ZATCA QR whose five fields read back', async () => {
    const token = await primary()
    await server.db.insert(packageSettings).values({
      vatPercent: 15,
      freeTrialDays: 14,
      invoicePrefix: 'TAX',
      sellerNameAr: 'منصة المتاجر',
      sellerNameEn: 'Stores Platform',
      sellerVatNumber: '310000000000003',
      sellerAddress: 'Riyadh',
    })
    const vendor = await createVendor(server, token, 1)
    await pay(server, token, vendor.id)
    const [sub] = await server.db.select().from(subscriptions)
    const res = await server.request({ url: `${SUBS}/${sub!.id}/invoice`, token, lang: 'en' })
    expect(res.status).toBe(200)
    const invoice = z.parse(invoiceSchema, res.json.result.invoice)
    expect(invoice).toMatchObject({
      number: 'TAX-2026-000001',
      issued_at: '2026-03-01T09:00:00Z',
      seller: { name: 'Stores Platform', vat_number: '310000000000003', address: 'Riyadh' },
      buyer: { name: 'Company 1', vat_number: '300000000000003' },
      line: { description: 'Package 2', price: '200.00' },
      net: '200.00',
      vat_percent: 15,
      vat: '30.00',
      total: '230.00',
    })
    expect(readZatcaTlv(invoice.qr)).toEqual({
      sellerName: 'منصة المتاجر',
      vatNumber: '310000000000003',
      timestamp: '2026-03-01T09:00:00Z',
      total: '230.00',
      vat: '30.00',
    })
    expect((await server.request({ url: `${SUBS}/999999/invoice`, token })).status).toBe(404)
  })

  it('refuses to approve a payment without a package, and changes nothing', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1, { package_id: null })
    const recorded = await recordPayment(server, token, vendor.id)
    const id = (recorded.json.result.item as { id: number }).id
    const res = await server.request({
      url: `${BASE}/changeTransactionStatus/${vendor.id}/${id}`,
      token,
      body: { status: 'Success' },
      lang: 'en',
    })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe("This payment has no package: choose the vendor's package first, then approve it.")
    const [owner] = await server.db.select().from(vendors).where(eq(vendors.id, vendor.id))
    expect(owner?.status).toBe('pending')
    expect(await server.db.select().from(subscriptions)).toHaveLength(0)
  })

  it('20 approvals of different payments at once: invoice numbers 1 to 20 of the year, none twice, none missing', async () => {
    const token = await primary()
    const recorded: { vendorId: number; paymentId: number }[] = []
    for (let n = 1; n <= 20; n++) {
      const vendor = await createVendor(server, token, n)
      const res = await recordPayment(server, token, vendor.id)
      recorded.push({ vendorId: vendor.id, paymentId: (res.json.result.item as { id: number }).id })
    }
    const answers = await Promise.all(
      recorded.map(({ vendorId, paymentId }) =>
        server.request({ url: `${BASE}/changeTransactionStatus/${vendorId}/${paymentId}`, token, body: { status: 'Success' } }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200))
    const numbers = (await server.db.select({ n: subscriptions.invoiceNumber }).from(subscriptions)).map((r) => r.n).sort()
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`))
    expect(await server.db.select().from(invoiceCounters)).toEqual([{ year: 2026, last: 20 }])
  })

  it('a lifetime package never expires; a free trial lasts the trial days of the settings', async () => {
    const token = await primary()
    const [life] = await server.db
      .insert(packages)
      .values({
        titleAr: 'دائمة',
        titleEn: 'Lifetime',
        shortDescriptionAr: 'و',
        shortDescriptionEn: 'a',
        price: 99_900,
        subscriptionType: 'LIFE_TIME',
        packageType: 'ELITE',
      })
      .returning()
    const [trial] = await server.db
      .insert(packages)
      .values({
        titleAr: 'تجربة',
        titleEn: 'Trial',
        shortDescriptionAr: 'و',
        shortDescriptionEn: 'a',
        price: 0,
        subscriptionType: 'DAYS',
        packageType: 'FREE_TRIAL',
      })
      .returning()
    const a = await createVendor(server, token, 1, { package_id: life!.id })
    const b = await createVendor(server, token, 2, { package_id: trial!.id })
    await pay(server, token, a.id)
    await pay(server, token, b.id, { amount: '1.00' })
    const [lifetime] = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, a.id))
    const [trialSub] = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, b.id))
    expect(lifetime?.expiresAt).toBeNull()
    // 14 trial days by default
    expect(trialSub?.expiresAt?.toISOString()).toBe('2026-03-13T21:00:00.000Z')
    const listed = await server.request({ url: `${SUBS}?phase=active&sort_column=expires_at&sort_direction=asc`, token })
    expect(listed.json.result.subscriptions.total).toBe(2)
  })

  it('needs subscriptions:view', async () => {
    const editor = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, editor.id, ['vendors:view'])
    const token = await server.loginAdmin(editor.email)
    expect((await server.request({ url: SUBS, token })).status).toBe(403)
  })
})
