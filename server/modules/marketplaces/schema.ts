import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
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

/**
 * A marketplace's own category tree, as its taxonomy import brought it: recognised on a re-import by
 * its `external_id`, so what is attached to a row (its mapping) outlives a re-import.
 */
export const marketplaceCategories = pgTable(
  'marketplace_categories',
  {
    id: id(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => marketplaceCategories.id, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('marketplace_categories_external_idx').on(t.marketplaceId, t.externalId),
    index('marketplace_categories_parent_idx').on(t.marketplaceId, t.parentId, t.id),
  ],
)

/** A marketplace category's properties (a property id may recur in another category: each is its own row). */
export const marketplaceProperties = pgTable(
  'marketplace_properties',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => marketplaceCategories.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('marketplace_properties_external_idx').on(t.categoryId, t.externalId)],
)

/** The values a marketplace property offers. */
export const marketplacePropertyValues = pgTable(
  'marketplace_property_values',
  {
    id: id(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => marketplaceProperties.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    valueAr: text('value_ar').notNull(),
    valueEn: text('value_en').notNull(),
  },
  (t) => [uniqueIndex('marketplace_property_values_external_idx').on(t.propertyId, t.externalId)],
)
