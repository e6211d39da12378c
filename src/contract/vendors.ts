import * as z from 'zod/mini'
import { vendorsResource } from './vendors.routes'
import { emailSchema } from './auth'
import { isIsoDate, listQuerySchema, pageSchema, queryDate, queryOneOfMany, versionSchema } from './resource'
import { offeredPaymentMethods, paymentMethods, paymentStatuses } from './payments'
import { COUPON_CODE_MAX } from './coupons'
export * from './vendors.routes'

/** The tabs of a vendor's view (`?tab=`), information first. */
export const vendorTabs = ['information', 'payments', 'referral-vendors', 'subscribe-payments', 'create-payments'] as const
export type VendorTab = (typeof vendorTabs)[number]

const base = vendorsResource.path
export const vendorsPaths = {
  export: `${base}/export`,
  subdomain: `${base}/subdomain-availability`,
  payments: (id: number | string) => `${base}/${id}/payments`,
  referrals: (id: number | string) => `${base}/${id}/referral-vendors`,
  receipt: (id: number | string, paymentId: number | string) => `${base}/${id}/payments/${paymentId}/receipt`,
  createPayment: (id: number | string) => `${base}/createPayment/${id}`,
  changeStatus: (id: number | string, paymentId: number | string) => `${base}/changeTransactionStatus/${id}/${paymentId}`,
} as const

export const vendorStatuses = ['pending', 'active', 'inactive'] as const
export type VendorStatus = (typeof vendorStatuses)[number]

/** Subdomains nobody may take (DOMAIN.md "Vendors"). */
const reservedSubdomains = [
  'www',
  'admin',
  'api',
  'mail',
  'smtp',
  'ftp',
  'app',
  'static',
  'cdn',
  'assets',
  'blog',
  'support',
  'help',
  'dashboard',
  'register',
  'login',
  'admin-panel',
  'status',
  'docs',
  'test',
] as const
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
export const isReservedSubdomain = (value: string) => (reservedSubdomains as readonly string[]).includes(value)

const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(min), z.maxLength(max))
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))))
const isoDay = z.string().check(z.trim(), z.refine(isIsoDate, 'validation.format'))

const subdomainSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { abort: true }),
    z.minLength(3),
    z.maxLength(30),
    z.regex(SUBDOMAIN_PATTERN, 'validation.slug'),
  )

/** The most marketplaces one vendor may name. */
export const VENDOR_MARKETPLACES_MAX = 50

/** The fields of a vendor, one schema each (the registration wizard checks the same). */
export const vendorFields = {
  store_name: text(2, 120),
  company_name: text(2, 160),
  /** Commercial registration: 10 digits. */
  commercial_registration: z
    .string()
    .check(z.trim(), z.minLength(1, { abort: true }), z.length(10), z.regex(/^\d{10}$/, 'validation.format')),
  commercial_registration_expiry: z.optional(z.nullable(isoDay)),
  phone: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.regex(/^\+?[0-9]{8,15}$/, 'validation.phone')),
  email: emailSchema,
  description: optionalText(2000),
  status: z.enum(vendorStatuses),
  /** A package of the packages module. */
  package_id: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(2_147_483_647)))),
  subdomain: subdomainSchema,
  /** Saudi VAT number: 15 digits, starting and ending with 3. */
  tax_no: z.optional(z.nullable(z.string().check(z.trim(), z.length(15), z.regex(/^3\d{13}3$/, 'validation.format')))),
  /**
   * The marketplaces the vendor sells on (ids of the marketplaces module; a repeated id counts once).
   * Left out of an update, they stay as they were.
   */
  marketplace_ids: z.optional(z.array(z.int().check(z.gte(1), z.lte(2_147_483_647))).check(z.maxLength(VENDOR_MARKETPLACES_MAX))),
  utm_source: optionalText(100),
}

export const vendorCreateBody = z.strictObject(vendorFields)
export type VendorCreateBody = z.infer<typeof vendorCreateBody>
export const vendorUpdateBody = z.strictObject({ ...vendorFields, version: versionSchema })
export type VendorUpdateBody = z.infer<typeof vendorUpdateBody>

const vendorSortColumns = ['store_name', 'company_name', 'status', 'created_at', 'subscription_expires_at', 'id'] as const
export const vendorListQuery = listQuerySchema(vendorSortColumns, {
  status: queryOneOfMany(vendorStatuses),
  package_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  registered_from: queryDate,
  registered_to: queryDate,
  utm_source: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** Vendors selling on this marketplace (its id). */
  marketplace: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  /** Subscriptions expiring within this many days from today (already expired ones excluded). */
  expiring_within: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(3650))),
  /** Vendors with a payment in one of these statuses (Pending: awaiting an admin's approval). */
  payment_status: queryOneOfMany(paymentStatuses),
})
export type VendorListQuery = z.infer<typeof vendorListQuery>
/** The export takes the list's filters and search, without pagination or sort. */
export const vendorExportQuery = z.strictObject({
  ...vendorListQuery.shape,
})

const vendorRefSchema = z.object({ id: z.int(), store_name: z.string() })
/** A marketplace a vendor sells on, named in both languages. */
const vendorMarketplaceSchema = z.object({ id: z.int(), name_ar: z.string(), name_en: z.string() })
export type VendorMarketplace = z.infer<typeof vendorMarketplaceSchema>

export const vendorSchema = z.object({
  id: z.int(),
  store_name: z.string(),
  company_name: z.string(),
  commercial_registration: z.string(),
  commercial_registration_expiry: z.nullable(z.string()),
  phone: z.string(),
  email: z.string(),
  description: z.nullable(z.string()),
  status: z.enum(vendorStatuses),
  package_id: z.nullable(z.int()),
  /** The package's title in the admin's language. */
  package_name: z.nullable(z.string()),
  subscription_expires_at: z.nullable(z.string()),
  subdomain: z.string(),
  tax_no: z.nullable(z.string()),
  /** The marketplaces it sells on, ordered by their names in the admin's language. */
  marketplaces: z.array(vendorMarketplaceSchema),
  utm_source: z.nullable(z.string()),
  referral_code: z.string(),
  referred_by: z.nullable(vendorRefSchema),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Vendor = z.infer<typeof vendorSchema>
export const vendorPageSchema = pageSchema(vendorSchema)

/** `GET subdomain-availability?subdomain=&except_id=`: whether a vendor may take it. */
export const subdomainQuery = z.strictObject({
  subdomain: z.string().check(z.maxLength(100)),
  except_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
})
export const subdomainResult = z.object({
  available: z.boolean(),
  /** Why not: a catalogue-translated message, or null when available. */
  reason: z.nullable(z.string()),
})
export type SubdomainResult = z.infer<typeof subdomainResult>

/* Payments */

export const PAYMENT_FILE_MAX_BYTES = 5 * 1024 * 1024
/** The largest payment amount accepted, in SAR. */
const PAYMENT_MAX_AMOUNT = 10_000_000
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const idempotencyKeySchema = z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[A-Za-z0-9_.:-]+$/, 'validation.format'))

/** An amount in SAR with at most 2 decimals, more than 0: sent as text in a multipart form. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/
const amountSchema = z.string().check(
  z.trim(),
  z.minLength(1, { abort: true }),
  z.regex(AMOUNT, 'validation.format'),
  z.refine((v) => Number(v) > 0, 'validation.format'),
  z.refine((v) => Number(v) <= PAYMENT_MAX_AMOUNT, 'validation.format'),
)
/** "12.5" SAR to 1250 halalas, without floating point. */
export function halalasOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
/** 1250 halalas to "12.50". */
export const sarOf = (halalas: number) => (halalas / 100).toFixed(2)

/** The fields of `createPayment` (multipart, beside `payment_file`). */
export const paymentCreateFields = z.strictObject({
  payment_number: text(1, 60),
  amount: amountSchema,
  method: z.enum(offeredPaymentMethods),
  payment_date: isoDay,
  package_id: z.optional(z.string().check(z.regex(/^\d{1,9}$/, 'validation.format'))),
  /** The coupon the amount was priced with (it must apply to the package today); its use is counted on approval. */
  coupon_code: z.optional(z.string().check(z.trim(), z.maxLength(COUPON_CODE_MAX))),
})

export const paymentStatusBody = z.strictObject({
  status: z.enum(paymentStatuses),
  reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
})
export type PaymentStatusBody = z.infer<typeof paymentStatusBody>

export const paymentSchema = z.object({
  id: z.int(),
  vendor_id: z.int(),
  package_id: z.nullable(z.int()),
  /** The coupon the payment was priced with. */
  coupon_code: z.nullable(z.string()),
  payment_number: z.string(),
  /** SAR with 2 decimals ("1150.00"); stored in halalas. */
  amount: z.string(),
  amount_halalas: z.int(),
  method: z.enum(paymentMethods),
  payment_date: z.string(),
  status: z.enum(paymentStatuses),
  reason: z.nullable(z.string()),
  has_receipt: z.boolean(),
  receipt_type: z.nullable(z.string()),
  changed_by: z.nullable(z.string()),
  changed_at: z.nullable(z.string()),
  created_at: z.string(),
})
export type Payment = z.infer<typeof paymentSchema>
