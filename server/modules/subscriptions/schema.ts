import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, tz, updatedAt } from '../../db/columns'
import { coupons } from '../coupons/schema'
import { packages } from '../subscription-packages/schema'
import { vendorPayments, vendors } from '../vendors/schema'

/** The seller as the tax invoice names it, kept as it was when the invoice was issued. */
export type InvoiceSeller = { name_ar: string; name_en: string; vat_number: string; address: string }

/**
 * Vendors' subscriptions to packages (DOMAIN.md "Packages and subscriptions"). A successful payment
 * makes one (its period, amounts and tax invoice); a vendor has at most one `active` one, the one a
 * renewal took over from is `replaced` and kept as history. Amounts are halalas.
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
    /** The payment that bought it (one subscription per payment). */
    paymentId: integer('payment_id').references(() => vendorPayments.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    status: text('status').notNull(),
    /** The package's subscription type when it was bought (MONTH, YEAR, DAYS, LIFE_TIME). */
    subscriptionType: text('subscription_type'),
    startsAt: tz('starts_at'),
    /** Null for a LIFE_TIME package. */
    expiresAt: tz('expires_at'),
    /** What was paid, VAT included. */
    amount: integer('amount').notNull(),
    /** What the coupon took off the package's price, before VAT. */
    discount: integer('discount').notNull().default(0),
    net: integer('net').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** `PREFIX-YYYY-000123`: per year, gap-free, assigned when the payment succeeded. */
    invoiceNumber: text('invoice_number'),
    invoicedAt: tz('invoiced_at'),
    seller: jsonb('seller').$type<InvoiceSeller>(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_package_id_idx').on(t.packageId, t.status),
    index('subscriptions_vendor_id_idx').on(t.vendorId),
    index('subscriptions_expires_idx').on(t.expiresAt, t.id),
    index('subscriptions_created_idx').on(t.createdAt, t.id),
    // the dashboard's revenue (this month, last month, by month): read from the index alone
    index('subscriptions_invoiced_idx').on(t.invoicedAt, t.net, t.tax),
    uniqueIndex('subscriptions_payment_unique').on(t.paymentId),
    // the coupons report: the period's uses of coupons, by their tax invoice's moment, read from the index alone
    index('subscriptions_coupon_invoiced_idx')
      .on(t.invoicedAt, t.couponId, t.packageId, t.discount, t.net, t.tax, t.amount)
      .where(sql`${t.couponId} is not null`),
    uniqueIndex('subscriptions_invoice_number_unique').on(t.invoiceNumber),
    // at most one running subscription per vendor
    uniqueIndex('subscriptions_one_active_unique')
      .on(t.vendorId)
      .where(sql`${t.status} = 'active'`),
    check('subscriptions_amount_check', sql`${t.amount} >= 0`),
    check('subscriptions_amounts_check', sql`${t.discount} >= 0 and ${t.net} >= 0 and ${t.tax} >= 0`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'replaced')`),
  ],
)

/** The last invoice number of each year: one row per year, counted up in the approval's transaction (gap-free). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
})
