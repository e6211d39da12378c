import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns'

/** The single terms-and-conditions record (`singleton` is always true: at most one row). */
export const termsConditions = pgTable(
  'terms_conditions',
  {
    id: id(),
    singleton: boolean('singleton').notNull().default(true),
    termsAr: text('terms_ar').notNull(),
    termsEn: text('terms_en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('terms_conditions_singleton_unique').on(t.singleton),
    check('terms_conditions_singleton_check', sql`${t.singleton}`),
    check('terms_conditions_version_check', sql`${t.version} >= 1`),
  ],
)
