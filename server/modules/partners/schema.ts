import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { byName, createdAt, id, updatedAt } from '../../db/columns'
import { admins } from '../auth/schema'
import { coupons } from '../coupons/schema'
import { referralCodeGroups } from '../referral-code-groups/schema'
import { packages } from '../subscription-packages/schema'
import { vendorPayments, vendors } from '../vendors/schema'

/**
 * Partners and their wallets (DOMAIN.md "Referrals, partners and wallets"). Money is halalas. The
 * wallet's balance is the partner row's `balance`, changed only with a ledger entry in the same
 * transaction (the row lock orders them) and never below 0 (a CHECK, whatever the code does).
 */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    secondPhone: text('second_phone'),
    commercialRegistration: text('commercial_registration'),
    taxNo: text('tax_no'),
    /** Kept upper-case; unique whatever the case. */
    referralCode: text('referral_code').notNull(),
    referralPercentage: numeric('referral_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    referralDueMonths: integer('referral_due_months').notNull(),
    balance: integer('balance').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('partners_referral_code_unique').on(sql`upper(${t.referralCode})`),
    uniqueIndex('partners_email_unique').on(sql`lower(${t.email})`),
    index('partners_full_name_idx').on(byName(t.fullName), t.id),
    index('partners_balance_idx').on(t.balance, t.id),
    index('partners_created_at_idx').on(t.createdAt, t.id),
    check('partners_balance_check', sql`${t.balance} >= 0`),
    check('partners_percentage_check', sql`${t.referralPercentage} > 0 and ${t.referralPercentage} <= 100`),
    check('partners_due_months_check', sql`${t.referralDueMonths} between 1 and 120`),
    check('partners_referral_code_check', sql`${t.referralCode} ~ '^[A-Z0-9]{4,20}$'`),
    check('partners_version_check', sql`${t.version} >= 1`),
  ],
)

/** The partner whose code a vendor registered with (one partner per vendor). */
export const partnerReferrals = pgTable(
  'partner_referrals',
  {
    vendorId: integer('vendor_id')
      .primaryKey()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partner_referrals_partner_idx').on(t.partnerId, t.createdAt)],
)

/**
 * Each successful payment of a referred vendor (referred by a partner or by another vendor), with
 * the rule it was credited by and the commission it earned (0 past the due months). One row per
 * payment: the unique payment id makes a second credit impossible.
 */
export const referralPayments = pgTable(
  'referral_payments',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => vendorPayments.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'restrict' }),
    referrerVendorId: integer('referrer_vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    /** The vendor referrer's group when it was credited (null for a partner). */
    groupId: integer('group_id').references(() => referralCodeGroups.id, { onDelete: 'set null' }),
    packageId: integer('package_id').references(() => packages.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** What was paid (VAT included) and its net. */
    amount: integer('amount').notNull(),
    net: integer('net').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** The month of the referral the payment falls in (1 = from the first successful payment). */
    month: integer('month').notNull(),
    commission: integer('commission').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('referral_payments_payment_unique').on(t.paymentId),
    index('referral_payments_partner_idx')
      .on(t.partnerId, t.paidOn)
      .where(sql`${t.partnerId} is not null`),
    index('referral_payments_referrer_vendor_idx')
      .on(t.referrerVendorId, t.paidOn)
      .where(sql`${t.referrerVendorId} is not null`),
    index('referral_payments_vendor_idx').on(t.vendorId, t.paidOn),
    // the partners report: a period's payments of every partner, read from the index alone
    index('referral_payments_paid_on_idx')
      .on(t.paidOn, t.partnerId, t.packageId, t.couponId, t.amount, t.commission)
      .where(sql`${t.partnerId} is not null`),
    // the same with a package or a coupon filter: only that package's (coupon's) payments of the period
    index('referral_payments_package_paid_on_idx')
      .on(t.packageId, t.paidOn, t.partnerId, t.amount, t.commission)
      .where(sql`${t.partnerId} is not null`),
    index('referral_payments_coupon_paid_on_idx')
      .on(t.couponId, t.paidOn, t.partnerId, t.amount, t.commission)
      .where(sql`${t.partnerId} is not null and ${t.couponId} is not null`),
    check('referral_payments_referrer_check', sql`(${t.partnerId} is null) <> (${t.referrerVendorId} is null)`),
    check('referral_payments_amounts_check', sql`${t.amount} > 0 and ${t.net} >= 0 and ${t.net} <= ${t.amount} and ${t.commission} >= 0`),
    check('referral_payments_month_check', sql`${t.month} >= 1`),
  ],
)

/** Payouts from a partner's wallet (spec "Partner payment": payment_no, amount, date, file). */
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    paymentNo: text('payment_no').notNull(),
    amount: integer('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** Server-made name under `DATA_DIR/receipts` (never served from the web root). */
    fileName: text('file_name'),
    fileType: text('file_type'),
    idempotencyKey: text('idempotency_key'),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partner_payouts_idempotency_key_unique').on(t.idempotencyKey),
    index('partner_payouts_partner_idx').on(t.partnerId, t.paidOn),
    check('partner_payouts_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * A partner's wallet ledger: a credit tied to the referred payment that earned it, or a payout tied
 * to the partner payment; `balance_after` is the balance once the entry was written. The balance is
 * the sum of the amounts.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['credit', 'payout'] }).notNull(),
    /** Signed halalas: a credit is positive, a payout negative. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    referralPaymentId: integer('referral_payment_id').references(() => referralPayments.id, { onDelete: 'restrict' }),
    payoutId: integer('payout_id').references(() => partnerPayouts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallet_entries_referral_payment_unique').on(t.referralPaymentId),
    uniqueIndex('wallet_entries_payout_unique').on(t.payoutId),
    index('wallet_entries_partner_idx').on(t.partnerId, t.createdAt, t.id),
    // the partners report: the period's payouts, and what came after it, for every partner
    index('wallet_entries_date_idx').on(t.entryDate, t.partnerId, t.kind, t.amount),
    check('wallet_entries_kind_check', sql`${t.kind} in ('credit', 'payout')`),
    check('wallet_entries_balance_check', sql`${t.balanceAfter} >= 0`),
    check(
      'wallet_entries_link_check',
      sql`(${t.kind} = 'credit' and ${t.amount} > 0 and ${t.referralPaymentId} is not null and ${t.payoutId} is null)
        or (${t.kind} = 'payout' and ${t.amount} < 0 and ${t.payoutId} is not null and ${t.referralPaymentId} is null)`,
    ),
  ],
)
