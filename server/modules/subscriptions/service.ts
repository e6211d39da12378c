import { and, count, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  EXPIRING_SOON_DAYS,
  subscriptionListQuery,
  subscriptionSchema,
  subscriptionsResource,
  type Invoice,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionPhase,
} from '../../../src/contract/subscriptions'
import { businessDayOf, discountOf, halalasToDecimal, splitTotal } from '../../../src/domain/money'
import {
  renewalStart,
  startOfBusinessDay,
  subscriptionEnd,
  subscriptionPhase,
  type SubscriptionStatus,
} from '../../../src/domain/subscriptions'
import { zatcaTlv } from '../../../src/domain/zatca'
import type { Db } from '../../db'
import type { AppDeps, DeletionGuard } from '../../lib/context'
import { changedFields, writeAudit } from '../../lib/audit'
import { AppError } from '../../lib/errors'
import { readOnlyWrites, type ResourceDefinition, type ResourceTable } from '../../lib/resource'
import { redeemCoupon } from '../coupons/service'
import { coupons } from '../coupons/schema'
import { packages } from '../subscription-packages/schema'
import { readPackageSettings } from '../subscription-packages/service'
import type { PaymentApproved } from '../vendors/events'
import { vendors } from '../vendors/schema'
import { invoiceCounters, subscriptions } from './schema'

/** A subscription counts as active while its status is `active` and it has not expired (LIFE_TIME never does). */
export async function packageHasActiveSubscriptions(db: Db, packageId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.packageId, packageId),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, sql`now()`)),
      ),
    )
  return (row?.n ?? 0) > 0
}

/** Asked before a package is deleted: refused while vendors hold an active subscription to it (DOMAIN.md). */
export const refuseDeletingSubscribedPackage: DeletionGuard = async (db, packageId) =>
  (await packageHasActiveSubscriptions(db, packageId)) ? { key: 'subscription-packages.errors.activeSubscriptions' } : null

/* Approval */

/** `PREFIX-YYYY-000123`. */
const invoiceNumberOf = (prefix: string, year: number, n: number) => `${prefix}-${year}-${String(n).padStart(6, '0')}`

/**
 * The next invoice number of `year`: one upsert of the year's counter row, which stays locked until
 * the approval's transaction ends, so numbers follow each other without a gap or a repeat however
 * many approvals run at once (a rolled-back approval gives its number back).
 */
async function nextInvoiceNumber(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last })
  if (!row) throw new Error('the invoice counter did not answer')
  return row.last
}

/**
 * What a successful payment does (DOMAIN.md "Payments"), in the approval's transaction: the vendor's
 * running subscription (if any) is replaced by a new one that starts at its expiry when renewed
 * early, else at the payment's date; the vendor takes the package and the new expiry; the coupon's
 * use is counted; the tax invoice gets the year's next number. The approval itself happens once
 * (the payment's status is changed conditionally), so this runs once per payment.
 */
export async function activateSubscription(tx: Db, approved: PaymentApproved): Promise<void> {
  if (approved.packageId === null) throw new AppError(409, 'subscriptions.errors.noPackage')
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, approved.packageId)).limit(1)
  if (!pkg) throw new AppError(409, 'subscriptions.errors.noPackage')
  const settings = await readPackageSettings(tx)

  const [current] = await tx
    .select({ id: subscriptions.id, expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.vendorId, approved.vendorId), eq(subscriptions.status, 'active')))
    .limit(1)
    .for('update')
  const paidAt = startOfBusinessDay(approved.paidAt)
  const startsAt = renewalStart(paidAt, current?.expiresAt)
  const days = pkg.packageType === 'FREE_TRIAL' ? settings.free_trial_days : pkg.days
  const type = pkg.subscriptionType as 'MONTH' | 'YEAR' | 'DAYS' | 'LIFE_TIME'
  const expiresAt = subscriptionEnd(startsAt, type, days)
  if (current) {
    await tx
      .update(subscriptions)
      .set({ status: 'replaced' satisfies SubscriptionStatus, updatedAt: approved.at, version: sql`${subscriptions.version} + 1` })
      .where(eq(subscriptions.id, current.id))
    await writeAudit(tx, {
      adminId: approved.adminId,
      action: 'update',
      resource: subscriptionsResource.name,
      recordId: current.id,
      changes: { status: { from: 'active', to: 'replaced' } },
      at: approved.at,
    })
  }

  let discount = 0
  if (approved.couponId !== null) {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, approved.couponId)).limit(1)
    if (coupon) discount = discountOf(pkg.price, { type: coupon.type as 'PERCENTAGE' | 'FIXED', value: coupon.value })
    // the price was agreed when the payment was recorded: a coupon used up meanwhile is not counted twice over its limit
    await redeemCoupon(tx, approved.couponId, approved.at)
  }
  const vatPercent = settings.vat_percent
  const { net, vat } = splitTotal(approved.amountHalalas, vatPercent)
  const year = Number(businessDayOf(approved.at).slice(0, 4))
  const invoiceNumber = invoiceNumberOf(settings.invoice_prefix, year, await nextInvoiceNumber(tx, year))

  const [created] = await tx
    .insert(subscriptions)
    .values({
      vendorId: approved.vendorId,
      packageId: pkg.id,
      paymentId: approved.paymentId,
      couponId: approved.couponId,
      status: 'active' satisfies SubscriptionStatus,
      subscriptionType: type,
      startsAt,
      expiresAt,
      amount: approved.amountHalalas,
      discount,
      net,
      tax: vat,
      vatPercent,
      invoiceNumber,
      invoicedAt: approved.at,
      seller: {
        name_ar: settings.seller_name_ar,
        name_en: settings.seller_name_en,
        vat_number: settings.seller_vat_number,
        address: settings.seller_address,
      },
      createdAt: approved.at,
      updatedAt: approved.at,
    })
    .returning({ id: subscriptions.id })
  await auditNewSubscription(
    tx,
    approved.adminId,
    created?.id ?? null,
    {
      vendor_id: approved.vendorId,
      package_id: pkg.id,
      payment_id: approved.paymentId,
      starts_at: startsAt,
      expires_at: expiresAt,
      invoice_number: invoiceNumber,
    },
    approved.at,
  )
  await tx
    .update(vendors)
    .set({ packageId: pkg.id, subscriptionExpiresAt: expiresAt, updatedAt: approved.at, version: sql`${vendors.version} + 1` })
    .where(eq(vendors.id, approved.vendorId))
}

/** The audit row of a subscription the platform made (by an admin's approval, or none: a card, a trial). */
async function auditNewSubscription(tx: Db, adminId: number | null, id: number | null, values: Record<string, unknown>, at: Date) {
  await writeAudit(tx, {
    adminId,
    action: 'create',
    resource: subscriptionsResource.name,
    recordId: id,
    changes: changedFields({}, values, {}),
    at,
  })
}

/**
 * A free trial taken at registration (DOMAIN.md: FREE_TRIAL, the settings' trial days): its
 * subscription runs from today for the trial days with nothing paid, so no payment and no tax
 * invoice; the vendor takes the package and is active (nothing awaits an approval).
 */
export async function startTrial(tx: Db, trial: { vendorId: number; packageId: number; at: Date }): Promise<void> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, trial.packageId)).limit(1)
  if (!pkg || pkg.packageType !== 'FREE_TRIAL') throw new AppError(409, 'subscriptions.errors.noPackage')
  const settings = await readPackageSettings(tx)
  const startsAt = startOfBusinessDay(businessDayOf(trial.at))
  const type = pkg.subscriptionType as 'MONTH' | 'YEAR' | 'DAYS' | 'LIFE_TIME'
  const expiresAt = subscriptionEnd(startsAt, 'DAYS', settings.free_trial_days)
  const [created] = await tx
    .insert(subscriptions)
    .values({
      vendorId: trial.vendorId,
      packageId: pkg.id,
      paymentId: null,
      couponId: null,
      status: 'active' satisfies SubscriptionStatus,
      subscriptionType: type,
      startsAt,
      expiresAt,
      amount: 0,
      createdAt: trial.at,
      updatedAt: trial.at,
    })
    .returning({ id: subscriptions.id })
  await auditNewSubscription(
    tx,
    null,
    created?.id ?? null,
    { vendor_id: trial.vendorId, package_id: pkg.id, starts_at: startsAt, expires_at: expiresAt },
    trial.at,
  )
  await tx
    .update(vendors)
    .set({
      packageId: pkg.id,
      subscriptionExpiresAt: expiresAt,
      status: 'active',
      updatedAt: trial.at,
      version: sql`${vendors.version} + 1`,
    })
    .where(eq(vendors.id, trial.vendorId))
}

/* List and view */

type SubscriptionRow = typeof subscriptions.$inferSelect & {
  vendorName: string | null
  packageName: string | null
  couponCode: string | null
  paymentNumber: string | null
  paymentMethod: string | null
  paymentDate: string | null
  paymentStatus: string | null
}

const DAY_MS = 86_400_000
const sar = (halalas: number) => halalasToDecimal(halalas)
const iso = (d: Date | null) => (d ? d.toISOString() : null)

function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  return {
    id: row.id,
    vendor: { id: row.vendorId, name: row.vendorName ?? '' },
    package: { id: row.packageId, name: row.packageName ?? '' },
    subscription_type: (row.subscriptionType as Subscription['subscription_type']) ?? null,
    phase: subscriptionPhase(row.status as SubscriptionStatus, row.expiresAt, now, EXPIRING_SOON_DAYS),
    starts_at: iso(row.startsAt),
    expires_at: iso(row.expiresAt),
    amount: sar(row.amount),
    discount: sar(row.discount),
    net: sar(row.net),
    tax: sar(row.tax),
    coupon_code: row.couponCode,
    payment:
      row.paymentId !== null && row.paymentNumber !== null
        ? {
            id: row.paymentId,
            payment_number: row.paymentNumber,
            method: row.paymentMethod as NonNullable<Subscription['payment']>['method'],
            payment_date: row.paymentDate ?? '',
            status: row.paymentStatus as NonNullable<Subscription['payment']>['status'],
          }
        : null,
    invoice_number: row.invoiceNumber,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A phase as a condition on the stored status and expiry, at `now`. */
function phaseCondition(phase: SubscriptionPhase, now: Date): SQL | undefined {
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS)
  const running = eq(subscriptions.status, 'active')
  switch (phase) {
    case 'replaced':
      return eq(subscriptions.status, 'replaced')
    case 'expired':
      return and(running, lte(subscriptions.expiresAt, now))
    case 'expiring':
      return and(running, gt(subscriptions.expiresAt, now), lte(subscriptions.expiresAt, soon))
    case 'active':
      return and(running, or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, soon)))
  }
}

const paymentColumn = (column: string) =>
  sql.raw(`(select p.${column} from payments as p where p.id = subscriptions.payment_id)`) as SQL<string | null>

export function subscriptionsDefinition(
  clock: () => Date,
): ResourceDefinition<SubscriptionListQuery, object, { version: number }, SubscriptionRow, Subscription, Subscription> {
  return {
    ...subscriptionsResource,
    table: subscriptions as unknown as ResourceTable,
    extras: (lang: Locale) => ({
      vendorName: sql<string | null>`(select v.store_name from vendors as v where v.id = subscriptions.vendor_id)`.as('vendor_name'),
      packageName: sql<
        string | null
      >`(select ${sql.raw(lang === 'ar' ? 'p.title_ar' : 'p.title_en')} from packages as p where p.id = subscriptions.package_id)`.as(
        'package_name',
      ),
      couponCode: sql<string | null>`(select c.code from coupons as c where c.id = subscriptions.coupon_id)`.as('coupon_code'),
      paymentNumber: paymentColumn('payment_number').as('payment_number'),
      paymentMethod: paymentColumn('method').as('payment_method'),
      paymentDate: sql<string | null>`(select p.paid_at::text from payments as p where p.id = subscriptions.payment_id)`.as('payment_date'),
      paymentStatus: paymentColumn('status').as('payment_status'),
    }),
    listQuery: subscriptionListQuery,
    ...readOnlyWrites,
    item: subscriptionSchema,
    detail: subscriptionSchema,
    sort: {
      starts_at: () => subscriptions.startsAt,
      expires_at: () => subscriptions.expiresAt,
      amount: () => subscriptions.amount,
      created_at: () => subscriptions.createdAt,
      id: () => subscriptions.id,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    filters: {
      phase: (value: string) => or(...value.split(',').map((p) => phaseCondition(p as SubscriptionPhase, clock()))),
      package_id: (value: number) => eq(subscriptions.packageId, value),
      vendor_id: (value: number) => eq(subscriptions.vendorId, value),
      subscription_type: (value: string) => inArray(subscriptions.subscriptionType, value.split(',')),
    },
    search: () => [sql`(select v.store_name from vendors as v where v.id = subscriptions.vendor_id)`, subscriptions.invoiceNumber],
    toItem: (row) => toSubscription(row, clock()),
    toDetail: (_db, row) => Promise.resolve(toSubscription(row, clock())),
  }
}

/* Tax invoice */

/** The tax invoice of a subscription in the admin's language, with its ZATCA QR; 404 before it has one. */
export async function readInvoice(deps: AppDeps, id: number, lang: Locale): Promise<Invoice> {
  const [row] = await deps.db
    .select({
      sub: subscriptions,
      vendor: {
        companyName: vendors.companyName,
        storeName: vendors.storeName,
        taxNo: vendors.taxNo,
        commercialRegistration: vendors.commercialRegistration,
      },
      packageTitle: lang === 'ar' ? packages.titleAr : packages.titleEn,
      packagePrice: packages.price,
      couponCode: coupons.code,
    })
    .from(subscriptions)
    .innerJoin(vendors, eq(vendors.id, subscriptions.vendorId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .leftJoin(coupons, eq(coupons.id, subscriptions.couponId))
    .where(eq(subscriptions.id, id))
    .limit(1)
  const sub = row?.sub
  if (!row || !sub?.invoiceNumber || !sub.invoicedAt || !sub.seller) throw new AppError(404, 'errors.notFound')
  const sellerName = lang === 'ar' ? sub.seller.name_ar : sub.seller.name_en
  const issuedAt = sub.invoicedAt.toISOString().replace(/\.\d{3}Z$/, 'Z')
  return {
    number: sub.invoiceNumber,
    issued_at: issuedAt,
    seller: { name: sellerName, vat_number: sub.seller.vat_number, address: sub.seller.address, commercial_registration: null },
    buyer: {
      name: row.vendor.companyName,
      vat_number: row.vendor.taxNo,
      address: null,
      commercial_registration: row.vendor.commercialRegistration,
    },
    line: {
      description: row.packageTitle,
      period_from: iso(sub.startsAt),
      period_to: iso(sub.expiresAt),
      price: sar(sub.net + sub.discount),
    },
    discount: sar(sub.discount),
    coupon_code: row.couponCode,
    net: sar(sub.net),
    vat_percent: sub.vatPercent ?? 0,
    vat: sar(sub.tax),
    total: sar(sub.amount),
    // ZATCA asks for the seller's name as registered: the Arabic one, whatever the screen's language
    qr: zatcaTlv({
      sellerName: sub.seller.name_ar,
      vatNumber: sub.seller.vat_number,
      timestamp: issuedAt,
      total: sar(sub.amount),
      vat: sar(sub.tax),
    }),
  }
}
