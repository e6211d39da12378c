import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { couponsReportSchema, partnersReportSchema } from '../../src/contract/reports'
import { recordPartnerReferral } from '../../server/modules/partners/wallet'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'
import { PARTNERS, partnerBody, payOut } from './partners-fixtures'
import { BASE as VENDORS, createVendor, paymentFields, recordPayment, seedPackages } from './vendors-fixtures'

const REPORTS = '/api/admin-panal/reports'
const DAY = 86_400_000

const cents = (sar: string) => Math.round(Number(sar) * 100)

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await server.db.execute(query)
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

describe.each(backends)('reports on $name', (backend) => {
  const server = useTestServer(backend)
  beforeEach(() => seedPackages(server))
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  /** Two partners with referred vendors, payments over three months (some with a coupon), and a payout. */
  async function story(token: string) {
    const coupon = (
      await server.request({
        url: '/api/admin-panal/coupons',
        token,
        body: {
          name_ar: 'خصم',
          name_en: 'Off',
          code: 'SAVE10',
          type: 'PERCENTAGE',
          value: 10,
          from: '2026-03-01',
          to: '2026-12-31',
          user_count: 100,
          package_ids: [2, 3],
        },
      })
    ).json.result.item
    const a = (await server.request({ url: PARTNERS, token, body: partnerBody(1, { full_name: 'Amal', referral_due_months: 12 }) })).json
      .result.item
    const b = (
      await server.request({
        url: PARTNERS,
        token,
        body: partnerBody(2, { full_name: 'Badr', referral_percentage: 7.5, referral_due_months: 12 }),
      })
    ).json.result.item
    const pay = async (vendorId: number, amount: string, day: string, extra: Record<string, string> = {}) => {
      const recorded = await recordPayment(server, token, vendorId, { fields: paymentFields({ amount, payment_date: day, ...extra }) })
      if (recorded.status !== 201) throw new Error(recorded.text)
      const id = recorded.json.result.item.id
      const approved = await server.request({
        url: `${VENDORS}/changeTransactionStatus/${vendorId}/${id}`,
        token,
        body: { status: 'Success' },
      })
      if (approved.status !== 200) throw new Error(approved.text)
      server.clock.advance(DAY)
    }
    const vendors = []
    for (let n = 1; n <= 4; n++) {
      const v = await createVendor(server, token, n)
      vendors.push(v)
      await recordPartnerReferral(server.db, v.id, n <= 3 ? a.id : b.id, server.clock.now())
    }
    await pay(vendors[0]!.id, '1150.00', '2026-01-15')
    await pay(vendors[1]!.id, '230.00', '2026-02-01', { package_id: '2', coupon_code: 'save10' })
    await pay(vendors[0]!.id, '1150.00', '2026-02-15')
    await pay(vendors[3]!.id, '460.00', '2026-03-01', { package_id: '3', coupon_code: 'SAVE10' })
    await pay(vendors[2]!.id, '345.00', '2026-03-01', { package_id: '2', coupon_code: 'SAVE10' })
    // a vendor nobody referred, with the coupon too
    const lone = await createVendor(server, token, 9)
    await pay(lone.id, '115.00', '2026-03-02', { package_id: '2', coupon_code: 'SAVE10' })
    const payout = await payOut(server, token, a.id, '50.00', { date: '2026-03-02' })
    expect(payout.status).toBe(201)
    return { a, b, coupon }
  }

  it('the partners report equals the sums of the ledger and the payments, its totals the sum of its rows, its chart the period', async () => {
    const token = await primary()
    const { a, b } = await story(token)
    const res = await server.request({
      url: `${REPORTS}/partners?from=2026-02-01&to=2026-03-31&sort_column=full_name&sort_direction=asc`,
      token,
    })
    expect(res.status).toBe(200)
    const report = z.parse(partnersReportSchema, res.json.result.partners)
    expect(report.data.map((r) => r.partner_id)).toEqual([a.id, b.id])
    // recomputed from the payments, the referrals and the ledger
    for (const row of report.data) {
      const [paid] = await rows<{ n: number; amount: string }>(
        server,
        sql`select count(*)::int as n, coalesce(sum(p.amount), 0)::text as amount from payments p
          join partner_referrals pr on pr.vendor_id = p.vendor_id
          where pr.partner_id = ${row.partner_id} and p.status = 'Success' and p.paid_at between '2026-02-01' and '2026-03-31'`,
      )
      const [ledger] = await rows<{ credit: string; payout: string; balance: string }>(
        server,
        sql`select coalesce(sum(amount) filter (where kind = 'credit' and entry_date >= '2026-02-01'), 0)::text as credit,
            coalesce(-sum(amount) filter (where kind = 'payout' and entry_date >= '2026-02-01'), 0)::text as payout,
            coalesce(sum(amount), 0)::text as balance
          from wallet_entries where partner_id = ${row.partner_id} and entry_date <= '2026-03-31'`,
      )
      expect(row.payments_count).toBe(paid!.n)
      expect(cents(row.paid_amount)).toBe(Number(paid!.amount))
      expect(cents(row.commission)).toBe(Number(ledger!.credit))
      expect(cents(row.paid_out)).toBe(Number(ledger!.payout))
      expect(cents(row.balance)).toBe(Number(ledger!.balance))
      expect(row.vendors_referred).toBe(row.partner_id === a.id ? 3 : 1)
    }
    // Amal: 10 % of 200.00 (02-01), 1000.00 (02-15) and 300.00 (03-01) net: 150.00; Badr: 7.5 % of 400.00 net: 30.00
    expect(report.data.map((r) => [r.commission, r.paid_out])).toEqual([
      ['150.00', '50.00'],
      ['30.00', '0.00'],
    ])
    const sum = (key: 'paid_amount' | 'commission' | 'paid_out' | 'balance') => report.data.reduce((acc, r) => acc + cents(r[key]), 0)
    expect(report.totals).toEqual({
      vendors_referred: 4,
      payments_count: report.data.reduce((acc, r) => acc + r.payments_count, 0),
      paid_amount: (sum('paid_amount') / 100).toFixed(2),
      commission: (sum('commission') / 100).toFixed(2),
      paid_out: (sum('paid_out') / 100).toFixed(2),
      balance: (sum('balance') / 100).toFixed(2),
    })
    // a page holds its slice of the sorted rows; the totals stay those of every row
    const second = z.parse(
      partnersReportSchema,
      (
        await server.request({
          url: `${REPORTS}/partners?from=2026-02-01&to=2026-03-31&sort_column=full_name&sort_direction=desc&pageSize=1&page=2`,
          token,
        })
      ).json.result.partners,
    )
    expect(second.data.map((r) => r.partner_id)).toEqual([a.id])
    expect([second.total, second.pagesCount]).toEqual([2, 2])
    expect(second.totals).toEqual(report.totals)
    expect(second.chart).toEqual(report.chart)
    // a two-month period is drawn by day: every day present, their sums the totals
    expect(report.chart.unit).toBe('day')
    expect(report.chart.points).toHaveLength(59)
    expect(report.chart.points[0]?.period).toBe('2026-02-01')
    expect(report.chart.points.reduce((acc, p) => acc + cents(p.commission), 0)).toBe(cents(report.totals.commission))
    expect(report.chart.points.reduce((acc, p) => acc + cents(p.paid_out), 0)).toBe(cents(report.totals.paid_out))
    // a year is drawn by month; filters narrow the payments
    const year = z.parse(
      partnersReportSchema,
      (await server.request({ url: `${REPORTS}/partners?from=2025-04-01&to=2026-03-31`, token })).json.result.partners,
    )
    expect(year.chart.unit).toBe('month')
    expect(year.chart.points.map((p) => p.period)).toHaveLength(12)
    expect(year.totals.commission).toBe('280.00')
    const couponOnly = z.parse(
      partnersReportSchema,
      (await server.request({ url: `${REPORTS}/partners?from=2026-01-01&to=2026-03-31&coupon_id=1&partner_id=${a.id}`, token })).json.result
        .partners,
    )
    expect(couponOnly.data.map((r) => [r.partner_id, r.payments_count, r.commission])).toEqual([[a.id, 2, '50.00']])
  })

  it('the coupons report equals the sums of the subscriptions bought with a coupon, by coupon and package', async () => {
    const token = await primary()
    const { coupon, a } = await story(token)
    const res = await server.request({ url: `${REPORTS}/coupons?from=2026-03-01&to=2026-03-31&sort_column=uses`, token, lang: 'en' })
    const report = z.parse(couponsReportSchema, res.json.result.coupons)
    const expected = await rows<{ package_id: number; uses: number; discount: string; net: string; tax: string; amount: string }>(
      server,
      sql`select package_id, count(*)::int as uses, sum(discount)::text as discount, sum(net)::text as net, sum(tax)::text as tax, sum(amount)::text as amount
        from subscriptions where coupon_id = ${coupon.id} group by package_id order by count(*) desc, package_id`,
    )
    expect(
      report.data.map((r) => [r.code, r.package_id, r.uses, cents(r.discount), cents(r.revenue_net), cents(r.vat), cents(r.revenue_total)]),
    ).toEqual(expected.map((e) => ['SAVE10', e.package_id, e.uses, Number(e.discount), Number(e.net), Number(e.tax), Number(e.amount)]))
    expect(report.data[0]).toMatchObject({ package_name: 'Package 2', uses: 3, discount: '60.00' })
    expect(report.totals.uses).toBe(4)
    expect(cents(report.totals.revenue_total)).toBe(cents(report.totals.revenue_net) + cents(report.totals.vat))
    expect(report.chart.points.reduce((acc, p) => acc + p.uses, 0)).toBe(4)
    const forPartner = z.parse(
      couponsReportSchema,
      (await server.request({ url: `${REPORTS}/coupons?from=2026-03-01&to=2026-03-31&partner_id=${a.id}`, token })).json.result.coupons,
    )
    expect(forPartner.totals.uses).toBe(2)
    const forPackage = z.parse(
      couponsReportSchema,
      (await server.request({ url: `${REPORTS}/coupons?from=2026-03-01&to=2026-03-31&package_id=3`, token })).json.result.coupons,
    )
    expect(forPackage.data.map((r) => [r.package_id, r.uses])).toEqual([[3, 1]])
  })

  it('exports both reports as CSV with a BOM, headers in the language and a totals line; refuses bad periods; needs reports:view', async () => {
    const token = await primary()
    await story(token)
    const partnersCsv = await server.request({ url: `${REPORTS}/partners/export?from=2026-01-01&to=2026-03-31`, token, lang: 'ar' })
    expect(partnersCsv.status).toBe(200)
    expect(partnersCsv.headers['content-disposition']).toContain('partners-report-2026-01-01_2026-03-31.csv')
    expect(partnersCsv.text.startsWith('\uFEFF')).toBe(true)
    const lines = partnersCsv.text.slice(1).trim().split('\r\n')
    expect(lines[0]?.split(',')[0]).toBe('الشريك')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toMatch(/^الإجمالي,,4,/)
    const couponsCsv = await server.request({ url: `${REPORTS}/coupons/export?from=2026-03-01&to=2026-03-31`, token, lang: 'en' })
    const couponLines = couponsCsv.text.slice(1).trim().split('\r\n')
    expect(couponLines[0]).toBe('Code,Coupon,Package,Uses,Discount (SR),Revenue net (SR),VAT (SR),Revenue with VAT (SR)')
    expect(couponLines.at(-1)).toMatch(/^Totals,,,4,/)
    for (const query of [
      'from=2026-03-10&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'to=2026-03-01',
      'from=2000-01-01&to=2026-03-01',
      'from=2026-01-01&to=2026-03-01&sort_column=x',
    ]) {
      const bad = await server.request({ url: `${REPORTS}/partners?${query}`, token, lang: 'en' })
      expect(bad.status, query).toBe(422)
    }
    const clerk = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, clerk.id, ['partners:view'])
    const clerkToken = await server.loginAdmin(clerk.email)
    expect((await server.request({ url: `${REPORTS}/coupons?from=2026-03-01&to=2026-03-31`, token: clerkToken })).status).toBe(403)
  })
})
