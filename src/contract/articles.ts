import * as z from 'zod/mini'
import { richText } from './rich-text'
import { storedImageSchema } from './uploads'
import { localeSchema } from './common'
import { listQuerySchema, pageSchema, queryBoolean, versionSchema } from './resource'

/**
 * The shape shared by blogs and contents (static pages): titles, short descriptions, rich HTML
 * bodies (sanitised by the server on save), SEO slugs unique per language, order, language, image.
 */

/** Which languages a page is published in. */
export const articleLanguages = ['ar', 'en', 'both'] as const
const articleLanguageSchema = z.enum(articleLanguages)
export type ArticleLanguage = z.infer<typeof articleLanguageSchema>

/** A slug: lowercase latin or Arabic letters and digits, words joined by single hyphens. */
const SEO_LINK_PATTERN = /^[a-z0-9\u0621-\u064a\u0660-\u0669]+(?:-[a-z0-9\u0621-\u064a\u0660-\u0669]+)*$/
export const ARTICLE_BODY_MAX = 100_000

const title = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(200))
const shortDescription = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500))))
const body = richText(ARTICLE_BODY_MAX)
const seoLink = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.maxLength(200), z.regex(SEO_LINK_PATTERN, 'validation.slug'))

const articleFields = {
  title_ar: title,
  title_en: title,
  short_description_ar: shortDescription,
  short_description_en: shortDescription,
  /** Rich HTML; stored sanitised (allowlist: no scripts, styles, event handlers, javascript:/data: URLs). */
  body_ar: body,
  body_en: body,
  seo_link_ar: seoLink,
  seo_link_en: seoLink,
  order: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
  language: z.optional(articleLanguageSchema),
  /** A stored upload's name (`POST admin-panal/uploads/images`), or null for none. */
  image: z.optional(z.nullable(storedImageSchema)),
  is_active: z.optional(z.boolean()),
}

export const articleCreateBody = z.strictObject(articleFields)
export type ArticleCreateBody = z.infer<typeof articleCreateBody>
export const articleUpdateBody = z.strictObject({ ...articleFields, version: versionSchema })
export type ArticleUpdateBody = z.infer<typeof articleUpdateBody>

const articleSortColumns = ['title', 'order', 'created_at', 'id'] as const
export const articleListQuery = listQuerySchema(articleSortColumns, {
  is_active: queryBoolean,
  language: z.optional(articleLanguageSchema),
})
export type ArticleListQuery = z.infer<typeof articleListQuery>

const articleTranslationSchema = z.object({
  locale: localeSchema,
  title: z.string(),
  short_description: z.nullable(z.string()),
  seo_link: z.string(),
})

/** A blog post / content page as lists show it (no bodies). */
export const articleSchema = z.object({
  id: z.int(),
  title: z.string(),
  short_description: z.nullable(z.string()),
  seo_link: z.string(),
  order: z.int(),
  language: articleLanguageSchema,
  image: z.nullable(z.string()),
  is_active: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(articleTranslationSchema),
})
export type Article = z.infer<typeof articleSchema>

const articleDetailTranslationSchema = z.object({ ...articleTranslationSchema.shape, body: z.string() })

/** `GET {path}/{id}` and writes: the item plus the (sanitised) bodies. */
export const articleDetailSchema = z.object({
  ...articleSchema.shape,
  body: z.string(),
  translations: z.array(articleDetailTranslationSchema),
})
export type ArticleDetail = z.infer<typeof articleDetailSchema>
export const articlePageSchema = pageSchema(articleSchema)
