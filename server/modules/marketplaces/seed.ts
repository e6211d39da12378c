import type { Seeder } from '../../lib/context'
import { marketplaces } from './schema'
import { marketplaceIdsByEnglishName } from './service'

type DemoMarketplace = {
  en: string
  ar: string
  website: string
  marketUrl?: string
  gatewayType?: string
  marketId?: string
  linked: boolean
  active?: boolean
}

const DEMO: DemoMarketplace[] = [
  {
    en: 'Amazon Saudi Arabia',
    ar: 'أمازون السعودية',
    website: 'https://www.amazon.sa',
    marketUrl: 'https://sellercentral.amazon.sa',
    gatewayType: 'SP-API',
    marketId: 'A17E79C6D8DWNP',
    linked: true,
  },
  {
    en: 'Noon',
    ar: 'نون',
    website: 'https://www.noon.com/saudi-ar/',
    marketUrl: 'https://seller.noon.partners',
    gatewayType: 'REST',
    linked: false,
  },
  {
    en: 'Salla',
    ar: 'سلة',
    website: 'https://salla.sa',
    marketUrl: 'https://s.salla.sa',
    gatewayType: 'OAUTH',
    linked: false,
    active: false,
  },
]

/** Demo marketplaces; idempotent (keyed by the English name). */
export const marketplacesSeeder: Seeder = {
  name: 'marketplaces',
  async run({ db, clock, log }) {
    const now = clock()
    const known = await marketplaceIdsByEnglishName(
      db,
      DEMO.map((m) => m.en),
    )
    const missing = DEMO.filter((m) => !known.has(m.en))
    if (missing.length === 0) return 0
    await db.insert(marketplaces).values(
      missing.map((m) => ({
        nameAr: m.ar,
        nameEn: m.en,
        website: m.website,
        marketId: m.marketId ?? null,
        marketUrl: m.marketUrl ?? null,
        gatewayType: m.gatewayType ?? null,
        isLinked: m.linked,
        isActive: m.active ?? true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    log.info({ created: missing.length }, 'demo marketplaces created')
    return missing.length
  },
}
