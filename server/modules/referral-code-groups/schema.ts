import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { byName, createdAt, id, updatedAt } from '../../db/columns'
import { vendors } from '../vendors/schema'

/**
 * Referral code groups (DOMAIN.md "Referrals, partners and wallets"): what vendors' referral codes
 * earn. Exactly one group is the default for sellers (a partial unique index keeps it to one; the
 * service moves the mark in the write's transaction); the default group is active.
 */
export const referralCodeGroups = pgTable(
  'referral_code_groups',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    numberOfMonths: integer('number_of_months').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('referral_code_groups_one_default_unique')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
    index('referral_code_groups_name_ar_idx').on(byName(t.nameAr), t.id),
    index('referral_code_groups_name_en_idx').on(byName(t.nameEn), t.id),
    check('referral_code_groups_percentage_check', sql`${t.percentage} > 0 and ${t.percentage} <= 100`),
    check('referral_code_groups_months_check', sql`${t.numberOfMonths} between 1 and 120`),
    check('referral_code_groups_default_active_check', sql`not ${t.isDefault} or ${t.isActive}`),
    check('referral_code_groups_version_check', sql`${t.version} >= 1`),
  ],
)

/** The group a vendor's referral code follows (a vendor in none follows the default group). */
export const referralGroupVendors = pgTable(
  'referral_group_vendors',
  {
    vendorId: integer('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => referralCodeGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('referral_group_vendors_group_idx').on(t.groupId, t.vendorId)],
)
