import type { Readable } from 'node:stream'
import { sql, type SQL } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  daysInPeriod,
  REPORT_DAILY_MAX_DAYS,
  type CouponReportRow,
  type CouponsReport,
  type CouponsReportQuery,
  type PartnerReportRow,
  type PartnersReport,
  type PartnersReportQuery,
} from '../../../src/contract/reports'
import type { ListItem } from '../../../src/contract/resource'
import { halalasToDecimal } from '../../../src/domain/money'
import type { Db } from '../../db'
import { t } from '../../i18n'
import { csvStream } from '../../lib/csv'

/**
 * The partners and coupons reports (spec section 2 "reports"): each row's figures summed in the
 * database over the period, a totals row (the sum of every row, not only the page's), and the
 * period's chart by day or month with every bucket present. Days are Riyadh business days.
 */

const sar = (halalas: number) => halalasToDecimal(halalas)
const num = (value: unknown) => Number(value ?? 0)

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}
async function select<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query))
}

type Period = { from: string; to: string }
type Unit = 'day' | 'month'
const unitOf = ({ from, to }: Period): Unit => (daysInPeriod(from, to) <= REPORT_DAILY_MAX_DAYS ? 'day' : 'month')

/** Every day or month of the period, in order. */
function buckets({ from, to }: Period, unit: Unit): string[] {
  const out: string[] = []
  if (unit === 'day') {
    for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
      out.push(new Date(d).toISOString().slice(0, 10))
    return out
  }
  let [y, m] = from.split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`
    out.push(key)
    if (key >= last) return out
    m += 1
    if (m > 12) {
      m = 1
      y += 1
    }
  }
}

/** The bucket of a date column, and of a moment column in Riyadh. */
const dayBucket = (column: SQL, unit: Unit) => sql`to_char(${column}, ${unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`
const riyadh = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '3 hours')`
/** The first moment of a business day, and the first moment after one. */
const startMs = (day: string) => Date.parse(`${day}T00:00:00Z`) - 3 * 3_600_000
const startOf = (day: string) => sql`${new Date(startMs(day)).toISOString()}::timestamptz`
const endOf = (day: string) => sql`${new Date(startMs(day) + 86_400_000).toISOString()}::timestamptz`

type Paging = { page: number; pageSize: number }
const pagingOf = (query: { page?: number | undefined; pageSize?: number | undefined }): Paging => ({
  page: query.page ?? 1,
  pageSize: query.pageSize ?? 50,
})
const direction = (query: { sort_direction?: 'asc' | 'desc' | undefined }) => sql.raw(query.sort_direction === 'asc' ? 'asc' : 'desc')

/* Partners */

type PartnerFilters = Omit<PartnersReportQuery, 'page' | 'pageSize'>
/** A page size from which every row is wanted (the CSV export). */
const PAGE_UNBOUNDED = 1_000_000_000

const partnerSorts: Record<NonNullable<PartnersReportQuery['sort_column']>, SQL> = {
  full_name: sql`full_name`,
  vendors_referred: sql`vendors_referred`,
  payments_count: sql`payments_count`,
  paid_amount: sql`paid_amount`,
  commission: sql`commission`,
  paid_out: sql`paid_out`,
  balance: sql`balance`,
}

/**
 * The partners report in one statement: the period's payments and payouts read once from their
 * indexes (`pay`, `outs`) and summed per partner for the rows (sorted and numbered in the database,
 * only the page's rows sent), the totals of all the rows, and per day, then per bucket, for the chart.
 */
function partnersReportQuery(q: PartnerFilters, paging: Paging): SQL {
  const unit = unitOf(q)
  const partner = q.partner_id ? sql`and p.id = ${q.partner_id}` : sql``
  const paymentFilters = sql.join(
    [
      q.package_id ? sql`and rp.package_id = ${q.package_id}` : sql``,
      q.coupon_id ? sql`and rp.coupon_id = ${q.coupon_id}` : sql``,
      q.partner_id ? sql`and rp.partner_id = ${q.partner_id}` : sql``,
    ],
    sql` `,
  )
  const only = (alias: string) => (q.partner_id ? sql`and ${sql.raw(alias)}.partner_id = ${q.partner_id}` : sql``)
  const column = partnerSorts[q.sort_column ?? 'commission']
  const first = (paging.page - 1) * paging.pageSize
  return sql`
    with pay as materialized (
      select rp.partner_id, rp.paid_on, rp.amount, rp.commission from referral_payments rp
      where rp.partner_id is not null and rp.paid_on between ${q.from} and ${q.to} ${paymentFilters}
    ), outs as materialized (
      select w.partner_id, w.entry_date, w.amount from wallet_entries w
      where w.kind = 'payout' and w.entry_date between ${q.from} and ${q.to} ${only('w')}
    ), referred as (
      select pr.partner_id, count(*)::int as n from partner_referrals pr
      where pr.created_at >= ${startOf(q.from)} and pr.created_at < ${endOf(q.to)} ${only('pr')}
      group by pr.partner_id
    ), paid as (
      select partner_id, count(*)::int as n, sum(amount)::bigint as amount, sum(commission)::bigint as commission from pay group by partner_id
    ), paid_out as (
      select partner_id, -sum(amount)::bigint as amount from outs group by partner_id
    ), later as (
      select w.partner_id, sum(w.amount)::bigint as amount from wallet_entries w
      where w.entry_date > ${q.to} ${only('w')}
      group by w.partner_id
    ), r as materialized (
      select p.id as partner_id, p.full_name, p.referral_code,
        coalesce(referred.n, 0) as vendors_referred,
        coalesce(paid.n, 0) as payments_count,
        coalesce(paid.amount, 0) as paid_amount,
        coalesce(paid.commission, 0) as commission,
        coalesce(paid_out.amount, 0) as paid_out,
        p.balance - coalesce(later.amount, 0) as balance
      from partners p
      left join referred on referred.partner_id = p.id
      left join paid on paid.partner_id = p.id
      left join paid_out on paid_out.partner_id = p.id
      left join later on later.partner_id = p.id
      where true ${partner}
    ), page as (
      select r.*, row_number() over (order by ${column} ${direction(q)}, partner_id asc) as ord from r
      order by ord offset ${first} ${paging.pageSize < PAGE_UNBOUNDED ? sql`limit ${paging.pageSize}` : sql``}
    )
    select 'row' as kind, partner_id, full_name, referral_code, vendors_referred, payments_count, paid_amount, commission, paid_out,
      balance, null as period, ord
    from page
    union all
    select 'totals', count(*), null, null, sum(vendors_referred), sum(payments_count), sum(paid_amount), sum(commission), sum(paid_out),
      sum(balance), null, null
    from r
    union all
    select 'point', null, null, null, null, null, sum(amount), sum(commission), sum(paid_out), null, period, null
    from (
      select ${dayBucket(sql`day`, unit)} as period, amount, commission, paid_out from (
        select paid_on as day, sum(amount) as amount, sum(commission) as commission, 0 as paid_out from pay group by paid_on
        union all
        select entry_date, 0, 0, -sum(amount) from outs group by entry_date
      ) as d
    ) as b
    group by period`
}

type PartnerSqlRow = Record<keyof Omit<PartnerReportRow, 'id' | 'full_name' | 'referral_code'>, unknown> & {
  kind: 'row' | 'totals' | 'point'
  full_name: string
  referral_code: string
  period: string | null
  ord: unknown
}

const toPartnerRow = (r: PartnerSqlRow): PartnerReportRow => ({
  id: num(r.partner_id),
  partner_id: num(r.partner_id),
  full_name: r.full_name,
  referral_code: r.referral_code,
  vendors_referred: num(r.vendors_referred),
  payments_count: num(r.payments_count),
  paid_amount: sar(num(r.paid_amount)),
  commission: sar(num(r.commission)),
  paid_out: sar(num(r.paid_out)),
  balance: sar(num(r.balance)),
})

export async function partnersReport(db: Db, query: PartnersReportQuery): Promise<PartnersReport> {
  const paging = pagingOf(query)
  const { page, pageSize } = paging
  const answered = await select<PartnerSqlRow>(db, partnersReportQuery(query, paging))
  const totals = answered.find((r) => r.kind === 'totals')
  const rows = answered.filter((r) => r.kind === 'row').sort((a, b) => num(a.ord) - num(b.ord))
  const points = answered.filter((r) => r.kind === 'point')
  const total = num(totals?.partner_id)
  const unit = unitOf(query)
  const byPeriod = new Map(points.map((p) => [p.period, p]))
  return {
    from: query.from,
    to: query.to,
    data: rows.map(toPartnerRow),
    total,
    total_is_estimate: false,
    page,
    rowsPerPage: pageSize,
    pagesCount: Math.ceil(total / pageSize),
    totals: {
      vendors_referred: num(totals?.vendors_referred),
      payments_count: num(totals?.payments_count),
      paid_amount: sar(num(totals?.paid_amount)),
      commission: sar(num(totals?.commission)),
      paid_out: sar(num(totals?.paid_out)),
      balance: sar(num(totals?.balance)),
    },
    chart: {
      unit,
      points: buckets(query, unit).map((period) => {
        const p = byPeriod.get(period)
        return { period, paid_amount: sar(num(p?.paid_amount)), commission: sar(num(p?.commission)), paid_out: sar(num(p?.paid_out)) }
      }),
    },
  }
}

/* Coupons */

type CouponFilters = Omit<CouponsReportQuery, 'page' | 'pageSize'>

/** The subscriptions bought with a coupon whose tax invoice falls in the period, with the filters. */
function couponUses(q: CouponFilters): SQL {
  return sql`s.coupon_id is not null and s.invoiced_at >= ${startOf(q.from)} and s.invoiced_at < ${endOf(q.to)}
    ${q.package_id ? sql`and s.package_id = ${q.package_id}` : sql``}
    ${q.coupon_id ? sql`and s.coupon_id = ${q.coupon_id}` : sql``}
    ${q.partner_id ? sql`and s.vendor_id in (select pr.vendor_id from partner_referrals pr where pr.partner_id = ${q.partner_id})` : sql``}`
}

type CouponSums = { uses: number; discount: number; revenue_net: number; vat: number; revenue_total: number }
type CouponGroup = CouponSums & { coupon_id: number; package_id: number; code: string; name: string; package_name: string }
const zero = (): CouponSums => ({ uses: 0, discount: 0, revenue_net: 0, vat: 0, revenue_total: 0 })
const add = (to: CouponSums, from: Record<string, unknown>) => {
  for (const key of ['uses', 'discount', 'revenue_net', 'vat', 'revenue_total'] as const) to[key] += num(from[key])
}

const couponSorts: Record<NonNullable<CouponsReportQuery['sort_column']>, (a: CouponGroup, b: CouponGroup, lang: Locale) => number> = {
  code: (a, b) => a.code.localeCompare(b.code, 'en', { sensitivity: 'base' }),
  package: (a, b, lang) => a.package_name.localeCompare(b.package_name, lang),
  uses: (a, b) => a.uses - b.uses,
  discount: (a, b) => a.discount - b.discount,
  revenue_net: (a, b) => a.revenue_net - b.revenue_net,
  revenue_total: (a, b) => a.revenue_total - b.revenue_total,
}

/**
 * One pass over the period's uses, grouped by day or month, coupon and package: the rows (by coupon
 * and package, sorted), their totals and the chart all come from it.
 */
async function couponFigures(db: Db, q: CouponFilters, lang: Locale) {
  const unit = unitOf(q)
  const groups = await select<Record<string, unknown> & { period: string }>(
    db,
    sql`select ${dayBucket(riyadh(sql`s.invoiced_at`), unit)} as period, s.coupon_id, s.package_id, count(*)::int as uses,
        sum(s.discount)::bigint as discount, sum(s.net)::bigint as revenue_net, sum(s.tax)::bigint as vat, sum(s.amount)::bigint as revenue_total
      from subscriptions s where ${couponUses(q)}
      group by 1, 2, 3`,
  )
  const byPair = new Map<string, CouponGroup>()
  const byPeriod = new Map<string, CouponSums>()
  const totals = zero()
  for (const g of groups) {
    const key = `${num(g.coupon_id)}:${num(g.package_id)}`
    const pair = byPair.get(key) ?? { ...zero(), coupon_id: num(g.coupon_id), package_id: num(g.package_id), code: '', name: '', package_name: '' }
    add(pair, g)
    byPair.set(key, pair)
    const point = byPeriod.get(g.period) ?? zero()
    add(point, g)
    byPeriod.set(g.period, point)
    add(totals, g)
  }
  const pairs = [...byPair.values()]
  if (pairs.length > 0) {
    const couponIds = [...new Set(pairs.map((p) => p.coupon_id))]
    const packageIds = [...new Set(pairs.map((p) => p.package_id))]
    const [couponNames, packageNames] = await Promise.all([
      select<{ id: number; code: string; name: string }>(
        db,
        sql`select id, code, ${sql.raw(lang === 'ar' ? 'name_ar' : 'name_en')} as name from coupons where id in (${sql.join(couponIds.map((id) => sql`${id}`), sql`, `)})`,
      ),
      select<{ id: number; name: string }>(
        db,
        sql`select id, ${sql.raw(lang === 'ar' ? 'title_ar' : 'title_en')} as name from packages where id in (${sql.join(packageIds.map((id) => sql`${id}`), sql`, `)})`,
      ),
    ])
    const coupon = new Map(couponNames.map((c) => [num(c.id), c]))
    const pkg = new Map(packageNames.map((p) => [num(p.id), p.name]))
    for (const pair of pairs) {
      pair.code = coupon.get(pair.coupon_id)?.code ?? ''
      pair.name = coupon.get(pair.coupon_id)?.name ?? ''
      pair.package_name = pkg.get(pair.package_id) ?? ''
    }
  }
  const compare = couponSorts[q.sort_column ?? 'uses']
  const sign = q.sort_direction === 'asc' ? 1 : -1
  pairs.sort((a, b) => sign * compare(a, b, lang) || a.coupon_id - b.coupon_id || a.package_id - b.package_id)
  return { unit, pairs, byPeriod, totals }
}

const toCouponRow = (g: CouponGroup, index: number): CouponReportRow => ({
  id: index + 1,
  coupon_id: g.coupon_id,
  code: g.code,
  name: g.name,
  package_id: g.package_id,
  package_name: g.package_name,
  uses: g.uses,
  discount: sar(g.discount),
  revenue_net: sar(g.revenue_net),
  vat: sar(g.vat),
  revenue_total: sar(g.revenue_total),
})

const couponTotals = (t: CouponSums) => ({
  uses: t.uses,
  discount: sar(t.discount),
  revenue_net: sar(t.revenue_net),
  vat: sar(t.vat),
  revenue_total: sar(t.revenue_total),
})

export async function couponsReport(db: Db, query: CouponsReportQuery, lang: Locale): Promise<CouponsReport> {
  const { page, pageSize } = pagingOf(query)
  const { unit, pairs, byPeriod, totals } = await couponFigures(db, query, lang)
  return {
    from: query.from,
    to: query.to,
    data: pairs.slice((page - 1) * pageSize, page * pageSize).map((g, i) => toCouponRow(g, (page - 1) * pageSize + i)),
    total: pairs.length,
    total_is_estimate: false,
    page,
    rowsPerPage: pageSize,
    pagesCount: Math.ceil(pairs.length / pageSize),
    totals: couponTotals(totals),
    chart: {
      unit,
      points: buckets(query, unit).map((period) => {
        const p = byPeriod.get(period) ?? zero()
        return { period, uses: p.uses, discount: sar(p.discount), revenue_net: sar(p.revenue_net) }
      }),
    },
  }
}

/* The filters' choices */

/** Partners (by name) and coupons (by code), for the reports' filters; at most 1,000 of each. */
export const partnerOptions = async (db: Db): Promise<ListItem[]> =>
  (await select<{ id: number; name: string }>(db, sql`select id, full_name as name from partners order by full_name, id limit 1000`)).map(
    (r) => ({ id: num(r.id), name: r.name }),
  )
export const couponOptions = async (db: Db): Promise<ListItem[]> =>
  (await select<{ id: number; name: string }>(db, sql`select id, code as name from coupons order by lower(code), id limit 1000`)).map((r) => ({
    id: num(r.id),
    name: r.name,
  }))

/* CSV */

const PARTNER_COLUMNS = ['full_name', 'referral_code', 'vendors_referred', 'payments_count', 'paid_amount', 'commission', 'paid_out', 'balance'] as const
const COUPON_COLUMNS = ['code', 'name', 'package_name', 'uses', 'discount', 'revenue_net', 'vat', 'revenue_total'] as const
const EXPORT_CHUNK = 500

/** Rows in batches, then the totals line (its label first, `blank` empty cells, then the figures). */
async function* withTotals(lines: string[][], label: string, blank: number, figures: string[]): AsyncGenerator<string[][]> {
  for (let start = 0; start < lines.length; start += EXPORT_CHUNK) yield lines.slice(start, start + EXPORT_CHUNK)
  yield [[label, ...Array<string>(blank).fill(''), ...figures]]
}

/** The partners report as CSV (headers in `lang`, a totals line last), streamed. */
export function partnersReportCsv(db: Db, query: PartnerFilters, lang: Locale): Readable {
  async function* batches() {
    const report = await partnersReport(db, { ...query, page: 1, pageSize: Number.MAX_SAFE_INTEGER })
    const lines = report.data.map((row) => PARTNER_COLUMNS.map((key) => String(row[key])))
    const totals = report.totals
    yield* withTotals(lines, t(lang, 'reports.totals'), 1, PARTNER_COLUMNS.slice(2).map((key) => String(totals[key as keyof typeof totals])))
  }
  return csvStream(
    PARTNER_COLUMNS.map((key) => t(lang, `reports.partners.columns.${key}`)),
    batches(),
  )
}

/** The coupons report as CSV (headers in `lang`, a totals line last), streamed. */
export function couponsReportCsv(db: Db, query: CouponFilters, lang: Locale): Readable {
  async function* batches() {
    const { pairs, totals } = await couponFigures(db, query, lang)
    const lines = pairs.map((g, i) => toCouponRow(g, i)).map((row) => COUPON_COLUMNS.map((key) => String(row[key])))
    const sums = couponTotals(totals)
    yield* withTotals(lines, t(lang, 'reports.totals'), 2, COUPON_COLUMNS.slice(3).map((key) => String(sums[key as keyof typeof sums])))
  }
  return csvStream(
    COUPON_COLUMNS.map((key) => t(lang, `reports.coupons.columns.${key}`)),
    batches(),
  )
}
