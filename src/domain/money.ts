/**
 * Money and tax (DOMAIN.md "Money and tax", "Coupons"): amounts are integers in halalas (1 SR = 100
 * halalas) everywhere but on screen; VAT is rounded half up on the net after the discount. The
 * coupon's status follows from its dates, uses and active flag. The charts, the views and the
 * server all read these rules.
 */

const HALALAS_PER_RIYAL = 100

type CouponType = 'PERCENTAGE' | 'FIXED'
/** A coupon as it applies to a price: a percentage (1-100) or a fixed amount in halalas. */
export type CouponValue = { type: CouponType; value: number }

export type PriceBreakdown = {
  /** The package's price (halalas). */
  price: number
  /** What the coupon takes off the price, before VAT (halalas, never more than the price). */
  discount: number
  /** price - discount. */
  net: number
  /** VAT on the net, rounded half up. */
  vat: number
  /** net + vat. */
  total: number
}

const assertHalalas = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of halalas`)
}

/** Rounds half up (away from zero for the non-negative amounts used here), without float drift on .5. */
const roundHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator))

/**
 * The VAT of a net amount: `round_half_up(net * vatPercent / 100)`. `vatPercent` may carry up to
 * two decimals (15, 15.5).
 */
export function vatOf(net: number, vatPercent: number): number {
  assertHalalas('net', net)
  const basisPoints = Math.round(vatPercent * 100)
  if (!Number.isFinite(vatPercent) || basisPoints < 0 || basisPoints > 100 * 100) throw new RangeError('vatPercent must be 0-100')
  return roundHalfUp(net * basisPoints, 100 * 100)
}

/** What a coupon takes off `price`: a percentage rounded half up, or the fixed amount, never more than the price. */
export function discountOf(price: number, coupon: CouponValue | null | undefined): number {
  assertHalalas('price', price)
  if (!coupon) return 0
  if (coupon.type === 'PERCENTAGE') {
    const percent = Math.min(Math.max(coupon.value, 0), 100)
    return Math.min(price, roundHalfUp(price * Math.round(percent * 100), 100 * 100))
  }
  assertHalalas('coupon value', coupon.value)
  return Math.min(price, coupon.value)
}

/** Price, discount (before VAT), net, VAT and total of a package bought with an optional coupon. */
export function priceBreakdown({
  price,
  coupon,
  vatPercent,
}: {
  price: number
  coupon?: CouponValue | null
  vatPercent: number
}): PriceBreakdown {
  const discount = discountOf(price, coupon)
  const net = price - discount
  const vat = vatOf(net, vatPercent)
  return { price, discount, net, vat, total: net + vat }
}

/**
 * Splits a total paid (VAT included) into its net and VAT at `vatPercent`: the net is the total
 * without VAT rounded half up, the VAT the rest, so net + VAT is always the total.
 */
export function splitTotal(total: number, vatPercent: number): { net: number; vat: number } {
  assertHalalas('total', total)
  const basisPoints = Math.round(vatPercent * 100)
  if (!Number.isFinite(vatPercent) || basisPoints < 0 || basisPoints > 100 * 100) throw new RangeError('vatPercent must be 0-100')
  const net = roundHalfUp(total * 100 * 100, 100 * 100 + basisPoints)
  return { net, vat: total - net }
}

/** Halalas as riyals with 2 decimals (`12345` -> `"123.45"`), for forms and the API. */
export function halalasToDecimal(halalas: number): string {
  const sign = halalas < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(halalas))
  return `${sign}${Math.floor(abs / HALALAS_PER_RIYAL)}.${String(abs % HALALAS_PER_RIYAL).padStart(2, '0')}`
}

/**
 * Riyals typed or sent with at most 2 decimals to halalas (`"123.4"` -> `12340`); null for anything
 * else (more decimals, a fraction of a halala, not a number).
 */
export function decimalToHalalas(riyals: number | string): number | null {
  const text = typeof riyals === 'number' ? (Number.isFinite(riyals) ? String(riyals) : '') : riyals.trim()
  const match = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const [, sign, whole, fraction = ''] = match
  const value = Number(whole) * HALALAS_PER_RIYAL + Number(fraction.padEnd(2, '0'))
  return sign ? -value : value
}

const CURRENCY = { ar: 'ر.س', en: 'SR' } as const

/**
 * An amount for the screen: 2 decimals with the language's digits grouping and the currency sign
 * (SR in English, ر.س in Arabic), e.g. `1,234.50 SR` / `1,234.50 ر.س`.
 */
export function formatMoney(halalas: number, lang: 'ar' | 'en'): string {
  const number = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(halalas / HALALAS_PER_RIYAL)
  return `${number} ${CURRENCY[lang]}`
}

/** Statuses of a coupon, derived (never stored). */
export type CouponStatus = 'scheduled' | 'active' | 'expired' | 'used_up' | 'inactive'

export type CouponState = {
  /** Switched on by an admin. */
  active: boolean
  /** First and last valid days, `yyyy-mm-dd`, both inclusive. */
  from: string
  to: string
  /** Maximum number of uses. */
  userCount: number
  /** Uses so far. */
  uses: number
}

/**
 * A coupon's status on `today` (`yyyy-mm-dd`): inactive when switched off, else expired after its
 * last day, used up once every use is taken, scheduled before its first day, else active.
 */
export function couponStatusOf(coupon: CouponState, today: string): CouponStatus {
  if (!coupon.active) return 'inactive'
  if (today > coupon.to) return 'expired'
  if (coupon.uses >= coupon.userCount) return 'used_up'
  if (today < coupon.from) return 'scheduled'
  return 'active'
}

/** Saudi Arabia keeps UTC+3 all year: a coupon's days are the platform's business days there. */
const BUSINESS_UTC_OFFSET_MS = 3 * 60 * 60 * 1000

/** The business day (`yyyy-mm-dd`, Riyadh time) of a moment: what coupon dates are compared with. */
export const businessDayOf = (moment: Date) => new Date(moment.getTime() + BUSINESS_UTC_OFFSET_MS).toISOString().slice(0, 10)
