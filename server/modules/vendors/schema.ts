import { sql } from 'drizzle-orm'
import { check, customType, date, index, integer, pgTable, primaryKey, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { byName, createdAt, id, tz, updatedAt } from '../../db/columns'
import { coupons } from '../coupons/schema'
import { marketplaces } from '../marketplaces/schema'
import { packages } from '../subscription-packages/schema'

/** Text compared byte-wise (collation "C"). */
const textCollatedC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' })

/**
 * Vendors (DOMAIN.md "Vendors"). `package_id` is a row of the packages module's `packages` table (a
 * package in use cannot be deleted: 409). `user_id` is the vendor's end-user account
 * (set on creation, so the vendor can set its password through the reset link).
 */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    storeName: text('store_name').notNull(),
    companyName: text('company_name').notNull(),
    commercialRegistration: text('commercial_registration').notNull(),
    commercialRegistrationExpiry: date('commercial_registration_expiry', { mode: 'string' }),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'active', 'inactive'] })
      .notNull()
      .default('pending'),
    packageId: integer('package_id').references(() => packages.id),
    subscriptionExpiresAt: tz('subscription_expires_at'),
    subdomain: text('subdomain').notNull(),
    taxNo: text('tax_no'),
    utmSource: text('utm_source'),
    referralCode: text('referral_code').notNull(),
    referredByVendorId: integer('referred_by_vendor_id').references((): AnyPgColumn => vendors.id, { onDelete: 'set null' }),
    userId: integer('user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
    /**
     * What the list's search looks in: store, company, phone, subdomain and email, one a line (a
     * search term is one line, so it never matches across two of them): one ILIKE a row instead of
     * five, and one trigram index. Collation "C": ILIKE folds only ASCII letters then (Arabic has no
     * case), without lower-casing every row through the locale, which made it the list's main cost.
     */
    searchText: textCollatedC('search_text').generatedAlwaysAs(
      sql`store_name || chr(10) || company_name || chr(10) || phone || chr(10) || subdomain || chr(10) || email`,
    ),
  },
  (t) => [
    uniqueIndex('vendors_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('vendors_subdomain_unique').on(t.subdomain),
    uniqueIndex('vendors_referral_code_unique').on(t.referralCode),
    index('vendors_store_name_idx').on(byName(t.storeName), t.id),
    index('vendors_company_name_idx').on(byName(t.companyName), t.id),
    index('vendors_status_idx').on(t.status, t.id),
    index('vendors_created_at_idx').on(t.createdAt, t.id),
    // the dashboard's registrations per day by source, read from the index alone
    index('vendors_created_source_idx').on(t.createdAt, t.utmSource),
    index('vendors_expires_idx').on(t.subscriptionExpiresAt, t.id),
    index('vendors_package_idx').on(t.packageId, t.id),
    index('vendors_utm_source_idx').on(t.utmSource, t.id),
    index('vendors_referred_by_idx').on(t.referredByVendorId, t.id),
    // The search (ILIKE '%term%') through trigrams.
    index('vendors_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('vendors_status_check', sql`${t.status} in ('pending', 'active', 'inactive')`),
    check('vendors_subdomain_check', sql`${t.subdomain} ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' and length(${t.subdomain}) between 3 and 30`),
    check('vendors_commercial_registration_check', sql`${t.commercialRegistration} ~ '^[0-9]{10}$'`),
    check('vendors_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('vendors_version_check', sql`${t.version} >= 1`),
  ],
)

/**
 * The marketplaces a vendor sells on (or, registering, means to): the vendor's rows go with it; a
 * marketplace vendors name cannot be deleted (409: made inactive instead). The list's filter by
 * marketplace reads `marketplace_id` first.
 */
export const vendorMarketplaces = pgTable(
  'vendor_marketplaces',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.marketplaceId] }),
    index('vendor_marketplaces_marketplace_idx').on(t.marketplaceId, t.vendorId),
  ],
)

/**
 * Payments of vendors (DOMAIN.md "Payments"): amounts in halalas; the status changes only as
 * `domain/payments` allows; a repeated `idempotency_key` finds the first payment.
 */
export const vendorPayments = pgTable(
  'payments',
  {
    id: id(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    packageId: integer('package_id').references(() => packages.id),
    /** The coupon the amount was priced with; its use is counted when the payment succeeds. */
    couponId: integer('coupon_id').references(() => coupons.id),
    amountHalalas: integer('amount').notNull(),
    method: text('method').notNull(),
    paymentNumber: text('payment_number').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['DUE_PAYMENT', 'Pending', 'Success', 'Rejected'] }).notNull(),
    reason: text('reason'),
    /** Server-made name under `DATA_DIR/receipts` (never served from the web root). */
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    /** The admin who made the last change (recorded or changed its status). */
    changedBy: integer('changed_by'),
    changedAt: tz('changed_at'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_unique').on(t.idempotencyKey),
    index('payments_vendor_idx').on(t.vendorId, t.id),
    index('payments_status_paid_at_idx').on(t.status, t.paidAt),
    // the dashboard's card of payments awaiting approval: how many, and of how many vendors
    index('payments_pending_vendor_idx')
      .on(t.vendorId)
      .where(sql`${t.status} = 'Pending'`),
    check('payments_amount_check', sql`${t.amountHalalas} > 0`),
    check('payments_method_check', sql`${t.method} in ('APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD', 'CACHE', 'BANK')`),
    check('payments_status_check', sql`${t.status} in ('DUE_PAYMENT', 'Pending', 'Success', 'Rejected')`),
    check('payments_rejected_reason_check', sql`${t.status} <> 'Rejected' or coalesce(length(trim(${t.reason})), 0) > 0`),
  ],
)
