import { inArray } from 'drizzle-orm'
import { packages, packageSettings } from './schema'
import type { Seeder } from '../../lib/context'

type DemoPackage = {
  en: string
  ar: string
  shortEn: string
  shortAr: string
  /** Halalas. */
  price: number
  subscriptionType: 'MONTH' | 'YEAR' | 'DAYS' | 'LIFE_TIME'
  days?: number
  packageType: 'FREE_TRIAL' | 'STANDARD' | 'ELITE'
  limits: Record<string, number | null>
  active?: boolean
}

const small = { product_count: 100, market_count: 1, order_count: 300, num_branches: 1, users_count: 2, shipping_companies_count: 1 }
const medium = { product_count: 1000, market_count: 3, order_count: 5000, num_branches: 3, users_count: 5, shipping_companies_count: 3 }

const DEMO: DemoPackage[] = [
  {
    en: 'Free trial',
    ar: 'التجربة المجانية',
    shortEn: 'Try the platform free of charge',
    shortAr: 'جرّب المنصة مجانًا',
    price: 0,
    subscriptionType: 'DAYS',
    packageType: 'FREE_TRIAL',
    limits: { ...small, whatsapp_free_conversations_count: 50 },
  },
  {
    en: 'Basic monthly',
    ar: 'الأساسية الشهرية',
    shortEn: 'For a store starting out',
    shortAr: 'لمتجر في بدايته',
    price: 99_00,
    subscriptionType: 'MONTH',
    packageType: 'STANDARD',
    limits: { ...small, num_orders: 500, whatsapp_free_conversations_count: 200 },
  },
  {
    en: 'Growth yearly',
    ar: 'النمو السنوية',
    shortEn: 'A year of selling on three marketplaces',
    shortAr: 'سنة من البيع على ثلاثة متاجر إلكترونية',
    price: 999_00,
    subscriptionType: 'YEAR',
    packageType: 'STANDARD',
    limits: { ...medium, num_shared_apps: 2, num_brands: 5, pickup_locations_count: 3 },
  },
  {
    en: 'Season 90 days',
    ar: 'الموسم 90 يومًا',
    shortEn: 'For the selling season',
    shortAr: 'لموسم البيع',
    price: 349_50,
    subscriptionType: 'DAYS',
    days: 90,
    packageType: 'STANDARD',
    limits: { ...medium, added_price: 10 },
  },
  {
    en: 'Elite yearly',
    ar: 'النخبة السنوية',
    shortEn: 'Everything, without limits',
    shortAr: 'كل المزايا بلا حدود',
    price: 2_499_00,
    subscriptionType: 'YEAR',
    packageType: 'ELITE',
    limits: {},
  },
  {
    en: 'Elite lifetime',
    ar: 'النخبة مدى الحياة',
    shortEn: 'Pay once, sell for ever',
    shortAr: 'ادفع مرة واحدة وبِع دائمًا',
    price: 9_999_99,
    subscriptionType: 'LIFE_TIME',
    packageType: 'ELITE',
    limits: { whatsapp_sales_channel_usage: 10_000 },
    active: false,
  },
]

/** Demo packages of every type and subscription type, and the general settings; idempotent. */
export const packagesSeeder: Seeder = {
  name: 'subscription-packages',
  async run({ db, clock, log }) {
    const now = clock()
    let created = 0
    const [settings] = await db.select({ id: packageSettings.id }).from(packageSettings).limit(1)
    if (!settings) {
      await db
        .insert(packageSettings)
        .values({
          vatPercent: 15,
          freeTrialDays: 14,
          invoicePrefix: 'INV',
          sellerNameAr: 'شركة منصة التجار المحدودة',
          sellerNameEn: 'Vendors Platform Co. Ltd.',
          sellerVatNumber: '310123456700003',
          sellerAddress: 'King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia',
          bankAccounts: [{ bank_name: 'Al Rajhi Bank', holder_name: 'Vendors Platform Co. Ltd.', iban: 'SA0380000000608010167519' }],
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
      created += 1
    }
    const existing = await db
      .select({ titleEn: packages.titleEn })
      .from(packages)
      .where(
        inArray(
          packages.titleEn,
          DEMO.map((p) => p.en),
        ),
      )
    const known = new Set(existing.map((r) => r.titleEn))
    const missing = DEMO.filter((p) => !known.has(p.en))
    if (missing.length > 0) {
      await db.insert(packages).values(
        missing.map((p) => ({
          titleAr: p.ar,
          titleEn: p.en,
          shortDescriptionAr: p.shortAr,
          shortDescriptionEn: p.shortEn,
          descriptionAr: `<p>${p.shortAr}.</p><ul><li>دعم فني عبر البريد</li><li>تقارير المبيعات</li></ul>`,
          descriptionEn: `<p>${p.shortEn}.</p><ul><li>Support by email</li><li>Sales reports</li></ul>`,
          price: p.price,
          subscriptionType: p.subscriptionType,
          days: p.days ?? null,
          packageType: p.packageType,
          limits: p.limits,
          isActive: p.active ?? true,
          displayOrder: DEMO.indexOf(p),
          createdAt: now,
          updatedAt: now,
        })),
      )
      created += missing.length
    }
    if (created > 0) log.info({ created }, 'demo packages created')
    return created
  },
}
