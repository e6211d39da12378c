import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { categoryDetailSchema, categoryPageSchema } from '../../src/contract/categories'
import { EXACT_COUNT_LIMIT } from '../../src/contract/resource'
import { auditLog } from '../../server/db/tables'
import { categories } from '../../server/modules/categories/schema'
import { demoRolePermissions } from '../../server/modules/roles/seed'
import { defineServerModule, loadModules } from '../../server/lib/modules'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

const BASE = '/api/admin-panal/categories'

type NewCategory = { nameAr: string; nameEn: string; parentId?: number | null; isActive?: boolean }

async function insertCategory(server: TestServer, c: NewCategory): Promise<number> {
  const now = server.clock.now()
  const [row] = await server.db
    .insert(categories)
    .values({ ...c, createdAt: now, updatedAt: now })
    .returning({ id: categories.id })
  return row!.id
}

/** Electronics > Phones > Smartphones, Fashion. */
async function tree(server: TestServer) {
  const electronics = await insertCategory(server, { nameAr: 'إلكترونيات', nameEn: 'Electronics' })
  server.clock.advance(1000)
  const phones = await insertCategory(server, { nameAr: 'جوالات', nameEn: 'Phones', parentId: electronics })
  server.clock.advance(1000)
  const smartphones = await insertCategory(server, { nameAr: 'هواتف ذكية', nameEn: 'Smartphones', parentId: phones })
  server.clock.advance(1000)
  const fashion = await insertCategory(server, { nameAr: 'أزياء', nameEn: 'Fashion', isActive: false })
  return { electronics, phones, smartphones, fashion }
}

const valid = {
  name_ar: 'كتب',
  name_en: 'Books',
  description_ar: 'كتب ومجلات',
  description_en: 'Books and magazines',
  is_active: true,
  sort_order: 3,
}

describe.each(backends)('categories resource on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  describe('list', () => {
    it('pages with total, rowsPerPage and pagesCount', async () => {
      const token = await primary()
      await server.db.execute(
        sql`insert into categories (name_ar, name_en) select 'تصنيف ' || g, 'Category ' || g from generate_series(1, 40) g`,
      )
      const res = await server.request({ url: `${BASE}?pageSize=15&page=3`, token })
      expect(res.status).toBe(200)
      const page = z.parse(categoryPageSchema, res.json.result.categories)
      expect(page).toMatchObject({ total: 40, page: 3, rowsPerPage: 15, pagesCount: 3, total_is_estimate: false })
      expect(page.data).toHaveLength(10)
      // Default sort: newest id first.
      expect(page.data[0]!.id).toBe(10)
      const first = await server.request({ url: BASE, token })
      expect(first.json.result.categories).toMatchObject({ page: 1, rowsPerPage: 15, pagesCount: 3 })
      expect(first.json.result.categories.data).toHaveLength(15)
    })

    it('shows the Lang locale at top level and both in translations, with sub-category counts', async () => {
      const token = await primary()
      const { electronics, phones } = await tree(server)
      const ar = await server.request({ url: `${BASE}?sort_column=id&sort_direction=asc`, token, lang: 'ar' })
      const en = await server.request({ url: `${BASE}?sort_column=id&sort_direction=asc`, token, lang: 'en' })
      const [arFirst, arSecond] = ar.json.result.categories.data
      expect(arFirst).toMatchObject({ id: electronics, name: 'إلكترونيات', sub_categories_count: 1, parent_id: null, parent_name: null })
      expect(arSecond).toMatchObject({ id: phones, name: 'جوالات', parent_id: electronics, parent_name: 'إلكترونيات' })
      expect(en.json.result.categories.data[1]).toMatchObject({ name: 'Phones', parent_name: 'Electronics' })
      expect(arFirst.translations).toEqual([
        { locale: 'ar', name: 'إلكترونيات', description: null },
        { locale: 'en', name: 'Electronics', description: null },
      ])
    })

    it('sorts by allowlisted columns, in the Lang locale for names', async () => {
      const token = await primary()
      await tree(server)
      const names = async (query: string, lang: 'ar' | 'en') =>
        (await server.request({ url: `${BASE}?${query}`, token, lang })).json.result.categories.data.map((c: { name: string }) => c.name)
      expect(await names('sort_column=name&sort_direction=asc', 'en')).toEqual(['Electronics', 'Fashion', 'Phones', 'Smartphones'])
      expect(await names('sort_column=name&sort_direction=desc', 'en')).toEqual(['Smartphones', 'Phones', 'Fashion', 'Electronics'])
      expect(await names('sort_column=name&sort_direction=asc', 'ar')).toEqual(['أزياء', 'إلكترونيات', 'جوالات', 'هواتف ذكية'])
      expect(await names('sort_column=created_at&sort_direction=desc', 'en')).toEqual(['Fashion', 'Smartphones', 'Phones', 'Electronics'])
    })

    it('sorts names by collation: the forms of alef together, letter case after the letters', async () => {
      const token = await primary()
      const arabic = ['باسم', 'احمد', 'آمنة', 'إبراهيم', 'أحمد', 'ابراهيم']
      const english = ['cherry', 'Banana', 'apple', 'Apple pie', 'banana split']
      for (const [i, name_ar] of arabic.entries()) {
        const name_en = english[i] ?? `zeta ${i}`
        const res = await server.request({ url: BASE, token, body: { ...valid, name_ar, name_en } })
        expect(res.status).toBe(201)
      }
      const names = async (lang: 'ar' | 'en', direction: 'asc' | 'desc') =>
        (
          await server.request({ url: `${BASE}?sort_column=name&sort_direction=${direction}`, token, lang })
        ).json.result.categories.data.map((c: { name: string }) => c.name)
      const ar = await names('ar', 'asc')
      // alef with hamza above or below, with madda, or bare: one letter (equal names in the order they came)
      expect(ar).toEqual(['إبراهيم', 'ابراهيم', 'احمد', 'أحمد', 'آمنة', 'باسم'])
      expect(await names('ar', 'desc')).toEqual([...ar].reverse())
      expect(await names('en', 'asc')).toEqual(['apple', 'Apple pie', 'Banana', 'banana split', 'cherry', 'zeta 5'])
    })

    it.each([
      ['sort_column=password', 'sort_column'],
      ['sort_column=name;drop table categories', 'sort_column'],
      ['sort_direction=sideways', 'sort_direction'],
      ['is_active=2', 'is_active'],
      ['parent_id=abc', 'parent_id'],
      ['owner_id=1', 'owner_id'],
      ['pageSize=1000', 'pageSize'],
      ['page=0', 'page'],
      ['search=a', 'search'],
    ])('refuses %s with 422 on %s', async (query, field) => {
      const token = await primary()
      const res = await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })
      expect(res.status).toBe(422)
      expect(Object.keys(res.json.errors)).toEqual([field])
    })

    it('filters by is_active and parent_id, and searches names in both languages', async () => {
      const token = await primary()
      const { electronics, phones, fashion } = await tree(server)
      const ids = async (query: string) =>
        (await server.request({ url: `${BASE}?${query}`, token })).json.result.categories.data.map((c: { id: number }) => c.id)
      expect(await ids('is_active=0')).toEqual([fashion])
      expect(await ids(`parent_id=${electronics}`)).toEqual([phones])
      expect(await ids('search=جوا')).toEqual([phones])
      expect(await ids('search=PHONE')).toEqual(expect.arrayContaining([phones]))
      expect(await ids('search=phone&is_active=1')).toHaveLength(2)
      expect(await ids(`search=${encodeURIComponent('%%')}`)).toEqual([])
    })

    it('caps the count past EXACT_COUNT_LIMIT, flags it as an estimate and bounds the page depth', async () => {
      const token = await primary()
      await server.db.execute(
        sql`insert into categories (name_ar, name_en) select 'تصنيف ' || g, 'Category ' || g from generate_series(1, ${EXACT_COUNT_LIMIT + 50}) g`,
      )
      await server.db.execute(sql`analyze categories`)
      const res = await server.request({ url: `${BASE}?pageSize=100`, token })
      const page = res.json.result.categories
      expect(page.total_is_estimate).toBe(true)
      expect(page.total).toBeGreaterThan(EXACT_COUNT_LIMIT)
      expect(page.pagesCount).toBe(101)
      expect((await server.request({ url: `${BASE}?pageSize=100&page=101`, token })).status).toBe(200)
      const tooDeep = await server.request({ url: `${BASE}?pageSize=100&page=102`, token, lang: 'en' })
      expect(tooDeep.status).toBe(422)
      expect(tooDeep.json.errors.page).toEqual(['Narrow the list with search or filters to go past page 101'])
      const narrowed = await server.request({ url: `${BASE}?search=${encodeURIComponent('Category 1005')}`, token })
      expect(narrowed.json.result.categories).toMatchObject({ total: 2, total_is_estimate: false })
    })
  })

  describe('one', () => {
    it('includes the direct sub-categories', async () => {
      const token = await primary()
      const { electronics, phones } = await tree(server)
      const res = await server.request({ url: `${BASE}/${electronics}`, token, lang: 'en' })
      expect(res.status).toBe(200)
      const item = z.parse(categoryDetailSchema, res.json.result.item)
      expect(item.sub_categories).toEqual([{ id: phones, name: 'Phones', is_active: true }])
    })

    it.each([
      ['en', 'Not found.'],
      ['ar', 'غير موجود.'],
    ] as const)('answers 404 for an unknown id (%s)', async (lang, message) => {
      const token = await primary()
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await server.request({ method, url: `${BASE}/999`, token, lang })
        expect(res.status).toBe(404)
        expect(res.json.message).toBe(message)
      }
      expect((await server.request({ method: 'PUT', url: `${BASE}/999`, token, body: { ...valid, version: 1 } })).status).toBe(404)
      expect((await server.request({ method: 'PUT', url: `${BASE}/active-toggle/999`, token })).status).toBe(404)
      expect((await server.request({ url: `${BASE}/abc`, token })).status).toBe(422)
    })
  })

  describe('writes', () => {
    it('creates a category (201) and audits it', async () => {
      const token = await primary()
      const { electronics } = await tree(server)
      const res = await server.request({ url: BASE, token, lang: 'en', body: { ...valid, parent_id: electronics } })
      expect(res.status).toBe(201)
      expect(res.json.message).toBe('Saved successfully.')
      expect(res.json.result.item).toMatchObject({
        name: 'Books',
        description: 'Books and magazines',
        parent_id: electronics,
        version: 1,
        sort_order: 3,
        sub_categories: [],
      })
      const [audit] = await server.db.select().from(auditLog)
      expect(audit).toMatchObject({ action: 'create', resource: 'categories', recordId: res.json.result.item.id })
      expect(audit!.changes).toMatchObject({ name_en: { from: null, to: 'Books' }, parent_id: { from: null, to: electronics } })
    })

    it('refuses unknown fields (no mass assignment)', async () => {
      const token = await primary()
      const res = await server.request({ url: BASE, token, lang: 'en', body: { ...valid, id: 5, version: 9, created_at: 'x' } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({
        id: ['is not an allowed field'],
        version: ['is not an allowed field'],
        created_at: ['is not an allowed field'],
      })
      expect(await server.db.select().from(categories)).toHaveLength(0)
    })

    it.each([
      [
        'en',
        { name_ar: 'ك', name_en: '', parent_id: 'x' },
        { name_ar: ['must be at least 2 characters'], name_en: ['Required Field'], parent_id: ['must be a number'] },
      ],
      [
        'ar',
        { name_ar: 'ك', name_en: '', parent_id: 'x' },
        { name_ar: ['يجب ألا يقل عن 2 أحرف'], name_en: ['حقل مطلوب'], parent_id: ['يجب أن يكون رقمًا'] },
      ],
    ] as const)('answers validation messages per field (%s)', async (lang, body, errors) => {
      const token = await primary()
      const res = await server.request({ url: BASE, token, lang, body })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual(errors)
    })

    it('updates with the current version, refuses a stale one with 409 and audits the changed fields', async () => {
      const token = await primary()
      const { phones } = await tree(server)
      const body = { name_ar: 'جوالات وهواتف', name_en: 'Phones', version: 1 }
      const res = await server.request({ method: 'PUT', url: `${BASE}/${phones}`, token, body, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json.result.item).toMatchObject({ version: 2, name: 'Phones' })
      const stale = await server.request({ method: 'PUT', url: `${BASE}/${phones}`, token, body, lang: 'en' })
      expect(stale.status).toBe(409)
      expect(stale.json.message).toBe('This record was changed by someone else. Reload it and try again.')
      const staleAr = await server.request({ method: 'PUT', url: `${BASE}/${phones}`, token, body, lang: 'ar' })
      expect(staleAr.json.message).toMatch(/[\u0600-\u06FF]/)
      const missing = await server.request({
        method: 'PUT',
        url: `${BASE}/${phones}`,
        token,
        body: { name_ar: 'جوالات', name_en: 'Phones' },
        lang: 'en',
      })
      expect(missing.status).toBe(422)
      expect(missing.json.errors).toEqual({ version: ['Required Field'] })
      const audits = await server.db.select().from(auditLog).where(eq(auditLog.action, 'update'))
      expect(audits).toHaveLength(1)
      expect(audits[0]!.changes).toEqual({ name_ar: { from: 'جوالات', to: 'جوالات وهواتف' } })
    })

    it('lets exactly one of two simultaneous edits of one version win; the other gets 409', async () => {
      const token = await primary()
      const { fashion } = await tree(server)
      const edit = (name_en: string) =>
        server.request({ method: 'PUT', url: `${BASE}/${fashion}`, token, body: { name_ar: 'أزياء', name_en, version: 1 } })
      const results = await Promise.all([edit('Fashion A'), edit('Fashion B')])
      expect(results.map((r) => r.status).sort()).toEqual([200, 409])
      const [row] = await server.db.select().from(categories).where(eq(categories.id, fashion))
      expect(row!.version).toBe(2)
      expect(await server.db.select().from(auditLog)).toHaveLength(1)
    })

    it('refuses a parent that is the category itself, one of its descendants, or missing', async () => {
      const token = await primary()
      const { electronics, smartphones } = await tree(server)
      const move = (parent_id: number) =>
        server.request({
          method: 'PUT',
          url: `${BASE}/${electronics}`,
          token,
          lang: 'en',
          body: { name_ar: 'إلكترونيات', name_en: 'Electronics', parent_id, version: 1 },
        })
      for (const parent of [electronics, smartphones]) {
        const res = await move(parent)
        expect(res.status).toBe(422)
        expect(res.json.errors).toEqual({ parent_id: ['cannot be the category itself or one of its sub-categories'] })
      }
      const missing = await move(9999)
      expect(missing.json.errors).toEqual({ parent_id: ['does not exist'] })
      const [row] = await server.db.select().from(categories).where(eq(categories.id, electronics))
      expect(row).toMatchObject({ parentId: null, version: 1 })
    })

    it('toggles is_active both ways and audits each flip', async () => {
      const token = await primary()
      const { phones } = await tree(server)
      const off = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${phones}`, token })
      expect(off.status).toBe(200)
      expect(off.json.result.item).toMatchObject({ is_active: false, version: 2 })
      const on = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${phones}`, token })
      expect(on.json.result.item).toMatchObject({ is_active: true, version: 3 })
      const audits = await server.db.select().from(auditLog).orderBy(asc(auditLog.id))
      expect(audits.map((a) => [a.action, a.recordId, a.changes])).toEqual([
        ['toggle', phones, { is_active: { from: true, to: false } }],
        ['toggle', phones, { is_active: { from: false, to: true } }],
      ])
    })

    it.each([
      ['en', "This category can't be deleted because it has sub-categories."],
      ['ar', 'لا يمكن حذف هذا التصنيف لأنه يحتوي على تصنيفات فرعية.'],
    ] as const)('refuses to delete a category with sub-categories, with the reason (%s)', async (lang, message) => {
      const token = await primary()
      const { electronics } = await tree(server)
      const res = await server.request({ method: 'DELETE', url: `${BASE}/${electronics}`, token, lang })
      expect(res.status).toBe(409)
      expect(res.json).toEqual({ status: false, message, errors: {} })
      expect(await server.db.select().from(categories)).toHaveLength(4)
    })

    it('deletes a leaf and audits the removed values', async () => {
      const token = await primary()
      const { smartphones } = await tree(server)
      const res = await server.request({ method: 'DELETE', url: `${BASE}/${smartphones}`, token, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: true, message: 'Deleted successfully.', result: null })
      expect((await server.request({ url: `${BASE}/${smartphones}`, token })).status).toBe(404)
      const [audit] = await server.db.select().from(auditLog)
      expect(audit).toMatchObject({ action: 'delete', recordId: smartphones })
      expect(audit!.changes).toMatchObject({ name_en: { from: 'Smartphones', to: null } })
    })
  })

  it("is not deleted while another module's deletion guard refuses: 409 with its reason, nothing removed or audited", async () => {
    const asked: number[] = []
    const { smartphones, fashion } = await tree(server)
    await server.rebuild({
      extraModules: [
        defineServerModule({
          name: 'needs-fashion',
          description: 'A module whose rows need the Fashion category',
          deletionGuards: {
            categories: async (_db, id) => {
              asked.push(id)
              return id === fashion ? { key: 'errors.inUse' } : null
            },
          },
        }),
      ],
    })
    const token = await primary()
    const refused = await server.request({ method: 'DELETE', url: `${BASE}/${fashion}`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('This record cannot be deleted because other records still use it.')
    expect((await server.request({ url: `${BASE}/${fashion}`, token })).status).toBe(200)
    expect(await server.db.select().from(auditLog)).toHaveLength(0)
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${smartphones}`, token })).status).toBe(200)
    expect(asked).toEqual([fashion, smartphones])
  })

  describe('permissions', () => {
    const routes = (id: number) => [
      { method: 'GET' as const, url: BASE },
      { method: 'GET' as const, url: `${BASE}/${id}` },
      { method: 'POST' as const, url: BASE, body: valid },
      { method: 'PUT' as const, url: `${BASE}/${id}`, body: { ...valid, version: 1 } },
      { method: 'PUT' as const, url: `${BASE}/active-toggle/${id}` },
      { method: 'DELETE' as const, url: `${BASE}/${id}` },
    ]

    it('a sub admin without the permission gets 403 on every route, and nothing changes', async () => {
      const sub = await server.createAdmin({ userType: 'sub' })
      await grantRole(server, sub.id, ['blogs:view', 'blogs:create', 'blogs:update', 'blogs:delete'])
      const token = await server.loginAdmin(sub.email)
      const { smartphones } = await tree(server)
      for (const route of routes(smartphones)) {
        const res = await server.request({ ...route, token, lang: 'en' })
        expect(res.status, `${route.method} ${route.url}`).toBe(403)
        expect(res.json.message).toBe('You are not allowed to do this.')
      }
      expect(await server.db.select().from(auditLog)).toHaveLength(0)
      expect(await server.db.select().from(categories)).toHaveLength(4)
    })

    it("the demo role's admin can view, create and update but not delete", async () => {
      const editor = await server.createAdmin({ userType: 'sub' })
      await grantRole(server, editor.id, demoRolePermissions(await loadModules()))
      const token = await server.loginAdmin(editor.email)
      const { smartphones } = await tree(server)
      const [list, one, create, update, toggle, remove] = routes(smartphones)
      expect((await server.request({ ...list!, token })).status).toBe(200)
      expect((await server.request({ ...one!, token })).status).toBe(200)
      expect((await server.request({ ...create!, token })).status).toBe(201)
      expect((await server.request({ ...update!, token })).status).toBe(200)
      expect((await server.request({ ...toggle!, token })).status).toBe(200)
      expect((await server.request({ ...remove!, token })).status).toBe(403)
      const audits = await server.db.select().from(auditLog)
      expect(audits.map((a) => a.action).sort()).toEqual(['create', 'toggle', 'update'])
      expect(new Set(audits.map((a) => a.adminId))).toEqual(new Set([editor.id]))
    })
  })

  describe('core lists', () => {
    it('core/list/categories answers { id, name, parent_id } in the Lang locale, filtered by parent_id', async () => {
      const token = await primary()
      const { electronics, phones, smartphones } = await tree(server)
      const all = await server.request({ url: '/api/core/list/categories', token, lang: 'en' })
      expect(all.status).toBe(200)
      // Active ones only, by name.
      expect(all.json.result.list).toEqual([
        { id: electronics, name: 'Electronics', parent_id: null },
        { id: phones, name: 'Phones', parent_id: electronics },
        { id: smartphones, name: 'Smartphones', parent_id: phones },
      ])
      const children = await server.request({ url: `/api/core/list/categories?parent_id=${phones}`, token, lang: 'ar' })
      expect(children.json.result.list).toEqual([{ id: smartphones, name: 'هواتف ذكية', parent_id: phones }])
      const bad = await server.request({ url: '/api/core/list/categories?parent_id=x&owner=1', token, lang: 'en' })
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.json.errors).sort()).toEqual(['owner', 'parent_id'])
      expect((await server.request({ url: '/api/core/list/unknown', token })).status).toBe(404)
      expect((await server.request({ url: '/api/core/list/categories' })).status).toBe(401)
    })

    it('core/list/categories follows the categories permissions; core/common is open to any signed-in admin', async () => {
      const sub = await server.createAdmin({ userType: 'sub' })
      const token = await server.loginAdmin(sub.email)
      const refused = await server.request({ url: '/api/core/list/categories', token, lang: 'en' })
      expect(refused.status).toBe(403)
      expect(refused.json).toMatchObject({ status: false, message: expect.any(String) })
      expect(refused.json.result).toBeUndefined()
      expect((await server.request({ url: '/api/core/common', token })).status).toBe(200)

      await grantRole(server, sub.id, ['contact:view'])
      expect((await server.request({ url: '/api/core/list/categories', token })).status).toBe(403)
      for (const permission of ['categories:view', 'categories:create']) {
        const other = await server.createAdmin({ userType: 'sub' })
        await grantRole(server, other.id, [permission])
        const allowed = await server.request({ url: '/api/core/list/categories', token: await server.loginAdmin(other.email) })
        expect(allowed.status, permission).toBe(200)
      }
    })

    it.each([
      ['en', 'Free trial', 'Cash', 'Due payment', 'Arabic'],
      ['ar', 'تجربة مجانية', 'نقدًا', 'مستحقة الدفع', 'العربية'],
    ] as const)('core/common lists the constants with translated labels (%s)', async (lang, freeTrial, cash, due, arabic) => {
      const token = await primary()
      const res = await server.request({ url: '/api/core/common', token, lang })
      expect(res.status).toBe(200)
      const { lists } = res.json.result
      expect(lists.package_types.map((i: { value: string }) => i.value)).toEqual(['FREE_TRIAL', 'STANDARD', 'ELITE'])
      expect(lists.package_types[0].label).toBe(freeTrial)
      expect(lists.subscription_types.map((i: { value: string }) => i.value)).toEqual(['MONTH', 'YEAR', 'DAYS', 'LIFE_TIME'])
      expect(lists.payment_methods).toContainEqual({ value: 'CASH', label: cash })
      expect(lists.payment_methods.filter((i: { legacy?: boolean }) => i.legacy).map((i: { value: string }) => i.value)).toEqual([
        'CACHE',
        'BANK',
      ])
      expect(lists.payment_statuses).toContainEqual({ value: 'DUE_PAYMENT', label: due })
      expect(lists.attribute_types.length).toBeGreaterThan(0)
      expect(lists.languages).toContainEqual({ value: 'ar', label: arabic })
      expect((await server.request({ url: '/api/core/common' })).status).toBe(401)
    })
  })
})
