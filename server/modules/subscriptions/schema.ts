import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, tz } from '../../db/columns'
import { packages } from '../subscription-packages/schema'
import { vendors } from '../vendors/schema'

/**
 * Vendors' subscriptions to packages (DOMAIN.md "Packages and subscriptions"): the minimal table the
 * packages' delete rule reads; each belongs to a vendor.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    status: text('status').notNull(),
    startsAt: tz('starts_at'),
    /** Null for a LIFE_TIME package. */
    expiresAt: tz('expires_at'),
    /** Halalas. */
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_package_id_idx').on(t.packageId, t.status),
    index('subscriptions_vendor_id_idx').on(t.vendorId),
    check('subscriptions_amount_check', sql`${t.amount} >= 0`),
  ],
)
