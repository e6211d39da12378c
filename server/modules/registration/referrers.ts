import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { partners } from '../partners/schema'
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

/** An active partner's code (partners' codes are kept upper-case). */
const partnerReferrer: ReferrerSource = async (db, code) => {
  const [row] = await db
    .select({ id: partners.id, name: partners.fullName })
    .from(partners)
    .where(and(sql`upper(${partners.referralCode}) = ${code}`, eq(partners.isActive, true)))
    .limit(1)
  return row ? { kind: 'partner', id: row.id, name: row.name } : null
}

/**
 * Where referral codes are looked up, in order (a partner's code is never a vendor's: the partners
 * module refuses one that is). The completion records a vendor referrer on
 * `vendors.referred_by_vendor_id` and a partner in the partners module's `partner_referrals`.
 */
const sources: readonly ReferrerSource[] = [vendorReferrer, partnerReferrer]

export async function findReferrer(db: Db, code: string): Promise<Referrer | null> {
  for (const source of sources) {
    const found = await source(db, code)
    if (found) return found
  }
  return null
}
