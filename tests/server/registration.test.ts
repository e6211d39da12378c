import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { registrationPaths as paths } from '../../src/contract/registration'
import { auditLog } from '../../server/db/tables'
import { coupons } from '../../server/modules/coupons/schema'
import { marketplaces } from '../../server/modules/marketplaces/schema'
import { SANDBOX_3DS_CODE, SANDBOX_CARDS } from '../../server/modules/registration/gateway'
import { registrationDrafts } from '../../server/modules/registration/schema'
import { packages } from '../../server/modules/subscription-packages/schema'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { users } from '../../server/modules/users/schema'
import { vendorMarketplaces, vendorPayments, vendors } from '../../server/modules/vendors/schema'
import { backends, PASSWORD, useTestServer, type TestServer } from './helpers'
import { BASE, cardPayment, createVendor, paymentForm, PDF, PNG, seedPackages } from './vendors-fixtures'

/**
 * The vendor registration wizard's API (issue 11): a draft, one server-validated step at a time,
 * the sandbox gateway's test cards and 3-D Secure, a bank transfer waiting for approval, a free trial,
 * and the completion that creates the account, the vendor and its payment in one transaction.
 */

const api = (path: string) => `/api/${path}`

/** A valid step 1; `n` makes its unique fields unique. */
const storeBody = (n = 1, extra: Record<string, unknown> = {}) => ({
  store_name: `متجر ${n}`,
  company_name: `Company ${n}`,
  commercial_registration: String(2_000_000_000 + n),
  commercial_registration_expiry: '2027-06-30',
  phone: '+966512345678',
  email: `new-vendor${n}@example.com`,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  subdomain: `new-store-${n}`,
  tax_no: '310000000000003',
  marketplaces: [1, 3],
  utm_source: 'instagram',
  utm_campaign: 'ramadan',
  ...extra,
})

/**
 * Packages 1-4 (STANDARD, 100-400 SR a month), 5 a free trial, 6 inactive; a 10 % coupon for package 2;
 * marketplaces 1 and 3 offered, 2 inactive.
 */
async function seedCatalogue(server: TestServer) {
  await seedPackages(server)
  await server.db.insert(marketplaces).values([
    { nameAr: 'سلة', nameEn: 'Salla', website: 'https://salla.sa' },
    { nameAr: 'زد', nameEn: 'Zid', website: 'https://zid.sa', isActive: false },
    { nameAr: 'أمازون', nameEn: 'Amazon', website: 'https://amazon.sa' },
  ])
  await server.db.insert(packages).values([
    {
      titleAr: 'تجربة',
      titleEn: 'Trial',
      shortDescriptionAr: 'مجانية',
      shortDescriptionEn: 'Free',
      price: 0,
      subscriptionType: 'DAYS',
      packageType: 'FREE_TRIAL',
    },
    {
      titleAr: 'قديمة',
      titleEn: 'Old',
      shortDescriptionAr: 'متوقفة',
      shortDescriptionEn: 'Retired',
      price: 5000,
      subscriptionType: 'MONTH',
      packageType: 'STANDARD',
      isActive: false,
    },
  ])
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
}

describe.each(backends)('vendor registration on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedCatalogue(server))

  const newDraft = async (): Promise<string> => {
    const res = await server.request({ url: api(paths.drafts), body: {}, lang: 'en' })
    expect(res.status, res.text).toBe(201)
    return res.json.result.draft.token as string
  }
  const putStore = (token: string, body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
    server.request({ method: 'PUT', url: api(paths.store(token)), body, lang })
  const putPackage = (token: string, body: Record<string, unknown>) =>
    server.request({ method: 'PUT', url: api(paths.package(token)), body, lang: 'en' })
  const pay = (token: string, body: Record<string, unknown>) => server.request({ url: api(paths.payment(token)), body, lang: 'en' })
  const complete = (token: string) => server.request({ url: api(paths.complete(token)), body: {}, lang: 'en' })

  /** A draft with steps 1 and 2 stored. */
  async function draftAtPayment(n = 1, packageBody: Record<string, unknown> = { package_id: 2 }, store: Record<string, unknown> = {}) {
    const token = await newDraft()
    const one = await putStore(token, storeBody(n, store))
    expect(one.status, one.text).toBe(200)
    const two = await putPackage(token, packageBody)
    expect(two.status, two.text).toBe(200)
    return token
  }

  it('creates a draft that lives 24 hours and starts at step 1', async () => {
    const res = await server.request({ url: api(paths.drafts), body: {}, lang: 'en' })
    expect(res.status).toBe(201)
    const draft = res.json.result.draft
    expect(draft.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(draft.step).toBe(1)
    expect(draft.expires_at).toBe('2026-03-02T09:00:00.000Z')
    expect(draft.store).toBeNull()
    const read = await server.request({ url: api(paths.draft(draft.token)), lang: 'en' })
    expect(read.status).toBe(200)
    expect(read.json.result.draft.step).toBe(1)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(row?.tokenHash).not.toBe(draft.token)
  })

  it('stores step 1 with the password hashed, never in clear, and the utm values', async () => {
    const token = await newDraft()
    const res = await putStore(token, storeBody(1, { referral_code: null }))
    expect(res.status, res.text).toBe(200)
    const draft = res.json.result.draft
    expect(draft.step).toBe(2)
    expect(draft.store).toMatchObject({ email: 'new-vendor1@example.com', subdomain: 'new-store-1', marketplaces: [1, 3] })
    expect(draft.store.utm).toEqual({ utm_source: 'instagram', utm_campaign: 'ramadan' })
    expect(JSON.stringify(res.json)).not.toContain(PASSWORD)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(JSON.stringify(row)).not.toContain(PASSWORD)
    expect(row?.passwordHash).toMatch(/^\$argon2/)
  })

  it('refuses each rule of step 1 with its field error, in English and Arabic', async () => {
    const token = await newDraft()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ commercial_registration: '12345' }, 'commercial_registration', 'must be 10 characters'],
      [{ commercial_registration: '12345678ab' }, 'commercial_registration', 'has an invalid format'],
      [{ commercial_registration_expiry: '2026-02-28' }, 'commercial_registration_expiry', 'The commercial registration has expired'],
      [{ commercial_registration_expiry: '2026-02-30' }, 'commercial_registration_expiry', 'has an invalid format'],
      [{ phone: '12ab' }, 'phone', 'must be a valid phone number'],
      [{ email: 'not-an-email' }, 'email', 'must be a valid email'],
      [{ password_confirmation: 'Other-Horse-9' }, 'password_confirmation', 'Passwords must match'],
      [
        { password: 'alllowercase1', password_confirmation: 'alllowercase1' },
        'password',
        'Use at least 8 characters with a lowercase letter, an uppercase letter, a digit and a symbol',
      ],
      [{ password: 'Sh0rt!', password_confirmation: 'Sh0rt!' }, 'password', 'must be at least 8 characters'],
      [{ subdomain: 'ab' }, 'subdomain', 'must be at least 3 characters'],
      [{ subdomain: 'Bad_Name' }, 'subdomain', 'use lowercase letters, digits and single hyphens'],
      [{ subdomain: 'a'.repeat(31) }, 'subdomain', 'must be at most 30 characters'],
      [{ subdomain: 'admin' }, 'subdomain', 'This subdomain is reserved.'],
      [{ tax_no: '310000000000001' }, 'tax_no', 'has an invalid format'],
      [{ tax_no: '31000000000003' }, 'tax_no', 'must be 15 characters'],
      [{ referral_code: 'NOBODY12' }, 'referral_code', 'This referral code does not exist'],
      [{ marketplaces: [0] }, 'marketplaces.0', 'must be greater than 1'],
      [{ marketplaces: [1, 2] }, 'marketplaces', 'One of the chosen marketplaces is not offered'],
      [{ marketplaces: [99] }, 'marketplaces', 'One of the chosen marketplaces is not offered'],
      [{ store_name: '' }, 'store_name', 'Required Field'],
    ]
    for (const [change, field, message] of cases) {
      const res = await putStore(token, storeBody(1, change))
      expect(res.status, `${field}: ${res.text}`).toBe(422)
      expect(res.json.errors[field], `${field}: ${res.text}`).toContain(message)
    }
    const reserved = await putStore(token, storeBody(1, { subdomain: 'admin' }), 'ar')
    expect(reserved.json.errors.subdomain[0]).toMatch(/[\u0600-\u06FF]/)
    const read = await server.request({ url: api(paths.draft(token)), lang: 'en' })
    expect(read.json.result.draft.store).toBeNull()
  })

  it('says "email already taken" for an end user\'s or a vendor\'s email, any case', async () => {
    await server.createUser({ email: 'owner@example.com' })
    const admin = await server.loginAdmin((await server.createAdmin()).email)
    await createVendor(server, admin, 7, { email: 'shop7@example.com' })
    const token = await newDraft()
    for (const email of ['Owner@Example.com', 'shop7@example.com']) {
      const en = await putStore(token, storeBody(1, { email }))
      expect(en.status).toBe(422)
      expect(en.json.errors.email).toEqual(['email already taken'])
      const ar = await putStore(token, storeBody(1, { email }), 'ar')
      expect(ar.json.errors.email).toEqual(['البريد الإلكتروني مستخدم بالفعل'])
    }
    const taken = await putStore(token, storeBody(1, { subdomain: 'store-7' }))
    expect(taken.json.errors.subdomain).toEqual(['This subdomain is already taken.'])
  })

  it('a filled honeypot gets a generic 400 and stores nothing', async () => {
    const token = await newDraft()
    const res = await putStore(token, storeBody(1, { website: 'http://spam.example' }))
    expect(res.status).toBe(400)
    expect(res.json.status).toBe(false)
    expect(JSON.stringify(res.json)).not.toMatch(/honeypot|website/i)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(row?.step).toBe(0)
    expect(row?.store).toBeNull()
    expect(row?.passwordHash).toBeNull()
  })

  it('refuses skipping steps with 409 and a clear message, in both languages', async () => {
    const token = await newDraft()
    const pkg = await putPackage(token, { package_id: 2 })
    expect(pkg.status).toBe(409)
    expect(pkg.json.message).toBe('Complete the previous steps first.')
    const paid = await pay(token, cardPayment(SANDBOX_CARDS.success))
    expect(paid.status).toBe(409)
    const transfer = paymentForm({ method: 'BANK_TRANSFER' }, { name: 'r.png', type: 'image/png', bytes: PNG })
    const bank = await server.request({ url: api(paths.transfer(token)), payload: transfer.payload, contentType: transfer.contentType })
    expect(bank.status).toBe(409)
    const done = await complete(token)
    expect(done.status).toBe(409)
    const ar = await server.request({ url: api(paths.complete(token)), body: {}, lang: 'ar' })
    expect(ar.json.message).toBe('أكمل الخطوات السابقة أولاً.')

    expect((await putStore(token, storeBody(1))).status).toBe(200)
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success))).status).toBe(409)
    const early = await complete(token)
    expect(early.status).toBe(409)
    expect(early.json.message).toBe('Complete the previous steps first.')

    expect((await putPackage(token, { package_id: 2 })).status).toBe(200)
    const unpaid = await complete(token)
    expect(unpaid.status).toBe(409)
    expect(unpaid.json.message).toBe('Complete the payment first.')
    expect(await server.db.select().from(vendors)).toHaveLength(0)
    expect(await server.db.select().from(users)).toHaveLength(0)
  })

  it('prices step 2 as coupons/check does, and refuses inactive packages and bad coupons', async () => {
    const token = await newDraft()
    await putStore(token, storeBody(1))
    const priced = await putPackage(token, { package_id: 2, coupon_code: 'ten10' })
    expect(priced.status, priced.text).toBe(200)
    const check = await server.request({ url: '/api/coupons/check', body: { package_id: 2, code: 'ten10' }, lang: 'en' })
    const { price, discount, net, vat, total, vat_percent } = check.json.result
    expect(priced.json.result.draft.package).toMatchObject({ price, discount, net, vat, total, vat_percent, coupon_code: 'TEN10' })
    expect(priced.json.result.draft.package).toMatchObject({
      price: 200,
      discount: 20,
      net: 180,
      vat: 27,
      total: 207,
      payment_required: true,
    })
    expect(priced.json.result.draft.step).toBe(3)

    const inactive = await putPackage(token, { package_id: 6 })
    expect(inactive.status).toBe(422)
    expect(inactive.json.errors.package_id).toEqual(['does not exist'])
    const missing = await putPackage(token, { package_id: 99 })
    expect(missing.status).toBe(422)
    const wrongPackage = await putPackage(token, { package_id: 3, coupon_code: 'TEN10' })
    expect(wrongPackage.status).toBe(422)
    expect(Object.keys(wrongPackage.json.errors)).toEqual(['coupon_code'])
    const unknown = await putPackage(token, { package_id: 2, coupon_code: 'NOPE' })
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.json.errors)).toEqual(['coupon_code'])
    // the last accepted step 2 is what the draft keeps
    const read = await server.request({ url: api(paths.draft(token)), lang: 'en' })
    expect(read.json.result.draft.package).toMatchObject({ package_id: 2, total: 207 })
  })

  it('lists the active packages, VAT, trial days, bank accounts and the sandbox gateway', async () => {
    const res = await server.request({ url: api(paths.options), lang: 'en' })
    expect(res.status).toBe(200)
    const ids = (res.json.result.packages as { id: number }[]).map((p) => p.id)
    expect(ids).toEqual([1, 2, 3, 4, 5])
    expect(res.json.result).toMatchObject({ vat_percent: 15, free_trial_days: 14, gateway: { name: 'sandbox', sandbox: true } })
    expect(res.json.result.packages[1]).toMatchObject({ title: 'Package 2', price: 200, subscription_type: 'MONTH' })
    // the marketplaces offered: the active ones, in the asker's language, by name
    expect(res.json.result.marketplaces).toEqual([
      { id: 3, name: 'Amazon' },
      { id: 1, name: 'Salla' },
    ])
    const ar = await server.request({ url: api(paths.options), lang: 'ar' })
    expect(ar.json.result.marketplaces).toEqual([
      { id: 3, name: 'أمازون' },
      { id: 1, name: 'سلة' },
    ])
  })

  it('answers subdomain availability with a suggestion when taken or reserved', async () => {
    const admin = await server.loginAdmin((await server.createAdmin()).email)
    await createVendor(server, admin, 1)
    const free = await server.request({ url: `${api(paths.subdomain)}?subdomain=fresh-shop`, lang: 'en' })
    expect(free.json.result).toEqual({ available: true, reason: null, suggestion: null })
    const taken = await server.request({ url: `${api(paths.subdomain)}?subdomain=store-1`, lang: 'en' })
    expect(taken.json.result).toEqual({ available: false, reason: 'This subdomain is already taken.', suggestion: 'store-1-1' })
    const reserved = await server.request({ url: `${api(paths.subdomain)}?subdomain=admin`, lang: 'en' })
    expect(reserved.json.result.available).toBe(false)
    expect(reserved.json.result.suggestion).toBe('admin-1')
    const messy = await server.request({ url: `${api(paths.subdomain)}?subdomain=${encodeURIComponent('My Shop!')}`, lang: 'en' })
    expect(messy.json.result).toMatchObject({ available: false, suggestion: 'my-shop' })
  })

  it('tells whose referral code it is, and records the referrer on completion', async () => {
    const admin = await server.loginAdmin((await server.createAdmin()).email)
    const referrer = await createVendor(server, admin, 9)
    const known = await server.request({ url: `${api(paths.referralCode)}?code=${referrer.referral_code.toLowerCase()}`, lang: 'en' })
    expect(known.json.result).toEqual({ valid: true, owner: { kind: 'vendor', name: 'متجر 9' } })
    const unknown = await server.request({ url: `${api(paths.referralCode)}?code=ZZZZ9999`, lang: 'en' })
    expect(unknown.json.result).toEqual({ valid: false, owner: null })

    const token = await draftAtPayment(1, { package_id: 5 }, { referral_code: referrer.referral_code })
    const done = await complete(token)
    expect(done.status, done.text).toBe(201)
    const view = await server.request({ url: `${BASE}/${done.json.result.vendor.id}`, token: admin, lang: 'en' })
    expect(view.json.result.item.referred_by).toEqual({ id: referrer.id, store_name: 'متجر 9' })
    const referrals = await server.request({ url: `${BASE}/${referrer.id}/referral-vendors`, token: admin, lang: 'en' })
    expect(referrals.json.result.vendors.data.map((v: { id: number }) => v.id)).toEqual([done.json.result.vendor.id])
  })

  it('card 4242 pays: completion makes user, vendor (active), approved payment and subscription; the token opens user/auth/me', async () => {
    const token = await draftAtPayment(1, { package_id: 2, coupon_code: 'TEN10' })
    const paid = await pay(token, cardPayment('4242 4242 4242 4242'))
    expect(paid.status, paid.text).toBe(200)
    expect(paid.json.result.draft.payment).toEqual({
      state: 'paid',
      method: 'CREDIT_CARD',
      last4: '4242',
      brand: 'visa',
      reason: null,
      sandbox: true,
    })
    expect(paid.json.result.draft.step).toBe(4)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(JSON.stringify(row)).not.toContain('4242424242424242')
    expect(JSON.stringify(row)).not.toContain('"123"')

    // a paid draft keeps its package
    const repackaged = await putPackage(token, { package_id: 3 })
    expect(repackaged.status).toBe(409)
    expect(repackaged.json.message).toBe('This registration is already paid.')
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success))).status).toBe(409)

    const done = await complete(token)
    expect(done.status, done.text).toBe(201)
    const result = done.json.result
    expect(result.api_token).toEqual(expect.any(String))
    expect(result.user).toMatchObject({ email: 'new-vendor1@example.com', name: 'متجر 1', is_active: true })
    expect(result.vendor).toMatchObject({ status: 'active', subdomain: 'new-store-1' })
    expect(result.payment).toMatchObject({ status: 'Success', method: 'CREDIT_CARD' })

    const me = await server.request({ url: '/api/user/auth/me', token: result.api_token, lang: 'en' })
    expect(me.status).toBe(200)
    expect(me.json.result.user.email).toBe('new-vendor1@example.com')
    const login = await server.request({ url: '/api/login', body: { email: 'new-vendor1@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)

    const [payment] = await server.db.select().from(vendorPayments)
    expect(payment).toMatchObject({ amountHalalas: 20_700, status: 'Success', method: 'CREDIT_CARD', changedBy: null })
    const [subscription] = await server.db.select().from(subscriptions)
    expect(subscription).toMatchObject({ vendorId: result.vendor.id, packageId: 2, paymentId: payment?.id, status: 'active' })
    expect(subscription?.invoiceNumber).toMatch(/^INV-2026-0+1$/)
    const [coupon] = await server.db.select().from(coupons)
    expect(coupon?.uses).toBe(1)
    const [vendor] = await server.db.select().from(vendors)
    expect(vendor).toMatchObject({ userId: result.user.id, utmSource: 'instagram', packageId: 2 })
    // the marketplaces of interest are the vendor's marketplaces, as an admin's choice stores them
    const chosen = await server.db.select().from(vendorMarketplaces).where(eq(vendorMarketplaces.vendorId, vendor!.id))
    expect(chosen.map((r) => r.marketplaceId).sort()).toEqual([1, 3])
    const admin = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const shown = await server.request({ url: `${BASE}/${vendor!.id}`, token: admin, lang: 'en' })
    expect(shown.json.result.item.marketplaces).toEqual([
      { id: 3, name_ar: 'أمازون', name_en: 'Amazon' },
      { id: 1, name_ar: 'سلة', name_en: 'Salla' },
    ])
    const listed = await server.request({ url: `${BASE}?marketplace=3`, token: admin, lang: 'en' })
    expect(listed.json.result.vendors.data.map((v: { id: number }) => v.id)).toEqual([vendor!.id])
  })

  it('card 4000…0002 is declined with its reason and stays on step 3; a retry with 4242 pays', async () => {
    const token = await draftAtPayment()
    const declined = await pay(token, cardPayment(SANDBOX_CARDS.decline))
    expect(declined.status).toBe(402)
    expect(declined.json.message).toBe('The card was declined: insufficient funds (sandbox).')
    expect(declined.json.errors.card).toEqual(['The card was declined: insufficient funds (sandbox).'])
    const read = await server.request({ url: api(paths.draft(token)), lang: 'ar' })
    expect(read.json.result.draft.step).toBe(3)
    expect(read.json.result.draft.payment).toMatchObject({ state: 'declined', last4: '0002', sandbox: true })
    expect(read.json.result.draft.payment.reason).toMatch(/[\u0600-\u06FF]/)
    expect((await complete(token)).status).toBe(409)

    const retry = await pay(token, cardPayment(SANDBOX_CARDS.success))
    expect(retry.status).toBe(200)
    expect(retry.json.result.draft.payment.state).toBe('paid')
    expect((await complete(token)).status).toBe(201)
  })

  it('refuses a card number that fails its check digit or an expired card, without charging', async () => {
    const token = await draftAtPayment()
    const luhn = await pay(token, cardPayment('4242424242424241'))
    expect(luhn.status).toBe(422)
    expect(luhn.json.errors['card.number']).toEqual(['The card number is not valid'])
    const expired = await pay(token, cardPayment(SANDBOX_CARDS.success, { exp_month: 2, exp_year: 2026 }))
    expect(expired.status).toBe(422)
    expect(expired.json.errors['card.exp_year']).toEqual(['The card has expired'])
    const thisMonth = await pay(token, cardPayment(SANDBOX_CARDS.success, { exp_month: 3, exp_year: 2026 }))
    expect(thisMonth.status).toBe(200)
  })

  it('card 4000…3220 asks for 3-D Secure: a wrong code declines, 1234 pays', async () => {
    const token = await draftAtPayment()
    const challenged = await pay(token, cardPayment(SANDBOX_CARDS.challenge))
    expect(challenged.status).toBe(200)
    expect(challenged.json.result.draft.payment).toMatchObject({ state: 'challenge', last4: '3220' })
    expect(challenged.json.result.draft.step).toBe(3)
    expect((await complete(token)).status).toBe(409)

    const wrong = await server.request({ url: api(paths.confirmPayment(token)), body: { code: '0000' }, lang: 'en' })
    expect(wrong.status).toBe(402)
    expect(wrong.json.message).toBe('The card was declined: the verification code is not correct (sandbox).')
    // the challenge is spent: a second code has nothing to confirm
    const again = await server.request({ url: api(paths.confirmPayment(token)), body: { code: '1234' }, lang: 'en' })
    expect(again.status).toBe(409)

    await pay(token, cardPayment(SANDBOX_CARDS.challenge))
    expect(SANDBOX_3DS_CODE).toBe('1234')
    const right = await server.request({ url: api(paths.confirmPayment(token)), body: { code: ' 1234 ' }, lang: 'en' })
    expect(right.status, right.text).toBe(200)
    expect(right.json.result.draft.payment.state).toBe('paid')
    const done = await complete(token)
    expect(done.status).toBe(201)
    expect(done.json.result.payment.status).toBe('Success')
  })

  it('a bank transfer receipt makes a Pending payment; the admin sees the vendor pending with utm_source, and approves it', async () => {
    const token = await draftAtPayment(1, { package_id: 3 }, { utm_source: 'google' })
    const bad = paymentForm({ method: 'BANK_TRANSFER' }, { name: 'r.txt', type: 'text/plain', bytes: Buffer.from('hello') })
    const refused = await server.request({
      url: api(paths.transfer(token)),
      payload: bad.payload,
      contentType: bad.contentType,
      lang: 'en',
    })
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.json.errors)).toEqual(['payment_file'])
    const none = paymentForm({ method: 'BANK_TRANSFER' })
    expect((await server.request({ url: api(paths.transfer(token)), payload: none.payload, contentType: none.contentType })).status).toBe(
      422,
    )
    const json = await server.request({ url: api(paths.transfer(token)), body: { method: 'BANK_TRANSFER' } })
    expect(json.status).toBe(415)

    const form = paymentForm({ method: 'BANK_TRANSFER', payment_number: 'TRX-77' }, { name: 'r.pdf', type: 'application/pdf', bytes: PDF })
    const sent = await server.request({ url: api(paths.transfer(token)), payload: form.payload, contentType: form.contentType, lang: 'en' })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.json.result.draft.payment).toMatchObject({ state: 'receipt_received', method: 'BANK_TRANSFER' })
    expect(sent.json.result.draft.step).toBe(4)

    const done = await complete(token)
    expect(done.status, done.text).toBe(201)
    expect(done.json.result.vendor.status).toBe('pending')
    expect(done.json.result.payment).toMatchObject({ status: 'Pending', method: 'BANK_TRANSFER' })
    expect(await server.db.select().from(subscriptions)).toHaveLength(0)

    const admin = await server.loginAdmin((await server.createAdmin()).email)
    const vendorId = done.json.result.vendor.id
    const list = await server.request({ url: `${BASE}?status=pending`, token: admin, lang: 'en' })
    const listed = list.json.result.vendors.data.find((v: { id: number }) => v.id === vendorId)
    expect(listed).toMatchObject({ status: 'pending', utm_source: 'google', subdomain: 'new-store-1', package_id: 3 })
    const payments = await server.request({ url: `${BASE}/${vendorId}/payments`, token: admin, lang: 'en' })
    const [payment] = payments.json.result.payments.data
    expect(payment).toMatchObject({ status: 'Pending', amount: '345.00', payment_number: 'TRX-77', has_receipt: true })
    const receipt = await server.request({ url: `${BASE}/${vendorId}/payments/${payment.id}/receipt`, token: admin })
    expect(receipt.status).toBe(200)
    expect(receipt.text.startsWith('%PDF-')).toBe(true)

    const approved = await server.request({
      url: `${BASE}/changeTransactionStatus/${vendorId}/${payment.id}`,
      token: admin,
      body: { status: 'Success' },
      lang: 'en',
    })
    expect(approved.status, approved.text).toBe(200)
    const [vendor] = await server.db.select().from(vendors).where(eq(vendors.id, vendorId))
    expect(vendor?.status).toBe('active')
    expect(await server.db.select().from(subscriptions)).toHaveLength(1)
  })

  it('a replaced receipt, and the receipt of an abandoned draft, are deleted', async () => {
    const receipts = () => readdir(join(server.dataDir, 'receipts')).catch(() => [] as string[])
    const before = await receipts()
    const token = await draftAtPayment()
    const send = async (bytes: Buffer, type: string) => {
      const form = paymentForm({ method: 'BANK_TRANSFER' }, { name: 'r', type, bytes })
      const res = await server.request({ url: api(paths.transfer(token)), payload: form.payload, contentType: form.contentType })
      expect(res.status, res.text).toBe(200)
    }
    await send(PNG, 'image/png')
    await send(PDF, 'application/pdf')
    const added = (await receipts()).filter((name) => !before.includes(name))
    expect(added).toHaveLength(1)
    expect(added[0]).toMatch(/\.pdf$/)
    server.clock.advance(25 * 3_600_000)
    await server.app.housekeeping()
    expect((await receipts()).sort()).toEqual([...before].sort())
  })

  it('a free-trial package needs no payment: completion follows step 2', async () => {
    const token = await draftAtPayment(1, { package_id: 5 })
    const read = await server.request({ url: api(paths.draft(token)), lang: 'en' })
    expect(read.json.result.draft.step).toBe(4)
    expect(read.json.result.draft.package).toMatchObject({ package_type: 'FREE_TRIAL', total: 0, payment_required: false })
    expect(read.json.result.draft.payment).toMatchObject({ state: 'not_required' })
    const paid = await pay(token, cardPayment(SANDBOX_CARDS.success))
    expect(paid.status).toBe(409)
    expect(paid.json.message).toBe('This package needs no payment.')
    const done = await complete(token)
    expect(done.status, done.text).toBe(201)
    expect(done.json.result.payment).toBeNull()
    // nothing awaits an approval: the trial runs from today for the settings' 14 days
    expect(done.json.result.vendor.status).toBe('active')
    expect(await server.db.select().from(vendorPayments)).toHaveLength(0)
    const [vendor] = await server.db.select().from(vendors)
    expect(vendor?.packageId).toBe(5)
    const [trial, ...others] = await server.db.select().from(subscriptions)
    expect(others).toHaveLength(0)
    expect(trial).toMatchObject({ vendorId: vendor?.id, packageId: 5, paymentId: null, status: 'active', amount: 0, invoiceNumber: null })
    expect((trial!.expiresAt!.getTime() - trial!.startsAt!.getTime()) / 86_400_000).toBe(14)
    expect(vendor?.subscriptionExpiresAt?.getTime()).toBe(trial!.expiresAt!.getTime())
  })

  it("a marketplace made inactive or deleted before completion is left out of the vendor's marketplaces", async () => {
    const token = await draftAtPayment(1, { package_id: 5 })
    const second = await draftAtPayment(2, { package_id: 5 })
    await server.db.update(marketplaces).set({ isActive: false }).where(eq(marketplaces.id, 3))
    const done = await complete(token)
    expect(done.status, done.text).toBe(201)
    const chosen = await server.db.select().from(vendorMarketplaces)
    expect(chosen).toEqual([{ vendorId: done.json.result.vendor.id, marketplaceId: 1 }])
    await server.db.delete(marketplaces).where(eq(marketplaces.id, 3))
    const again = await complete(second)
    expect(again.status, again.text).toBe(201)
    expect(
      (await server.db.select().from(vendorMarketplaces).where(eq(vendorMarketplaces.vendorId, again.json.result.vendor.id))).map(
        (r) => r.marketplaceId,
      ),
    ).toEqual([1])
  })

  it('a second completion is refused, and the draft no longer opens', async () => {
    const token = await draftAtPayment(1, { package_id: 5 })
    expect((await complete(token)).status).toBe(201)
    const again = await complete(token)
    expect(again.status).toBe(409)
    expect(again.json.message).toBe('This registration is already complete.')
    expect((await server.request({ url: api(paths.draft(token)) })).status).toBe(409)
    expect((await putStore(token, storeBody(2))).status).toBe(409)
    expect(await server.db.select().from(vendors)).toHaveLength(1)
    expect(await server.db.select().from(users)).toHaveLength(1)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(row?.passwordHash).toBeNull()
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'register'))
    expect(audit).toHaveLength(1)
  })

  it('two card payments of one draft at once: one is charged, the other refused', async () => {
    const token = await draftAtPayment()
    const answers = await Promise.all([pay(token, cardPayment(SANDBOX_CARDS.success)), pay(token, cardPayment(SANDBOX_CARDS.success))])
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
    expect(answers.find((res) => res.status === 409)?.json.message).toBe('This registration is already paid.')
  })

  it('two completions of one draft at once: one account, one vendor, one payment', async () => {
    const token = await draftAtPayment()
    expect((await pay(token, cardPayment(SANDBOX_CARDS.success))).status).toBe(200)
    const answers = await Promise.all([complete(token), complete(token)])
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409])
    expect(await server.db.select().from(users)).toHaveLength(1)
    expect(await server.db.select().from(vendors)).toHaveLength(1)
    expect(await server.db.select().from(vendorPayments)).toHaveLength(1)
    expect(await server.db.select().from(subscriptions)).toHaveLength(1)
  })

  it('an email taken between step 1 and completion is refused at completion, and nothing is created', async () => {
    const token = await draftAtPayment(1, { package_id: 5 })
    await server.createUser({ email: 'new-vendor1@example.com' })
    const done = await complete(token)
    expect(done.status).toBe(422)
    expect(done.json.errors.email).toEqual(['email already taken'])
    expect(await server.db.select().from(vendors)).toHaveLength(0)
    const [row] = await server.db.select().from(registrationDrafts)
    expect(row?.consumedAt).toBeNull()
  })

  it('drafts expire after 24 hours and housekeeping removes them', async () => {
    const token = await newDraft()
    server.clock.advance(24 * 3_600_000 + 1)
    const late = await putStore(token, storeBody(1))
    expect(late.status).toBe(410)
    expect(late.json.message).toBe('This registration has expired. Start again.')
    await server.app.housekeeping()
    expect(await server.db.select().from(registrationDrafts)).toHaveLength(0)
    const unknown = await server.request({ url: api(paths.draft(token)), lang: 'en' })
    expect(unknown.status).toBe(404)
  })

  it('hostile input on every public endpoint gets a 4xx, never a 500', async () => {
    const token = await newDraft()
    const huge = 'x'.repeat(200_000)
    const requests: {
      method?: 'GET' | 'POST' | 'PUT'
      url: string
      body?: unknown
      payload?: string
      contentType?: string
      answerable?: true
    }[] = [
      { method: 'GET', url: api(paths.draft('not-a-token')) },
      { method: 'GET', url: api(paths.draft('a'.repeat(43))) },
      { method: 'GET', url: `${api(paths.subdomain)}?subdomain=a%00b` },
      { method: 'GET', url: `${api(paths.subdomain)}?subdomain=${'a'.repeat(500)}` },
      { method: 'GET', url: `${api(paths.subdomain)}?constructor=1&subdomain=abc` },
      { method: 'GET', url: `${api(paths.subdomain)}` },
      { method: 'GET', url: `${api(paths.referralCode)}?code=%ED%A0%80`, answerable: true },
      { method: 'GET', url: `${api(paths.referralCode)}?code[]=a&code[]=b` },
      { method: 'GET', url: `${api(paths.referralCode)}?code=${encodeURIComponent("' or 1=1 --")}`, answerable: true },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { store_name: 'a\u0000b' }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { store_name: 'name \ud800' }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { commercial_registration_expiry: '2026-13-45' }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { commercial_registration_expiry: 20270101 }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { store_name: huge }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { email: ['a@b.co'] }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { marketplaces: 'all' }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { marketplaces: [1.5, -1] }) },
      { method: 'PUT', url: api(paths.store(token)), body: storeBody(1, { utm_source: { $ne: 1 } }) },
      { method: 'PUT', url: api(paths.store(token)), body: { ...storeBody(1), constructor: 'x' } },
      { method: 'PUT', url: api(paths.store(token)), body: { ...storeBody(1), toString: 'x' } },
      { method: 'PUT', url: api(paths.store(token)), body: null },
      { method: 'PUT', url: api(paths.package(token)), body: { package_id: '2' } },
      { method: 'PUT', url: api(paths.package(token)), body: { package_id: 1e20 } },
      { method: 'PUT', url: api(paths.package(token)), body: { package_id: 2, coupon_code: 'a\u0000' } },
      { url: api(paths.payment(token)), body: { method: 'CREDIT_CARD', card: { number: 4242424242424242 } } },
      { url: api(paths.payment(token)), body: { method: 'BITCOIN', card: cardPayment(SANDBOX_CARDS.success).card } },
      { url: api(paths.payment(token)), body: cardPayment(SANDBOX_CARDS.success, { exp_month: 13 }) },
      { url: api(paths.payment(token)), body: cardPayment(SANDBOX_CARDS.success, { number: huge }) },
      { url: api(paths.confirmPayment(token)), body: { code: huge } },
      { url: api(paths.confirmPayment(token)), body: { code: 1234 } },
      { url: api(paths.complete('x'.repeat(43))), body: {} },
      { url: api(paths.complete(token)), payload: '{"__proto__": 1}', contentType: 'application/json' },
      {
        method: 'PUT',
        url: api(paths.store(token)),
        payload: JSON.stringify(storeBody(1)).replace('{', '{"__proto__": {"x": 1},'),
        contentType: 'application/json',
      },
    ]
    for (const { answerable, ...options } of requests) {
      const res = await server.request({ ...options, lang: 'en' })
      if (answerable) {
        // a check may answer "not valid" instead of refusing the question
        expect(res.status, res.text).toBe(200)
        expect(res.json.result).toEqual({ valid: false, owner: null })
        continue
      }
      expect(
        res.status,
        `${options.method ?? 'POST'} ${options.url.slice(0, 120)} ${(options.payload ?? JSON.stringify(options.body))?.slice(0, 120)}: ${res.text.slice(0, 300)}`,
      ).toBeGreaterThanOrEqual(400)
      expect(res.status, res.text.slice(0, 300)).toBeLessThan(500)
      expect(res.json?.status).toBe(false)
    }
    // a draft's creation reads no body: whatever is sent is not stored, and a prototype key is refused
    const ignored = await server.request({ url: api(paths.drafts), body: { step: 3, store: { subdomain: 'x' }, constructor: 1 } })
    expect(ignored.status).toBe(201)
    expect(ignored.json.result.draft).toMatchObject({ step: 1, store: null })
    const proto = await server.request({ url: api(paths.drafts), payload: '{"__proto__": {"step": 3}}', contentType: 'application/json' })
    expect(proto.status).toBe(400)
    expect((await server.request({ url: api(paths.drafts), payload: '{"a":', contentType: 'application/json' })).status).toBe(400)
    const raw = await server.request({
      method: 'PUT',
      url: api(paths.store(token)),
      payload: '{"store_name": ',
      contentType: 'application/json',
    })
    expect(raw.status).toBe(400)
    const broken = await server.request({
      url: api(paths.transfer(token)),
      payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="payment_file"; filename="a.png"\r\n\r\nabc'),
      contentType: 'multipart/form-data; boundary=b',
    })
    expect(broken.status).toBeGreaterThanOrEqual(400)
    expect(broken.status).toBeLessThan(500)
    // nothing of it was stored
    const rows = await server.db.select().from(registrationDrafts)
    expect(rows.map((row) => [row.step, row.store])).toEqual([
      [0, null],
      [0, null],
    ])
  })

  it('rate limits each public endpoint per address with 429', async () => {
    await server.rebuild({ rateLimit: { forgotMax: 2, tokenMax: 3 } })
    for (let i = 0; i < 2; i++) expect((await server.request({ url: api(paths.drafts), body: {} })).status).toBe(201)
    const limited = await server.request({ url: api(paths.drafts), body: {}, lang: 'en' })
    expect(limited.status).toBe(429)
    expect(limited.json.status).toBe(false)
    const elsewhere = await server.request({ url: api(paths.drafts), body: {}, remoteAddress: '10.0.0.9' })
    expect(elsewhere.status).toBe(201)
    const token = elsewhere.json.result.draft.token as string
    for (let i = 0; i < 3; i++)
      expect((await server.request({ method: 'PUT', url: api(paths.store(token)), body: {}, remoteAddress: '10.0.0.9' })).status).toBe(422)
    const steps = await server.request({ method: 'PUT', url: api(paths.store(token)), body: {}, remoteAddress: '10.0.0.9' })
    expect(steps.status).toBe(429)
    for (const route of server.app.routeAccess.filter((r) => r.url.startsWith('/api/register/vender')))
      expect(route.access, `${route.method} ${route.url}`).toEqual({ kind: 'public' })
  })
})
