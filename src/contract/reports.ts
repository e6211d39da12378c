import * as z from 'zod/mini'
import { isIsoDate } from './resource'
export * from './reports.routes'

/**
 * Reports (spec section 2 "reports: partners, coupons"): figures over a period of days (Riyadh
 * business days, both inclusive) with a totals row and the period's chart, by day for a range of up
 * to 62 days and by month beyond. Money is SR with 2 decimals.
 */

/** The longest period a report covers. */
const REPORT_MAX_DAYS = 3_660
/** Up to this many days the chart is by day, beyond by month. */
export const REPORT_DAILY_MAX_DAYS = 62

const DAY_MS = 86_400_000
/** Days from `from` to `to`, both inclusive. */
export const daysInPeriod = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

const day = z.string().check(z.minLength(1, { abort: true }), z.refine(isIsoDate, 'validation.format'))
const id = z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647)))
const queryInt = (min: number, max: number) => z.optional(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)))

type Period = { from: string; to: string }
/** `to` not before `from`, and the period within REPORT_MAX_DAYS. */
const periodRule = z.superRefine(
  (query: Period, ctx) => {
    if (!isIsoDate(query.from) || !isIsoDate(query.to)) return
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.earlierDate', input: query.to })
    else if (daysInPeriod(query.from, query.to) > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.errors.periodTooLong', input: query.to })
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

const filters = {
  from: day,
  to: day,
  package_id: id,
  partner_id: id,
  coupon_id: id,
}
const paging = { page: queryInt(1, 100_000), pageSize: queryInt(1, 100) }
const direction = z.optional(z.enum(['asc', 'desc']))

const partnerReportSortColumns = [
  'full_name',
  'vendors_referred',
  'payments_count',
  'paid_amount',
  'commission',
  'paid_out',
  'balance',
] as const
export const partnersReportQuery = z
  .strictObject({ ...filters, ...paging, sort_column: z.optional(z.enum(partnerReportSortColumns)), sort_direction: direction })
  .check(periodRule)
export type PartnersReportQuery = z.infer<typeof partnersReportQuery>
export const partnersReportExportQuery = z
  .strictObject({ ...filters, sort_column: z.optional(z.enum(partnerReportSortColumns)), sort_direction: direction })
  .check(periodRule)

const couponReportSortColumns = ['code', 'package', 'uses', 'discount', 'revenue_net', 'revenue_total'] as const
export const couponsReportQuery = z
  .strictObject({ ...filters, ...paging, sort_column: z.optional(z.enum(couponReportSortColumns)), sort_direction: direction })
  .check(periodRule)
export type CouponsReportQuery = z.infer<typeof couponsReportQuery>
export const couponsReportExportQuery = z
  .strictObject({ ...filters, sort_column: z.optional(z.enum(couponReportSortColumns)), sort_direction: direction })
  .check(periodRule)

const money = z.string()

const partnerFigures = {
  /** Vendors registered with the partner's code in the period. */
  vendors_referred: z.int(),
  /** Successful payments of its referred vendors in the period, and what they paid (VAT included). */
  payments_count: z.int(),
  paid_amount: money,
  /** Commission credited for those payments. */
  commission: money,
  /** Payouts made in the period. */
  paid_out: money,
  /** The wallet's balance at the end of the period. */
  balance: money,
}
const partnerReportRowSchema = z.object({
  /** The partner's id (the row's key). */
  id: z.int(),
  partner_id: z.int(),
  full_name: z.string(),
  referral_code: z.string(),
  ...partnerFigures,
})
export type PartnerReportRow = z.infer<typeof partnerReportRowSchema>

const couponFigures = {
  /** Payments priced with the coupon whose tax invoice is in the period. */
  uses: z.int(),
  /** What the coupon took off, before VAT. */
  discount: money,
  /** Revenue without VAT, the VAT, and with VAT. */
  revenue_net: money,
  vat: money,
  revenue_total: money,
}
const couponReportRowSchema = z.object({
  /** The row's number in the sorted report (its key). */
  id: z.int(),
  coupon_id: z.int(),
  code: z.string(),
  name: z.string(),
  package_id: z.int(),
  package_name: z.string(),
  ...couponFigures,
})
export type CouponReportRow = z.infer<typeof couponReportRowSchema>

const chartUnit = z.enum(['day', 'month'])
/** A page of rows as every list has it (`data`, `total`, ...), so the screens' tables read reports too. */
const page = { total: z.int(), page: z.int(), rowsPerPage: z.int(), pagesCount: z.int(), total_is_estimate: z.boolean() }

export const partnersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(partnerReportRowSchema),
  ...page,
  totals: z.object(partnerFigures),
  chart: z.object({
    unit: chartUnit,
    /** Every day or month of the period, in order, zeros included. */
    points: z.array(z.object({ period: z.string(), paid_amount: money, commission: money, paid_out: money })),
  }),
})
export type PartnersReport = z.infer<typeof partnersReportSchema>

export const couponsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(couponReportRowSchema),
  ...page,
  totals: z.object(couponFigures),
  chart: z.object({
    unit: chartUnit,
    points: z.array(z.object({ period: z.string(), uses: z.int(), discount: money, revenue_net: money })),
  }),
})
export type CouponsReport = z.infer<typeof couponsReportSchema>

/** `core/list/report-partners` and `core/list/report-coupons`: the choices of the reports' filters (no filters of their own). */
export const reportOptionsQuery = z.strictObject({})
