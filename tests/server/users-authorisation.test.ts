import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SELF_PERMISSION } from '../../src/contract/access'
import { admins } from '../../server/modules/auth/schema'
import { roles } from '../../server/modules/roles/schema'
import { adminCategories } from '../../server/modules/admin-users/schema'
import { categories } from '../../server/modules/categories/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

/**
 * The authorisation matrix of the admin users, roles and profile routes: every route (as the server
 * registered it) x (guest, sub user without the permission, sub user with it, sub user with it but
 * limited to other categories, primary user) gives exactly the expected status. A route added to
 * these modules without a case here fails the test.
 */

const STRONG = 'Matrix-Secret-7'
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Fixture = { targetAdmin: number; role: number }
type Case = { ok: number; body?: (server: TestServer, f: Fixture) => Promise<unknown> }

const versionOf = async (server: TestServer, table: typeof admins | typeof roles, id: number) =>
  (await server.db.select({ version: table.version }).from(table).where(eq(table.id, id)))[0]!.version

let unique = 0
const cases: Record<string, Case> = {
  'GET /api/admin-panal/users': { ok: 200 },
  'GET /api/admin-panal/users/:id': { ok: 200 },
  'POST /api/admin-panal/users': {
    ok: 201,
    body: async () => ({
      name: 'Matrix Admin',
      email: `matrix${++unique}@example.com`,
      password: STRONG,
      password_confirmation: STRONG,
      role_ids: [],
      user_type: 'sub',
    }),
  },
  'PUT /api/admin-panal/users/:id': {
    ok: 200,
    body: async (server, f) => ({
      name: 'Renamed Admin',
      email: `renamed${++unique}@example.com`,
      role_ids: [],
      user_type: 'sub',
      version: await versionOf(server, admins, f.targetAdmin),
    }),
  },
  'PUT /api/admin-panal/users/active-toggle/:id': { ok: 200 },
  'DELETE /api/admin-panal/users/:id': { ok: 200 },
  'GET /api/admin-panal/users/categories/:id': { ok: 200 },
  // an empty list is within any admin's reach
  'PUT /api/admin-panal/users/categories/:id': { ok: 200, body: async () => ({ category_ids: [] }) },
  'GET /api/admin-panal/roles/permissions': { ok: 200 },
  'GET /api/admin-panal/roles': { ok: 200 },
  'GET /api/admin-panal/roles/:id': { ok: 200 },
  'POST /api/admin-panal/roles': { ok: 201, body: async () => ({ name_ar: 'دور المصفوفة', name_en: 'Matrix role', permissions: [] }) },
  'PUT /api/admin-panal/roles/:id': {
    ok: 200,
    body: async (server, f) => ({
      name_ar: 'دور معدل',
      name_en: 'Edited role',
      permissions: [],
      version: await versionOf(server, roles, f.role),
    }),
  },
  'DELETE /api/admin-panal/roles/:id': { ok: 200 },
  'GET /api/admin-panal/setting/get-profile': { ok: 200 },
  'POST /api/admin-panal/setting/update-profile': {
    ok: 200,
    body: async () => ({ name: 'My Name', email: `me${++unique}@example.com`, locale: 'en', avatar: null }),
  },
  'POST /api/admin-panal/setting/change-password': {
    ok: 200,
    body: async () => ({ current_password: 'Correct-Horse-9', password: STRONG, password_confirmation: STRONG }),
  },
}

describe.each(backends)('users, roles and profile authorisation matrix on $name', (backend) => {
  const server = useTestServer(backend)

  it('every route x (guest, sub user without the permission, sub user with it, sub user limited to other categories, primary) -> the expected status', async () => {
    await server.app.ready()
    const [elsewhere] = await server.db.insert(categories).values({ nameAr: 'أخرى', nameEn: 'Elsewhere' }).returning({ id: categories.id })
    const routes = server.app.routeAccess.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.access.kind === 'admin' &&
        (/^(users|roles):/.test(r.access.permission) ||
          (r.access.permission === SELF_PERMISSION && r.url.includes('/setting/') && !r.url.includes('change-language'))),
    )
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(cases).sort())
    let cells = 0
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      const permission = route.access.kind === 'admin' ? route.access.permission : ''
      const rule = cases[key]!
      for (const who of ['guest', 'sub without', 'sub with', 'sub limited', 'primary'] as const) {
        // a fresh target admin and an unused role for each cell, so deletes and toggles always have something to act on
        const target = await server.createAdmin({ userType: 'sub' })
        const now = server.clock.now()
        const [role] = await server.db
          .insert(roles)
          .values({ nameAr: 'هدف', nameEn: 'Target', permissions: [], createdAt: now, updatedAt: now })
          .returning({ id: roles.id })
        const fixture = { targetAdmin: target.id, role: role!.id }
        let token: string | undefined
        if (who !== 'guest') {
          const actor = await server.createAdmin({ userType: who === 'primary' ? 'primary' : 'sub' })
          if ((who === 'sub with' || who === 'sub limited') && permission !== SELF_PERMISSION)
            await grantRole(server, actor.id, [permission])
          if (who === 'sub limited') await server.db.insert(adminCategories).values({ adminId: actor.id, categoryId: elsewhere!.id })
          if (who === 'sub without') await grantRole(server, actor.id, ['coupons:view'])
          token = await server.loginAdmin(actor.email)
        }
        const id = route.url.includes('/roles') ? fixture.role : fixture.targetAdmin
        const res = await server.request({
          method: route.method as Method,
          url: route.url.replace(':id', String(id)),
          ...(token ? { token } : {}),
          ...(rule.body ? { body: await rule.body(server, fixture) } : {}),
        })
        const expected = who === 'guest' ? 401 : who === 'sub without' && permission !== SELF_PERMISSION ? 403 : rule.ok
        expect(res.status, `${key} as ${who}: ${res.text.slice(0, 200)}`).toBe(expected)
        cells += 1
      }
    }
    expect(cells).toBe(Object.keys(cases).length * 5)
    console.info(`users, roles and profile authorisation matrix: ${cells} cells (${routes.length} routes x 5 callers)`)
  })
})
