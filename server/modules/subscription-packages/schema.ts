import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, tz, updatedAt, byName } from '../../db/columns'

/**
 * Subscription packages (DOMAIN.md "Packages and subscriptions"): prices in halalas, `days` for a
 * DAYS package, the thirteen limits as `{ key: integer | null }` (null: unlimited).
 */
export const packages = pgTable(
  'packages',
  {
    id: id(),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    shortDescriptionAr: text('short_description_ar').notNull(),
    shortDescriptionEn: text('short_description_en').notNull(),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    /** Halalas. */
    price: integer('price').notNull(),
    subscriptionType: text('subscription_type').notNull(),
    days: integer('days'),
    packageType: text('package_type').notNull(),
    limits: jsonb('limits')
      .$type<Record<string, number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('packages_display_order_idx').on(t.displayOrder, t.id),
    index('packages_title_ar_idx').on(byName(t.titleAr), t.id),
    index('packages_title_en_idx').on(byName(t.titleEn), t.id),
    index('packages_price_idx').on(t.price, t.id),
    index('packages_created_at_idx').on(t.createdAt, t.id),
    check('packages_version_check', sql`${t.version} >= 1`),
    check('packages_price_check', sql`${t.price} >= 0`),
    check('packages_display_order_check', sql`${t.displayOrder} >= 0`),
    check('packages_subscription_type_check', sql`${t.subscriptionType} in ('MONTH', 'YEAR', 'DAYS', 'LIFE_TIME')`),
    check('packages_package_type_check', sql`${t.packageType} in ('FREE_TRIAL', 'STANDARD', 'ELITE')`),
    check('packages_free_trial_price_check', sql`${t.packageType} <> 'FREE_TRIAL' or ${t.price} = 0`),
    check(
      'packages_days_check',
      sql`(${t.days} is null or ${t.days} between 1 and 3650) and (${t.subscriptionType} <> 'DAYS' or ${t.packageType} = 'FREE_TRIAL' or ${t.days} is not null)`,
    ),
    check('packages_limits_object_check', sql`jsonb_typeof(${t.limits}) = 'object'`),
  ],
)

/** The packages' general settings: one row (`singleton` is always true). */
export const packageSettings = pgTable(
  'package_settings',
  {
    id: id(),
    singleton: boolean('singleton').notNull().default(true),
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    freeTrialDays: integer('free_trial_days').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    sellerNameAr: text('seller_name_ar').notNull(),
    sellerNameEn: text('seller_name_en').notNull(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    sellerAddress: text('seller_address').notNull(),
    bankAccounts: jsonb('bank_accounts')
      .$type<{ bank_name: string; holder_name: string; iban: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('package_settings_singleton_unique').on(t.singleton),
    check('package_settings_singleton_check', sql`${t.singleton}`),
    check('package_settings_vat_check', sql`${t.vatPercent} between 0 and 100`),
    check('package_settings_trial_days_check', sql`${t.freeTrialDays} between 1 and 365`),
    check('package_settings_vat_number_check', sql`${t.sellerVatNumber} ~ '^3[0-9]{13}3$'`),
    check('package_settings_bank_accounts_check', sql`jsonb_typeof(${t.bankAccounts}) = 'array'`),
    check('package_settings_version_check', sql`${t.version} >= 1`),
  ],
)
