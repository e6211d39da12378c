import { count, eq, inArray } from 'drizzle-orm'
import { vatOf } from '../../../src/domain/money'
import type { Seeder } from '../../lib/context'
import { marketplaces } from '../marketplaces/schema'
import { packages, packageSettings } from '../subscription-packages/schema'
import { vendorMarketplaces, vendorPayments, vendors } from './schema'

const DAY = 86_400_000
const STORES: [string, string][] = [
  ['متجر الورد', 'Rose Store'],
  ['بيت العود', 'Oud House'],
  ['أزياء الرياض', 'Riyadh Fashion'],
  ['عالم الإلكترونيات', 'Electronics World'],
  ['مكتبة المعرفة', 'Knowledge Books'],
  ['حلويات السعادة', 'Happy Sweets'],
  ['قهوة الصباح', 'Morning Coffee'],
  ['ركن الأطفال', 'Kids Corner'],
  ['عطور الشرق', 'Orient Perfumes'],
  ['تمور القصيم', 'Qassim Dates'],
]
/** The demo marketplaces (English names) a vendor sells on: every third on the first, every fourth on the second, every fifth on the third. */
const MARKETPLACES: [string, number][] = [
  ['Amazon Saudi Arabia', 3],
  ['Noon', 4],
  ['Salla', 5],
]
const UTM = ['google', 'instagram', 'snapchat', 'twitter', null, 'tiktok', null]
const METHODS = ['APPLE_PAY', 'CASH', 'BANK_TRANSFER', 'CREDIT_CARD', 'CACHE', 'BANK'] as const
const PAYMENT_STATUSES = ['Success', 'Pending', 'Rejected', 'DUE_PAYMENT'] as const

/** A fixed sequence, so every demo database looks the same. */
function sequence(seed: number) {
  let x = seed
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    return x / 2_147_483_648
  }
}

/**
 * About 200 demo vendors in every status (some referred by others) and their payments in every
 * status over the last 12 months; runs only on a database without vendors.
 */
export const vendorsSeeder: Seeder = {
  name: 'vendors',
  async run({ db, clock, log }) {
    const [existing] = await db.select({ n: count() }).from(vendors)
    if ((existing?.n ?? 0) > 0) return 0
    const now = clock()
    const random = sequence(20_261_124)
    // a free trial starts at registration, with nothing to approve: such a vendor is never pending
    const trials = new Set(
      (await db.select({ id: packages.id }).from(packages).where(eq(packages.packageType, 'FREE_TRIAL'))).map((p) => p.id),
    )
    const [settings] = await db.select({ days: packageSettings.freeTrialDays }).from(packageSettings).limit(1)
    const trialDays = settings?.days ?? 14
    const rows: (typeof vendors.$inferInsert)[] = []
    for (let i = 1; i <= 200; i++) {
      const [ar, en] = STORES[i % STORES.length]!
      const packageId = (i % 4) + 1
      const trial = trials.has(packageId)
      const planned = i % 10 < 6 ? 'active' : i % 10 < 8 ? 'pending' : 'inactive'
      const status = trial && planned === 'pending' ? 'active' : planned
      const registered = new Date(now.getTime() - Math.floor(random() * 365) * DAY)
      const expires =
        status !== 'active'
          ? null
          : trial
            ? new Date(registered.getTime() + trialDays * DAY)
            : new Date(now.getTime() + Math.floor(random() * 400 - 30) * DAY)
      rows.push({
        storeName: i % 2 === 0 ? `${ar} ${i}` : `${en} ${i}`,
        companyName: i % 2 === 0 ? `شركة ${ar} للتجارة` : `${en} Trading Co.`,
        commercialRegistration: String(1_010_000_000 + i),
        commercialRegistrationExpiry: new Date(now.getTime() + i * 7 * DAY).toISOString().slice(0, 10),
        phone: `+9665${String(10_000_000 + i * 37).slice(0, 8)}`,
        email: `vendor${i}@example.com`,
        description: null,
        status,
        packageId,
        subscriptionExpiresAt: expires,
        subdomain: `demo-store-${String(i).padStart(3, '0')}`,
        taxNo: i % 3 === 0 ? `3${String(100_000_000_000 + i).padStart(13, '0')}3` : null,
        utmSource: UTM[i % UTM.length] ?? null,
        referralCode: `DEMO${String(i).padStart(4, '0')}`,
        createdAt: registered,
        updatedAt: registered,
      })
    }
    const inserted = await db.insert(vendors).values(rows).returning({ id: vendors.id, createdAt: vendors.createdAt })
    // every seventh vendor was referred by one of the first five
    for (const [index, vendor] of inserted.entries()) {
      if (index < 5 || index % 7 !== 0) continue
      await db
        .update(vendors)
        .set({ referredByVendorId: inserted[index % 5]!.id })
        .where(eq(vendors.id, vendor.id))
    }
    // the demo marketplaces (those present) the vendors sell on
    const demoMarketplaces = new Map(
      (
        await db
          .select({ id: marketplaces.id, nameEn: marketplaces.nameEn })
          .from(marketplaces)
          .where(
            inArray(
              marketplaces.nameEn,
              MARKETPLACES.map(([name]) => name),
            ),
          )
      ).map((m) => [m.nameEn, m.id]),
    )
    const links = inserted.flatMap((vendor, index) =>
      MARKETPLACES.flatMap(([name, every]) => {
        const marketplaceId = demoMarketplaces.get(name)
        return marketplaceId && (index + 1) % every === 0 ? [{ vendorId: vendor.id, marketplaceId }] : []
      }),
    )
    if (links.length > 0) await db.insert(vendorMarketplaces).values(links)
    // a payment is the package's price with VAT; a vendor on the free trial pays for the cheapest paid package
    const prices = new Map((await db.select({ id: packages.id, price: packages.price }).from(packages)).map((p) => [p.id, p.price]))
    const paidPackages = [...prices].filter(([, price]) => price > 0).sort((a, b) => a[1] - b[1])
    const payments: (typeof vendorPayments.$inferInsert)[] = []
    for (const [index, vendor] of inserted.entries()) {
      const many = 1 + (index % 3)
      for (let k = 0; k < many; k++) {
        const paid = new Date(now.getTime() - Math.floor(random() * 360) * DAY)
        // some vendors on the monthly package renewed: their first two payments succeeded
        const renewed = many === 3 && index % 4 === 1 && k < 2
        const status = renewed ? 'Success' : PAYMENT_STATUSES[(index + k) % PAYMENT_STATUSES.length]!
        const own = (index % 4) + 1
        const [packageId, price] = (prices.get(own) ?? 0) > 0 ? [own, prices.get(own)!] : (paidPackages[0] ?? [own, 9_900])
        payments.push({
          vendorId: vendor.id,
          packageId,
          amountHalalas: price + vatOf(price, 15),
          method: METHODS[(index + k) % METHODS.length]!,
          paymentNumber: `PAY-${String(index + 1).padStart(4, '0')}-${k + 1}`,
          paidAt: paid.toISOString().slice(0, 10),
          status,
          reason: status === 'Rejected' ? 'الإيصال غير واضح / The receipt is unreadable' : null,
          changedAt: paid,
          idempotencyKey: `demo-${index + 1}-${k + 1}`,
          createdAt: paid,
          updatedAt: paid,
        })
      }
    }
    await db.insert(vendorPayments).values(payments)
    log.info({ vendors: inserted.length, payments: payments.length }, 'demo vendors and payments created')
    return inserted.length + payments.length
  },
}
