import * as z from 'zod/mini'
import { localeSchema } from './common'
import { packageTypes, subscriptionTypes } from './core'
import { listQuerySchema, pageSchema, queryBoolean, queryOneOfMany, versionSchema } from './resource'
export * from './packages.routes'

/**
 * Subscription packages (spec section 3, DOMAIN.md "Packages and subscriptions"): what vendors buy.
 * Prices travel as riyals with at most 2 decimals and are stored in halalas; limits are integers,
 * `null` meaning unlimited. The general settings (VAT, trial days, invoice prefix, seller and bank
 * accounts) live at `{path}/general`.
 */

/** The thirteen limits of a package (spec section 3), in the spec's order. */
export const packageLimitKeys = [
  'product_count',
  'market_count',
  'order_count',
  'num_branches',
  'num_orders',
  'num_shared_apps',
  'num_brands',
  'added_price',
  'whatsapp_free_conversations_count',
  'whatsapp_sales_channel_usage',
  'pickup_locations_count',
  'users_count',
  'shipping_companies_count',
] as const
export type PackageLimitKey = (typeof packageLimitKeys)[number]

/** A Saudi VAT registration number: 15 digits, starting and ending with 3 (shape only). */
export const isSaudiVatNumber = (value: string) => /^3\d{13}3$/.test(value)

/** An IBAN without spaces, upper case (`sa03 8000 0000 …` -> `SA0380000000…`). */
export const normalizeIban = (value: string) => value.replace(/\s+/g, '').toUpperCase()

/**
 * An IBAN whose check digits hold (ISO 13616, mod 97 = 1), 15 to 34 characters; Saudi IBANs have 24.
 * Spaces and lower case are accepted (normalise with `normalizeIban` before storing).
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  if (iban.startsWith('SA') && iban.length !== 24) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55)
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** At most 2 decimals: no fraction of a halala (same rule as `decimalToHalalas` of domain/money). */
const isWholeHalalas = (value: number) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

export const MAX_PRICE = 1_000_000
const MAX_LIMIT = 1_000_000_000
export const MAX_PACKAGE_DAYS = 3650

/** Riyals with at most 2 decimals, 0 to `max` (a fraction of a halala is refused). */
const riyals = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max), z.refine(isWholeHalalas, 'validation.format'))

const title = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
const shortDescription = z.string().check(z.trim(), z.minLength(1), z.maxLength(500))
/** The detailed explanation: rich text, sanitised by the server; empty means none. */
const details = z.optional(z.nullable(z.string().check(z.maxLength(20_000))))
const limit = z.optional(z.nullable(z.int().check(z.gte(0), z.lte(MAX_LIMIT))))

const packageFields = {
  title_ar: title,
  title_en: title,
  short_description_ar: shortDescription,
  short_description_en: shortDescription,
  description_ar: details,
  description_en: details,
  /** Riyals; a FREE_TRIAL package is always saved at 0. */
  price: riyals(0, MAX_PRICE),
  subscription_type: z.enum(subscriptionTypes),
  /** The period of a DAYS package (required then, ignored otherwise). */
  days: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(MAX_PACKAGE_DAYS)))),
  package_type: z.enum(packageTypes),
  ...(Object.fromEntries(packageLimitKeys.map((key) => [key, limit])) as Record<PackageLimitKey, typeof limit>),
  is_active: z.optional(z.boolean()),
  display_order: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
}

/** A DAYS package needs its number of days (a free trial takes the trial days of the settings). */
const daysRule = z.superRefine(
  (body: { subscription_type: string; package_type: string; days?: number | null | undefined }, ctx) => {
    if (body.package_type !== 'FREE_TRIAL' && body.subscription_type === 'DAYS' && (body.days === undefined || body.days === null))
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'validation.required', input: body.days })
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

export const packageCreateBody = z.strictObject(packageFields).check(daysRule)
export type PackageCreateBody = z.infer<typeof packageCreateBody>
export const packageUpdateBody = z.strictObject({ ...packageFields, version: versionSchema }).check(daysRule)
export type PackageUpdateBody = z.infer<typeof packageUpdateBody>

const packageSortColumns = ['display_order', 'title', 'price', 'created_at', 'id'] as const
export const packageListQuery = listQuerySchema(packageSortColumns, {
  is_active: queryBoolean,
  package_type: queryOneOfMany(packageTypes),
  subscription_type: queryOneOfMany(subscriptionTypes),
})
export type PackageListQuery = z.infer<typeof packageListQuery>

const packageTranslationSchema = z.object({
  locale: localeSchema,
  title: z.string(),
  short_description: z.string(),
  description: z.nullable(z.string()),
})

export const packageSchema = z.object({
  id: z.int(),
  title: z.string(),
  short_description: z.string(),
  description: z.nullable(z.string()),
  /** Riyals with 2 decimals. */
  price: z.number(),
  subscription_type: z.enum(subscriptionTypes),
  days: z.nullable(z.int()),
  package_type: z.enum(packageTypes),
  ...(Object.fromEntries(packageLimitKeys.map((key) => [key, z.nullable(z.int())])) as Record<
    PackageLimitKey,
    z.ZodMiniNullable<z.ZodMiniInt>
  >),
  is_active: z.boolean(),
  display_order: z.int(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(packageTranslationSchema),
})
export type SubscriptionPackage = z.infer<typeof packageSchema>
export const packagePageSchema = pageSchema(packageSchema)

/** `PUT {path}/reorder`: every package id in its new display order (first shown first). */
export const packageReorderBody = z.strictObject({
  ids: z.array(z.int().check(z.gte(1), z.lte(2_147_483_647))).check(z.minLength(1), z.maxLength(500)),
})
export type PackageReorderBody = z.infer<typeof packageReorderBody>

/** `core/list/subscription-packages`: packages to choose from (active ones unless `all=1`). */
export const packageOptionsQuery = z.strictObject({ all: queryBoolean })

// ---- general settings -------------------------------------------------------------------------

export const DEFAULT_VAT_PERCENT = 15
export const DEFAULT_TRIAL_DAYS = 14
export const DEFAULT_INVOICE_PREFIX = 'INV'

const bankAccountSchema = z.strictObject({
  bank_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  holder_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  /** Spaces and lower case are accepted; stored without spaces, upper case. */
  iban: z.string().check(z.trim(), z.minLength(1, { abort: true }), z.maxLength(42), z.refine(isValidIban, 'validation.format')),
})
export type BankAccount = z.infer<typeof bankAccountSchema>

const sellerName = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(200))

/**
 * `PUT {path}/general`: the packages' general settings. `version` is the one read (0 before the
 * first save); a stale one is refused with 409.
 */
export const packageSettingsBody = z.strictObject({
  vat_percent: z.number().check(z.gte(0), z.lte(100), z.refine(isWholeHalalas, 'validation.format')),
  free_trial_days: z.int().check(z.gte(1), z.lte(365)),
  invoice_prefix: z.string().check(z.trim(), z.minLength(1), z.maxLength(12), z.regex(/^[A-Za-z0-9-]+$/, 'validation.format')),
  seller_name_ar: sellerName,
  seller_name_en: sellerName,
  seller_vat_number: z
    .string()
    .check(z.trim(), z.minLength(1, { abort: true }), z.length(15), z.refine(isSaudiVatNumber, 'validation.format')),
  seller_address: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  bank_accounts: z.array(bankAccountSchema).check(z.maxLength(20)),
  version: z.int().check(z.gte(0)),
})
export type PackageSettingsBody = z.infer<typeof packageSettingsBody>

export const packageSettingsSchema = z.object({
  vat_percent: z.number(),
  free_trial_days: z.int(),
  invoice_prefix: z.string(),
  seller_name_ar: z.string(),
  seller_name_en: z.string(),
  seller_vat_number: z.string(),
  seller_address: z.string(),
  bank_accounts: z.array(z.object({ bank_name: z.string(), holder_name: z.string(), iban: z.string() })),
  /** 0 before the first save (the defaults are shown). */
  version: z.int(),
  updated_at: z.nullable(z.string()),
})
export type PackageSettings = z.infer<typeof packageSettingsSchema>
