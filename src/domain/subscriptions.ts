/**
 * Subscriptions (DOMAIN.md "Packages and subscriptions"): how long a package runs and where a
 * renewal starts. The server applies these when a payment succeeds; the screens show the result.
 */

type SubscriptionType = 'MONTH' | 'YEAR' | 'DAYS' | 'LIFE_TIME'

const DAY_MS = 24 * 60 * 60 * 1000

/** Saudi Arabia keeps UTC+3 all year: calendar arithmetic happens on Riyadh's calendar. */
const BUSINESS_OFFSET_MS = 3 * 60 * 60 * 1000

/** `months` calendar months after `start` in Riyadh, the day clamped to the month's last (31 Jan + 1 month = 28/29 Feb). */
function addMonths(start: Date, months: number): Date {
  const local = new Date(start.getTime() + BUSINESS_OFFSET_MS)
  const day = local.getUTCDate()
  local.setUTCDate(1)
  local.setUTCMonth(local.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate()
  local.setUTCDate(Math.min(day, lastDay))
  return new Date(local.getTime() - BUSINESS_OFFSET_MS)
}

/**
 * When a subscription that starts at `start` ends: MONTH +1 month, YEAR +1 year (both clamped to
 * the month's last day), DAYS +`days`, LIFE_TIME never (null).
 */
export function subscriptionEnd(start: Date, type: SubscriptionType, days: number | null): Date | null {
  switch (type) {
    case 'MONTH':
      return addMonths(start, 1)
    case 'YEAR':
      return addMonths(start, 12)
    case 'DAYS':
      if (days === null || !Number.isInteger(days) || days < 1) throw new RangeError('a DAYS package needs its number of days')
      return new Date(start.getTime() + days * DAY_MS)
    case 'LIFE_TIME':
      return null
  }
}

/**
 * Where a subscription paid at `paidAt` starts: at the current subscription's expiry while it still
 * runs (renewed early, nothing is lost), else at the payment. A lifetime one never needs renewing:
 * a new one starts at the payment.
 */
export const renewalStart = (paidAt: Date, currentExpiry: Date | null | undefined): Date =>
  currentExpiry && currentExpiry.getTime() > paidAt.getTime() ? currentExpiry : paidAt

/** Saudi Arabia keeps UTC+3 all year: a payment's date starts at midnight in Riyadh. */
export const startOfBusinessDay = (day: string): Date => new Date(`${day}T00:00:00+03:00`)

/** Subscription statuses stored: the running one, and one a renewal took over from (history). */
export type SubscriptionStatus = 'active' | 'replaced'

/** What a list shows: a running one expired once its expiry passed, or expires soon within `soonDays`. */
export function subscriptionPhase(
  status: SubscriptionStatus,
  expiresAt: Date | null,
  now: Date,
  soonDays = 7,
): 'active' | 'expiring' | 'expired' | 'replaced' {
  if (status === 'replaced') return 'replaced'
  if (expiresAt === null) return 'active'
  if (expiresAt.getTime() <= now.getTime()) return 'expired'
  return expiresAt.getTime() - now.getTime() <= soonDays * DAY_MS ? 'expiring' : 'active'
}
