import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crudActions, SELF_PERMISSION } from '../../src/contract/access'
import { seedDemo } from '../../server/db/seed'
import { admins } from '../../server/modules/auth/schema'
import { roles } from '../../server/modules/roles/schema'
import { loadModules } from '../../server/lib/modules'
import { permissionsOf } from '../../server/modules/auth/service'
import { DEMO_ROLE_ADMIN_EMAIL, demoRolePermissions } from '../../server/modules/roles/seed'
import { backends, grantRole, useTestServer } from './helpers'

describe.each(backends)('roles and permissions on $name', (backend) => {
  const server = useTestServer(backend)

  it('every /api route declares access; every admin permission is auth:self or module:action of a known module', async () => {
    await server.app.ready()
    const declared = new Set((await loadModules()).flatMap((m) => m.permissions ?? []))
    expect(declared.size).toBeGreaterThan(0)
    for (const permission of declared) expect(permission).toMatch(/^[a-z][a-z0-9-]*:[a-z][a-z-]*$/)
    const knownModules = new Set([...declared].map((p) => p.split(':')[0]))
    const routes = server.app.routeAccess.filter((r) => r.url.startsWith('/api'))
    expect(routes.length).toBeGreaterThan(20)
    for (const route of routes) {
      const where = `${route.method} ${route.url}`
      expect(['public', 'user', 'admin'], where).toContain(route.access.kind)
      if (route.access.kind !== 'admin') continue
      const { permission } = route.access
      if (permission === SELF_PERMISSION) continue
      const [module, action] = permission.split(':')
      expect(knownModules.has(module!), `${where}: unknown module in ${permission}`).toBe(true)
      expect(declared.has(permission), `${where}: ${permission} is not declared by its module`).toBe(true)
      expect(action, where).toMatch(/^[a-z][a-z-]*$/)
    }
    // The categories resource declares all four actions.
    for (const action of crudActions) expect(declared.has(`categories:${action}`)).toBe(true)
  })

  it("a sub admin's permissions are the union of its roles'; a primary admin has '*'", async () => {
    const sub = await server.createAdmin({ userType: 'sub' })
    const primary = await server.createAdmin({ userType: 'primary' })
    await grantRole(server, sub.id, ['categories:view', 'categories:update'])
    await grantRole(server, sub.id, ['categories:view', 'blogs:view'])
    const subMe = await server.request({ url: '/api/admin-panal/auth/me', token: await server.loginAdmin(sub.email) })
    expect(subMe.json.result.admin.permissions).toEqual(['blogs:view', 'categories:update', 'categories:view'])
    const login = await server.request({ url: '/api/admin-panal/auth/login', body: { email: primary.email, password: primary.password } })
    expect(login.json.result.admin.permissions).toEqual(['*'])
  })

  it('a sub admin without roles has no permissions, and a "*" in a role grants nothing special', async () => {
    const sub = await server.createAdmin({ userType: 'sub' })
    const [row] = await server.db.select().from(admins).where(eq(admins.id, sub.id))
    expect(await permissionsOf(server.db, row!)).toEqual([])
    await grantRole(server, sub.id, ['*'])
    expect(await permissionsOf(server.db, row!)).toEqual([])
  })

  it('the demo seed links the content editor role to a demo sub admin, idempotently', async () => {
    const deps = { db: server.db, clock: server.clock.now, log: { info: () => {}, warn: () => {} }, demoPassword: 'Demo-Password-1' }
    expect(await seedDemo(deps)).toBeGreaterThan(15)
    expect(await seedDemo(deps)).toBe(0)
    const [sara] = await server.db.select().from(admins).where(eq(admins.email, DEMO_ROLE_ADMIN_EMAIL))
    const permissions = demoRolePermissions(await loadModules())
    expect(permissions).toEqual(expect.arrayContaining(['blogs:create', 'categories:update', 'contents:view']))
    expect(await permissionsOf(server.db, sara!)).toEqual(permissions)
    const [role] = await server.db.select().from(roles)
    expect(role).toMatchObject({ nameAr: 'محرر المحتوى', nameEn: 'Content editor' })
  })
})
