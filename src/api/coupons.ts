import { couponCheckPath, type CouponCheckResult } from '../contract/coupons'
import { callWithMessage } from './client'

/** `POST coupons/check`: a package's price, with a coupon code when given (and why it does not apply). */
export const quotePrice = (packageId: number, code: string, signal?: AbortSignal) =>
  callWithMessage<CouponCheckResult>(couponCheckPath, {
    method: 'POST',
    body: code ? { package_id: packageId, code } : { package_id: packageId },
    ...(signal ? { signal } : {}),
  })
