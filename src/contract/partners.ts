import * as z from 'zod/mini'
import { emailSchema } from './auth'
import { dueMonthsSchema, percentageSchema } from './referral-code-groups'
import { isIsoDate, listQuerySchema, pageQuerySchema, pageSchema, queryBoolean, queryDate, versionSchema } from './resource'
export * from './partners.routes'

/**
 * Partners (spec section 3, DOMAIN.md "Referrals, partners and wallets"): referral partners with a
 * referral code (unique whatever the case, among vendors' codes too), the percentage they earn on the
 * net payments of the vendors they bring during their due months, and a wallet: a ledger of those
 * credits and of the payouts, whose balance is never negative.
 */

/** Letters A-Z and digits, 4 to 20 (kept upper-case; matched whatever the case). */
const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/

const text = (min: number, max: number) => z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(min), z.maxLength(max))
const phone = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.regex(/^\+?[0-9]{8,15}$/, 'validation.phone'))
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema))

const partnerFields = {
  full_name: text(2, 120),
  email: emailSchema,
  phone,
  second_phone: optional(z.union([z.literal(''), phone])),
  /** Commercial registration: 10 digits. */
  commercial_registration: optional(z.union([z.literal(''), z.string().check(z.trim(), z.regex(/^\d{10}$/, 'validation.format'))])),
  /** Saudi VAT number: 15 digits, starting and ending with 3. */
  tax_no: optional(z.union([z.literal(''), z.string().check(z.trim(), z.regex(/^3\d{13}3$/, 'validation.format'))])),
  /** Chosen, or generated when left empty on create. */
  referral_code: optional(
    z.union([z.literal(''), z.string().check(z.trim(), z.regex(REFERRAL_CODE_PATTERN, 'partners.errors.codeFormat'))]),
  ),
  referral_percentage: percentageSchema,
  referral_due_months: dueMonthsSchema,
  is_active: z.optional(z.boolean()),
}

export const partnerCreateBody = z.strictObject(partnerFields)
export type PartnerCreateBody = z.infer<typeof partnerCreateBody>
export const partnerUpdateBody = z.strictObject({ ...partnerFields, version: versionSchema })
export type PartnerUpdateBody = z.infer<typeof partnerUpdateBody>

/** An amount in SAR in a query string: up to 2 decimals. */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/
const queryAmount = z.optional(z.string().check(z.regex(AMOUNT, 'validation.format')))

const partnerSortColumns = ['full_name', 'balance', 'referral_percentage', 'created_at', 'id'] as const
export const partnerListQuery = listQuerySchema(partnerSortColumns, {
  is_active: queryBoolean,
  /** Wallet balance above this many SR. */
  balance_above: queryAmount,
  /** Joined (created) on or after / on or before these days. */
  joined_from: queryDate,
  joined_to: queryDate,
})
export type PartnerListQuery = z.infer<typeof partnerListQuery>
/** The export takes the list's filters and search, without pagination or sort. */
export const partnerExportQuery = z.strictObject({ ...partnerListQuery.shape })

export const partnerSchema = z.object({
  id: z.int(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  second_phone: z.nullable(z.string()),
  commercial_registration: z.nullable(z.string()),
  tax_no: z.nullable(z.string()),
  referral_code: z.string(),
  referral_percentage: z.number(),
  referral_due_months: z.int(),
  /** Months of referred vendors' payments that earned commission so far. */
  referral_consumed_months: z.int(),
  /** Vendors registered with the partner's code. */
  referred_count: z.int(),
  /** Wallet balance in SR with 2 decimals ("1250.00"), and in halalas. */
  balance: z.string(),
  balance_halalas: z.int(),
  /** Commission credited and paid out so far (SR, 2 decimals). */
  credited: z.string(),
  paid_out: z.string(),
  is_active: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Partner = z.infer<typeof partnerSchema>

export const partnerPageQuery = pageQuerySchema

/** A vendor registered with the partner's code (the referral-sellers tab). */
export const referralSellerSchema = z.object({
  id: z.int(),
  store_name: z.string(),
  status: z.string(),
  package_name: z.nullable(z.string()),
  registered_at: z.string(),
  /** Successful payments so far, VAT included (SR, 2 decimals). */
  paid_total: z.string(),
  payments_count: z.int(),
  /** What it earned the partner (SR, 2 decimals). */
  commission_total: z.string(),
  /** Months that earned commission, and those left of the partner's due months. */
  months_consumed: z.int(),
  months_left: z.int(),
  /** The first successful payment's day: the due months count from it; null before it. */
  first_paid_on: z.nullable(z.string()),
})
export type ReferralSeller = z.infer<typeof referralSellerSchema>

const walletEntryKinds = ['credit', 'payout'] as const
/** One line of the wallet's ledger. */
const walletEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(walletEntryKinds),
  /** The payment's day (credit) or the payout's day. */
  date: z.string(),
  /** Signed: a credit adds, a payout takes away (SR, 2 decimals). */
  amount: z.string(),
  amount_halalas: z.int(),
  /** The balance after this entry. */
  balance_after: z.string(),
  /** Credit: the vendor whose payment earned it, the payment, its net and the percentage and month. */
  vendor: z.nullable(z.object({ id: z.int(), store_name: z.string() })),
  payment: z.nullable(
    z.object({ id: z.int(), payment_number: z.string(), amount: z.string(), net: z.string(), percentage: z.number(), month: z.int() }),
  ),
  /** Payout: its number and whether a file is kept. */
  payout: z.nullable(z.object({ id: z.int(), payment_no: z.string(), has_file: z.boolean() })),
})
export type WalletEntry = z.infer<typeof walletEntrySchema>

/** `GET {path}/{id}/wallet`: the balance now and a page of the ledger under `entries`. */
export const walletSchema = z.object({
  balance: z.string(),
  balance_halalas: z.int(),
  entries: pageSchema(walletEntrySchema),
})
export type Wallet = z.infer<typeof walletSchema>

/* Payouts */

/** The largest payout accepted, in SAR. */
const PAYOUT_MAX_AMOUNT = 10_000_000
const payoutAmount = z.string().check(
  z.trim(),
  z.minLength(1, { abort: true }),
  z.regex(AMOUNT, 'validation.format'),
  z.refine((v) => Number(v) > 0, 'validation.format'),
  z.refine((v) => Number(v) <= PAYOUT_MAX_AMOUNT, 'validation.format'),
)

/** The fields of `createPayment` (multipart, beside `payment_file`). */
export const payoutFields = z.strictObject({
  payment_no: text(1, 60),
  /** SAR with at most 2 decimals, never more than the balance. */
  payment_amount: payoutAmount,
  /** Not in the future. */
  payment_date: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.refine(isIsoDate, 'validation.format')),
})

export const payoutSchema = z.object({
  id: z.int(),
  partner_id: z.int(),
  payment_no: z.string(),
  payment_amount: z.string(),
  amount_halalas: z.int(),
  payment_date: z.string(),
  has_file: z.boolean(),
  /** The balance after the payout. */
  balance_after: z.string(),
  created_at: z.string(),
})
export type Payout = z.infer<typeof payoutSchema>
