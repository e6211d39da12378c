import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { packagePageSchema, packageSchema, packageSettingsSchema } from '../../src/contract/packages'
import { auditLog } from '../../server/db/tables'
import { packages, packageSettings } from '../../server/modules/subscription-packages/schema'
import { subscriptions } from '../../server/modules/subscriptions/schema'
import { packageHasActiveSubscriptions } from '../../server/modules/subscriptions/service'
import { backends, grantRole, routesOfModule, useTestServer } from './helpers'
import { createVendor } from './vendors-fixtures'
import { vendors } from '../../server/modules/vendors/schema'

const BASE = '/api/admin-panal/subscription-packages'

const basic = {
  title_ar: 'الأساسية',
  title_en: 'Basic',
  short_description_ar: 'لمتجر في بدايته',
  short_description_en: 'For a new store',
  description_ar: '<p>شرح <script>alert(1)</script><b>مفصل</b></p>',
  description_en: '<p onclick="x()">Details <a href="javascript:alert(1)">here</a></p>',
  price: 99.5,
  subscription_type: 'MONTH',
  package_type: 'STANDARD',
  product_count: 100,
  market_count: null,
}

const settings = {
  vat_percent: 15,
  free_trial_days: 30,
  invoice_prefix: 'inv',
  seller_name_ar: 'شركة المنصة',
  seller_name_en: 'Platform Co.',
  seller_vat_number: '310123456700003',
  seller_address: 'Riyadh',
  bank_accounts: [{ bank_name: 'Al Rajhi', holder_name: 'Platform Co.', iban: 'sa03 8000 0000 6080 1016 7519' }],
  version: 0,
}

describe.each(backends)('subscription packages on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const create = async (token: string, body: object = basic, lang: 'ar' | 'en' = 'en') => server.request({ url: BASE, token, body, lang })

  it('creates a package: price in halalas, rich text sanitised, empty limits unlimited; lists it in the Lang locale', async () => {
    const token = await primary()
    const res = await create(token)
    expect(res.status).toBe(201)
    const item = z.parse(packageSchema, res.json.result.item)
    expect(item).toMatchObject({ title: 'Basic', price: 99.5, subscription_type: 'MONTH', days: null, package_type: 'STANDARD' })
    expect(item).toMatchObject({
      product_count: 100,
      market_count: null,
      shipping_companies_count: null,
      is_active: true,
      display_order: 0,
    })
    const [row] = await server.db.select().from(packages)
    expect(row?.price).toBe(9950)
    expect(row?.descriptionAr).not.toContain('script')
    expect(row?.descriptionEn).not.toMatch(/onclick|javascript/)
    const ar = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
    expect(ar.json.result.item.title).toBe('الأساسية')
    const second = await create(token, { ...basic, title_en: 'Second', price: 10 })
    expect(second.json.result.item.display_order).toBe(1)
    const page = z.parse(packagePageSchema, (await server.request({ url: BASE, token, lang: 'en' })).json.result['subscription-packages'])
    expect(page.data.map((p) => p.title)).toEqual(['Basic', 'Second'])
    const [audit] = await server.db.select().from(auditLog)
    expect(audit).toMatchObject({ action: 'create', resource: 'subscription-packages', recordId: item.id })
  })

  it('a free trial is saved at price 0 with the trial days of the settings; DAYS needs its days', async () => {
    const token = await primary()
    const trial = await create(token, { ...basic, package_type: 'FREE_TRIAL', price: 50, subscription_type: 'YEAR' })
    expect(trial.status).toBe(201)
    expect(trial.json.result.item).toMatchObject({ price: 0, subscription_type: 'DAYS', days: null, package_type: 'FREE_TRIAL' })
    const noDays = await create(token, { ...basic, subscription_type: 'DAYS' })
    expect(noDays.status).toBe(422)
    expect(noDays.json.errors).toEqual({ days: ['Required Field'] })
    const days = await create(token, { ...basic, subscription_type: 'DAYS', days: 90 })
    expect(days.json.result.item).toMatchObject({ subscription_type: 'DAYS', days: 90 })
    const monthWithDays = await create(token, { ...basic, days: 90 })
    expect(monthWithDays.json.result.item.days).toBeNull()
  })

  it.each([
    [
      'en',
      { title_ar: 'ب', price: -1 },
      { title_ar: ['must be at least 2 characters'], title_en: ['Required Field'], price: ['must be greater than 0'] },
    ],
    [
      'ar',
      { title_ar: 'ب', price: -1 },
      { title_ar: ['يجب ألا يقل عن 2 أحرف'], title_en: ['حقل مطلوب'], price: ['يجب أن يكون أكبر من 0'] },
    ],
  ] as const)('answers field errors in the Lang language (%s)', async (lang, change, errors) => {
    const token = await primary()
    const { title_en: _omit, ...rest } = basic
    const res = await create(token, { ...rest, ...change }, lang)
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual(errors)
  })

  it.each([
    ['a fraction of a halala', { price: 10.005 }, 'price'],
    ['a huge price', { price: 1e12 }, 'price'],
    ['a price as text', { price: '99' }, 'price'],
    ['a negative limit', { product_count: -1 }, 'product_count'],
    ['a fractional limit', { users_count: 1.5 }, 'users_count'],
    ['a huge limit', { users_count: 2 ** 53 }, 'users_count'],
    ['an unknown type', { package_type: 'GOLD' }, 'package_type'],
    ['an unknown field', { vendor_count: 3 }, 'vendor_count'],
    ['days out of range', { subscription_type: 'DAYS', days: 0 }, 'days'],
  ])('refuses %s with 422 and a field error', async (_name, change, field) => {
    const token = await primary()
    const res = await create(token, { ...basic, ...change })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toContain(field)
    expect(await server.db.select().from(packages)).toHaveLength(0)
  })

  it('updates with the version, toggles, and refuses deleting a package with active subscriptions (ar and en)', async () => {
    const token = await primary()
    const id = (await create(token)).json.result.item.id as number
    const updated = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body: { ...basic, price: 120, version: 1 } })
    expect(updated.status).toBe(200)
    expect(updated.json.result.item).toMatchObject({ price: 120, version: 2 })
    const stale = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body: { ...basic, version: 1 } })
    expect(stale.status).toBe(409)
    const vendor = await createVendor(server, token, 1, { package_id: id })
    await server.db.insert(subscriptions).values({ vendorId: vendor.id, packageId: id, status: 'active', amount: 12000, expiresAt: null })
    expect(await packageHasActiveSubscriptions(server.db, id)).toBe(true)
    const en = await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token, lang: 'en' })
    expect(en.status).toBe(409)
    expect(en.json.message).toBe("Sorry You Can't Because This Package Have Active Subscriptions")
    const ar = await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token, lang: 'ar' })
    expect(ar.json.message).toBe('عذرًا، لا يمكنك ذلك لأن لهذه الباقة اشتراكات فعّالة')
    const toggled = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${id}`, token })
    expect(toggled.json.result.item.is_active).toBe(false)
    await server.db
      .update(subscriptions)
      .set({ expiresAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(subscriptions.packageId, id))
    expect(await packageHasActiveSubscriptions(server.db, id)).toBe(false)
    // an expired subscription keeps its history: the row still points at the package
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token, lang: 'en' })).status).toBe(409)
    await server.db.delete(subscriptions)
    // a vendor on the package still uses it
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token })).status).toBe(409)
    await server.db.update(vendors).set({ packageId: null }).where(eq(vendors.id, vendor.id))
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token })).status).toBe(200)
  })

  it('reorders every package at once, audited; a partial or repeated list is refused', async () => {
    const token = await primary()
    const ids: number[] = []
    for (const title of ['A1', 'B2', 'C3']) ids.push((await create(token, { ...basic, title_en: title })).json.result.item.id)
    const res = await server.request({ method: 'PUT', url: `${BASE}/reorder`, token, body: { ids: [ids[2], ids[0], ids[1]] }, lang: 'en' })
    expect(res.status).toBe(200)
    expect(res.json.result.list.map((p: { title: string }) => p.title)).toEqual(['C3', 'A1', 'B2'])
    const list = await server.request({ url: BASE, token, lang: 'en' })
    expect(list.json.result['subscription-packages'].data.map((p: { title: string }) => p.title)).toEqual(['C3', 'A1', 'B2'])
    const partial = await server.request({ method: 'PUT', url: `${BASE}/reorder`, token, body: { ids: [ids[0], ids[1]] }, lang: 'en' })
    expect(partial.status).toBe(422)
    expect(partial.json.errors.ids).toEqual(['The packages changed meanwhile: reload the list and reorder again.'])
    const repeated = await server.request({ method: 'PUT', url: `${BASE}/reorder`, token, body: { ids: [ids[0], ids[0], ids[1]] } })
    expect(repeated.status).toBe(422)
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.action, 'reorder'))
    expect(audits).toHaveLength(3)
  })

  it('general settings: defaults, save (audited), stale version 409, IBAN checksum and VAT number checked', async () => {
    const token = await primary()
    const read = await server.request({ url: `${BASE}/general`, token, lang: 'en' })
    expect(read.status).toBe(200)
    expect(z.parse(packageSettingsSchema, read.json.result.settings)).toMatchObject({ vat_percent: 15, version: 0, bank_accounts: [] })
    const saved = await server.request({ method: 'PUT', url: `${BASE}/general`, token, body: settings, lang: 'en' })
    expect(saved.status).toBe(200)
    expect(saved.json.result.settings).toMatchObject({
      free_trial_days: 30,
      invoice_prefix: 'INV',
      version: 1,
      bank_accounts: [{ iban: 'SA0380000000608010167519' }],
    })
    const again = await server.request({ method: 'PUT', url: `${BASE}/general`, token, body: { ...settings, vat_percent: 5, version: 1 } })
    expect(again.json.result.settings).toMatchObject({ vat_percent: 5, version: 2 })
    const stale = await server.request({ method: 'PUT', url: `${BASE}/general`, token, body: { ...settings, version: 1 } })
    expect(stale.status).toBe(409)
    const bad = await server.request({
      method: 'PUT',
      url: `${BASE}/general`,
      token,
      lang: 'ar',
      body: {
        ...settings,
        seller_vat_number: '123456789012345',
        vat_percent: 15.555,
        bank_accounts: [{ bank_name: 'X', holder_name: 'Y', iban: 'SA0480000000608010167519' }],
        version: 2,
      },
    })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.json.errors).sort()).toEqual(['bank_accounts.0.iban', 'seller_vat_number', 'vat_percent'])
    expect(bad.json.errors.seller_vat_number).toEqual(['صيغته غير صحيحة'])
    const [row] = await server.db.select().from(packageSettings)
    expect(row?.version).toBe(2)
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.resource, 'package_settings'))
    expect(audits.map((a) => a.action)).toEqual(['create', 'update'])
    expect(audits[1]?.changes).toEqual({ vat_percent: { from: 15, to: 5 } })
  })

  it('a sub admin without the permission gets 403 on every route of the module', async () => {
    const id = (await create(await primary())).json.result.item.id
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, ['categories:view'])
    const token = await server.loginAdmin(sub.email)
    const routes = routesOfModule(server, 'subscription-packages', id)
    expect(routes.length).toBeGreaterThanOrEqual(9)
    for (const route of routes) {
      const body = route.method === 'POST' || route.method === 'PUT' ? { ...basic, version: 1 } : undefined
      const res = await server.request({ ...route, token, lang: 'en', ...(body ? { body } : {}) })
      expect(res.status, `${route.method} ${route.url}`).toBe(403)
    }
  })
})
