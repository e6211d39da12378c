import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../../db/columns'

/** Marketplaces the platform links vendors to (DOMAIN.md "Marketplaces and mapping"); linked or not. */
export const marketplaces = pgTable(
  'marketplaces',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    website: text('website').notNull(),
    marketId: text('market_id'),
    marketUrl: text('market_url'),
    gatewayType: text('gateway_type'),
    image: text('image'),
    isLinked: boolean('is_linked').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('marketplaces_name_ar_idx').on(byName(t.nameAr), t.id),
    index('marketplaces_name_en_idx').on(byName(t.nameEn), t.id),
    index('marketplaces_created_at_idx').on(t.createdAt, t.id),
    index('marketplaces_is_active_idx').on(t.isActive, t.id),
    check('marketplaces_version_check', sql`${t.version} >= 1`),
  ],
)
