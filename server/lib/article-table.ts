import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../db/columns'

const ARTICLE_LANGUAGES_SQL = sql`('ar', 'en', 'both')`

/** Blog posts and content pages share one shape; each has its own table. */
export function articleTable(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      titleAr: text('title_ar').notNull(),
      titleEn: text('title_en').notNull(),
      shortDescriptionAr: text('short_description_ar'),
      shortDescriptionEn: text('short_description_en'),
      bodyAr: text('body_ar').notNull(),
      bodyEn: text('body_en').notNull(),
      seoLinkAr: text('seo_link_ar').notNull(),
      seoLinkEn: text('seo_link_en').notNull(),
      sortOrder: integer('sort_order').notNull().default(0),
      language: text('language').notNull().default('both'),
      image: text('image'),
      isActive: boolean('is_active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      version: integer('version').notNull().default(1),
    },
    (t) => [
      uniqueIndex(`${name}_seo_link_ar_unique`).on(t.seoLinkAr),
      uniqueIndex(`${name}_seo_link_en_unique`).on(t.seoLinkEn),
      index(`${name}_title_ar_idx`).on(byName(t.titleAr), t.id),
      index(`${name}_title_en_idx`).on(byName(t.titleEn), t.id),
      index(`${name}_sort_order_idx`).on(t.sortOrder, t.id),
      index(`${name}_created_at_idx`).on(t.createdAt, t.id),
      check(`${name}_version_check`, sql`${t.version} >= 1`),
      check(`${name}_sort_order_check`, sql`${t.sortOrder} >= 0`),
      check(`${name}_language_check`, sql`${t.language} in ${ARTICLE_LANGUAGES_SQL}`),
    ],
  )
}
