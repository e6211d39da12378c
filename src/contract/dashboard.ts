import * as z from 'zod/mini'
import { defineAccess } from './access'

/**
 * The statistics dashboard (spec sections 2 "dashboard" and 7 "GET admin-panal/dashboard and GET
 * get-statistics"): the cards of what needs attention now, and the charts of a period. Money is SR
 * with 2 decimals; days and months are Riyadh's. Permission `dashboard:view`; every admin still sees
 * the welcome.
 */
export const dashboardAccess = defineAccess('dashboard', ['view'])
export const dashboardPaths = { cards: 'admin-panal/dashboard', statistics: 'admin-panal/get-statistics' } as const

/** The periods the charts cover: the last 30 or 90 days, or the last 12 months, today included. */
export const dashboardPeriods = ['30d', '90d', '12m'] as const
export type DashboardPeriod = (typeof dashboardPeriods)[number]
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '90d'
/** Subscriptions ending within these many days are counted on the cards. */
export const EXPIRING_WINDOWS = [7, 30] as const

export const statisticsQuery = z.strictObject({ period: z.optional(z.enum(dashboardPeriods)) })
export type StatisticsQuery = z.infer<typeof statisticsQuery>

const money = z.string()
const revenue = z.object({ net: money, vat: money })

export const dashboardCardsSchema = z.object({
  vendors: z.object({ pending: z.int(), active: z.int(), inactive: z.int() }),
  /** Running subscriptions (not ended, not replaced). */
  active_subscriptions: z.int(),
  /** Invoiced revenue (by the tax invoice's moment) this calendar month and the one before. */
  revenue: z.object({ this_month: revenue, last_month: revenue }),
  payments_pending: z.int(),
  /** The vendors those payments are of (the vendors list's "with a payment: Pending"). */
  payments_pending_vendors: z.int(),
  /** Running subscriptions ending within 7 days (the subscriptions list's "expiring" phase). */
  expiring_7: z.int(),
  /** Vendors whose subscription ends within 30 days (the vendors list's "expiring within 30 days"). */
  expiring_30: z.int(),
  /** Contact requests not read yet, shipping issues not resolved yet. */
  contact_new: z.int(),
  support_open: z.int(),
})
export type DashboardCards = z.infer<typeof dashboardCardsSchema>

/** How long the charts of a period are served from memory before they are counted again. */
export const STATISTICS_TTL_MS = 60_000

export const statisticsSchema = z.object({
  period: z.enum(dashboardPeriods),
  /** When these figures were counted (they are kept up to a minute). */
  computed_at: z.string(),
  /** The period's first and last business day, both included. */
  from: z.string(),
  to: z.string(),
  /** Twelve months ending with the period's last: invoiced net and VAT. */
  revenue_by_month: z.array(z.object({ month: z.string(), net: money, vat: money })),
  /** Vendors registered each day (UTC, as the vendors list's dates) of the period, by utm_source (null: none given). */
  registrations: z.object({
    days: z.array(z.string()),
    sources: z.array(z.object({ source: z.nullable(z.string()), counts: z.array(z.int()) })),
  }),
  /** Running subscriptions by package, most first. */
  subscriptions_by_package: z.array(z.object({ package_id: z.int(), title_ar: z.string(), title_en: z.string(), count: z.int() })),
})
export type Statistics = z.infer<typeof statisticsSchema>

const DAY_MS = 86_400_000
/** The first and last business day of a period ending `today` (yyyy-mm-dd). */
export function periodDays(period: DashboardPeriod, today: string): { from: string; to: string } {
  const end = Date.parse(`${today}T00:00:00Z`)
  if (period === '12m') {
    const [y, m] = today.split('-').map(Number) as [number, number]
    const first = new Date(Date.UTC(y, m - 12, 1))
    return { from: first.toISOString().slice(0, 10), to: today }
  }
  const days = period === '30d' ? 30 : 90
  return { from: new Date(end - (days - 1) * DAY_MS).toISOString().slice(0, 10), to: today }
}

/** The twelve months (yyyy-mm) ending with `month`, first to last. */
export function twelveMonthsTo(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(y, m - 12 + i, 1)).toISOString().slice(0, 7))
}
