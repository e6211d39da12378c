import * as z from 'zod/mini'
import { storedImageSchema } from './uploads'
import { localeSchema } from './common'
import { listQuerySchema, pageSchema, queryBoolean, versionSchema } from './resource'
export * from './categories.routes'

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
const description = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000))))

const categoryFields = {
  name_ar: name,
  name_en: name,
  description_ar: description,
  description_en: description,
  parent_id: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(2_147_483_647)))),
  /** A stored upload's name (`POST admin-panal/uploads/images`), or null for none. */
  image: z.optional(z.nullable(storedImageSchema)),
  is_active: z.optional(z.boolean()),
  sort_order: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
}

export const categoryCreateBody = z.strictObject(categoryFields)
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>
export const categoryUpdateBody = z.strictObject({ ...categoryFields, version: versionSchema })
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>

const categorySortColumns = ['name', 'created_at', 'id'] as const
export const categoryListQuery = listQuerySchema(categorySortColumns, {
  is_active: queryBoolean,
  parent_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
})
export type CategoryListQuery = z.infer<typeof categoryListQuery>

const categoryTranslationSchema = z.object({
  locale: localeSchema,
  name: z.string(),
  description: z.nullable(z.string()),
})

/** A category as lists show it: the fields of the `Lang` locale at top level, both in `translations`. */
export const categorySchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  parent_id: z.nullable(z.int()),
  parent_name: z.nullable(z.string()),
  image: z.nullable(z.string()),
  is_active: z.boolean(),
  sort_order: z.int(),
  sub_categories_count: z.int(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(categoryTranslationSchema),
})
export type Category = z.infer<typeof categorySchema>

const subCategorySchema = z.object({ id: z.int(), name: z.string(), is_active: z.boolean() })

/** `GET {path}/{id}`: the category and its direct sub-categories. */
export const categoryDetailSchema = z.object({ ...categorySchema.shape, sub_categories: z.array(subCategorySchema) })
export type CategoryDetail = z.infer<typeof categoryDetailSchema>

export const categoryPageSchema = pageSchema(categorySchema)

/** `core/list/categories` filters. */
export const categoryOptionsQuery = z.strictObject({
  parent_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
})
