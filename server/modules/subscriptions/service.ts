import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import type { DeletionGuard } from '../../lib/context'
import { subscriptions } from './schema'

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
