import * as z from 'zod/mini'
import { localeSchema } from './common'
import { isIsoDate, listQuerySchema, pageSchema, queryBoolean, queryOneOfMany, versionSchema } from './resource'
export * from './coupons.routes'

/**
 * Coupons (spec section 3, DOMAIN.md "Coupons"): a code (letters and digits, Arabic or Latin, unique
 * whatever the case), a PERCENTAGE (1-100) or FIXED value (riyals, never more than the cheapest
 * package it applies to), valid `from` to `to` inclusive, at most `user_count` uses, for at least one
 * package. The status is derived; `POST coupons/check` prices a package with a code for the public.
 */
/** Public: prices a package with a coupon code (rate limited). */
export const couponCheckPath = 'coupons/check'

export const couponTypes = ['PERCENTAGE', 'FIXED'] as const
export const couponStatusValues = ['scheduled', 'active', 'expired', 'used_up', 'inactive'] as const

/** Letters (Arabic or Latin) and digits, no spaces or signs. */
const COUPON_CODE = /^[A-Za-z0-9\u0621-\u063A\u0641-\u064A\u0660-\u0669]+$/
export const COUPON_CODE_MAX = 30
const MAX_FIXED = 1_000_000

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
const code = z
  .string()
  .check(z.trim(), z.minLength(1, { abort: true }), z.minLength(3), z.maxLength(COUPON_CODE_MAX), z.regex(COUPON_CODE, 'validation.format'))
const day = z.string().check(z.minLength(1, { abort: true }), z.refine(isIsoDate, 'validation.format'))
const packageId = z.int().check(z.gte(1), z.lte(2_147_483_647))

const couponFields = {
  name_ar: name,
  name_en: name,
  code,
  type: z.enum(couponTypes),
  /** PERCENTAGE: 1-100 (whole); FIXED: riyals above 0 with at most 2 decimals. */
  value: z.number().check(z.gt(0), z.lte(MAX_FIXED)),
  /** First and last valid days (`yyyy-mm-dd`, inclusive); neither earlier than today when created. */
  from: day,
  to: day,
  /** How many times the coupon can be used. */
  user_count: z.int().check(z.gte(1), z.lte(1_000_000)),
  package_ids: z.array(packageId).check(z.minLength(1, 'validation.packagesRequired'), z.maxLength(200)),
  is_active: z.optional(z.boolean()),
}

type Shape = { type: string; value: number; from: string; to: string }

/** Value by type, and `to` not before `from`. Runs even when other fields failed. */
const couponRules = z.superRefine(
  (body: Shape, ctx) => {
    if (typeof body.value === 'number' && Number.isFinite(body.value)) {
      if (body.type === 'PERCENTAGE' && !Number.isInteger(body.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.integer', input: body.value })
      else if (body.type === 'PERCENTAGE' && body.value > 100)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: 100, inclusive: true, path: ['value'], input: body.value })
      if (body.type === 'FIXED' && Math.abs(body.value * 100 - Math.round(body.value * 100)) > 1e-6)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.format', input: body.value })
    }
    if (typeof body.from === 'string' && typeof body.to === 'string' && isIsoDate(body.from) && isIsoDate(body.to) && body.to < body.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.earlierDate', input: body.to })
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

export const couponCreateBody = z.strictObject(couponFields).check(couponRules)
export type CouponCreateBody = z.infer<typeof couponCreateBody>
export const couponUpdateBody = z.strictObject({ ...couponFields, version: versionSchema }).check(couponRules)
export type CouponUpdateBody = z.infer<typeof couponUpdateBody>

const couponSortColumns = ['name', 'code', 'from', 'to', 'uses', 'created_at', 'id'] as const
export const couponListQuery = listQuerySchema(couponSortColumns, {
  is_active: queryBoolean,
  /** One status or several, comma separated. */
  status: queryOneOfMany(couponStatusValues),
  type: queryOneOfMany(couponTypes),
  package_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
})
export type CouponListQuery = z.infer<typeof couponListQuery>

const couponTranslationSchema = z.object({ locale: localeSchema, name: z.string() })

export const couponSchema = z.object({
  id: z.int(),
  name: z.string(),
  code: z.string(),
  type: z.enum(couponTypes),
  /** PERCENTAGE: percent; FIXED: riyals with 2 decimals. */
  value: z.number(),
  from: z.string(),
  to: z.string(),
  user_count: z.int(),
  /** Uses so far. */
  uses: z.int(),
  status: z.enum(couponStatusValues),
  package_ids: z.array(z.int()),
  packages: z.array(z.object({ id: z.int(), title: z.string() })),
  is_active: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(couponTranslationSchema),
})
export type Coupon = z.infer<typeof couponSchema>
export const couponPageSchema = pageSchema(couponSchema)

/** `POST coupons/check`: without a code (or an empty one) it prices the package alone. */
export const couponCheckBody = z.strictObject({
  code: z.optional(z.string().check(z.trim(), z.maxLength(COUPON_CODE_MAX))),
  package_id: packageId,
})
export type CouponCheckBody = z.infer<typeof couponCheckBody>

/** Why a code does not apply to a package. */
const couponRefusals = ['not_found', 'inactive', 'scheduled', 'expired', 'used_up', 'not_for_package'] as const
export type CouponRefusal = (typeof couponRefusals)[number]

const amounts = {
  /** Riyals with 2 decimals. */
  price: z.number(),
  discount: z.number(),
  net: z.number(),
  vat: z.number(),
  total: z.number(),
  vat_percent: z.number(),
}
export const couponCheckResult = z.object({
  applies: z.boolean(),
  /** Set when the coupon does not apply; `message` says it in the `Lang` language. */
  reason: z.nullable(z.enum(couponRefusals)),
  ...amounts,
})
export type CouponCheckResult = z.infer<typeof couponCheckResult>
