import { and, asc, eq, inArray } from 'drizzle-orm'
import { byName } from '../../db/columns'
import type { Db } from '../../db'
import {
  marketplaceCreateBody,
  marketplaceListQuery,
  marketplaceSchema,
  marketplacesResource,
  marketplaceUpdateBody,
  type Marketplace,
  type MarketplaceCreateBody,
  type MarketplaceListQuery,
  type MarketplaceUpdateBody,
} from '../../../src/contract/marketplaces'
import type { Locale } from '../../../src/contract/common'
import type { ListItem } from '../../../src/contract/resource'
import type { ColumnValues, ResourceDefinition } from '../../lib/resource'
import { t } from '../../i18n'
import { vendorMarketplaces } from '../vendors/schema'
import { marketplaces } from './schema'

/** Marketplaces: names in ar and en, the website, the account at the marketplace, linked or not. */

export type MarketplaceRow = typeof marketplaces.$inferSelect

function toMarketplace(row: MarketplaceRow, lang: Locale): Marketplace {
  return {
    id: row.id,
    name: lang === 'ar' ? row.nameAr : row.nameEn,
    website: row.website,
    market_id: row.marketId,
    market_url: row.marketUrl,
    gateway_type: row.gatewayType,
    image: row.image,
    is_linked: row.isLinked,
    is_active: row.isActive,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr },
      { locale: 'en', name: row.nameEn },
    ],
    mapping: {
      categories: { mapped: row.categoriesMapped, total: row.categoriesTotal },
      required_properties: { mapped: row.requiredMapped, total: row.requiredTotal },
    },
  }
}

const orNull = (value: string | null | undefined) => (value ? value : null)

function toValues(body: MarketplaceCreateBody | Omit<MarketplaceUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = { nameAr: body.name_ar, nameEn: body.name_en, website: body.website }
  if (body.market_id !== undefined) values.marketId = orNull(body.market_id)
  if (body.market_url !== undefined) values.marketUrl = orNull(body.market_url)
  if (body.gateway_type !== undefined) values.gatewayType = orNull(body.gateway_type)
  if (body.image !== undefined) values.image = body.image
  if (body.is_linked !== undefined) values.isLinked = body.is_linked
  if (body.is_active !== undefined) values.isActive = body.is_active
  return values
}

export const marketplacesDefinition: ResourceDefinition<
  MarketplaceListQuery,
  MarketplaceCreateBody,
  MarketplaceUpdateBody,
  MarketplaceRow,
  Marketplace,
  Marketplace
> = {
  ...marketplacesResource,
  table: marketplaces,
  listQuery: marketplaceListQuery,
  createBody: marketplaceCreateBody,
  updateBody: marketplaceUpdateBody,
  item: marketplaceSchema,
  detail: marketplaceSchema,
  sort: {
    name: (lang) => byName(lang === 'ar' ? marketplaces.nameAr : marketplaces.nameEn),
    created_at: () => marketplaces.createdAt,
    id: () => marketplaces.id,
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    is_active: (value) => eq(marketplaces.isActive, value === '1'),
    is_linked: (value) => eq(marketplaces.isLinked, value === '1'),
  },
  search: () => [marketplaces.nameAr, marketplaces.nameEn, marketplaces.website],
  toItem: toMarketplace,
  toDetail: async (_db, row, lang) => toMarketplace(row, lang),
  toValues,
  deleteRefusal: async (db, id) => {
    const [sold] = await db
      .select({ id: vendorMarketplaces.vendorId })
      .from(vendorMarketplaces)
      .where(eq(vendorMarketplaces.marketplaceId, id))
      .limit(1)
    return sold ? 'marketplaces.errors.hasVendors' : null
  },
}

/**
 * Active marketplaces as `{ id, name }` in the `Lang` locale, by name; with `all`, the inactive ones
 * too, their names marked "inactive" (an admin still finds the vendors of one).
 */
export async function marketplaceOptions(db: Db, lang: Locale, filters: { all?: '0' | '1' | undefined } = {}): Promise<ListItem[]> {
  const name = lang === 'ar' ? marketplaces.nameAr : marketplaces.nameEn
  const rows = await db
    .select({ id: marketplaces.id, name, active: marketplaces.isActive })
    .from(marketplaces)
    .where(filters.all === '1' ? undefined : eq(marketplaces.isActive, true))
    .orderBy(asc(byName(name)), asc(marketplaces.id))
    .limit(1000)
  return rows.map((r) => ({ id: r.id, name: r.active ? r.name : `${r.name} (${t(lang, 'table.inactive')})` }))
}

/**
 * The active marketplaces among `ids`, by id, with their English names (what a vendor's record
 * lists); an id missing from the answer is unknown or inactive.
 */
export async function activeMarketplaceNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: marketplaces.id, nameEn: marketplaces.nameEn })
    .from(marketplaces)
    .where(and(inArray(marketplaces.id, [...ids]), eq(marketplaces.isActive, true)))
  return new Map(rows.map((r) => [r.id, r.nameEn]))
}

/** Ids of marketplaces by their English names (the seed is keyed by them). */
export async function marketplaceIdsByEnglishName(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set()
  const rows = await db.select({ nameEn: marketplaces.nameEn }).from(marketplaces).where(inArray(marketplaces.nameEn, names))
  return new Set(rows.map((r) => r.nameEn))
}
