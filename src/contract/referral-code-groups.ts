import * as z from 'zod/mini'
import { localeSchema } from './common'
import { listQuerySchema, pageQuerySchema, queryBoolean, versionSchema } from './resource'
export * from './referral-code-groups.routes'

/**
 * Referral code groups (spec section 3, DOMAIN.md "Referrals, partners and wallets"): a percentage
 * and a number of months that the referral codes of the group's vendors earn on the payments of the
 * vendors they bring. Exactly one group is the default for sellers: a vendor in no group follows it.
 */

/** A percentage from 0.01 to 100 with at most 2 decimals. */
export const percentageSchema = z.number().check(
  z.gte(0.01),
  z.lte(100),
  z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'validation.format'),
)
/** Months of a referred vendor's payments that earn commission. */
export const dueMonthsSchema = z.int().check(z.gte(1), z.lte(120))

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))

const groupFields = {
  name_ar: name,
  name_en: name,
  percentage: percentageSchema,
  number_of_months: dueMonthsSchema,
  /** The default group for sellers: setting it moves the mark from the group that had it. */
  is_default: z.boolean(),
  is_active: z.optional(z.boolean()),
}

export const referralGroupCreateBody = z.strictObject(groupFields)
export type ReferralGroupCreateBody = z.infer<typeof referralGroupCreateBody>
export const referralGroupUpdateBody = z.strictObject({ ...groupFields, version: versionSchema })
export type ReferralGroupUpdateBody = z.infer<typeof referralGroupUpdateBody>

const groupSortColumns = ['name', 'percentage', 'number_of_months', 'vendors_count', 'created_at', 'id'] as const
export const referralGroupListQuery = listQuerySchema(groupSortColumns, {
  is_active: queryBoolean,
  is_default: queryBoolean,
})
export type ReferralGroupListQuery = z.infer<typeof referralGroupListQuery>

export const referralGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  percentage: z.number(),
  number_of_months: z.int(),
  is_default: z.boolean(),
  is_active: z.boolean(),
  /** Vendors placed in the group (the default group's count leaves out the vendors that follow it by default). */
  vendors_count: z.int(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(z.object({ locale: localeSchema, name: z.string() })),
})
export type ReferralGroup = z.infer<typeof referralGroupSchema>

/** `PUT {path}/{id}/vendors`: vendors moved into the group (from whichever group they were in), by id or by referral code. */
export const groupVendorsBody = z
  .strictObject({
    vendor_ids: z.optional(z.array(z.int().check(z.gte(1), z.lte(2_147_483_647))).check(z.maxLength(200))),
    referral_codes: z.optional(
      z
        .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9]+$/, 'validation.format')))
        .check(z.maxLength(200)),
    ),
  })
  .check(
    z.refine((body) => (body.vendor_ids?.length ?? 0) + (body.referral_codes?.length ?? 0) > 0, {
      message: 'validation.required',
      path: ['vendor_ids'],
    }),
  )
export type GroupVendorsBody = z.infer<typeof groupVendorsBody>

export const groupVendorsQuery = pageQuerySchema

/** A vendor whose referral code follows the group. */
export const groupVendorSchema = z.object({
  id: z.int(),
  store_name: z.string(),
  referral_code: z.string(),
  status: z.string(),
  /** Vendors it referred. */
  referred_count: z.int(),
  /** When it was placed in the group. */
  joined_at: z.string(),
})
export type GroupVendor = z.infer<typeof groupVendorSchema>
