import { asc, count } from 'drizzle-orm'
import type { Seeder } from '../../lib/context'
import { vendors } from '../vendors/schema'
import { referralCodeGroups, referralGroupVendors } from './schema'

const GROUPS = [
  { nameAr: 'المجموعة الأساسية', nameEn: 'Standard', percentage: 5, numberOfMonths: 6, isDefault: true },
  { nameAr: 'الشركاء الذهبيون', nameEn: 'Gold', percentage: 10, numberOfMonths: 12, isDefault: false },
  { nameAr: 'حملة الإطلاق', nameEn: 'Launch campaign', percentage: 7.5, numberOfMonths: 3, isDefault: false },
]

/**
 * Three demo groups (the first the default for sellers) and the first demo vendors (the ones that
 * referred others) placed in the Gold and Launch groups; runs only on a database without groups.
 */
export const referralGroupsSeeder: Seeder = {
  name: 'referral-code-groups',
  async run({ db, clock, log }) {
    const [existing] = await db.select({ n: count() }).from(referralCodeGroups)
    if ((existing?.n ?? 0) > 0) return 0
    const now = clock()
    const groups = await db
      .insert(referralCodeGroups)
      .values(GROUPS.map((g) => ({ ...g, createdAt: now, updatedAt: now })))
      .returning({ id: referralCodeGroups.id })
    const first = await db.select({ id: vendors.id }).from(vendors).orderBy(asc(vendors.id)).limit(5)
    const members = first.map((v, i) => ({
      vendorId: v.id,
      groupId: groups[i < 2 ? 1 : i < 4 ? 2 : 0]!.id,
      createdAt: now,
      updatedAt: now,
    }))
    // the fifth stays in no group: its code follows the default
    const placed = members.slice(0, 4)
    if (placed.length > 0) await db.insert(referralGroupVendors).values(placed)
    log.info({ groups: groups.length, vendors: placed.length }, 'demo referral code groups created')
    return groups.length + placed.length
  },
}
