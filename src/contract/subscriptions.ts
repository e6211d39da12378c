import * as z from 'zod/mini'
import { subscriptionTypes } from './core'
import { paymentMethods, paymentStatuses } from './payments'
import { listQuerySchema, pageSchema, queryOneOfMany } from './resource'
export * from './subscriptions.routes'

/**
 * Subscriptions (spec sections 2 and 4, DOMAIN.md "Packages and subscriptions"): made by the server
 * when a payment succeeds, never written by hand, so only list, view and the tax invoice.
 * Permission `subscriptions:view`.
 */

/** What a list shows of a subscription's period: running, ending within 7 days, expired, or taken over by a renewal. */
export const subscriptionPhases = ['active', 'expiring', 'expired', 'replaced'] as const
export type SubscriptionPhase = (typeof subscriptionPhases)[number]
export const EXPIRING_SOON_DAYS = 7

const subscriptionSortColumns = ['starts_at', 'expires_at', 'amount', 'created_at', 'id'] as const
export const subscriptionListQuery = listQuerySchema(subscriptionSortColumns, {
  phase: queryOneOfMany(subscriptionPhases),
  package_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  vendor_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  subscription_type: queryOneOfMany(subscriptionTypes),
})
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>

const ref = z.object({ id: z.int(), name: z.string() })

export const subscriptionSchema = z.object({
  id: z.int(),
  vendor: ref,
  package: ref,
  subscription_type: z.nullable(z.enum(subscriptionTypes)),
  phase: z.enum(subscriptionPhases),
  starts_at: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  /** SAR with 2 decimals, VAT included. */
  amount: z.string(),
  discount: z.string(),
  net: z.string(),
  tax: z.string(),
  coupon_code: z.nullable(z.string()),
  payment: z.nullable(
    z.object({
      id: z.int(),
      payment_number: z.string(),
      method: z.enum(paymentMethods),
      payment_date: z.string(),
      status: z.enum(paymentStatuses),
    }),
  ),
  invoice_number: z.nullable(z.string()),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Subscription = z.infer<typeof subscriptionSchema>
export const subscriptionPageSchema = pageSchema(subscriptionSchema)

const party = z.object({
  name: z.string(),
  vat_number: z.nullable(z.string()),
  address: z.nullable(z.string()),
  commercial_registration: z.nullable(z.string()),
})

/** A simplified tax invoice (ZATCA phase 1): amounts in SAR with 2 decimals, `qr` the Base64 TLV. */
export const invoiceSchema = z.object({
  number: z.string(),
  /** ISO 8601: when the payment succeeded. */
  issued_at: z.string(),
  seller: party,
  buyer: party,
  line: z.object({
    description: z.string(),
    period_from: z.nullable(z.string()),
    period_to: z.nullable(z.string()),
    price: z.string(),
  }),
  discount: z.string(),
  coupon_code: z.nullable(z.string()),
  net: z.string(),
  vat_percent: z.number(),
  vat: z.string(),
  total: z.string(),
  qr: z.string(),
})
export type Invoice = z.infer<typeof invoiceSchema>
