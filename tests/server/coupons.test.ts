import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { couponPageSchema, couponSchema } from '../../src/contract/coupons'
import { auditLog } from '../../server/db/tables'
import { coupons } from '../../server/modules/coupons/schema'
import { redeemCoupon } from '../../server/modules/coupons/service'
import { packages } from '../../server/modules/subscription-packages/schema'
import { backends, useTestServer } from './helpers'

const BASE = '/api/admin-panal/coupons'
const CHECK = '/api/coupons/check'
// the test clock starts on 2026-03-01 09:00 UTC (12:00 in Riyadh)
const TODAY = '2026-03-01'

describe.each(backends)('coupons on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  /** Two packages (99.00 and 250.00 SR) straight in the table. */
  const seedPackages = async () => {
    const rows = await server.db
      .insert(packages)
      .values([
        {
          titleAr: 'الأساسية',
          titleEn: 'Basic',
          shortDescriptionAr: 'أ',
          shortDescriptionEn: 'a',
          price: 99_00,
          subscriptionType: 'MONTH',
          packageType: 'STANDARD',
        },
        {
          titleAr: 'النمو',
          titleEn: 'Growth',
          shortDescriptionAr: 'ب',
          shortDescriptionEn: 'b',
          price: 250_00,
          subscriptionType: 'YEAR',
          packageType: 'ELITE',
        },
      ])
      .returning({ id: packages.id })
    return rows.map((r) => r.id) as [number, number]
  }
  const couponBody = (ids: number[], change: object = {}) => ({
    name_ar: 'ترحيب',
    name_en: 'Welcome',
    code: 'Welcome10',
    type: 'PERCENTAGE',
    value: 10,
    from: TODAY,
    to: '2026-03-31',
    user_count: 10,
    package_ids: ids,
    ...change,
  })
  const create = (token: string, body: object, lang: 'ar' | 'en' = 'en') => server.request({ url: BASE, token, body, lang })

  it('creates a coupon, lists it with its packages and derived status, filters by status', async () => {
    const admin = await server.createAdmin({ userType: 'primary' })
    let token = await server.loginAdmin(admin.email)
    const [basic, growth] = await seedPackages()
    const res = await create(token, couponBody([growth, basic]))
    expect(res.status).toBe(201)
    const item = z.parse(couponSchema, res.json.result.item)
    expect(item).toMatchObject({ code: 'Welcome10', value: 10, uses: 0, status: 'active', package_ids: [basic, growth] })
    expect(item.packages.map((p) => p.title)).toEqual(['Basic', 'Growth'])
    const later = await create(token, couponBody([basic], { code: 'LATER', from: '2026-03-10', type: 'FIXED', value: 99 }))
    expect(later.json.result.item).toMatchObject({ status: 'scheduled', value: 99 })
    const arabic = await create(token, couponBody([basic], { code: 'خصم٣٠', name_en: 'Arabic code' }))
    expect(arabic.status).toBe(201)
    const codes = async (query: string) =>
      z
        .parse(couponPageSchema, (await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })).json.result.coupons)
        .data.map((c) => c.code)
    expect(await codes('status=scheduled')).toEqual(['LATER'])
    expect(await codes('status=active&sort_column=code')).toEqual(['Welcome10', 'خصم٣٠'])
    server.clock.set(new Date('2026-04-01T09:00:00Z'))
    token = await server.loginAdmin(admin.email)
    expect(await codes('status=expired&sort_column=code')).toEqual(['LATER', 'Welcome10', 'خصم٣٠'])
    await server.db.update(coupons).set({ uses: 10 }).where(eq(coupons.code, 'Welcome10'))
    server.clock.set(new Date('2026-03-15T09:00:00Z'))
    token = await server.loginAdmin(admin.email)
    expect(await codes('status=used_up')).toEqual(['Welcome10'])
    expect(await codes(`package_id=${growth}`)).toEqual(['Welcome10'])
    const toggled = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${item.id}`, token })
    expect(toggled.json.result.item.status).toBe('inactive')
    expect(await codes('status=inactive,scheduled')).toEqual(['Welcome10'])
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.resource, 'coupons'))
    expect(audits.map((a) => a.action)).toEqual(['create', 'create', 'create', 'toggle'])
  })

  it.each([
    [
      'en',
      {
        code: ['This code is already used by another coupon'],
        from: ['An earlier date cannot be chosen'],
      },
    ],
    ['ar', { code: ['هذا الرمز مستخدم في كوبون آخر'], from: ['لا يمكن اختيار تاريخ سابق'] }],
  ] as const)('refuses a taken code (any case) and a past day, in the Lang language (%s)', async (lang, errors) => {
    const token = await primary()
    const [basic] = await seedPackages()
    expect((await create(token, couponBody([basic]))).status).toBe(201)
    const res = await create(token, couponBody([basic], { code: 'WELCOME10', from: '2026-02-28' }), lang)
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual(errors)
  })

  it.each([
    ['no package', { package_ids: [] }, { package_ids: ['At least one package must be selected'] }],
    ['a missing package', { package_ids: [999_999] }, { package_ids: ['does not exist'] }],
    [
      'a fixed value above the cheapest package',
      { type: 'FIXED', value: 99.01 },
      { value: ['must not be more than the cheapest selected package (99.00 SR)'] },
    ],
    ['a percentage above 100', { value: 101 }, { value: ['must be less than 100'] }],
    ['a fractional percentage', { value: 10.5 }, { value: ['must be integer'] }],
    ['a fraction of a halala', { type: 'FIXED', value: 10.001 }, { value: ['has an invalid format'] }],
    ['a negative value', { value: -5 }, { value: ['must be greater than 0'] }],
    ['a code with a space', { code: 'WEL COME' }, { code: ['has an invalid format'] }],
    ['a code with a sign', { code: 'WELCOME-10' }, { code: ['has an invalid format'] }],
    ['an impossible day', { to: '2026-02-30' }, { to: ['has an invalid format'] }],
    ['an end before the start', { to: '2026-02-01', from: '2026-03-02' }, { to: ['An earlier date cannot be chosen'] }],
    ['a huge user count', { user_count: 1e12 }, { user_count: ['must be less than 1000000'] }],
    ['an unknown field', { uses: 3 }, { uses: ['is not an allowed field'] }],
    ['a wrong type', { user_count: '10' }, { user_count: ['must be a number'] }],
  ])('refuses %s with 422', async (_name, change, errors) => {
    const token = await primary()
    const [basic] = await seedPackages()
    const res = await create(token, couponBody([basic], change))
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual(errors)
    expect(await server.db.select().from(coupons)).toHaveLength(0)
  })

  it('edits a running coupon (its past start stays), not below its uses; refuses deleting a package it offers', async () => {
    const token = await primary()
    const [basic, growth] = await seedPackages()
    const id = (await create(token, couponBody([basic]))).json.result.item.id
    await server.db.update(coupons).set({ uses: 4 }).where(eq(coupons.id, id))
    server.clock.set(new Date('2026-03-05T09:00:00Z'))
    const edited = await server.request({
      method: 'PUT',
      url: `${BASE}/${id}`,
      token,
      body: { ...couponBody([basic, growth]), version: 1 },
    })
    expect(edited.status).toBe(200)
    expect(edited.json.result.item).toMatchObject({ from: TODAY, uses: 4, version: 2 })
    const below = await server.request({
      method: 'PUT',
      url: `${BASE}/${id}`,
      token,
      lang: 'en',
      body: { ...couponBody([basic]), user_count: 3, version: 2 },
    })
    expect(below.json.errors).toEqual({ user_count: ['must not be less than the uses so far (4)'] })
    const refused = await server.request({ method: 'DELETE', url: `/api/admin-panal/subscription-packages/${growth}`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toContain('Welcome10')
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token })).status).toBe(200)
    expect((await server.request({ method: 'DELETE', url: `/api/admin-panal/subscription-packages/${growth}`, token })).status).toBe(200)
  })

  it('POST coupons/check prices a package with a code, or says why it does not apply', async () => {
    const token = await primary()
    const [basic, growth] = await seedPackages()
    await create(token, couponBody([basic]))
    await create(token, couponBody([basic, growth], { code: 'FIX20', type: 'FIXED', value: 20 }))
    const ok = await server.request({ url: CHECK, body: { code: 'welcome10', package_id: basic }, lang: 'en' })
    expect(ok.status).toBe(200)
    expect(ok.json.message).toBe('The coupon applies.')
    expect(ok.json.result).toEqual({
      applies: true,
      reason: null,
      price: 99,
      discount: 9.9,
      net: 89.1,
      vat: 13.37,
      total: 102.47,
      vat_percent: 15,
    })
    const fixed = await server.request({ url: CHECK, body: { code: 'FIX20', package_id: growth } })
    expect(fixed.json.result).toMatchObject({ discount: 20, net: 230, vat: 34.5, total: 264.5 })
    const notFor = await server.request({ url: CHECK, body: { code: 'WELCOME10', package_id: growth }, lang: 'ar' })
    expect(notFor.json.result).toMatchObject({ applies: false, reason: 'not_for_package', discount: 0, total: 287.5 })
    expect(notFor.json.message).toBe('هذا الكوبون لا ينطبق على هذه الباقة.')
    const unknown = await server.request({ url: CHECK, body: { code: 'NOPE', package_id: basic }, lang: 'en' })
    expect(unknown.json).toMatchObject({ message: 'This coupon code does not exist.', result: { reason: 'not_found' } })
    server.clock.set(new Date('2026-04-02T09:00:00Z'))
    expect((await server.request({ url: CHECK, body: { code: 'WELCOME10', package_id: basic } })).json.result.reason).toBe('expired')
    for (const body of [
      { code: 'X', package_id: 999 },
      { code: 'X', package_id: -1 },
      { code: 'X' },
      { code: 5, package_id: basic },
      { code: 'X', package_id: basic, extra: 1 },
    ]) {
      const res = await server.request({ url: CHECK, body })
      expect(res.status, JSON.stringify(body)).toBe(422)
    }
  })

  it('POST coupons/check is rate limited per address', async () => {
    const [basic] = await seedPackages()
    let last = 0
    for (let i = 0; i < 31; i++) last = (await server.request({ url: CHECK, body: { code: 'NOPE', package_id: basic } })).status
    expect(last).toBe(429)
  })

  it('50 simultaneous redemptions with 10 uses left give exactly 10', async () => {
    const token = await primary()
    const [basic] = await seedPackages()
    const id = (await create(token, couponBody([basic], { user_count: 15 }))).json.result.item.id
    await server.db.update(coupons).set({ uses: 5 }).where(eq(coupons.id, id))
    const results = await Promise.all(Array.from({ length: 50 }, () => server.db.transaction((tx) => redeemCoupon(tx, id))))
    expect(results.filter((r) => r !== null)).toHaveLength(10)
    expect(results.filter((r) => r !== null).sort((a, b) => a! - b!)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    const [row] = await server.db.select().from(coupons).where(eq(coupons.id, id))
    expect(row?.uses).toBe(15)
  })
})
