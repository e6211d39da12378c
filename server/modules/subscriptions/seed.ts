import { asc, count, eq } from 'drizzle-orm'
import type { Seeder } from '../../lib/context'
import { approvalOf } from '../vendors/events'
import { vendorPayments } from '../vendors/schema'
import { subscriptions } from './schema'
import { activateSubscription } from './service'

/**
 * The demo vendors' successful payments, approved in the order they were paid, through the same rule
 * an admin's approval runs: subscriptions over the last 12 months (renewals, expired ones, ones
 * expiring soon), each with its invoice number. Runs only on a database without subscriptions.
 */
export const subscriptionsSeeder: Seeder = {
  name: 'subscriptions',
  async run({ db, log }) {
    const [existing] = await db.select({ n: count() }).from(subscriptions)
    if ((existing?.n ?? 0) > 0) return 0
    const paid = await db
      .select()
      .from(vendorPayments)
      .where(eq(vendorPayments.status, 'Success'))
      .orderBy(asc(vendorPayments.paidAt), asc(vendorPayments.id))
    let made = 0
    await db.transaction(async (tx) => {
      for (const payment of paid) {
        if (payment.packageId === null) continue
        await activateSubscription(tx, { ...approvalOf(payment), adminId: payment.changedBy ?? 0 })
        made += 1
      }
    })
    log.info({ subscriptions: made }, 'demo subscriptions created')
    return made
  },
}
