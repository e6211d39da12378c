/**
 * Referral commission (DOMAIN.md "Referrals, partners and wallets", docs/decisions/0011): a referrer
 * earns its percentage of the net (before VAT) of each successful payment of a vendor it brought,
 * while the payment falls within the referrer's due months, counted from the vendor's first
 * successful payment. The server credits by these rules; the screens show them.
 */

/**
 * The commission on `net` halalas at `percent` (up to 2 decimals), rounded half up:
 * `round_half_up(net * percent / 100)`.
 */
export function commissionOf(net: number, percent: number): number {
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError('net must be a non-negative integer of halalas')
  const basisPoints = Math.round(percent * 100)
  if (!Number.isFinite(percent) || basisPoints < 0 || basisPoints > 100 * 100) throw new RangeError('percent must be 0-100')
  return Math.floor((2 * net * basisPoints + 100 * 100) / (2 * 100 * 100))
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number]

/**
 * Which month of the referral a payment of `day` falls in (1 for the month that starts on the first
 * successful payment's `firstDay`, 2 from the same day of the next month, ...). A payment before the
 * first one is in month 1. Days are `yyyy-mm-dd`; a month that has no such day (the 31st) starts on
 * its last day's next day.
 */
export function referralMonthOf(firstDay: string, day: string): number {
  if (day <= firstDay) return 1
  const [y1, m1, d1] = parts(firstDay)
  const [y2, m2, d2] = parts(day)
  let months = (y2 - y1) * 12 + (m2 - m1)
  if (d2 < d1) months -= 1
  return months + 1
}

/** Whether a payment in referral month `month` earns commission with `dueMonths` due months. */
export const earnsCommission = (month: number, dueMonths: number) => month >= 1 && month <= dueMonths
