import { desc, eq } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import { packageLimitKeys } from '../../../src/contract/packages'
import { EXPIRING_SOON_DAYS, type Invoice } from '../../../src/contract/subscriptions'
import {
  VENDOR_AREA_LIST_MAX,
  type VendorOverview,
  type VendorPayment,
  type VendorSubscription,
  type VendorSubscriptionState,
} from '../../../src/contract/vendor-area'
import { halalasToDecimal } from '../../../src/domain/money'
import { subscriptionPhase, type SubscriptionStatus } from '../../../src/domain/subscriptions'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { packages } from '../subscription-packages/schema'
import { subscriptions } from '../subscriptions/schema'
import { readInvoice } from '../subscriptions/service'
import { vendorPayments, vendors } from '../vendors/schema'

/** The vendor the signed-in end user owns; 404 when the account owns none. */
async function ownVendor(deps: AppDeps, user: Principal) {
  const [vendor] = await deps.db.select().from(vendors).where(eq(vendors.userId, user.id)).orderBy(vendors.id).limit(1)
  if (!vendor) throw new AppError(404, 'errors.notFound')
  return vendor
}

function stateOf(status: string, expiresAt: Date | null, now: Date): VendorSubscriptionState {
  if (status === 'pending') return 'pending'
  if (status === 'inactive') return 'inactive'
  const phase = subscriptionPhase('active', expiresAt, now, EXPIRING_SOON_DAYS)
  return phase === 'replaced' ? 'active' : phase
}

/** The vendor, its package with every limit, and where its subscription stands. */
export async function overview(deps: AppDeps, user: Principal, lang: Locale): Promise<VendorOverview> {
  const vendor = await ownVendor(deps, user)
  const [pkg] = vendor.packageId === null ? [] : await deps.db.select().from(packages).where(eq(packages.id, vendor.packageId)).limit(1)
  return {
    vendor: {
      id: vendor.id,
      store_name: vendor.storeName,
      company_name: vendor.companyName,
      status: vendor.status,
      subdomain: vendor.subdomain,
      referral_code: vendor.referralCode,
    },
    package: pkg
      ? {
          id: pkg.id,
          name: lang === 'ar' ? pkg.titleAr : pkg.titleEn,
          subscription_type: pkg.subscriptionType as NonNullable<VendorOverview['package']>['subscription_type'],
          days: pkg.days,
          price: halalasToDecimal(pkg.price),
          limits: Object.fromEntries(packageLimitKeys.map((key) => [key, pkg.limits[key] ?? null])) as NonNullable<
            VendorOverview['package']
          >['limits'],
        }
      : null,
    subscription: {
      state: stateOf(vendor.status, vendor.subscriptionExpiresAt, deps.clock()),
      expires_at: vendor.subscriptionExpiresAt?.toISOString() ?? null,
    },
  }
}

/** The vendor's payments, newest first, with an admin's reason for a rejection. */
export async function payments(deps: AppDeps, user: Principal, lang: Locale): Promise<VendorPayment[]> {
  const vendor = await ownVendor(deps, user)
  const rows = await deps.db
    .select({ payment: vendorPayments, packageName: lang === 'ar' ? packages.titleAr : packages.titleEn })
    .from(vendorPayments)
    .leftJoin(packages, eq(packages.id, vendorPayments.packageId))
    .where(eq(vendorPayments.vendorId, vendor.id))
    .orderBy(desc(vendorPayments.paidAt), desc(vendorPayments.id))
    .limit(VENDOR_AREA_LIST_MAX)
  return rows.map(({ payment, packageName }) => ({
    id: payment.id,
    payment_number: payment.paymentNumber,
    amount: halalasToDecimal(payment.amountHalalas),
    method: payment.method as VendorPayment['method'],
    status: payment.status,
    reason: payment.status === 'Rejected' ? payment.reason : null,
    payment_date: payment.paidAt,
    package: packageName,
  }))
}

/** The vendor's subscriptions, newest first, with their invoice numbers. */
export async function vendorSubscriptions(deps: AppDeps, user: Principal, lang: Locale): Promise<VendorSubscription[]> {
  const vendor = await ownVendor(deps, user)
  const now = deps.clock()
  const rows = await deps.db
    .select({ sub: subscriptions, packageName: lang === 'ar' ? packages.titleAr : packages.titleEn })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.vendorId, vendor.id))
    .orderBy(desc(subscriptions.id))
    .limit(VENDOR_AREA_LIST_MAX)
  return rows.map(({ sub, packageName }) => ({
    id: sub.id,
    package: packageName,
    phase: subscriptionPhase(sub.status as SubscriptionStatus, sub.expiresAt, now, EXPIRING_SOON_DAYS),
    starts_at: sub.startsAt?.toISOString() ?? null,
    expires_at: sub.expiresAt?.toISOString() ?? null,
    amount: halalasToDecimal(sub.amount),
    invoice_number: sub.invoiceNumber,
  }))
}

/** The tax invoice of one of the vendor's own subscriptions (the admins' invoice); another vendor's is not found. */
export async function invoice(deps: AppDeps, user: Principal, id: number, lang: Locale): Promise<Invoice> {
  const vendor = await ownVendor(deps, user)
  const [sub] = await deps.db.select({ vendorId: subscriptions.vendorId }).from(subscriptions).where(eq(subscriptions.id, id)).limit(1)
  if (!sub || sub.vendorId !== vendor.id) throw new AppError(404, 'errors.notFound')
  return readInvoice(deps, id, lang)
}
