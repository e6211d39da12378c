import { describe, expect, it } from 'vitest'
import {
  couponStatusOf,
  decimalToHalalas,
  discountOf,
  formatMoney,
  halalasToDecimal,
  priceBreakdown,
  vatOf,
  type CouponState,
} from '../../src/domain/money'
import { isSaudiVatNumber, isValidIban } from '../../src/contract/packages'

/** DOMAIN.md "Money and tax" and "Coupons": the rules the server and the screens share. */
describe('domain/money', () => {
  it('vatOf rounds half up on halalas', () => {
    expect(vatOf(0, 15)).toBe(0)
    expect(vatOf(10_000, 15)).toBe(1_500)
    // 0.15 * 10 = 1.5 -> 2 ; 0.15 * 9 = 1.35 -> 1 ; 0.15 * 30 = 4.5 -> 5
    expect(vatOf(10, 15)).toBe(2)
    expect(vatOf(9, 15)).toBe(1)
    expect(vatOf(30, 15)).toBe(5)
    expect(vatOf(1, 50)).toBe(1)
    expect(vatOf(999_999_99, 15)).toBe(150_000_00 - 0)
    expect(vatOf(100, 0)).toBe(0)
    expect(vatOf(200, 15.5)).toBe(31)
    expect(() => vatOf(-1, 15)).toThrow(RangeError)
    expect(() => vatOf(1.5, 15)).toThrow(RangeError)
    expect(() => vatOf(100, 101)).toThrow(RangeError)
  })

  it('a discount applies to the net before VAT and never passes the price', () => {
    expect(priceBreakdown({ price: 100_00, vatPercent: 15 })).toEqual({
      price: 100_00,
      discount: 0,
      net: 100_00,
      vat: 15_00,
      total: 115_00,
    })
    expect(priceBreakdown({ price: 100_00, coupon: { type: 'PERCENTAGE', value: 10 }, vatPercent: 15 })).toEqual({
      price: 100_00,
      discount: 10_00,
      net: 90_00,
      vat: 13_50,
      total: 103_50,
    })
    expect(priceBreakdown({ price: 99_99, coupon: { type: 'FIXED', value: 20_00 }, vatPercent: 15 })).toEqual({
      price: 99_99,
      discount: 20_00,
      net: 79_99,
      vat: 12_00,
      total: 91_99,
    })
    expect(priceBreakdown({ price: 50_00, coupon: { type: 'PERCENTAGE', value: 100 }, vatPercent: 15 }).total).toBe(0)
    expect(discountOf(50_00, { type: 'FIXED', value: 80_00 })).toBe(50_00)
    // 33 % of 0.01 SR is a third of a halala: rounded half up to 0
    expect(discountOf(1, { type: 'PERCENTAGE', value: 33 })).toBe(0)
    expect(discountOf(3, { type: 'PERCENTAGE', value: 50 })).toBe(2)
    expect(discountOf(0, null)).toBe(0)
  })

  it('halalas convert to and from 2 decimals, refusing fractions of a halala', () => {
    expect(halalasToDecimal(12345)).toBe('123.45')
    expect(halalasToDecimal(5)).toBe('0.05')
    expect(halalasToDecimal(0)).toBe('0.00')
    expect(decimalToHalalas('123.4')).toBe(12340)
    expect(decimalToHalalas(0.1 + 0.2)).toBeNull()
    expect(decimalToHalalas(19.99)).toBe(1999)
    expect(decimalToHalalas('1.005')).toBeNull()
    expect(decimalToHalalas('abc')).toBeNull()
    expect(decimalToHalalas(Number.NaN)).toBeNull()
  })

  it('formats with 2 decimals and SR / ر.س', () => {
    expect(formatMoney(123456, 'en')).toBe('1,234.56 SR')
    expect(formatMoney(5, 'en')).toBe('0.05 SR')
    expect(formatMoney(100_00, 'ar')).toMatch(/^100[.٫]00 ر\.س$/)
  })

  it('derives the coupon status from active, dates, uses and today', () => {
    const base: CouponState = { active: true, from: '2026-11-10', to: '2026-11-30', userCount: 10, uses: 0 }
    const cases: [Partial<CouponState>, string, string][] = [
      [{}, '2026-11-09', 'scheduled'],
      [{}, '2026-11-10', 'active'],
      [{}, '2026-11-30', 'active'],
      [{}, '2026-12-01', 'expired'],
      [{ uses: 10 }, '2026-11-20', 'used_up'],
      [{ uses: 10 }, '2026-12-01', 'expired'],
      [{ uses: 10 }, '2026-11-01', 'used_up'],
      [{ active: false }, '2026-11-20', 'inactive'],
      [{ active: false, uses: 10 }, '2026-12-20', 'inactive'],
    ]
    for (const [change, today, status] of cases)
      expect([change, today, couponStatusOf({ ...base, ...change }, today)]).toEqual([change, today, status])
  })

  it('checks the shape of a Saudi VAT number and an IBAN checksum', () => {
    expect(isSaudiVatNumber('300000000000003')).toBe(true)
    expect(isSaudiVatNumber('310000000000002')).toBe(false)
    expect(isSaudiVatNumber('30000000000003')).toBe(false)
    expect(isValidIban('SA03 8000 0000 6080 1016 7519')).toBe(true)
    expect(isValidIban('sa0380000000608010167519')).toBe(true)
    expect(isValidIban('SA0480000000608010167519')).toBe(false)
    expect(isValidIban('GB82WEST12345698765432')).toBe(true)
    expect(isValidIban('SA03800000006080101675')).toBe(false)
    expect(isValidIban('')).toBe(false)
  })
})
