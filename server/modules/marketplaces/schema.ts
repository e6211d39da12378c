import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { createdAt, id, tz, updatedAt, byName } from '../../db/columns'
import { admins } from '../auth/schema'
import { categories } from '../categories/schema'
import { properties } from '../properties/schema'

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
    /**
     * How far the mapping of its taxonomy has come, kept by the import and the mapping writes in
     * their transactions (counting a 50,000-category tree on every read would cost more than the read).
     */
    categoriesTotal: integer('categories_total').notNull().default(0),
    categoriesMapped: integer('categories_mapped').notNull().default(0),
    requiredTotal: integer('required_total').notNull().default(0),
    requiredMapped: integer('required_mapped').notNull().default(0),
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
    /** 0 at the top; set by the import. */
    depth: integer('depth').notNull().default(0),
    /**
     * Tree order: the category's position in the imported file, zero-padded, after its parent's key
     * (`000003000017`), so ordering by it reads the tree depth first, each branch in the file's order.
     */
    sortKey: text('sort_key').notNull().default(''),
    /** How many categories have it as parent; set by the import (0: a leaf). */
    childrenCount: integer('children_count').notNull().default(0),
    /** The platform category it is mapped to, when and by whom. */
    mappedCategoryId: integer('mapped_category_id').references(() => categories.id, { onDelete: 'restrict' }),
    mappedAt: tz('mapped_at'),
    mappedBy: integer('mapped_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('marketplace_categories_external_idx').on(t.marketplaceId, t.externalId),
    // a parent's children in tree order (the top level: parent_id null)
    index('marketplace_categories_parent_idx').on(t.marketplaceId, t.parentId, t.sortKey),
    index('marketplace_categories_tree_idx').on(t.marketplaceId, t.sortKey),
    index('marketplace_categories_unmapped_idx')
      .on(t.marketplaceId, t.sortKey)
      .where(sql`${t.mappedCategoryId} is null`),
    index('marketplace_categories_mapped_idx')
      .on(t.marketplaceId, t.sortKey)
      .where(sql`${t.mappedCategoryId} is not null`),
    index('marketplace_categories_leaves_idx')
      .on(t.marketplaceId, t.sortKey)
      .where(sql`${t.childrenCount} = 0`),
    index('marketplace_categories_mapped_category_idx').on(t.mappedCategoryId),
    // substring search (ILIKE '%term%') through trigrams
    index('marketplace_categories_name_ar_trgm_idx').using('gin', sql`${t.nameAr} gin_trgm_ops`),
    index('marketplace_categories_name_en_trgm_idx').using('gin', sql`${t.nameEn} gin_trgm_ops`),
  ],
)

/** A marketplace category's properties (a property id may recur in another category: each is its own row). */
export const marketplaceProperties = pgTable(
  'marketplace_properties',
  {
    id: id(),
    /** Its category's marketplace (the progress counts a marketplace's required properties by it). */
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => marketplaceCategories.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    /** The platform property it is mapped to, when and by whom. */
    mappedPropertyId: integer('mapped_property_id').references(() => properties.id, { onDelete: 'restrict' }),
    mappedAt: tz('mapped_at'),
    mappedBy: integer('mapped_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('marketplace_properties_external_idx').on(t.categoryId, t.externalId),
    index('marketplace_properties_required_idx')
      .on(t.marketplaceId, t.mappedPropertyId)
      .where(sql`${t.required}`),
    index('marketplace_properties_mapped_property_idx').on(t.mappedPropertyId),
  ],
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
    /** The platform property's value it is mapped to: that value's key (its English text). */
    mappedValue: text('mapped_value'),
  },
  (t) => [uniqueIndex('marketplace_property_values_external_idx').on(t.propertyId, t.externalId)],
)
