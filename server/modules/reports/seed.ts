import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { discountOf, vatOf } from '../../../src/domain/money'
import type { Seeder } from '../../lib/context'
import { coupons } from '../coupons/schema'
import { creditReferrer } from '../partners/wallet'
import { packages } from '../subscription-packages/schema'
import { readPackageSettings } from '../subscription-packages/service'
import { subscriptions } from '../subscriptions/schema'
import { activateSubscription } from '../subscriptions/service'
import { approvalOf } from '../vendors/events'
import { vendorPayments, vendors } from '../vendors/schema'

const DAY = 86_400_000
/** Renewals paid with a coupon per coupon that has started (never more than it allows). */
const RENEWALS_PER_COUPON = 6

/**
 * Demo renewals paid with the demo coupons that have started, spread over their days so far: each a
 * successful payment of an active demo vendor approved as an admin's approval does (its subscription
 * and tax invoice, the coupon's use, its referrer's commission), so the coupons report and the
 * partners report have the same story as the lists. Runs only while no subscription has a coupon.
 */
export const reportsSeeder: Seeder = {
  name: 'reports',
  async run({ db, clock, log }) {
    const [existing] = await db.select({ n: count() }).from(subscriptions).where(isNotNull(subscriptions.couponId))
    if ((existing?.n ?? 0) > 0) return 0
    const now = clock()
    const today = now.toISOString().slice(0, 10)
    const started = await db
      .select()
      .from(coupons)
      .where(and(lte(coupons.validFrom, today), eq(coupons.isActive, true), sql`${coupons.uses} < ${coupons.userCount}`))
      .orderBy(asc(coupons.id))
    const buyers = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.status, 'active')).orderBy(asc(vendors.id))
    const prices = new Map((await db.select({ id: packages.id, price: packages.price }).from(packages)).map((p) => [p.id, p.price]))
    const vat = (await readPackageSettings(db)).vat_percent
    let made = 0
    await db.transaction(async (tx) => {
      for (const [c, coupon] of started.entries()) {
        const first = Date.parse(`${coupon.validFrom}T12:00:00Z`)
        const last = Math.min(Date.parse(`${coupon.validTo}T12:00:00Z`), now.getTime())
        const times = Math.min(RENEWALS_PER_COUPON, coupon.userCount - coupon.uses)
        for (let k = 0; k < times; k++) {
          const vendor = buyers[(c * 17 + k * 7) % Math.max(buyers.length, 1)]
          const packageId = coupon.packageIds[k % coupon.packageIds.length]!
          const price = prices.get(packageId) ?? 0
          const net = price - discountOf(price, { type: coupon.type as 'PERCENTAGE' | 'FIXED', value: coupon.value })
          if (!vendor || net <= 0) continue
          const at = new Date(first + Math.floor(((last - first) * (k + 1)) / (times + 1)))
          const [payment] = await tx
            .insert(vendorPayments)
            .values({
              vendorId: vendor.id,
              packageId,
              couponId: coupon.id,
              amountHalalas: net + vatOf(net, vat),
              method: k % 2 === 0 ? 'CREDIT_CARD' : 'BANK_TRANSFER',
              paymentNumber: `PAY-C${coupon.id}-${k + 1}`,
              paidAt: new Date(at.getTime() - DAY).toISOString().slice(0, 10),
              status: 'Success',
              changedAt: at,
              idempotencyKey: `demo-coupon-${coupon.id}-${k + 1}`,
              createdAt: at,
              updatedAt: at,
            })
            .returning()
          if (!payment) continue
          await activateSubscription(tx, approvalOf(payment))
          await creditReferrer(tx, approvalOf(payment))
          made += 1
        }
      }
    })
    log.info({ payments: made }, 'demo renewals with coupons created')
    return made
  },
}
