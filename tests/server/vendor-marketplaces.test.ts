import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { VENDOR_MARKETPLACES_MAX, vendorSchema } from '../../src/contract/vendors'
import { auditLog } from '../../server/db/tables'
import { marketplaces } from '../../server/modules/marketplaces/schema'
import { vendorMarketplaces } from '../../server/modules/vendors/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'
import { BASE, createVendor, seedPackages, vendorBody } from './vendors-fixtures'

const MARKETPLACES = '/api/admin-panal/marketplaces'
const LIST = '/api/core/list/marketplaces'

/** Marketplaces 1 Salla, 2 Noon, 3 Zid (inactive). */
async function seedMarketplaces(server: TestServer) {
  await server.db.insert(marketplaces).values([
    { nameAr: 'سلة', nameEn: 'Salla', website: 'https://salla.sa' },
    { nameAr: 'نون', nameEn: 'Noon', website: 'https://noon.com' },
    { nameAr: 'زد', nameEn: 'Zid', website: 'https://zid.sa', isActive: false },
  ])
}

const SALLA = { id: 1, name_ar: 'سلة', name_en: 'Salla' }
const NOON = { id: 2, name_ar: 'نون', name_en: 'Noon' }
const ZID = { id: 3, name_ar: 'زد', name_en: 'Zid' }

/**
 * A vendor's marketplaces are rows of the marketplaces module: chosen by id on create and edit
 * (unknown ids refused, repeats counted once), shown by name in both languages, filtered on in the
 * list and named in the admin's language in the CSV export.
 */
describe.each(backends)('vendor marketplaces on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(async () => {
    await seedPackages(server)
    await seedMarketplaces(server)
  })
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const ids = async (token: string, query: string) =>
    (await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })).json.result.vendors.data.map((v: { id: number }) => v.id)

  it('creates with marketplace_ids (repeats once), shows them by name ordered in the admin language, and audits them', async () => {
    const token = await primary()
    const res = await server.request({ url: BASE, token, body: vendorBody(1, { marketplace_ids: [2, 1, 2, 3] }), lang: 'en' })
    expect(res.status, res.text).toBe(201)
    const item = z.parse(vendorSchema, res.json.result.item)
    // by English name in English, by Arabic name in Arabic
    expect(item.marketplaces).toEqual([NOON, SALLA, ZID])
    const ar = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
    expect(ar.json.result.item.marketplaces).toEqual([ZID, SALLA, NOON])
    const rows = await server.db.select().from(vendorMarketplaces).where(eq(vendorMarketplaces.vendorId, item.id))
    expect(rows.map((r) => r.marketplaceId).sort()).toEqual([1, 2, 3])
    const [audit] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'create'))
    expect(audit?.changes).toMatchObject({ marketplace_ids: { from: null, to: [1, 2, 3] } })
    // none chosen: an empty list
    const none = await createVendor(server, token, 2)
    expect((await server.request({ url: `${BASE}/${none.id}`, token })).json.result.item.marketplaces).toEqual([])
  })

  it('updates them: a new list replaces the old one, the same list changes nothing, leaving them out keeps them', async () => {
    const token = await primary()
    const created = await createVendor(server, token, 1, { marketplace_ids: [1, 2] })
    const put = (version: number, extra: Record<string, unknown>) =>
      server.request({ method: 'PUT', url: `${BASE}/${created.id}`, token, lang: 'en', body: { ...vendorBody(1, extra), version } })
    const replaced = await put(1, { marketplace_ids: [3] })
    expect(replaced.status, replaced.text).toBe(200)
    expect(replaced.json.result.item).toMatchObject({ marketplaces: [ZID], version: 2 })
    const same = await put(2, { marketplace_ids: [3, 3] })
    expect(same.json.result.item.version).toBe(2)
    const { marketplace_ids: _left, ...withoutThem } = vendorBody(1, {}) as Record<string, unknown>
    const kept = await server.request({
      method: 'PUT',
      url: `${BASE}/${created.id}`,
      token,
      lang: 'en',
      body: { ...withoutThem, store_name: 'Renamed', version: 2 },
    })
    expect(kept.json.result.item).toMatchObject({ store_name: 'Renamed', marketplaces: [ZID], version: 3 })
    const cleared = await put(3, { marketplace_ids: [] })
    expect(cleared.json.result.item).toMatchObject({ marketplaces: [], version: 4 })
    const updates = await server.db.select().from(auditLog).where(eq(auditLog.action, 'update'))
    expect(updates.map((a) => (a.changes as Record<string, unknown>).marketplace_ids ?? null)).toEqual([
      { from: [1, 2], to: [3] },
      null,
      { from: [3], to: [] },
    ])
  })

  it('refuses unknown marketplaces with a clear message in ar and en, and too many of them', async () => {
    const token = await primary()
    const en = await server.request({ url: BASE, token, body: vendorBody(1, { marketplace_ids: [1, 99, 98] }), lang: 'en' })
    expect(en.status).toBe(422)
    expect(en.json.message).toBe("No marketplace has the id 99, 98: choose the vendor's marketplaces from the list.")
    expect(en.json.errors.marketplace_ids).toEqual([en.json.message])
    const ar = await server.request({ url: BASE, token, body: vendorBody(1, { marketplace_ids: [99] }), lang: 'ar' })
    expect(ar.status).toBe(422)
    expect(ar.json.message).toBe('لا يوجد سوق إلكتروني بالرقم 99: اختر أسواق التاجر من القائمة.')
    // several wrong fields at once: each its own error
    const both = await server.request({ url: BASE, token, body: vendorBody(1, { marketplace_ids: [99], package_id: 77 }), lang: 'en' })
    expect(Object.keys(both.json.errors).sort()).toEqual(['marketplace_ids', 'package_id'])
    const tooMany = Array.from({ length: VENDOR_MARKETPLACES_MAX + 1 }, () => 1)
    const long = await server.request({ url: BASE, token, body: vendorBody(1, { marketplace_ids: tooMany }), lang: 'en' })
    expect(long.status).toBe(422)
    expect(Object.keys(long.json.errors)).toEqual(['marketplace_ids'])
    // on an update too, and nothing changes
    const created = await createVendor(server, token, 2, { marketplace_ids: [1] })
    const refused = await server.request({
      method: 'PUT',
      url: `${BASE}/${created.id}`,
      token,
      lang: 'en',
      body: { ...vendorBody(2, { marketplace_ids: [2, 404] }), version: 1 },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors.marketplace_ids).toEqual(["No marketplace has the id 404: choose the vendor's marketplaces from the list."])
    expect((await server.request({ url: `${BASE}/${created.id}`, token })).json.result.item).toMatchObject({
      marketplaces: [SALLA],
      version: 1,
    })
    expect((await server.request({ url: BASE, token })).json.result.vendors.total).toBe(1)
  })

  it('filters the list by marketplace, alone and with the other filters and the search', async () => {
    const token = await primary()
    const a = await createVendor(server, token, 1, { store_name: 'Alpha', status: 'active', marketplace_ids: [1, 2] })
    const b = await createVendor(server, token, 2, { store_name: 'Beta', status: 'pending', marketplace_ids: [2] })
    const c = await createVendor(server, token, 3, { store_name: 'Gamma', status: 'active', package_id: 3, marketplace_ids: [1] })
    await createVendor(server, token, 4, { store_name: 'Delta', status: 'active' })
    expect(await ids(token, 'marketplace=1')).toEqual([c.id, a.id])
    expect(await ids(token, 'marketplace=2')).toEqual([b.id, a.id])
    expect(await ids(token, 'marketplace=3')).toEqual([])
    expect(await ids(token, 'marketplace=999')).toEqual([])
    expect(await ids(token, 'marketplace=2&status=active')).toEqual([a.id])
    expect(await ids(token, 'marketplace=1&package_id=3')).toEqual([c.id])
    expect(await ids(token, 'marketplace=1&search=alp')).toEqual([a.id])
    expect(await ids(token, 'marketplace=1&sort_column=store_name&sort_direction=asc')).toEqual([a.id, c.id])
    const page = (await server.request({ url: `${BASE}?marketplace=2&pageSize=1`, token })).json.result.vendors
    expect(page).toMatchObject({ total: 2, pagesCount: 2 })
  })

  it('exports the marketplaces by name in the admin language, and the export follows the marketplace filter', async () => {
    const token = await primary()
    await createVendor(server, token, 1, { store_name: 'Alpha', marketplace_ids: [1, 2] })
    await createVendor(server, token, 2, { store_name: 'Beta' })
    const en = await server.request({ url: `${BASE}/export`, token, lang: 'en' })
    const enLines = en.text.slice(1).trim().split('\r\n')
    const column = enLines[0]!.split(',').indexOf('Marketplaces')
    expect(column).toBeGreaterThan(0)
    expect(enLines).toHaveLength(3)
    expect(en.text).toContain(',"Noon, Salla",')
    const ar = await server.request({ url: `${BASE}/export?marketplace=1`, token, lang: 'ar' })
    const arLines = ar.text.slice(1).trim().split('\r\n')
    expect(arLines).toHaveLength(2)
    expect(arLines[0]!.split(',')[column]).toBe('الأسواق الإلكترونية')
    expect(arLines[1]).toContain(',سلة، نون,')
  })

  it('core/list/marketplaces: the active ones by name; all=1 the inactive ones too, marked; for whoever handles vendors', async () => {
    const token = await primary()
    const active = await server.request({ url: LIST, token, lang: 'en' })
    expect(active.json.result.list).toEqual([
      { id: 2, name: 'Noon' },
      { id: 1, name: 'Salla' },
    ])
    const all = await server.request({ url: `${LIST}?all=1`, token, lang: 'ar' })
    expect(all.json.result.list).toEqual([
      { id: 3, name: 'زد (غير مفعّل)' },
      { id: 1, name: 'سلة' },
      { id: 2, name: 'نون' },
    ])
    expect((await server.request({ url: `${LIST}?all=2`, token })).status).toBe(422)
    const viewer = await server.createAdmin({ email: 'viewer@example.com', userType: 'sub' })
    await grantRole(server, viewer.id, ['vendors:view'])
    const viewerToken = await server.loginAdmin(viewer.email)
    expect((await server.request({ url: `${LIST}?all=1`, token: viewerToken })).status).toBe(200)
    const stranger = await server.createAdmin({ email: 'stranger@example.com', userType: 'sub' })
    await grantRole(server, stranger.id, ['coupons:view'])
    expect((await server.request({ url: LIST, token: await server.loginAdmin(stranger.email) })).status).toBe(403)
  })

  it('a marketplace vendors sell on cannot be deleted (409, why in ar and en); a deleted vendor leaves its marketplaces free', async () => {
    const token = await primary()
    const vendor = await createVendor(server, token, 1, { marketplace_ids: [1] })
    const refused = await server.request({ method: 'DELETE', url: `${MARKETPLACES}/1`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('Vendors sell on this marketplace, so it cannot be deleted; make it inactive instead.')
    const refusedAr = await server.request({ method: 'DELETE', url: `${MARKETPLACES}/1`, token, lang: 'ar' })
    expect(refusedAr.json.message).toBe('يبيع تجار في هذا السوق الإلكتروني فلا يمكن حذفه؛ أوقف تفعيله بدلًا من ذلك.')
    expect((await server.request({ method: 'DELETE', url: `${MARKETPLACES}/2`, token })).status).toBe(200)
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${vendor.id}`, token })).status).toBe(200)
    expect(await server.db.select().from(vendorMarketplaces)).toEqual([])
    expect((await server.request({ method: 'DELETE', url: `${MARKETPLACES}/1`, token })).status).toBe(200)
  })

  it('answers hostile marketplace ids in the body and the filter with 4xx and field errors, never 500', async () => {
    const token = await primary()
    const bodies: unknown[] = [
      vendorBody(1, { marketplace_ids: ['1;drop table vendors'] }),
      vendorBody(1, { marketplace_ids: [-1] }),
      vendorBody(1, { marketplace_ids: [0] }),
      vendorBody(1, { marketplace_ids: [1.5] }),
      vendorBody(1, { marketplace_ids: [2 ** 31] }),
      vendorBody(1, { marketplace_ids: '1,2' }),
      vendorBody(1, { marketplace_ids: 1 }),
      vendorBody(1, { marketplace_ids: null }),
      vendorBody(1, { marketplace_ids: [null] }),
      vendorBody(1, { marketplace_ids: [[1]] }),
      vendorBody(1, { marketplace_ids: { 0: 1 } }),
      vendorBody(1, { marketplaces: 'Salla, Zid' }),
    ]
    const raw = [
      JSON.stringify(vendorBody(1)).replace(/}$/, ',"marketplace_ids":[1e309]}'),
      JSON.stringify(vendorBody(1)).replace(/}$/, ',"marketplace_ids":{"__proto__":[1]}}'),
      JSON.stringify(vendorBody(1)).replace(/}$/, ',"__proto__":{"marketplace_ids":[1]}}'),
      JSON.stringify(vendorBody(1)).replace(/}$/, ',"constructor":{"prototype":{"marketplace_ids":[1]}}}'),
    ]
    for (const body of bodies) {
      const res = await server.request({ url: BASE, token, body, lang: 'en' })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(Object.keys(res.json.errors ?? {}).length).toBeGreaterThan(0)
    }
    for (const payload of raw) {
      const res = await server.request({ url: BASE, token, payload, contentType: 'application/json', lang: 'en' })
      expect(res.status, payload).toBeGreaterThanOrEqual(400)
      expect(res.status, payload).toBeLessThan(500)
      expect(res.json.status).toBe(false)
    }
    for (const query of [
      'marketplace=1;drop',
      'marketplace=-1',
      'marketplace=0',
      'marketplace=1e309',
      'marketplace=1.5',
      'marketplace=2147483648',
      'marketplace=',
      'marketplace=x',
      'marketplace[]=1',
      'marketplace=1&marketplace=2',
      '__proto__[marketplace]=1',
      'constructor=1',
    ]) {
      const res = await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })
      expect(res.status, query).toBe(422)
      const exported = await server.request({ url: `${BASE}/export?${query}`, token, lang: 'en' })
      expect(exported.status, query).toBe(422)
    }
    expect((await server.request({ url: BASE, token })).json.result.vendors.total).toBe(0)
    expect(await server.db.select().from(vendorMarketplaces)).toEqual([])
  })
})
