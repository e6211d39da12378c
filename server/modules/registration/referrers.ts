import { sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { vendors } from '../vendors/schema'

/** Who a referral code belongs to. */
export type Referrer = { kind: 'vendor' | 'partner'; id: number; name: string }

/** Finds the owner of a referral code (already trimmed and upper-cased), or null. */
type ReferrerSource = (db: Db, code: string) => Promise<Referrer | null>

const vendorReferrer: ReferrerSource = async (db, code) => {
  const [row] = await db
    .select({ id: vendors.id, name: vendors.storeName })
    .from(vendors)
    .where(sql`upper(${vendors.referralCode}) = ${code}`)
    .limit(1)
  return row ? { kind: 'vendor', id: row.id, name: row.name } : null
}

/**
 * Where referral codes are looked up, in order. Partners (a later issue) add their source here; the
 * completion records a vendor referrer on `vendors.referred_by_vendor_id` and will record a partner
 * the same way once partners have their column.
 */
const sources: readonly ReferrerSource[] = [vendorReferrer]

export async function findReferrer(db: Db, code: string): Promise<Referrer | null> {
  for (const source of sources) {
    const found = await source(db, code)
    if (found) return found
  }
  return null
}
