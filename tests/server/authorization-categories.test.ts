import { describe, expect, it } from 'vitest'
import { adminCategories } from '../../server/modules/admin-users/schema'
import { categories } from '../../server/modules/categories/schema'
import { marketplaceCategories, marketplaceProperties, marketplaces } from '../../server/modules/marketplaces/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

/**
 * The authorisation matrix of the category and mapping routes: every route (as the server registered
 * it) x (guest, sub user without the permission, sub user with it, sub user with it but limited to
 * other categories, primary user) gives exactly the expected status. The limited sub user's lists
 * answer (filtered), the marketplace's own tree and suggestions answer; every category or mapping of
 * a category outside its reach is 403. A route added to these modules without a case here fails.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** `category`: an unmapped category; `marketplace`, `mc`, `mp`: a marketplace, its category mapped to `mapped`, a property of it. */
type Fixture = { category: number; mapped: number; parent: number; marketplace: number; mc: number; mp: number }
type Case = {
  ok: number
  limited: number
  id?: (f: Fixture) => number
  body?: (f: Fixture) => unknown
}

const cases: Record<string, Case> = {
  'GET /api/admin-panal/categories': { ok: 200, limited: 200 },
  'GET /api/admin-panal/categories/:id': { ok: 200, limited: 403 },
  'POST /api/admin-panal/categories': { ok: 201, limited: 403, body: (f) => ({ name_ar: 'فئة', name_en: 'Matrix', parent_id: f.parent }) },
  'PUT /api/admin-panal/categories/active-toggle/:id': { ok: 200, limited: 403 },
  'PUT /api/admin-panal/categories/:id': { ok: 200, limited: 403, body: () => ({ name_ar: 'معدلة', name_en: 'Edited', version: 1 }) },
  'DELETE /api/admin-panal/categories/:id': { ok: 200, limited: 403 },
  'GET /api/core/mapping/categories/:id': { ok: 200, limited: 200, id: (f) => f.marketplace },
  'GET /api/core/mapping/suggestions/:id': { ok: 200, limited: 200, id: (f) => f.mc },
  'GET /api/core/mapping/properties/:id': { ok: 200, limited: 403, id: (f) => f.mc },
  'POST /api/admin-panal/marketplaces/mapping-categories/:id': {
    ok: 200,
    limited: 403,
    id: (f) => f.mc,
    body: (f) => ({ category_id: null, expected: f.mapped }),
  },
  'POST /api/admin-panal/marketplaces/mapping-properties': {
    ok: 200,
    limited: 403,
    body: (f) => ({ marketplace_property_id: f.mp, property_id: null, expected: null }),
  },
}

async function fixture(server: TestServer): Promise<Fixture> {
  const category = async (nameEn: string) =>
    (await server.db.insert(categories).values({ nameAr: nameEn, nameEn }).returning({ id: categories.id }))[0]!.id
  const [market] = await server.db
    .insert(marketplaces)
    .values({ nameAr: 'سوق', nameEn: 'Market', website: 'https://market.example' })
    .returning()
  const mapped = await category('Mapped')
  const [mc] = await server.db
    .insert(marketplaceCategories)
    .values({ marketplaceId: market!.id, externalId: 'X', nameAr: 'س', nameEn: 'X', mappedCategoryId: mapped })
    .returning()
  const [mp] = await server.db
    .insert(marketplaceProperties)
    .values({ marketplaceId: market!.id, categoryId: mc!.id, externalId: 'p', nameAr: 'خ', nameEn: 'P', type: 'TEXT' })
    .returning()
  return { category: await category('Target'), mapped, parent: await category('Parent'), marketplace: market!.id, mc: mc!.id, mp: mp!.id }
}

describe.each(backends)('category and mapping authorisation matrix on $name', (backend) => {
  const server = useTestServer(backend)

  it('every route x (guest, sub user without the permission, sub user with it, sub user limited to other categories, primary) -> the expected status', async () => {
    await server.app.ready()
    const routes = server.app.routeAccess.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.access.kind === 'admin' &&
        (/^categories:/.test(r.access.permission) || (/^marketplaces:/.test(r.access.permission) && r.url.includes('mapping'))),
    )
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(cases).sort())
    const [elsewhere] = await server.db.insert(categories).values({ nameAr: 'أخرى', nameEn: 'Elsewhere' }).returning({ id: categories.id })
    let cells = 0
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      const permission = route.access.kind === 'admin' ? route.access.permission : ''
      const rule = cases[key]!
      for (const who of ['guest', 'sub without', 'sub with', 'sub limited', 'primary'] as const) {
        const f = await fixture(server)
        let token: string | undefined
        if (who !== 'guest') {
          const actor = await server.createAdmin({ userType: who === 'primary' ? 'primary' : 'sub' })
          if (who === 'sub with' || who === 'sub limited') await grantRole(server, actor.id, [permission])
          if (who === 'sub without') await grantRole(server, actor.id, ['coupons:view'])
          if (who === 'sub limited') await server.db.insert(adminCategories).values({ adminId: actor.id, categoryId: elsewhere!.id })
          token = await server.loginAdmin(actor.email)
        }
        const res = await server.request({
          method: route.method as Method,
          url: route.url.replace(':id', String((rule.id ?? ((x: Fixture) => x.category))(f))),
          ...(token ? { token } : {}),
          ...(rule.body ? { body: rule.body(f) } : {}),
        })
        const expected = { guest: 401, 'sub without': 403, 'sub with': rule.ok, 'sub limited': rule.limited, primary: rule.ok }[who]
        expect(res.status, `${key} as ${who}: ${res.text.slice(0, 200)}`).toBe(expected)
        cells += 1
      }
    }
    expect(cells).toBe(Object.keys(cases).length * 5)
    console.info(`category and mapping authorisation matrix: ${cells} cells (${routes.length} routes x 5 callers)`)
  })
})
