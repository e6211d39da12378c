import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../../db/columns'

/**
 * Coupons (DOMAIN.md "Coupons"): `value` is a percent (PERCENTAGE) or halalas (FIXED); `uses` never
 * passes `user_count` (redemptions are one conditional UPDATE); codes are unique whatever the case.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    userCount: integer('user_count').notNull(),
    uses: integer('uses').notNull().default(0),
    /** The packages it applies to (at least one). */
    packageIds: integer('package_ids').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    index('coupons_name_ar_idx').on(byName(t.nameAr), t.id),
    index('coupons_name_en_idx').on(byName(t.nameEn), t.id),
    index('coupons_valid_to_idx').on(t.validTo, t.id),
    index('coupons_created_at_idx').on(t.createdAt, t.id),
    index('coupons_package_ids_idx').using('gin', t.packageIds),
    check('coupons_version_check', sql`${t.version} >= 1`),
    check('coupons_type_check', sql`${t.type} in ('PERCENTAGE', 'FIXED')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.type} <> 'PERCENTAGE' or ${t.value} <= 100)`),
    check('coupons_dates_check', sql`${t.validTo} >= ${t.validFrom}`),
    check('coupons_uses_check', sql`${t.uses} >= 0 and ${t.uses} <= ${t.userCount}`),
    check('coupons_user_count_check', sql`${t.userCount} >= 1`),
    check('coupons_packages_check', sql`cardinality(${t.packageIds}) >= 1`),
  ],
)
