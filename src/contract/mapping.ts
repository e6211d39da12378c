import * as z from 'zod/mini'
import { attributeTypes } from './core'
import { SEARCH_MIN_LENGTH } from './resource'
export * from './mapping.routes'

/**
 * Mapping a marketplace's taxonomy onto the platform's (DOMAIN.md "Marketplaces and mapping"): each
 * marketplace category maps to at most one platform category; each marketplace property of a
 * category to one platform property, and each of its values to one of that property's values.
 */

const queryId = z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))
const bodyId = z.int().check(z.gte(1), z.lte(2_147_483_647))

/** The most nodes one answer of the tree holds (a larger branch or result is read on with `after`). */
export const MAPPING_PAGE_MAX = 2000
export const MAPPING_PAGE_DEFAULT = 500
/** A find's page on the mapping screen: the first matches at once, "Show more" reads on. */
export const MAPPING_FIND_PAGE = 200
export const MAPPING_SUGGESTIONS = 5

const mappingStatuses = ['mapped', 'unmapped'] as const
export type MappingStatus = (typeof mappingStatuses)[number]

/**
 * `GET core/mapping/categories/{marketplaceId}`. Without `status`, `leaves` or `search` it browses:
 * the children of `parent_id` (the top level without it). With any of them it finds: the matching
 * categories of the whole tree in tree order, each with its ancestors for context. `after` (a
 * category id) reads on from that category in tree order: the next page, or the next unmapped one.
 */
export const mappingCategoriesQuery = z.strictObject({
  parent_id: z.optional(queryId),
  status: z.optional(z.enum(mappingStatuses)),
  leaves: z.optional(z.enum(['0', '1'])),
  search: z.optional(z.string().check(z.trim(), z.minLength(SEARCH_MIN_LENGTH), z.maxLength(100))),
  after: z.optional(queryId),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAPPING_PAGE_MAX))),
})
export type MappingCategoriesQuery = z.infer<typeof mappingCategoriesQuery>

/** A platform category a marketplace category is mapped to, with its place in the platform tree. */
const mappedCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Its ancestors' names and its own, in the `Lang` locale, top first. */
  path: z.array(z.string()),
})

const mappingCategorySchema = z.object({
  id: z.int(),
  parent_id: z.nullable(z.int()),
  external_id: z.string(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  /** 0 for a top-level category. */
  depth: z.int(),
  children_count: z.int(),
  /** Its properties, and how many of them are required and not mapped yet. */
  properties_count: z.int(),
  required_unmapped: z.int(),
  mapped_to: z.nullable(mappedCategorySchema),
  /** In a find: true for a match, false for an ancestor shown for context. Always true when browsing. */
  match: z.boolean(),
})
export type MappingCategory = z.infer<typeof mappingCategorySchema>

const countSchema = z.object({ mapped: z.int(), total: z.int() })
export type MappingCount = z.infer<typeof countSchema>
/** How far a marketplace's mapping has come. */
export const mappingProgressSchema = z.object({ categories: countSchema, required_properties: countSchema })
export type MappingProgress = z.infer<typeof mappingProgressSchema>

export const mappingCategoriesResult = z.object({
  marketplace: z.object({ id: z.int(), name: z.string() }),
  /** Browsing: the children in order. Finding: the matches and their ancestors, in tree order. */
  nodes: z.array(mappingCategorySchema),
  /** Browsing: how many children `parent_id` has. Finding: how many categories match in all (from `after` on). */
  total: z.int(),
  /** Pass as `after` to read on; null when nothing is left. */
  next: z.nullable(z.int()),
  progress: mappingProgressSchema,
})
export type MappingCategoriesResult = z.infer<typeof mappingCategoriesResult>

/** `GET core/mapping/suggestions/{marketplaceCategoryId}`: platform categories by name similarity (either language), best first. */
const mappingSuggestionSchema = z.object({
  id: z.int(),
  name: z.string(),
  path: z.array(z.string()),
  /** Trigram similarity, 0..1. */
  score: z.number(),
})
export type MappingSuggestion = z.infer<typeof mappingSuggestionSchema>
export const mappingSuggestionsResult = z.object({ suggestions: z.array(mappingSuggestionSchema) })
export type MappingSuggestionsResult = z.infer<typeof mappingSuggestionsResult>

/**
 * `POST admin-panal/marketplaces/mapping-categories/{marketplaceCategoryId}`: map to `category_id`,
 * or unmap with null. `expected` is the platform category the admin saw it mapped to (null: not
 * mapped); when someone changed it meanwhile the answer is 409 and nothing is written.
 */
export const mapCategoryBody = z.strictObject({
  category_id: z.nullable(bodyId),
  expected: z.nullable(bodyId),
})
export type MapCategoryBody = z.infer<typeof mapCategoryBody>
export const mapCategoryResult = z.object({ category: mappingCategorySchema, progress: mappingProgressSchema })
export type MapCategoryResult = z.infer<typeof mapCategoryResult>

// -- properties --

const marketplaceValueSchema = z.object({
  id: z.int(),
  external_id: z.string(),
  name: z.string(),
  value_ar: z.string(),
  value_en: z.string(),
  /** The platform value (its English text, the value's key) it is mapped to, or null. */
  mapped_value: z.nullable(z.string()),
})

const marketplacePropertySchema = z.object({
  id: z.int(),
  external_id: z.string(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  type: z.enum(attributeTypes),
  required: z.boolean(),
  values: z.array(marketplaceValueSchema),
  mapped_to: z.nullable(z.object({ id: z.int(), name: z.string() })),
})
export type MarketplaceProperty = z.infer<typeof marketplacePropertySchema>

const platformValueSchema = z.object({ key: z.string(), name: z.string() })
const platformPropertySchema = z.object({
  id: z.int(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  attribute_type: z.enum(attributeTypes),
  values: z.array(platformValueSchema),
  mapped: z.boolean(),
})
export type PlatformProperty = z.infer<typeof platformPropertySchema>

/** `GET core/mapping/properties/{marketplaceCategoryId}`: its properties beside the platform's active ones. */
export const mappingPropertiesResult = z.object({
  marketplace: z.object({ id: z.int(), name: z.string() }),
  category: mappingCategorySchema,
  properties: z.array(marketplacePropertySchema),
  platform_properties: z.array(platformPropertySchema),
  /** The category's required properties: how many are mapped. */
  required: countSchema,
})
export type MappingPropertiesResult = z.infer<typeof mappingPropertiesResult>

const MAPPING_VALUES_MAX = 500

/**
 * `POST admin-panal/marketplaces/mapping-properties`: map a marketplace property to `property_id`
 * (null unmaps it and its values), and its values to the platform property's values by key (null
 * unmaps one). `expected` works as for categories: 409 when the property's mapping changed meanwhile.
 */
export const mapPropertyBody = z.strictObject({
  marketplace_property_id: bodyId,
  property_id: z.nullable(bodyId),
  expected: z.nullable(bodyId),
  values: z.optional(
    z
      .array(z.strictObject({ marketplace_value_id: bodyId, value: z.nullable(z.string().check(z.minLength(1), z.maxLength(250))) }))
      .check(z.maxLength(MAPPING_VALUES_MAX)),
  ),
})
export type MapPropertyBody = z.infer<typeof mapPropertyBody>
export const mapPropertyResult = z.object({ property: marketplacePropertySchema, required: countSchema })
export type MapPropertyResult = z.infer<typeof mapPropertyResult>
