import { and, inArray, isNull, sql } from 'drizzle-orm'
import type { Seeder } from '../../lib/context'
import { hashPassword } from '../../lib/crypto'
import { users } from '../users/schema'
import { vendors } from '../vendors/schema'

/** The demo vendors that can sign in to their own area (active, pending and inactive ones among them). */
const DEMO_VENDOR_ACCOUNTS = Array.from({ length: 10 }, (_, i) => `vendor${i + 1}@example.com`)

/**
 * Gives the first demo vendors an end-user account with the demo password (the admins' create gives
 * one nobody knows), so `npm start` shows a vendor area one can sign in to. Idempotent.
 */
export const vendorAccountsSeeder: Seeder = {
  name: 'vendor-accounts',
  async run({ db, clock, demoPassword, log }) {
    const unlinked = await db
      .select({ id: vendors.id, email: vendors.email, storeName: vendors.storeName, phone: vendors.phone })
      .from(vendors)
      .where(and(inArray(vendors.email, DEMO_VENDOR_ACCOUNTS), isNull(vendors.userId)))
    if (unlinked.length === 0) return 0
    const now = clock()
    let created = 0
    for (const vendor of unlinked) {
      const passwordHash = await hashPassword(demoPassword)
      const inserted = await db
        .insert(users)
        .values({ name: vendor.storeName, email: vendor.email, phone: vendor.phone, passwordHash, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id })
      created += inserted.length
      await db
        .update(vendors)
        .set({ userId: sql`(select u.id from users as u where lower(u.email) = ${vendor.email})` })
        .where(sql`${vendors.id} = ${vendor.id}`)
    }
    log.info({ created }, 'demo vendor accounts created')
    return created
  },
}
