import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rolePageSchema, roleSchema } from '../../src/contract/roles'
import { auditLog } from '../../server/db/tables'
import { loadModules } from '../../server/lib/modules'
import { adminRoles, roles } from '../../server/modules/roles/schema'
import { backends, grantRole, useTestServer } from './helpers'

const BASE = '/api/admin-panal/roles'

describe.each(backends)('roles on $name', (backend) => {
  const server = useTestServer(backend)
  const signIn = async (userType: 'primary' | 'sub' = 'primary', permissions: string[] = []) => {
    const admin = await server.createAdmin({ userType })
    if (permissions.length > 0) await grantRole(server, admin.id, permissions)
    return { ...admin, token: await server.loginAdmin(admin.email) }
  }
  const body = (over: Record<string, unknown> = {}) => ({
    name_ar: 'مشرف الكوبونات',
    name_en: 'Coupon keeper',
    permissions: ['coupons:view'],
    ...over,
  })

  it('lists every permission the modules declare, by module, with the special actions', async () => {
    const me = await signIn()
    const res = await server.request({ url: `${BASE}/permissions`, token: me.token })
    expect(res.status).toBe(200)
    const modules: { module: string; actions: string[] }[] = res.json.result.modules
    const flat = modules.flatMap((m) => m.actions.map((a) => `${m.module}:${a}`)).sort()
    const declared = [...new Set((await loadModules()).flatMap((m) => m.permissions ?? []))].sort()
    expect(flat).toEqual(declared)
    expect(flat).toEqual(expect.arrayContaining(['payments:approve', 'flows:view', 'users:delete', 'roles:update', 'support:resolve']))
  })

  it('creates, edits and deletes a role with its permissions, each write audited; the change applies on the next request', async () => {
    const me = await signIn()
    const created = await server.request({
      method: 'POST',
      url: BASE,
      token: me.token,
      lang: 'en',
      body: body({ permissions: ['coupons:view', 'coupons:view'] }),
    })
    expect(created.status).toBe(201)
    const role = roleSchema.parse(created.json.result.item)
    expect(role).toMatchObject({ name: 'Coupon keeper', permissions: ['coupons:view'], admins_count: 0 })
    const sub = await server.createAdmin({ userType: 'sub' })
    await server.db.insert(adminRoles).values({ adminId: sub.id, roleId: role.id })
    const subToken = await server.loginAdmin(sub.email)
    expect((await server.request({ url: '/api/admin-panal/coupons', token: subToken })).status).toBe(200)
    expect((await server.request({ url: '/api/admin-panal/venders', token: subToken })).status).toBe(403)
    const edited = await server.request({
      method: 'PUT',
      url: `${BASE}/${role.id}`,
      token: me.token,
      body: body({ permissions: ['vendors:view'], version: role.version }),
    })
    expect(edited.status).toBe(200)
    expect(edited.json.result.item).toMatchObject({ permissions: ['vendors:view'], admins_count: 1 })
    expect((await server.request({ url: '/api/admin-panal/coupons', token: subToken })).status).toBe(403)
    expect((await server.request({ url: '/api/admin-panal/venders', token: subToken })).status).toBe(200)
    const stale = await server.request({ method: 'PUT', url: `${BASE}/${role.id}`, token: me.token, body: body({ version: role.version }) })
    expect(stale.status).toBe(409)
    const list = rolePageSchema.parse(
      (await server.request({ url: `${BASE}?search=keeper&sort_column=admins`, token: me.token })).json.result.roles,
    )
    expect(list.data.map((r) => r.id)).toEqual([role.id])
    const actions = (await server.db.select().from(auditLog).where(eq(auditLog.resource, 'roles'))).map((a) => a.action)
    expect(actions).toEqual(['create', 'update'])
    await server.db.delete(adminRoles).where(eq(adminRoles.roleId, role.id))
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${role.id}`, token: me.token })).status).toBe(200)
    const [deleted] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'roles'), eq(auditLog.action, 'delete')))
    expect(deleted).toMatchObject({ recordId: role.id, adminId: me.id })
  })

  it('a role in use is not deleted: 409 naming the admins that hold it, in Arabic and English', async () => {
    const me = await signIn()
    const holder = await server.createAdmin({ userType: 'sub', name: 'Huda Saleh', email: 'huda@example.com' })
    const roleId = await grantRole(server, holder.id, ['coupons:view'])
    const en = await server.request({ method: 'DELETE', url: `${BASE}/${roleId}`, token: me.token, lang: 'en' })
    expect(en.status).toBe(409)
    expect(en.json.message).toBe('This role cannot be deleted: it is held by Huda Saleh (huda@example.com).')
    const ar = await server.request({ method: 'DELETE', url: `${BASE}/${roleId}`, token: me.token, lang: 'ar' })
    expect(ar.status).toBe(409)
    expect(ar.json.message).toContain('Huda Saleh')
    expect(ar.json.message).toContain('لا يمكن حذف هذا الدور')
    for (let i = 0; i < 11; i++) {
      const other = await server.createAdmin({ userType: 'sub' })
      await server.db.insert(adminRoles).values({ adminId: other.id, roleId })
    }
    const many = await server.request({ method: 'DELETE', url: `${BASE}/${roleId}`, token: me.token, lang: 'en' })
    expect(many.json.message).toMatch(/^This role cannot be deleted: it is held by 12 admins, among them /)
    expect(await server.db.select().from(roles).where(eq(roles.id, roleId))).toHaveLength(1)
  })

  it('refuses undeclared permissions (422) and, for a sub user, permissions it does not hold itself (403)', async () => {
    const me = await signIn()
    const unknown = await server.request({
      method: 'POST',
      url: BASE,
      token: me.token,
      lang: 'en',
      body: body({ permissions: ['coupons:fly'] }),
    })
    expect(unknown.status).toBe(422)
    expect(unknown.json.message).toBe('These permissions do not exist: coupons:fly')
    const star = await server.request({ method: 'POST', url: BASE, token: me.token, body: body({ permissions: ['*'] }) })
    expect(star.status).toBe(422)
    const sub = await signIn('sub', ['roles:view', 'roles:create', 'roles:update', 'roles:delete', 'coupons:view'])
    const beyond = await server.request({
      method: 'POST',
      url: BASE,
      token: sub.token,
      lang: 'en',
      body: body({ permissions: ['coupons:view', 'users:create'] }),
    })
    expect(beyond.status).toBe(403)
    expect(beyond.json.message).toBe('You cannot grant permissions you do not hold yourself: users:create')
    expect((await server.request({ method: 'POST', url: BASE, token: sub.token, body: body() })).status).toBe(201)
    // nor take away, edit or delete what it could not grant
    const strong = await grantRole(server, me.id, ['vendors:delete'])
    const [row] = await server.db.select().from(roles).where(eq(roles.id, strong))
    const edit = await server.request({
      method: 'PUT',
      url: `${BASE}/${strong}`,
      token: sub.token,
      body: body({ permissions: [], version: row!.version }),
    })
    expect(edit.status).toBe(403)
    await server.db.delete(adminRoles).where(eq(adminRoles.roleId, strong))
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${strong}`, token: sub.token })).status).toBe(403)
  })

  it('answers hostile input with a 4xx and keeps nothing', async () => {
    const me = await signIn()
    const before = (await server.db.select().from(roles)).length
    const cases: unknown[] = [
      body({ name_ar: 'a\u0000b' }),
      body({ name_en: 'x \udc00' }),
      body({ permissions: 'coupons:view' }),
      body({ permissions: [1] }),
      body({ permissions: ['COUPONS:VIEW'] }),
      body({ permissions: ['coupons:view\u0000'] }),
      body({ permissions: Array.from({ length: 1001 }, () => 'coupons:view') }),
      JSON.parse('{"__proto__":{"permissions":["*"]},"name_ar":"دور","name_en":"Role"}'),
      { ...body(), constructor: { prototype: { x: 1 } } },
      { ...body(), id: 5 },
    ]
    for (const payload of cases) {
      const res = await server.request({ method: 'POST', url: BASE, token: me.token, body: payload })
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    expect(await server.db.select().from(roles)).toHaveLength(before)
    for (const url of [`${BASE}/0`, `${BASE}/x`, `${BASE}/1e3`, `${BASE}/99999999999`])
      expect((await server.request({ method: 'DELETE', url, token: me.token })).status, url).toBeLessThan(500)
    expect((await server.request({ url: `${BASE}?sort_column=permissions`, token: me.token })).status).toBe(422)
  })

  it('serves the roles select list to who manages roles or admin users', async () => {
    const me = await signIn()
    await grantRole(server, me.id, ['coupons:view'])
    const sub = await signIn('sub', ['users:create'])
    const res = await server.request({ url: '/api/core/list/roles', token: sub.token, lang: 'en' })
    expect(res.status).toBe(200)
    expect(res.json.result.list.map((r: { name: string }) => r.name)).toContain('Role 1')
    const other = await signIn('sub', ['coupons:view'])
    expect((await server.request({ url: '/api/core/list/roles', token: other.token })).status).toBe(403)
  })
})
