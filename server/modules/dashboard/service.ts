import { sql, type SQL } from 'drizzle-orm'
import {
  EXPIRING_WINDOWS,
  periodDays,
  twelveMonthsTo,
  type DashboardCards,
  type DashboardPeriod,
  type Statistics,
} from '../../../src/contract/dashboard'
import { businessDayOf, halalasToDecimal } from '../../../src/domain/money'
import type { Db } from '../../db'

/**
 * The dashboard's figures, each counted in the database from the rows the lists show (so a card's
 * number is the number of rows its link lists). Days and months are Riyadh's (UTC+3 all year).
 */

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]
const select = async (db: Db, query: SQL) => rowsOf(await db.execute(query))
const num = (value: unknown) => Number(value ?? 0)
const DAY_MS = 86_400_000
const OFFSET_MS = 3 * 3_600_000

/** The first moment of a business day (Riyadh midnight) as a timestamptz literal. */
const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS).toISOString()
const riyadh = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '3 hours')`

export async function dashboardCards(db: Db, now: Date): Promise<DashboardCards> {
  const today = businessDayOf(now)
  const thisMonth = `${today.slice(0, 7)}-01`
  const [y, m] = today.split('-').map(Number) as [number, number]
  const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10)
  const nowIso = now.toISOString()
  const [soon, later] = EXPIRING_WINDOWS.map((days) => new Date(now.getTime() + days * DAY_MS).toISOString()) as [string, string]
  // one pass over each table: vendors by status, the two months' invoices and the payments awaiting approval from their indexes alone
  const [row] = await select(
    db,
    sql`with
      v as (select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'active') as active,
                   count(*) filter (where status = 'inactive') as inactive from vendors),
      r as (select coalesce(sum(net) filter (where invoiced_at >= ${startOfDay(thisMonth)}::timestamptz), 0) as this_net,
                   coalesce(sum(tax) filter (where invoiced_at >= ${startOfDay(thisMonth)}::timestamptz), 0) as this_vat,
                   coalesce(sum(net) filter (where invoiced_at < ${startOfDay(thisMonth)}::timestamptz), 0) as last_net,
                   coalesce(sum(tax) filter (where invoiced_at < ${startOfDay(thisMonth)}::timestamptz), 0) as last_vat
            from subscriptions where invoiced_at >= ${startOfDay(lastMonth)}::timestamptz),
      -- the payments awaiting approval and their vendors, both from one read of their partial index
      pp as (select count(*) as payments, count(distinct vendor_id) as vendors from payments where status = 'Pending')
    select v.pending as vendors_pending, v.active as vendors_active, v.inactive as vendors_inactive,
      (select count(*) from subscriptions where status = 'active' and (expires_at is null or expires_at > ${nowIso}::timestamptz)) as active_subscriptions,
      (select count(*) from subscriptions where status = 'active' and expires_at > ${nowIso}::timestamptz and expires_at <= ${soon}::timestamptz) as expiring_7,
      (select count(*) from vendors where subscription_expires_at >= ${nowIso}::timestamptz and subscription_expires_at <= ${later}::timestamptz) as expiring_30,
      pp.payments as payments_pending, pp.vendors as payments_pending_vendors,
      (select count(*) from contact_messages where not is_read) as contact_new,
      (select count(*) from shipping_issues where resolve_at is null) as support_open,
      r.this_net, r.this_vat, r.last_net, r.last_vat
    from v, r, pp`,
  )
  const r = row ?? {}
  return {
    vendors: { pending: num(r.vendors_pending), active: num(r.vendors_active), inactive: num(r.vendors_inactive) },
    active_subscriptions: num(r.active_subscriptions),
    revenue: {
      this_month: { net: halalasToDecimal(num(r.this_net)), vat: halalasToDecimal(num(r.this_vat)) },
      last_month: { net: halalasToDecimal(num(r.last_net)), vat: halalasToDecimal(num(r.last_vat)) },
    },
    payments_pending: num(r.payments_pending),
    payments_pending_vendors: num(r.payments_pending_vendors),
    expiring_7: num(r.expiring_7),
    expiring_30: num(r.expiring_30),
    contact_new: num(r.contact_new),
    support_open: num(r.support_open),
  }
}

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += DAY_MS)
    out.push(new Date(d).toISOString().slice(0, 10))
  return out
}

export async function statistics(db: Db, now: Date, period: DashboardPeriod): Promise<Statistics> {
  const today = businessDayOf(now)
  const { from, to } = periodDays(period, today)
  const months = twelveMonthsTo(to.slice(0, 7))
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS - OFFSET_MS).toISOString()

  const revenueRows = await select(
    db,
    sql`select to_char(${riyadh(sql`invoiced_at`)}, 'YYYY-MM') as month, sum(net) as net, sum(tax) as vat
      from subscriptions
      where invoiced_at >= ${startOfDay(`${months[0]}-01`)}::timestamptz and invoiced_at < ${end}::timestamptz
      group by 1`,
  )
  const byMonth = new Map(revenueRows.map((r) => [String(r.month), r]))

  // by UTC day, as the vendors list's "registered from / to" filter reads a day (a bar's link lists its rows)
  const registrationRows = await select(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, utm_source as source, count(*) as count
      from vendors
      where created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < ${new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString()}::timestamptz
      group by 1, 2`,
  )
  const days = daysOf(from, to)
  const dayIndex = new Map(days.map((d, i) => [d, i]))
  const sources = new Map<string | null, number[]>()
  for (const r of registrationRows) {
    const source = r.source === null || r.source === undefined ? null : String(r.source)
    const counts = sources.get(source) ?? days.map(() => 0)
    const i = dayIndex.get(String(r.day))
    if (i !== undefined) counts[i] = (counts[i] ?? 0) + num(r.count)
    sources.set(source, counts)
  }
  const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0)

  const packageRows = await select(
    db,
    sql`select p.id as package_id, p.title_ar, p.title_en, count(*) as count
      from subscriptions s join packages p on p.id = s.package_id
      where s.status = 'active' and (s.expires_at is null or s.expires_at > ${now.toISOString()}::timestamptz)
      group by p.id, p.title_ar, p.title_en
      order by count(*) desc, p.id`,
  )

  return {
    period,
    computed_at: now.toISOString(),
    from,
    to,
    revenue_by_month: months.map((month) => {
      const r = byMonth.get(month)
      return { month, net: halalasToDecimal(num(r?.net)), vat: halalasToDecimal(num(r?.vat)) }
    }),
    registrations: {
      days,
      // the biggest source first; "none given" last
      sources: [...sources.entries()]
        .sort(([a, x], [b, y]) => (a === null ? 1 : b === null ? -1 : total(y) - total(x) || a.localeCompare(b)))
        .map(([source, counts]) => ({ source, counts })),
    },
    subscriptions_by_package: packageRows.map((r) => ({
      package_id: num(r.package_id),
      title_ar: String(r.title_ar),
      title_en: String(r.title_en),
      count: num(r.count),
    })),
  }
}
