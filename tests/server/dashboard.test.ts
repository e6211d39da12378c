import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { dashboardAccess, dashboardCardsSchema, statisticsSchema, type DashboardCards, type Statistics } from '../../src/contract/dashboard'
import { contactMessages } from '../../server/modules/contact/schema'
import { shippingIssues } from '../../server/modules/support/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'
import { BASE as VENDORS, createVendor, paymentFields, recordPayment, seedPackages } from './vendors-fixtures'

const CARDS = '/api/admin-panal/dashboard'
const STATISTICS = '/api/admin-panal/get-statistics'
const DAY = 86_400_000
const RIYADH = 3 * 3_600_000

const halalas = (sar: string) => Math.round(Number(sar) * 100)
const monthInRiyadh = (moment: Date) => new Date(moment.getTime() + RIYADH).toISOString().slice(0, 7)

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await server.db.execute(query)
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

describe.each(backends)('dashboard on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  /** A primary admin; `token` signs it in again (a session ends after days of the clock moving on). */
  const primary = async () => {
    const { email } = await server.createAdmin({ userType: 'primary' })
    return { email, token: () => server.loginAdmin(email) }
  }

  /** The number of rows a list answers for a query: what a card's link shows. */
  async function listed(token: string, path: string, query: Record<string, string | number>) {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
    const res = await server.request({ method: 'GET', url: `/api/${path}?${search.toString()}`, token })
    expect(res.status, res.text).toBe(200)
    const [list] = Object.values(res.json.result as Record<string, { total: number }>)
    return list!.total
  }

  /** Vendors of every status and source, paid and unpaid, a month apart; contact requests and support issues. */
  async function story(signIn: () => Promise<string>) {
    let token = await signIn()
    const sources = ['google', 'google', 'tiktok', null, 'tiktok', 'google']
    const statuses = ['active', 'active', 'active', 'pending', 'inactive', 'pending']
    const vendors = []
    for (let n = 1; n <= sources.length; n++) {
      vendors.push(await createVendor(server, token, n, { utm_source: sources[n - 1], status: statuses[n - 1] }))
      server.clock.advance(DAY)
    }
    const pay = async (vendorId: number, packageId: number, amount: string, approve: boolean) => {
      const recorded = await recordPayment(server, token, vendorId, {
        fields: paymentFields({ amount, package_id: String(packageId), payment_date: server.clock.now().toISOString().slice(0, 10) }),
      })
      expect(recorded.status, recorded.text).toBe(201)
      if (!approve) return
      const approved = await server.request({
        url: `${VENDORS}/changeTransactionStatus/${vendorId}/${recorded.json.result.item.id}`,
        token,
        body: { status: 'Success' },
      })
      expect(approved.status, approved.text).toBe(200)
    }
    await pay(vendors[0]!.id, 2, '230.00', true)
    server.clock.advance(32 * DAY)
    token = await signIn()
    await pay(vendors[1]!.id, 3, '345.00', true)
    await pay(vendors[2]!.id, 2, '230.00', true)
    await pay(vendors[3]!.id, 2, '230.00', false)
    await pay(vendors[5]!.id, 3, '345.00', false)
    const now = server.clock.now()
    await server.db.insert(contactMessages).values(
      [false, false, true].map((isRead, i) => ({
        name: `N${i}`,
        email: `n${i}@example.com`,
        subject: 'S',
        message: 'M',
        isRead,
        createdAt: now,
        updatedAt: now,
      })),
    )
    await server.db.insert(shippingIssues).values(
      [null, now, null].map((resolveAt, i) => ({
        shipmentId: `SHP-${i}`,
        orderId: i + 1,
        orderNumber: `ORD-${i}`,
        tenantId: 1,
        tenantName: 'T',
        issue: 'Late',
        resolveAt,
        createdAt: now,
        updatedAt: now,
      })),
    )
  }

  it('counts on each card the rows its link lists, and the revenue of the tax invoices', async () => {
    const admin = await primary()
    await story(admin.token)
    // three weeks on: the first subscription has ended, the two of last month end within 7 or 30 days
    server.clock.advance(24 * DAY)
    const token = await admin.token()
    const res = await server.request({ method: 'GET', url: CARDS, token })
    expect(res.status, res.text).toBe(200)
    const cards = res.json.result.cards as DashboardCards
    expect(dashboardCardsSchema.safeParse(cards).success).toBe(true)

    for (const status of ['pending', 'active', 'inactive'] as const)
      expect(cards.vendors[status], status).toBe(await listed(token, 'admin-panal/venders', { status }))
    expect(cards.vendors).toEqual({ pending: 2, active: 3, inactive: 1 })
    expect(cards.active_subscriptions).toBe(await listed(token, 'admin-panal/subscriptions', { phase: 'active,expiring' }))
    expect(cards.active_subscriptions).toBe(2)
    expect(cards.expiring_7).toBe(await listed(token, 'admin-panal/subscriptions', { phase: 'expiring' }))
    expect(cards.expiring_7).toBe(2)
    expect(cards.expiring_30).toBe(await listed(token, 'admin-panal/venders', { expiring_within: 30 }))
    expect(cards.contact_new).toBe(await listed(token, 'admin-panal/contact', { is_read: '0' }))
    expect(cards.contact_new).toBe(2)
    expect(cards.support_open).toBe(await listed(token, 'admin-panal/support/shipping', { resolved: '0' }))
    expect(cards.support_open).toBe(2)
    const [pending] = await rows<{ count: string | number }>(server, sql`select count(*) as count from payments where status = 'Pending'`)
    expect(cards.payments_pending).toBe(Number(pending!.count))
    expect(cards.payments_pending).toBe(2)
    expect(cards.payments_pending_vendors).toBe(await listed(token, 'admin-panal/venders', { payment_status: 'Pending' }))
    expect(cards.payments_pending_vendors).toBe(2)

    // revenue recomputed from the subscriptions' rows, month by Riyadh's calendar
    const invoiced = await rows<{ invoiced_at: string | Date; net: number; tax: number }>(
      server,
      sql`select invoiced_at, net, tax from subscriptions where invoiced_at is not null`,
    )
    const now = server.clock.now()
    const thisMonth = monthInRiyadh(now)
    const lastMonth = monthInRiyadh(new Date(Date.UTC(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5, 7)) - 2, 15)))
    const sum = (month: string, key: 'net' | 'tax') =>
      invoiced.filter((r) => monthInRiyadh(new Date(r.invoiced_at)) === month).reduce((a, r) => a + Number(r[key]), 0)
    expect(halalas(cards.revenue.this_month.net)).toBe(sum(thisMonth, 'net'))
    expect(halalas(cards.revenue.this_month.vat)).toBe(sum(thisMonth, 'tax'))
    expect(halalas(cards.revenue.last_month.net)).toBe(sum(lastMonth, 'net'))
    expect(halalas(cards.revenue.last_month.vat)).toBe(sum(lastMonth, 'tax'))
    expect(sum(thisMonth, 'net') + sum(lastMonth, 'net')).toBeGreaterThan(0)
  })

  it("charts a period: each day's registrations by source and each package's subscriptions as their lists, revenue as the invoices", async () => {
    const admin = await primary()
    await story(admin.token)
    const token = await admin.token()
    const res = await server.request({ method: 'GET', url: `${STATISTICS}?period=90d`, token })
    expect(res.status, res.text).toBe(200)
    const stats = res.json.result.statistics as Statistics
    expect(statisticsSchema.safeParse(stats).success).toBe(true)
    expect(stats.registrations.days).toHaveLength(90)
    expect(stats.registrations.days.at(-1)).toBe(stats.to)
    expect(stats.revenue_by_month).toHaveLength(12)

    let registered = 0
    for (const { source, counts } of stats.registrations.sources)
      for (const [i, count] of counts.entries()) {
        if (!count) continue
        registered += count
        const day = stats.registrations.days[i]!
        const query = { registered_from: day, registered_to: day, ...(source === null ? {} : { utm_source: source }) }
        // "no source" has no filter of its own: the day's rows less those with a source
        if (source === null) {
          const withSource = stats.registrations.sources.filter((s) => s.source !== null).reduce((a, s) => a + (s.counts[i] ?? 0), 0)
          expect(count).toBe((await listed(token, 'admin-panal/venders', query)) - withSource)
        } else expect(count, `${day} ${source}`).toBe(await listed(token, 'admin-panal/venders', query))
      }
    expect(registered).toBe(6)
    expect(stats.registrations.sources.map((s) => s.source)).toEqual(['google', 'tiktok', null])

    for (const p of stats.subscriptions_by_package)
      expect(p.count).toBe(await listed(token, 'admin-panal/subscriptions', { phase: 'active,expiring', package_id: p.package_id }))
    expect(stats.subscriptions_by_package.map((p) => [p.package_id, p.count])).toEqual([
      [2, 1],
      [3, 1],
    ])

    const invoiced = await rows<{ net: number; tax: number }>(server, sql`select net, tax from subscriptions where invoiced_at is not null`)
    expect(stats.revenue_by_month.reduce((a, m) => a + halalas(m.net), 0)).toBe(invoiced.reduce((a, r) => a + Number(r.net), 0))
    expect(stats.revenue_by_month.reduce((a, m) => a + halalas(m.vat), 0)).toBe(invoiced.reduce((a, r) => a + Number(r.tax), 0))

    // a shorter period counts fewer days, the same months
    const short = (await server.request({ method: 'GET', url: `${STATISTICS}?period=30d`, token })).json.result.statistics as Statistics
    expect(short.registrations.days).toHaveLength(30)
    expect(short.revenue_by_month).toEqual(stats.revenue_by_month)
    const year = (await server.request({ method: 'GET', url: `${STATISTICS}?period=12m`, token })).json.result.statistics as Statistics
    expect(year.from.slice(8)).toBe('01')
    expect(year.registrations.days.length).toBeGreaterThan(330)
  })

  it('answers only admins allowed to see it, and refuses a bad period with 422', async () => {
    expect((await server.request({ method: 'GET', url: CARDS })).status).toBe(401)
    expect((await server.request({ method: 'GET', url: STATISTICS })).status).toBe(401)
    const sub = await server.createAdmin({ userType: 'sub' })
    const subToken = await server.loginAdmin(sub.email)
    expect((await server.request({ method: 'GET', url: CARDS, token: subToken })).status).toBe(403)
    expect((await server.request({ method: 'GET', url: STATISTICS, token: subToken })).status).toBe(403)
    await grantRole(server, sub.id, [dashboardAccess.can.view])
    expect((await server.request({ method: 'GET', url: CARDS, token: subToken })).status).toBe(200)
    expect((await server.request({ method: 'GET', url: STATISTICS, token: subToken })).status).toBe(200)

    const token = await (await primary()).token()
    for (const query of [
      'period=7d',
      'period=',
      'period=90d&period=30d',
      'from=2026-01-01',
      '__proto__[x]=1',
      'constructor=1',
      'period=%0090d',
      'period=%ED%A0%80',
    ]) {
      const res = await server.request({ method: 'GET', url: `${STATISTICS}?${query}`, token, lang: 'en' })
      expect(res.status, query).toBe(422)
      expect(res.text).not.toMatch(/stack|at .*\.ts/)
    }
  })
})
