import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../../db/columns'

/** Platform categories: a tree (a parent cannot be deleted while it has children). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    image: text('image'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('categories_parent_id_idx').on(t.parentId, t.id),
    index('categories_name_ar_idx').on(byName(t.nameAr), t.id),
    index('categories_name_en_idx').on(byName(t.nameEn), t.id),
    index('categories_created_at_idx').on(t.createdAt, t.id),
    index('categories_is_active_idx').on(t.isActive, t.id),
    // Substring search (ILIKE '%term%') through trigrams; the migration creates the pg_trgm extension.
    index('categories_name_ar_trgm_idx').using('gin', sql`${t.nameAr} gin_trgm_ops`),
    index('categories_name_en_trgm_idx').using('gin', sql`${t.nameEn} gin_trgm_ops`),
    check('categories_version_check', sql`${t.version} >= 1`),
    check('categories_not_own_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
)
