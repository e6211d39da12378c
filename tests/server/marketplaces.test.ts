import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { marketplacePageSchema, marketplaceSchema } from '../../src/contract/marketplaces'
import { registrationPaths } from '../../src/contract/registration'
import { auditLog } from '../../server/db/tables'
import { marketplaces } from '../../server/modules/marketplaces/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

const BASE = '/api/admin-panal/marketplaces'

type NewMarketplace = { nameAr: string; nameEn: string; website: string; isLinked?: boolean; isActive?: boolean }

async function insertMarketplace(server: TestServer, m: NewMarketplace): Promise<number> {
  const now = server.clock.now()
  const [row] = await server.db
    .insert(marketplaces)
    .values({ ...m, createdAt: now, updatedAt: now })
    .returning({ id: marketplaces.id })
  return row!.id
}

/** Amazon (linked), Noon, Salla (inactive), one second apart. */
async function three(server: TestServer) {
  const amazon = await insertMarketplace(server, { nameAr: 'أمازون', nameEn: 'Amazon', website: 'https://www.amazon.sa', isLinked: true })
  server.clock.advance(1000)
  const noon = await insertMarketplace(server, { nameAr: 'نون', nameEn: 'Noon', website: 'https://www.noon.com' })
  server.clock.advance(1000)
  const salla = await insertMarketplace(server, { nameAr: 'سلة', nameEn: 'Salla', website: 'https://salla.sa', isActive: false })
  return { amazon, noon, salla }
}

const valid = {
  name_ar: 'جرير',
  name_en: 'Jarir',
  website: 'https://www.jarir.com',
  market_id: 'JR-1',
  market_url: 'https://sellers.jarir.com/api',
  gateway_type: 'REST',
  is_linked: false,
  is_active: true,
}

describe.each(backends)('marketplaces resource on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  describe('list', () => {
    it('pages newest first, with the Lang name at top level and both in translations', async () => {
      const token = await primary()
      const { amazon, noon, salla } = await three(server)
      const res = await server.request({ url: BASE, token, lang: 'ar' })
      expect(res.status).toBe(200)
      const page = z.parse(marketplacePageSchema, res.json.result.marketplaces)
      expect(page).toMatchObject({ total: 3, page: 1, rowsPerPage: 15, pagesCount: 1 })
      expect(page.data.map((m) => m.id)).toEqual([salla, noon, amazon])
      expect(page.data[2]).toMatchObject({ name: 'أمازون', website: 'https://www.amazon.sa', is_linked: true, is_active: true })
      expect(page.data[2]!.translations).toEqual([
        { locale: 'ar', name: 'أمازون' },
        { locale: 'en', name: 'Amazon' },
      ])
      const en = await server.request({ url: `${BASE}?sort_column=name&sort_direction=asc`, token, lang: 'en' })
      expect(en.json.result.marketplaces.data.map((m: { name: string }) => m.name)).toEqual(['Amazon', 'Noon', 'Salla'])
    })

    it('filters by linked and active, and searches names and website', async () => {
      const token = await primary()
      const { amazon, noon, salla } = await three(server)
      const ids = async (query: string) =>
        (await server.request({ url: `${BASE}?${query}`, token })).json.result.marketplaces.data.map((m: { id: number }) => m.id)
      expect(await ids('is_linked=1')).toEqual([amazon])
      expect(await ids('is_linked=0')).toEqual([salla, noon])
      expect(await ids('is_active=0')).toEqual([salla])
      expect(await ids('is_linked=0&is_active=1')).toEqual([noon])
      expect(await ids('search=نو')).toEqual([noon])
      expect(await ids('search=AMAZON')).toEqual([amazon])
      expect(await ids('search=salla.sa')).toEqual([salla])
      expect(await ids(`search=${encodeURIComponent('%_')}`)).toEqual([])
    })

    it.each([
      ['sort_column=website', 'sort_column'],
      ['is_linked=yes', 'is_linked'],
      ['is_active=2', 'is_active'],
      ['owner_id=1', 'owner_id'],
      ['pageSize=1000', 'pageSize'],
    ])('refuses %s with 422 on %s', async (query, field) => {
      const token = await primary()
      const res = await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })
      expect(res.status).toBe(422)
      expect(Object.keys(res.json.errors)).toEqual([field])
    })
  })

  describe('writes', () => {
    it('creates one with an uploaded image (201), reads it back and audits it', async () => {
      const token = await primary()
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
      const boundary = '----marketplace'
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      const upload = await server.request({
        url: '/api/admin-panal/uploads/images',
        token,
        payload,
        contentType: `multipart/form-data; boundary=${boundary}`,
      })
      expect(upload.status, upload.text).toBe(201)
      const image = upload.json.result.path as string
      const res = await server.request({ url: BASE, token, lang: 'en', body: { ...valid, image } })
      expect(res.status).toBe(201)
      expect(res.json.message).toBe('Saved successfully.')
      const item = z.parse(marketplaceSchema, res.json.result.item)
      expect(item).toMatchObject({
        name: 'Jarir',
        website: 'https://www.jarir.com',
        market_id: 'JR-1',
        image,
        is_linked: false,
        version: 1,
      })
      const one = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
      expect(one.json.result.item).toMatchObject({ id: item.id, name: 'جرير', gateway_type: 'REST' })
      const [audit] = await server.db.select().from(auditLog)
      expect(audit).toMatchObject({ action: 'create', resource: 'marketplaces', recordId: item.id })
      expect(audit!.changes).toMatchObject({ name_en: { from: null, to: 'Jarir' }, image: { from: null, to: image } })
    })

    it('stores empty optional texts as none', async () => {
      const token = await primary()
      const res = await server.request({ url: BASE, token, body: { ...valid, market_id: '  ', gateway_type: '', market_url: '' } })
      expect(res.status).toBe(201)
      expect(res.json.result.item).toMatchObject({ market_id: null, gateway_type: null, market_url: null, is_active: true })
    })

    it.each([
      [
        'en',
        { name_ar: 'ج', name_en: '', website: 'not a site', market_url: 'ftp://files.example.com', image: 'https://x.test/a.gif' },
        {
          name_ar: ['must be at least 2 characters'],
          name_en: ['Required Field'],
          website: ['Enter correct website!'],
          market_url: ['Enter correct website!'],
          image: ['Allowed images: png, jpg, jpeg, webp'],
        },
      ],
      [
        'ar',
        { name_ar: 'ج', name_en: 'Jarir', website: 'javascript:alert(1)', is_linked: 'yes' },
        { name_ar: ['يجب ألا يقل عن 2 أحرف'], website: ['أدخل موقعًا إلكترونيًا صحيحًا!'], is_linked: ['يجب أن يكون صحيحًا أو خطأ'] },
      ],
    ] as const)('answers validation messages per field (%s)', async (lang, body, errors) => {
      const token = await primary()
      const res = await server.request({ url: BASE, token, lang, body })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual(errors)
      expect(await server.db.select().from(marketplaces)).toHaveLength(0)
    })

    it.each([
      '',
      '   ',
      'www.amazon.sa',
      'http://',
      'https://localhost',
      'https://exa mple.com',
      'https://user:pw@evil.example',
      `https://${'a'.repeat(500)}.com`,
    ])('refuses the website %j', async (website) => {
      const token = await primary()
      const res = await server.request({ url: BASE, token, lang: 'en', body: { ...valid, website } })
      expect(res.status).toBe(422)
      expect(Object.keys(res.json.errors)).toEqual(['website'])
    })

    it('is required: website', async () => {
      const token = await primary()
      const { website: _omitted, ...rest } = valid
      const res = await server.request({ url: BASE, token, lang: 'en', body: rest })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ website: ['Required Field'] })
    })

    it('updates with the current version, refuses a stale one with 409, audits the changed fields', async () => {
      const token = await primary()
      const { noon } = await three(server)
      const body = { name_ar: 'نون', name_en: 'Noon', website: 'https://www.noon.com', is_linked: true, version: 1 }
      const res = await server.request({ method: 'PUT', url: `${BASE}/${noon}`, token, body, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json.result.item).toMatchObject({ version: 2, is_linked: true })
      const stale = await server.request({ method: 'PUT', url: `${BASE}/${noon}`, token, body, lang: 'en' })
      expect(stale.status).toBe(409)
      expect(stale.json.message).toBe('This record was changed by someone else. Reload it and try again.')
      const audits = await server.db.select().from(auditLog).where(eq(auditLog.action, 'update'))
      expect(audits).toHaveLength(1)
      expect(audits[0]!.changes).toMatchObject({ is_linked: { from: false, to: true } })
    })

    it('toggles active, deletes, and audits both; 404 after', async () => {
      const token = await primary()
      const { salla } = await three(server)
      const on = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${salla}`, token })
      expect(on.json.result.item).toMatchObject({ is_active: true, version: 2 })
      const gone = await server.request({ method: 'DELETE', url: `${BASE}/${salla}`, token, lang: 'ar' })
      expect(gone.status).toBe(200)
      expect((await server.request({ url: `${BASE}/${salla}`, token, lang: 'en' })).json.message).toBe('Not found.')
      const audits = await server.db.select().from(auditLog).orderBy(asc(auditLog.id))
      expect(audits.map((a) => a.action)).toEqual(['toggle', 'delete'])
    })
  })

  describe('hostile input', () => {
    const hostile: [string, unknown][] = [
      ['__proto__ key', JSON.parse(`{"name_ar":"جرير","name_en":"Jarir","website":"https://jarir.com","__proto__":{"is_admin":true}}`)],
      ['constructor key', { ...valid, constructor: { prototype: { polluted: true } } }],
      ['NUL byte in a name', { ...valid, name_en: 'Ja\u0000rir' }],
      ['NUL byte in the website', { ...valid, website: 'https://jarir.com/\u0000' }],
      ['lone surrogate', { ...valid, name_ar: 'جرير \ud800' }],
      ['lone low surrogate in market_id', { ...valid, market_id: '\udc00id' }],
      ['huge number as website', { ...valid, website: 1e308 }],
      ['huge number as a name', { ...valid, name_en: Number.MAX_VALUE }],
      ['array as name', { ...valid, name_ar: ['a', 'b'] }],
      ['object as is_linked', { ...valid, is_linked: { yes: true } }],
      ['null body parts', { ...valid, name_ar: null, website: null }],
      ['a string body', 'hello'],
      ['an array body', [valid]],
    ]

    it.each(hostile)('never answers 500: %s', async (_label, body) => {
      const token = await primary()
      const created = await server.request({ url: BASE, token, lang: 'en', body })
      expect(created.status, created.text).toBeGreaterThanOrEqual(400)
      expect(created.status, created.text).toBeLessThan(500)
      expect(created.json.status).toBe(false)
      const { noon } = await three(server)
      const updated = await server.request({
        method: 'PUT',
        url: `${BASE}/${noon}`,
        token,
        lang: 'ar',
        body: typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, version: 1 } : body,
      })
      expect(updated.status, updated.text).toBeGreaterThanOrEqual(400)
      expect(updated.status, updated.text).toBeLessThan(500)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    })

    it.each(['99999999999999999999', '1e400', '-1', '1.5', '\u0000', '%00', 'constructor'])('answers 4xx for the id %j', async (id) => {
      const token = await primary()
      const res = await server.request({ url: `${BASE}/${encodeURIComponent(id)}`, token })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    })

    it.each(['search=%00abc', 'search=%ED%A0%80x', 'page=1e400', 'pageSize=99999999999999999999', '__proto__[x]=1'])(
      'answers 200 or 422 for the query %s',
      async (query) => {
        const token = await primary()
        const res = await server.request({ url: `${BASE}?${query}`, token })
        expect([200, 422]).toContain(res.status)
      },
    )
  })

  it("lists the active marketplaces in the registration wizard's public options, named in the Lang language", async () => {
    const { amazon, noon } = await three(server)
    const en = await server.request({ url: `/api/${registrationPaths.options}`, lang: 'en' })
    expect(en.status).toBe(200)
    expect(en.json.result.marketplaces).toEqual([
      { id: amazon, name: 'Amazon' },
      { id: noon, name: 'Noon' },
    ])
    const ar = await server.request({ url: `/api/${registrationPaths.options}`, lang: 'ar' })
    expect(ar.json.result.marketplaces).toEqual([
      { id: amazon, name: 'أمازون' },
      { id: noon, name: 'نون' },
    ])
  })

  describe('permissions', () => {
    it('a sub admin without the permission gets 403 on every route; one with marketplaces:view may only read', async () => {
      const sub = await server.createAdmin({ userType: 'sub' })
      await grantRole(server, sub.id, ['categories:view', 'categories:update'])
      const token = await server.loginAdmin(sub.email)
      const { noon } = await three(server)
      const routes = [
        { method: 'GET' as const, url: BASE },
        { method: 'GET' as const, url: `${BASE}/${noon}` },
        { method: 'POST' as const, url: BASE, body: valid },
        { method: 'PUT' as const, url: `${BASE}/${noon}`, body: { ...valid, version: 1 } },
        { method: 'PUT' as const, url: `${BASE}/active-toggle/${noon}` },
        { method: 'DELETE' as const, url: `${BASE}/${noon}` },
      ]
      for (const route of routes) {
        const res = await server.request({ ...route, token, lang: 'en' })
        expect(res.status, `${route.method} ${route.url}`).toBe(403)
      }
      const viewer = await server.createAdmin({ userType: 'sub' })
      await grantRole(server, viewer.id, ['marketplaces:view'])
      const viewerToken = await server.loginAdmin(viewer.email)
      const statuses = []
      for (const route of routes) statuses.push((await server.request({ ...route, token: viewerToken })).status)
      expect(statuses).toEqual([200, 200, 403, 403, 403, 403])
      expect(await server.db.select().from(auditLog)).toHaveLength(0)
      expect((await server.request({ url: BASE })).status).toBe(401)
    })
  })
})
