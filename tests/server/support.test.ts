import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { companyRequestPageSchema, companyRequestSchema, shippingIssuePageSchema, shippingIssueSchema } from '../../src/contract/support'
import { auditLog } from '../../server/db/tables'
import { shippingCompanyRequests, shippingIssues } from '../../server/modules/support/schema'
import { backends, grantRole, routesOfModule, useTestServer, type TestServer } from './helpers'

const ISSUES = '/api/admin-panal/support/shipping'
const REQUESTS = '/api/admin-panal/support/shipping-company-requests'

async function seedSupport(server: TestServer) {
  const now = server.clock.now()
  const issues = await server.db
    .insert(shippingIssues)
    .values([
      {
        shipmentId: 'SHP-1',
        orderId: 11,
        orderNumber: 'ORD-11',
        trackingNumber: 'TRK-11',
        tenantId: 7,
        tenantName: 'متجر الأناقة',
        issue: 'Late',
        createdAt: now,
        updatedAt: now,
      },
      {
        shipmentId: 'SHP-2',
        orderId: 12,
        orderNumber: 'ORD-12',
        trackingNumber: null,
        tenantId: 8,
        tenantName: 'Oud House',
        issue: 'Damaged',
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: shippingIssues.id })
  const requests = await server.db
    .insert(shippingCompanyRequests)
    .values([
      { tenantId: 7, tenantName: 'متجر الأناقة', companyName: 'أرامكس', contactPhone: '920011111', createdAt: now, updatedAt: now },
      { tenantId: 8, tenantName: 'Oud House', companyName: 'SMSA', contactPhone: '920009999', createdAt: now, updatedAt: now },
    ])
    .returning({ id: shippingCompanyRequests.id })
  return { issues: issues.map((r) => r.id), requests: requests.map((r) => r.id) }
}

describe.each(backends)('support on $name', (backend) => {
  const server = useTestServer(backend)
  const primaryAdmin = async () => {
    const admin = await server.createAdmin({ userType: 'primary', name: 'Huda Admin' })
    return { id: admin.id, token: await server.loginAdmin(admin.email) }
  }

  it('lists and views shipping issues with the resolved filter', async () => {
    const { token } = await primaryAdmin()
    const { issues } = await seedSupport(server)
    const list = await server.request({ url: ISSUES, token })
    expect(list.status).toBe(200)
    const page = z.parse(shippingIssuePageSchema, list.json.result.shipping)
    expect(page.total).toBe(2)
    expect(page.data[1]).toMatchObject({
      shipmentId: 'SHP-1',
      orderId: 11,
      orderNumber: 'ORD-11',
      trackingNumber: 'TRK-11',
      tenant: 'متجر الأناقة',
      tenantId: 7,
      resolveAt: null,
      resolved: false,
      resolved_by: null,
    })
    await server.request({ method: 'PUT', url: `${ISSUES}/resolve/${issues[0]}`, token })
    const resolved = await server.request({ url: `${ISSUES}?resolved=1`, token })
    expect(resolved.json.result.shipping.data.map((i: { id: number }) => i.id)).toEqual([issues[0]])
    const open = await server.request({ url: `${ISSUES}?resolved=0&search=ORD-12`, token })
    expect(open.json.result.shipping.data.map((i: { id: number }) => i.id)).toEqual([issues[1]])
    const sorted = await server.request({ url: `${ISSUES}?sort_column=resolveAt&sort_direction=asc`, token })
    expect(sorted.status).toBe(200)
    const one = await server.request({ url: `${ISSUES}/${issues[1]}`, token })
    expect(z.parse(shippingIssueSchema, one.json.result.item).issue).toBe('Damaged')
    expect((await server.request({ url: `${ISSUES}/99999`, token })).status).toBe(404)
  })

  it('resolve twice has one effect: one audit row, resolveAt unchanged, 200 both times', async () => {
    const admin = await primaryAdmin()
    const { issues } = await seedSupport(server)
    const first = await server.request({ method: 'PUT', url: `${ISSUES}/resolve/${issues[0]}`, token: admin.token, lang: 'en' })
    expect(first.status).toBe(200)
    expect(first.json.message).toBe('The issue was marked as resolved.')
    const item = z.parse(shippingIssueSchema, first.json.result.item)
    expect(item).toMatchObject({ resolved: true, resolveAt: server.clock.now().toISOString(), resolved_by: 'Huda Admin', version: 2 })
    server.clock.advance(60_000)
    expect(first.json.result.outcome).toBe('apply')
    const second = await server.request({ method: 'PUT', url: `${ISSUES}/resolve/${issues[0]}`, token: admin.token, lang: 'en' })
    expect(second.status).toBe(200)
    expect(second.json.result.item).toEqual(first.json.result.item)
    expect(second.json.result.outcome).toBe('noop')
    expect(second.json.message).toBe('This issue had already been resolved by Huda Admin; nothing was changed.')
    const audits = await server.db.select().from(auditLog)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'resolve', resource: 'shipping', recordId: issues[0], adminId: admin.id })
    const [row] = await server.db.select().from(shippingIssues).where(eq(shippingIssues.id, issues[0]!))
    expect(row!.resolveAt!.toISOString()).toBe(item.resolveAt)
    // Two resolves at once: still one effect.
    const both = await Promise.all(
      [1, 2].map(() => server.request({ method: 'PUT', url: `${ISSUES}/resolve/${issues[1]}`, token: admin.token })),
    )
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect(both.map((r) => r.json.result.outcome).sort()).toEqual(['apply', 'noop'])
    expect(await server.db.select().from(auditLog)).toHaveLength(2)
  })

  it('activate twice has one effect; lists, filters and views company requests', async () => {
    const admin = await primaryAdmin()
    const { requests } = await seedSupport(server)
    const first = await server.request({ method: 'PUT', url: `${REQUESTS}/activate/${requests[1]}`, token: admin.token, lang: 'ar' })
    expect(first.status).toBe(200)
    expect(first.json.message).toBe('تم تفعيل شركة الشحن.')
    expect(z.parse(companyRequestSchema, first.json.result.item)).toMatchObject({
      activated: true,
      company_name: 'SMSA',
      tenant: 'Oud House',
      activated_by: 'Huda Admin',
    })
    server.clock.advance(60_000)
    const second = await server.request({ method: 'PUT', url: `${REQUESTS}/activate/${requests[1]}`, token: admin.token, lang: 'ar' })
    expect(second.json.result.item).toEqual(first.json.result.item)
    expect(second.json.result.outcome).toBe('noop')
    expect(second.json.message).toBe('فُعّل هذا الطلب من قبل على يد Huda Admin، ولم يتغير شيء.')
    expect(await server.db.select().from(auditLog)).toHaveLength(1)
    const list = await server.request({ url: `${REQUESTS}?activated=0`, token: admin.token })
    const page = z.parse(companyRequestPageSchema, list.json.result.shipping_company_requests)
    expect(page.data.map((r) => r.company_name)).toEqual(['أرامكس'])
    const one = await server.request({ url: `${REQUESTS}/${requests[1]}`, token: admin.token })
    expect(one.json.result.item.activatedAt).toBe(first.json.result.item.activatedAt)
    expect((await server.request({ method: 'PUT', url: `${REQUESTS}/activate/99999`, token: admin.token })).status).toBe(404)
  })

  it('refuses unknown sorts and filters, and has no create, update, delete or cross actions', async () => {
    const { token } = await primaryAdmin()
    const { issues, requests } = await seedSupport(server)
    for (const url of [
      `${ISSUES}?sort_column=tenant`,
      `${ISSUES}?resolved=yes`,
      `${ISSUES}?activated=1`,
      `${REQUESTS}?resolved=1`,
      `${REQUESTS}?sort_column=resolveAt`,
    ]) {
      const res = await server.request({ url, token, lang: 'en' })
      expect(res.status, url).toBe(422)
    }
    expect((await server.request({ url: ISSUES, token, body: {} })).status).toBe(404)
    expect((await server.request({ method: 'PUT', url: `${ISSUES}/${issues[0]}`, token, body: {} })).status).toBe(404)
    expect((await server.request({ method: 'DELETE', url: `${ISSUES}/${issues[0]}`, token })).status).toBe(404)
    expect((await server.request({ method: 'PUT', url: `${ISSUES}/activate/${issues[0]}`, token })).status).toBe(404)
    expect((await server.request({ method: 'PUT', url: `${REQUESTS}/resolve/${requests[0]}`, token })).status).toBe(404)
    expect(await server.db.select().from(auditLog)).toHaveLength(0)
  })

  it('a sub admin without the permission gets 403 on every route; view alone cannot resolve or activate', async () => {
    const { issues } = await seedSupport(server)
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, ['contact:view', 'terms:update'])
    const token = await server.loginAdmin(sub.email)
    const routes = routesOfModule(server, 'support', issues[0]!)
    expect(routes).toHaveLength(6)
    for (const route of routes) {
      const res = await server.request({ ...route, token, lang: 'en' })
      expect(res.status, `${route.method} ${route.url}`).toBe(403)
      expect(res.json.message).toBe('You are not allowed to do this.')
    }
    const viewer = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, viewer.id, ['support:view'])
    const viewerToken = await server.loginAdmin(viewer.email)
    for (const route of routes) {
      const res = await server.request({ ...route, token: viewerToken })
      expect(res.status, `${route.method} ${route.url}`).toBe(route.method === 'GET' ? 200 : 403)
    }
    const resolver = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, resolver.id, ['support:resolve'])
    const resolverToken = await server.loginAdmin(resolver.email)
    expect((await server.request({ method: 'PUT', url: `${ISSUES}/resolve/${issues[0]}`, token: resolverToken })).status).toBe(200)
    expect(await server.db.select().from(auditLog)).toHaveLength(1)
  })
})
