import * as z from 'zod/mini'
import { subscriptionTypes } from './core'
import { packageLimitKeys } from './packages'
import { paymentMethods, paymentStatuses } from './payments'
import { subscriptionPhases } from './subscriptions'

/**
 * The vendor's own area (issue 11, spec section 2's second root route set): what the signed-in end
 * user who owns a vendor reads of it. Every call uses the end-user token; an admin's is refused.
 */
const base = 'user/vendor'
export const vendorAreaPaths = {
  overview: `${base}/overview`,
  payments: `${base}/payments`,
  subscriptions: `${base}/subscriptions`,
  invoice: (id: number | string) => `${base}/subscriptions/${id}/invoice`,
  /**
   * Renewing or changing the package: the registration's steps 2 and 3 for the signed-in vendor.
   * `GET`: the packages it may renew with (never a free trial), VAT, bank accounts, the gateway;
   * 409 while a payment of the vendor awaits approval or the vendor is stopped.
   */
  renewalOptions: `${base}/renewal/options`,
  /** `PUT` (`package_id`, `coupon_code?`): step 2, priced as the registration prices it. */
  renewalPackage: `${base}/renewal/package`,
  /** `POST` (`method`, `card`): step 3 by card through the payment gateway; a paid card records the payment at once. */
  renewalPayment: `${base}/renewal/payment`,
  /** `POST` (`code`): the 3-D Secure code of a card that asked for one. */
  renewalConfirm: `${base}/renewal/payment/confirm`,
  /** `POST` multipart (`method=BANK_TRANSFER`, `payment_file`, `payment_number?`): step 3 by bank transfer, Pending. */
  renewalTransfer: `${base}/renewal/transfer`,
  /** `POST`: the renewal's recorded payment (after a paid card or a receipt). */
  renewalComplete: `${base}/renewal/complete`,
} as const

/** What a finished renewal answers: the payment it recorded (Success for a paid card, Pending for a receipt). */
export const renewalResult = z.object({
  payment: z.object({ id: z.int(), status: z.enum(paymentStatuses), method: z.string() }),
})
export type RenewalResult = z.infer<typeof renewalResult>

/** The vendor's subscription as the dashboard says it: awaiting approval, running (or ending soon), expired, or stopped. */
const vendorSubscriptionStates = ['pending', 'active', 'expiring', 'expired', 'inactive'] as const
export type VendorSubscriptionState = (typeof vendorSubscriptionStates)[number]

const limitValue = z.nullable(z.int())

export const vendorOverviewSchema = z.object({
  vendor: z.object({
    id: z.int(),
    store_name: z.string(),
    company_name: z.string(),
    status: z.enum(['pending', 'active', 'inactive']),
    subdomain: z.string(),
    referral_code: z.string(),
  }),
  /** null: no package chosen. */
  package: z.nullable(
    z.object({
      id: z.int(),
      name: z.string(),
      subscription_type: z.enum(subscriptionTypes),
      days: z.nullable(z.int()),
      /** SAR with 2 decimals, VAT excluded. */
      price: z.string(),
      /** Every limit of the package, null meaning unlimited. */
      limits: z.object(
        Object.fromEntries(packageLimitKeys.map((k) => [k, limitValue])) as Record<(typeof packageLimitKeys)[number], typeof limitValue>,
      ),
    }),
  ),
  subscription: z.object({
    state: z.enum(vendorSubscriptionStates),
    /** ISO 8601; null when it never ends or has not started. */
    expires_at: z.nullable(z.string()),
  }),
})
export type VendorOverview = z.infer<typeof vendorOverviewSchema>

export const vendorPaymentSchema = z.object({
  id: z.int(),
  payment_number: z.string(),
  /** SAR with 2 decimals. */
  amount: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  /** Why an admin rejected it; null otherwise. */
  reason: z.nullable(z.string()),
  payment_date: z.string(),
  package: z.nullable(z.string()),
})
export type VendorPayment = z.infer<typeof vendorPaymentSchema>

export const vendorSubscriptionSchema = z.object({
  id: z.int(),
  package: z.string(),
  phase: z.enum(subscriptionPhases),
  starts_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  amount: z.string(),
  invoice_number: z.nullable(z.string()),
})
export type VendorSubscription = z.infer<typeof vendorSubscriptionSchema>

/** At most this many payments and subscriptions are listed (newest first). */
export const VENDOR_AREA_LIST_MAX = 100

/** The registration address that carries a vendor's referral code (the wizard fills its referral field from `referral_code`). */
export const referralLink = (origin: string, code: string) => `${origin}/register/vender?referral_code=${encodeURIComponent(code)}`
