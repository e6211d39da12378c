import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, tz, updatedAt } from '../../db/columns'

/** What step 1 keeps (never the password: its hash has a column of its own). */
export type StoredStore = {
  store_name: string
  company_name: string
  commercial_registration: string
  commercial_registration_expiry: string
  phone: string
  email: string
  subdomain: string
  tax_no: string
  referral_code: string | null
  referrer: { kind: 'vendor' | 'partner'; id: number; name: string } | null
  marketplaces: number[]
  utm: Record<string, string>
}

/** What step 2 keeps: the package and its price with the coupon, in halalas. */
export type StoredPackage = {
  package_id: number
  package_type: 'FREE_TRIAL' | 'STANDARD' | 'ELITE'
  coupon_id: number | null
  coupon_code: string | null
  price: number
  discount: number
  net: number
  vat: number
  total: number
  vat_percent: number
}

/** What step 3 keeps: the gateway's answer (never card data beyond last 4 and brand) or the receipt. */
export type StoredPayment = {
  state: 'paid' | 'challenge' | 'declined' | 'receipt_received'
  method: 'CREDIT_CARD' | 'APPLE_PAY' | 'BANK_TRANSFER'
  gateway: string | null
  sandbox: boolean
  transaction_id: string | null
  challenge_id: string | null
  last4: string | null
  brand: string | null
  reason_key: string | null
  payment_number: string | null
  receipt_name: string | null
  receipt_type: string | null
  /** What was charged (halalas): the package step's total when it was paid. */
  amount: number
}

/**
 * Drafts of the vendor registration wizard: one per visitor, found by the hash of its token, kept
 * 24 hours. `step` is the last step stored (0 none, 1 store, 2 package, 3 payment); `consumed_at` is
 * set by the completion, so a second completion finds nothing to complete.
 */
export const registrationDrafts = pgTable(
  'registration_drafts',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('registration_drafts_token_hash_unique'),
    step: integer('step').notNull().default(0),
    store: jsonb('store').$type<StoredStore>(),
    passwordHash: text('password_hash'),
    package: jsonb('package').$type<StoredPackage>(),
    payment: jsonb('payment').$type<StoredPayment>(),
    vendorId: integer('vendor_id'),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('registration_drafts_expires_at_idx').on(t.expiresAt),
    check('registration_drafts_step_check', sql`${t.step} between 0 and 3`),
  ],
)
