import { byName } from '../db/columns'
import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import {
  articleCreateBody,
  articleDetailSchema,
  articleListQuery,
  articleSchema,
  articleUpdateBody,
  type Article,
  type ArticleCreateBody,
  type ArticleDetail,
  type ArticleLanguage,
  type ArticleListQuery,
  type ArticleUpdateBody,
} from '../../src/contract/articles'
import { type Locale } from '../../src/contract/common'
import { type ResourceDef } from '../../src/contract/resource'
import type { Db } from '../db'
import type { blogs } from '../modules/blogs/schema'
import { AppError, type FieldErrors } from './errors'
import type { ColumnValues, ResourceDefinition } from './resource'
import { isBlankHtml } from '../../src/contract/rich-text'
import { sanitizeHtml } from './sanitize'

/**
 * The resource definition shared by blogs and contents (same columns, one table each): bodies are
 * sanitised on save, `seo_link_ar` / `seo_link_en` are unique per language within the table.
 */

export type ArticleTable = typeof blogs
export type ArticleRow = ArticleTable['$inferSelect']

function toArticle(row: ArticleRow, lang: Locale): Article {
  return {
    id: row.id,
    title: lang === 'ar' ? row.titleAr : row.titleEn,
    short_description: lang === 'ar' ? row.shortDescriptionAr : row.shortDescriptionEn,
    seo_link: lang === 'ar' ? row.seoLinkAr : row.seoLinkEn,
    order: row.sortOrder,
    language: row.language as ArticleLanguage,
    image: row.image,
    is_active: row.isActive,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', title: row.titleAr, short_description: row.shortDescriptionAr, seo_link: row.seoLinkAr },
      { locale: 'en', title: row.titleEn, short_description: row.shortDescriptionEn, seo_link: row.seoLinkEn },
    ],
  }
}

function toArticleDetail(row: ArticleRow, lang: Locale): ArticleDetail {
  const item = toArticle(row, lang)
  return {
    ...item,
    body: lang === 'ar' ? row.bodyAr : row.bodyEn,
    translations: [
      { locale: 'ar', title: row.titleAr, short_description: row.shortDescriptionAr, seo_link: row.seoLinkAr, body: row.bodyAr },
      { locale: 'en', title: row.titleEn, short_description: row.shortDescriptionEn, seo_link: row.seoLinkEn, body: row.bodyEn },
    ],
  }
}

/** Sanitises both bodies; a body with nothing left to show is refused as missing. */
function toValues(body: ArticleCreateBody | Omit<ArticleUpdateBody, 'version'>): ColumnValues {
  const bodyAr = sanitizeHtml(body.body_ar)
  const bodyEn = sanitizeHtml(body.body_en)
  const errors: FieldErrors = {}
  if (isBlankHtml(bodyAr)) errors.body_ar = [{ key: 'validation.required' }]
  if (isBlankHtml(bodyEn)) errors.body_en = [{ key: 'validation.required' }]
  if (Object.keys(errors).length > 0) throw new AppError(422, 'errors.validation', { errors })
  const values: ColumnValues = {
    titleAr: body.title_ar,
    titleEn: body.title_en,
    bodyAr,
    bodyEn,
    seoLinkAr: body.seo_link_ar,
    seoLinkEn: body.seo_link_en,
  }
  if (body.short_description_ar !== undefined) values.shortDescriptionAr = body.short_description_ar || null
  if (body.short_description_en !== undefined) values.shortDescriptionEn = body.short_description_en || null
  if (body.order !== undefined) values.sortOrder = body.order
  if (body.language !== undefined) values.language = body.language
  if (body.image !== undefined) values.image = body.image
  if (body.is_active !== undefined) values.isActive = body.is_active
  return values
}

export function articleDefinition(
  resource: ResourceDef,
  table: ArticleTable,
): ResourceDefinition<ArticleListQuery, ArticleCreateBody, ArticleUpdateBody, ArticleRow, Article, ArticleDetail> {
  /** seo_link unique per language: checked under a per-table lock (the unique indexes back it up). */
  async function validate(db: Db, values: ColumnValues, id: number | null): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${resource.name}:seo_link`}))`)
    const errors: FieldErrors = {}
    const taken = async (column: typeof table.seoLinkAr | typeof table.seoLinkEn, value: unknown) => {
      const conditions: SQL[] = [eq(column, String(value))]
      if (id !== null) conditions.push(ne(table.id, id))
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(...conditions))
        .limit(1)
      return row !== undefined
    }
    if (await taken(table.seoLinkAr, values.seoLinkAr)) errors.seo_link_ar = [{ key: 'validation.seoLinkTaken' }]
    if (await taken(table.seoLinkEn, values.seoLinkEn)) errors.seo_link_en = [{ key: 'validation.seoLinkTaken' }]
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validation.seoLinkTaken', { errors })
  }

  return {
    ...resource,
    table,
    listQuery: articleListQuery,
    createBody: articleCreateBody,
    updateBody: articleUpdateBody,
    item: articleSchema,
    detail: articleDetailSchema,
    sort: {
      title: (lang) => byName(lang === 'ar' ? table.titleAr : table.titleEn),
      order: () => table.sortOrder,
      created_at: () => table.createdAt,
      id: () => table.id,
    },
    defaultSort: { column: 'id', direction: 'desc' },
    filters: {
      is_active: (value) => eq(table.isActive, value === '1'),
      language: (value) => eq(table.language, value),
    },
    search: () => [table.titleAr, table.titleEn, table.seoLinkAr, table.seoLinkEn],
    toItem: toArticle,
    toDetail: (_db, row, lang) => Promise.resolve(toArticleDetail(row, lang)),
    toValues,
    validate,
  }
}

export type DemoArticle = {
  titleAr: string
  titleEn: string
  shortAr: string
  shortEn: string
  bodyAr: string
  bodyEn: string
  slugAr: string
  slugEn: string
  language?: ArticleLanguage
  active?: boolean
}

/** Inserts the demo articles missing from `table` (keyed by the English slug). */
export async function seedArticles(db: Db, table: ArticleTable, demo: DemoArticle[], now: Date): Promise<number> {
  const existing = await db.select({ slug: table.seoLinkEn }).from(table)
  const known = new Set(existing.map((r) => r.slug))
  const missing = demo.map((a, index) => ({ a, index })).filter(({ a }) => !known.has(a.slugEn))
  if (missing.length === 0) return 0
  await db.insert(table).values(
    missing.map(({ a, index }) => ({
      titleAr: a.titleAr,
      titleEn: a.titleEn,
      shortDescriptionAr: a.shortAr,
      shortDescriptionEn: a.shortEn,
      bodyAr: sanitizeHtml(a.bodyAr),
      bodyEn: sanitizeHtml(a.bodyEn),
      seoLinkAr: a.slugAr,
      seoLinkEn: a.slugEn,
      sortOrder: index,
      language: a.language ?? 'both',
      isActive: a.active ?? true,
      createdAt: now,
      updatedAt: now,
    })),
  )
  return missing.length
}
