import { asc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { registrationOptions } from '../../src/contract/registration'
import { renewalResult, vendorAreaPaths as paths } from '../../src/contract/vendor-area'
import { coupons } from '../../server/modules/coupons/schema'
import { SANDBOX_3DS_CODE, SANDBOX_CARDS } from '../../server/modules/registration/gateway'
import { packages } from '../../server/modules/subscription-packages/schema'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { vendorPayments, vendors } from '../../server/modules/vendors/schema'
import { backends, PASSWORD, useTestServer } from './helpers'
import { BASE, cardPayment, createVendor, paymentFields, paymentForm, PNG, recordPayment, seedPackages } from './vendors-fixtures'

/**
 * Renewing or changing the package from the vendor's own area (issue 11): the registration's steps 2
 * and 3 for the signed-in vendor. The same pricing (coupon, VAT), the same sandbox gateway and 3-D
 * Secure; a paid card records a Success payment whose subscription starts when the current one ends;
 * a receipt records a Pending payment; a free trial is refused, so is a renewal while a payment waits
 * for approval or while the vendor is stopped; hostile input answers a 4xx in both languages.
 */

const api = (path: string) => `/api/${path}`

describe.each(backends)('vendor renewal on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(async () => {
    // packages 1-4 (100-400 SR a month), 5 a free trial; a 10 % coupon for package 2
    await seedPackages(server)
    await server.db.insert(packages).values({
      titleAr: 'تجربة',
      titleEn: 'Trial',
      shortDescriptionAr: 'مجانية',
      shortDescriptionEn: 'Free',
      price: 0,
      subscriptionType: 'DAYS',
      packageType: 'FREE_TRIAL',
    })
    await server.db.insert(coupons).values({
      nameAr: 'خصم',
      nameEn: 'Ten off',
      code: 'TEN10',
      type: 'PERCENTAGE',
      value: 10,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      userCount: 5,
      packageIds: [2],
    })
  })

  /** An admin, and vendor `n` owned by an end user who signs in; with a Success payment of `paidOn` when given. */
  async function vendorWithAccount(n = 1, paidOn?: string) {
    const admin = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const user = await server.createUser({ email: `vendor${n}@example.com`, password: PASSWORD })
    const vendor = await createVendor(server, admin, n)
    const token = await server.loginUser(user.email, PASSWORD)
    if (paidOn) {
      const recorded = await recordPayment(server, admin, vendor.id, { fields: paymentFields({ amount: '230.00', payment_date: paidOn }) })
      const id = (recorded.json.result.item as { id: number }).id
      const changed = await server.request({
        url: `${BASE}/changeTransactionStatus/${vendor.id}/${id}`,
        token: admin,
        body: { status: 'Success' },
      })
      expect(changed.status, changed.text).toBe(200)
    }
    return { admin, token, vendor }
  }

  const putPackage = (token: string, body: unknown, lang: 'ar' | 'en' = 'en') =>
    server.request({ method: 'PUT', url: api(paths.renewalPackage), token, body, lang })
  const pay = (token: string, body: unknown, lang: 'ar' | 'en' = 'en') =>
    server.request({ url: api(paths.renewalPayment), token, body, lang })
  const confirm = (token: string, code: string) => server.request({ url: api(paths.renewalConfirm), token, body: { code }, lang: 'en' })
  const complete = (token: string) => server.request({ url: api(paths.renewalComplete), token, body: {}, lang: 'en' })
  const transfer = (token: string, fields: Record<string, string>, file = { name: 'r.png', type: 'image/png', bytes: PNG }) => {
    const form = paymentForm(fields, file)
    return server.request({ url: api(paths.renewalTransfer), token, payload: form.payload, contentType: form.contentType, lang: 'en' })
  }
  /** The message of a refusal in both languages: present, and not the same text. */
  async function inBothLanguages(send: (lang: 'ar' | 'en') => Promise<{ status: number; json: { message: string } }>, status: number) {
    const en = await send('en')
    const ar = await send('ar')
    expect(en.status).toBe(status)
    expect(ar.status).toBe(status)
    expect(en.json.message).toMatch(/\w/)
    expect(ar.json.message).toMatch(/[\u0600-\u06ff]/)
    return { en: en.json.message, ar: ar.json.message }
  }

  it('offers the paid packages only, to the vendor token only', async () => {
    const { admin, token } = await vendorWithAccount(1, '2026-02-20')
    const res = await server.request({ url: api(paths.renewalOptions), token, lang: 'en' })
    expect(res.status, res.text).toBe(200)
    const options = z.parse(registrationOptions, res.json.result)
    expect(options.packages.map((p) => p.title)).toEqual(['Package 1', 'Package 2', 'Package 3', 'Package 4'])
    expect(options.gateway).toEqual({ name: 'sandbox', sandbox: true })
    for (const url of [paths.renewalOptions, paths.renewalPackage, paths.renewalPayment, paths.renewalComplete]) {
      const method = url === paths.renewalOptions ? 'GET' : url === paths.renewalPackage ? 'PUT' : 'POST'
      const body = method === 'GET' ? undefined : {}
      expect((await server.request({ method, url: api(url), token: admin, body })).status, url).toBe(401)
      expect((await server.request({ method, url: api(url), body })).status, url).toBe(401)
    }
    const stranger = await server.createUser({ email: 'nobody@example.com' })
    const strangerToken = await server.loginUser(stranger.email)
    expect((await putPackage(strangerToken, { package_id: 2 })).status).toBe(404)
  })

  it('a paid card records a Success payment; the new period starts when the current one ends, on the new package', async () => {
    const { token, vendor } = await vendorWithAccount(1, '2026-02-20')
    const before = await server.request({ url: api(paths.overview), token, lang: 'en' })
    expect(before.json.result.overview.subscription).toEqual({ state: 'active', expires_at: '2026-03-19T21:00:00.000Z' })

    const priced = await putPackage(token, { package_id: 3 })
    expect(priced.status, priced.text).toBe(200)
    expect(priced.json.result.draft).toMatchObject({
      step: 3,
      store: null,
      package: { package_id: 3, price: 300, vat: 45, total: 345, payment_required: true },
      payment: null,
    })
    // payment before completion: nothing to complete yet
    expect((await complete(token)).status).toBe(409)

    const paid = await pay(token, cardPayment(SANDBOX_CARDS.success))
    expect(paid.status, paid.text).toBe(200)
    expect(paid.json.result.draft.payment).toMatchObject({ state: 'paid', last4: '4242', brand: 'visa', sandbox: true })

    const done = await complete(token)
    expect(done.status, done.text).toBe(200)
    const result = z.parse(renewalResult, done.json.result)
    expect(result.payment).toMatchObject({ status: 'Success', method: 'CREDIT_CARD' })
    // completing again answers the same payment
    expect((await complete(token)).json.result).toEqual(done.json.result)

    const rows = await server.db.select().from(subscriptions).where(eq(subscriptions.vendorId, vendor.id)).orderBy(asc(subscriptions.id))
    expect(rows.map((s) => [s.status, s.packageId])).toEqual([
      ['replaced', 2],
      ['active', 3],
    ])
    expect(rows[1]?.startsAt?.toISOString()).toBe('2026-03-19T21:00:00.000Z')
    expect(rows[1]?.amount).toBe(34_500)
    const payments = (await server.request({ url: api(paths.payments), token, lang: 'en' })).json.result.payments as {
      status: string
      amount: string
      package: string
    }[]
    expect(payments[0]).toMatchObject({ status: 'Success', amount: '345.00', package: 'Package 3', method: 'CREDIT_CARD' })
    const [after] = await server.db.select().from(vendors).where(eq(vendors.id, vendor.id))
    expect(after?.packageId).toBe(3)

    // a card is never stored
    const [payment] = await server.db.select().from(vendorPayments).where(eq(vendorPayments.id, result.payment.id))
    expect(JSON.stringify(payment)).not.toContain('4242424242424242')
  })

  it('after expiry the new period starts on the payment day', async () => {
    const { token, vendor } = await vendorWithAccount(1, '2026-01-01')
    expect((await putPackage(token, { package_id: 1 })).status).toBe(200)
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success))).status).toBe(200)
    const [active] = await server.db.select().from(subscriptions).where(eq(subscriptions.status, 'active'))
    expect(active?.vendorId).toBe(vendor.id)
    // 2026-03-01 in Riyadh
    expect(active?.startsAt?.toISOString()).toBe('2026-02-28T21:00:00.000Z')
  })

  it('prices a coupon as the registration does, and refuses one that does not apply', async () => {
    const { token } = await vendorWithAccount(1, '2026-02-20')
    const priced = await putPackage(token, { package_id: 2, coupon_code: 'ten10' })
    expect(priced.status, priced.text).toBe(200)
    expect(priced.json.result.draft.package).toMatchObject({
      coupon_code: 'TEN10',
      price: 200,
      discount: 20,
      net: 180,
      vat: 27,
      total: 207,
    })
    const refused = await putPackage(token, { package_id: 3, coupon_code: 'TEN10' })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.json.errors as object)).toEqual(['coupon_code'])
    expect((await putPackage(token, { package_id: 2, coupon_code: 'NOPE' })).status).toBe(422)
    expect((await putPackage(token, { package_id: 999 })).status).toBe(422)
  })

  it('refuses the free trial with 422 in Arabic and English', async () => {
    const { token } = await vendorWithAccount(1, '2026-02-20')
    const [trial] = await server.db.select().from(packages).where(eq(packages.packageType, 'FREE_TRIAL'))
    const texts = await inBothLanguages((lang) => putPackage(token, { package_id: trial!.id }, lang), 422)
    expect(texts.en).toBe('The free trial cannot be renewed: choose a paid package.')
    expect(texts.ar).toContain('الفترة التجريبية')
    const res = await putPackage(token, { package_id: trial!.id })
    expect(Object.keys(res.json.errors as object)).toEqual(['package_id'])
  })

  it('3-D Secure: a wrong code declines, the right one pays', async () => {
    const { token } = await vendorWithAccount(1, '2026-02-20')
    expect((await putPackage(token, { package_id: 2 })).status).toBe(200)
    const challenged = await pay(token, cardPayment(SANDBOX_CARDS.challenge))
    expect(challenged.status, challenged.text).toBe(200)
    expect(challenged.json.result.draft.payment.state).toBe('challenge')
    const wrong = await confirm(token, '0000')
    expect(wrong.status).toBe(402)
    expect((await confirm(token, SANDBOX_3DS_CODE)).status).toBe(409)
    expect((await pay(token, cardPayment(SANDBOX_CARDS.challenge))).json.result.draft.payment.state).toBe('challenge')
    const ok = await confirm(token, SANDBOX_3DS_CODE)
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json.result.draft.payment.state).toBe('paid')
    expect((await complete(token)).json.result.payment.status).toBe('Success')
  })

  it('a declined card answers 402 with its reason and records nothing; a malformed one 422', async () => {
    const { token, vendor } = await vendorWithAccount(1, '2026-02-20')
    expect((await putPackage(token, { package_id: 2 })).status).toBe(200)
    const texts = await inBothLanguages((lang) => pay(token, cardPayment(SANDBOX_CARDS.decline), lang), 402)
    expect(texts.en).toMatch(/insufficient/i)
    expect((await pay(token, cardPayment('4242424242424241'))).status).toBe(422)
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success, { exp_year: 2025 }))).status).toBe(422)
    const rows = await server.db.select().from(vendorPayments).where(eq(vendorPayments.vendorId, vendor.id))
    expect(rows).toHaveLength(1)
  })

  it('a bank transfer leaves a Pending payment; no renewal while it waits (409 in both languages)', async () => {
    const { token, vendor } = await vendorWithAccount(1, '2026-02-20')
    expect((await transfer(token, { method: 'BANK_TRANSFER' })).status).toBe(409) // no package yet
    expect((await putPackage(token, { package_id: 4 })).status).toBe(200)
    const bad = await transfer(token, { method: 'BANK_TRANSFER' }, { name: 'r.txt', type: 'text/plain', bytes: Buffer.from('hello') })
    expect(bad.status).toBe(422)
    const sent = await transfer(token, { method: 'BANK_TRANSFER', payment_number: 'TRX-9' })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.json.result.draft.payment).toMatchObject({ state: 'receipt_received', method: 'BANK_TRANSFER' })
    const done = await complete(token)
    expect(done.json.result.payment).toMatchObject({ status: 'Pending', method: 'BANK_TRANSFER' })
    const [row] = await server.db
      .select()
      .from(vendorPayments)
      .where(eq(vendorPayments.id, done.json.result.payment.id as number))
    expect(row).toMatchObject({ vendorId: vendor.id, packageId: 4, amountHalalas: 46_000, paymentNumber: 'TRX-9', status: 'Pending' })
    expect(row?.receiptName).toMatch(/\.png$/)

    const texts = await inBothLanguages((lang) => server.request({ url: api(paths.renewalOptions), token, lang }), 409)
    expect(texts.en).toMatch(/awaiting approval/)
    expect((await putPackage(token, { package_id: 2 })).status).toBe(409)
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success))).status).toBe(409)
  })

  it('a stopped vendor cannot renew', async () => {
    const { token, vendor } = await vendorWithAccount(1, '2026-02-20')
    await server.db.update(vendors).set({ status: 'inactive' }).where(eq(vendors.id, vendor.id))
    const texts = await inBothLanguages((lang) => putPackage(token, { package_id: 2 }, lang), 409)
    expect(texts.en).toMatch(/stopped/)
  })

  it('answers hostile input with a 4xx in both languages, never a 500', async () => {
    const { token } = await vendorWithAccount(1, '2026-02-20')
    const packageBodies: unknown[] = [
      { package_id: '2' },
      { package_id: 2.5 },
      { package_id: 1e308 },
      JSON.parse('{"package_id": 99999999999999999999999}'),
      { package_id: -1 },
      { package_id: null },
      [],
      'x',
      { package_id: 2, coupon_code: 'A\u0000B' },
      { package_id: 2, coupon_code: 12 },
      { package_id: 2, coupon_code: 'x'.repeat(10_000) },
      JSON.parse('{"package_id": 2, "__proto__": {"admin": true}}'),
      { package_id: 2, constructor: { prototype: 1 } },
    ]
    for (const body of packageBodies) {
      const res = await putPackage(token, body)
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
    }
    expect((await putPackage(token, { package_id: 2 })).status).toBe(200)
    const cardBodies: unknown[] = [
      { method: 'BANK_TRANSFER', card: cardPayment(SANDBOX_CARDS.success).card },
      { method: 'CREDIT_CARD', card: { ...cardPayment(SANDBOX_CARDS.success).card, exp_month: 1e20 } },
      { method: 'CREDIT_CARD', card: { ...cardPayment(SANDBOX_CARDS.success).card, holder_name: 'A\u0000B' } },
      { method: 'CREDIT_CARD', card: { ...cardPayment(SANDBOX_CARDS.success).card, number: 4242424242424242 } },
      JSON.parse(`{"method":"CREDIT_CARD","card":{"__proto__":{"number":"${SANDBOX_CARDS.success}"}}}`),
      { method: 'CREDIT_CARD' },
    ]
    for (const body of cardBodies) {
      const res = await pay(token, body)
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
    }
    for (const code of ['\u0000', 'x'.repeat(500)]) {
      const res = await confirm(token, code)
      expect(res.status, code).toBeGreaterThanOrEqual(400)
      expect(res.status, code).toBeLessThan(500)
    }
    const nul = await transfer(token, { method: 'BANK_TRANSFER', payment_number: 'TRX\u00001' })
    expect(nul.status, nul.text).toBe(422)
    const json = await server.request({ url: api(paths.renewalTransfer), token, body: { method: 'BANK_TRANSFER' } })
    expect(json.status).toBe(415)
    const texts = await inBothLanguages((lang) => putPackage(token, { package_id: 'x' }, lang), 422)
    expect(texts.en).not.toBe(texts.ar)
    // nothing was paid on the way
    expect((await complete(token)).status).toBe(409)
  })
})
