import { inArray, sql } from 'drizzle-orm'
import { businessDayOf } from '../../../src/domain/money'
import { packages } from '../subscription-packages/schema'
import { coupons } from './schema'
import type { Seeder } from '../../lib/context'

type DemoCoupon = {
  code: string
  en: string
  ar: string
  type: 'PERCENTAGE' | 'FIXED'
  /** Percent, or halalas. */
  value: number
  /** Days from today. */
  from: number
  to: number
  userCount: number
  uses: number
  packages: string[]
  active?: boolean
}

/** One coupon in each status (relative to the day of the seed), and one with an Arabic code. */
const DEMO: DemoCoupon[] = [
  {
    code: 'WELCOME10',
    en: 'Welcome',
    ar: 'ترحيب',
    type: 'PERCENTAGE',
    value: 10,
    from: -10,
    to: 60,
    userCount: 100,
    uses: 12,
    packages: ['Basic monthly', 'Growth yearly'],
  },
  {
    code: 'خصم30',
    en: 'National day',
    ar: 'اليوم الوطني',
    type: 'PERCENTAGE',
    value: 30,
    from: -2,
    to: 30,
    userCount: 50,
    uses: 3,
    packages: ['Growth yearly', 'Elite yearly'],
  },
  {
    code: 'RAMADAN25',
    en: 'Ramadan',
    ar: 'رمضان',
    type: 'PERCENTAGE',
    value: 25,
    from: 20,
    to: 50,
    userCount: 200,
    uses: 0,
    packages: ['Basic monthly', 'Growth yearly', 'Season 90 days'],
  },
  {
    code: 'SUMMER50',
    en: 'Summer',
    ar: 'الصيف',
    type: 'FIXED',
    value: 50_00,
    from: -90,
    to: -30,
    userCount: 100,
    uses: 40,
    packages: ['Basic monthly'],
  },
  {
    code: 'FIRST20',
    en: 'First twenty',
    ar: 'أول عشرين',
    type: 'FIXED',
    value: 20_00,
    from: -5,
    to: 25,
    userCount: 20,
    uses: 20,
    packages: ['Basic monthly', 'Season 90 days'],
  },
  {
    code: 'VIP15',
    en: 'VIP',
    ar: 'كبار العملاء',
    type: 'PERCENTAGE',
    value: 15,
    from: -1,
    to: 90,
    userCount: 10,
    uses: 1,
    packages: ['Elite yearly'],
    active: false,
  },
]

const dayPlus = (today: Date, days: number) => businessDayOf(new Date(today.getTime() + days * 86_400_000))

/** Demo coupons in every status; idempotent (keyed by code). */
export const couponsSeeder: Seeder = {
  name: 'coupons',
  async run({ db, clock, log }) {
    const now = clock()
    const existing = await db
      .select({ code: coupons.code })
      .from(coupons)
      .where(
        inArray(
          sql`lower(${coupons.code})`,
          DEMO.map((c) => c.code.toLowerCase()),
        ),
      )
    const known = new Set(existing.map((r) => r.code.toLowerCase()))
    const titles = [...new Set(DEMO.flatMap((c) => c.packages))]
    const found = await db.select({ id: packages.id, titleEn: packages.titleEn }).from(packages).where(inArray(packages.titleEn, titles))
    const idOf = new Map(found.map((p) => [p.titleEn, p.id]))
    const missing = DEMO.filter((c) => !known.has(c.code.toLowerCase()) && c.packages.every((t) => idOf.has(t)))
    if (missing.length === 0) return 0
    await db.insert(coupons).values(
      missing.map((c) => ({
        nameAr: c.ar,
        nameEn: c.en,
        code: c.code,
        type: c.type,
        value: c.value,
        validFrom: dayPlus(now, c.from),
        validTo: dayPlus(now, c.to),
        userCount: c.userCount,
        uses: c.uses,
        packageIds: c.packages.map((t) => idOf.get(t)!),
        isActive: c.active ?? true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    log.info({ created: missing.length }, 'demo coupons created')
    return missing.length
  },
}
