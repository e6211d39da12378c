import * as z from 'zod/mini'
import { storedImageSchema } from './uploads'
import { localeSchema } from './common'
import { attributeTypes } from './core'
import { listQuerySchema, pageSchema, queryBoolean, versionSchema } from './resource'
import { marketplacesResource } from './marketplaces.routes'
import { mappingProgressSchema } from './mapping'
export * from './marketplaces.routes'

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))

/** An http(s) address with a real host name (spec section 5: "Enter correct website!"). */
export function isWebAddress(value: string): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false
  const url = new URL(value)
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    z.regexes.domain.test(url.hostname) &&
    url.username === '' &&
    url.password === ''
  )
}
const webAddress = z.refine<string>(isWebAddress, 'validation.website')
const website = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.maxLength(500, { abort: true }), webAddress)
/** Optional texts: an empty one is no value. */
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))))

const marketplaceFields = {
  name_ar: name,
  name_en: name,
  website,
  /** The platform's account id at the marketplace. */
  market_id: optionalText(120),
  /** The marketplace's API or seller-centre address, when it has one. */
  market_url: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(500, { abort: true }),
        z.refine<string>((v) => v === '' || isWebAddress(v), 'validation.website'),
      ),
    ),
  ),
  gateway_type: optionalText(60),
  /** A stored upload's name (`POST admin-panal/uploads/images`), or null for none. */
  image: z.optional(z.nullable(storedImageSchema)),
  is_linked: z.optional(z.boolean()),
  is_active: z.optional(z.boolean()),
}

export const marketplaceCreateBody = z.strictObject(marketplaceFields)
export type MarketplaceCreateBody = z.infer<typeof marketplaceCreateBody>
export const marketplaceUpdateBody = z.strictObject({ ...marketplaceFields, version: versionSchema })
export type MarketplaceUpdateBody = z.infer<typeof marketplaceUpdateBody>

const marketplaceSortColumns = ['name', 'created_at', 'id'] as const
export const marketplaceListQuery = listQuerySchema(marketplaceSortColumns, {
  is_active: queryBoolean,
  is_linked: queryBoolean,
})
export type MarketplaceListQuery = z.infer<typeof marketplaceListQuery>

/** `core/list/marketplaces`: the active marketplaces; `all=1` the inactive ones too (named so). */
export const marketplaceOptionsQuery = z.strictObject({ all: queryBoolean })

const marketplaceTranslationSchema = z.object({ locale: localeSchema, name: z.string() })

/** A marketplace as lists and forms show it: the name of the `Lang` locale at top level, both in `translations`. */
export const marketplaceSchema = z.object({
  id: z.int(),
  name: z.string(),
  website: z.string(),
  market_id: z.nullable(z.string()),
  market_url: z.nullable(z.string()),
  gateway_type: z.nullable(z.string()),
  image: z.nullable(z.string()),
  is_linked: z.boolean(),
  is_active: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(marketplaceTranslationSchema),
  /** How far the mapping of its taxonomy has come (all zero before an import). */
  mapping: mappingProgressSchema,
})
export type Marketplace = z.infer<typeof marketplaceSchema>

export const marketplacePageSchema = pageSchema(marketplaceSchema)

// -- a marketplace's taxonomy: its category tree, and per category its properties and their values --

/** `POST admin-panal/marketplaces/{id}/taxonomy` (multipart `file`: JSON or CSV): the import. */
export const marketplaceTaxonomyPath = (id: number | string) => `${marketplacesResource.path}/${id}/taxonomy`
/** The largest taxonomy file accepted (a tree of 50,000 categories in JSON is about 6 MB). */
export const TAXONOMY_FILE_MAX_BYTES = 32 * 1024 * 1024
const TAXONOMY_MAX_CATEGORIES = 100_000
const TAXONOMY_MAX_PROPERTIES = 100_000
const TAXONOMY_MAX_VALUES = 500

/** The marketplace's own id of an item: what a re-import recognises it by. */
const externalId = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.maxLength(120))
const taxonomyName = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.maxLength(250))

const taxonomyValueSchema = z.strictObject({ id: externalId, value_ar: taxonomyName, value_en: taxonomyName })
const taxonomyPropertySchema = z.strictObject({
  id: externalId,
  /** The category it belongs to (a property id may recur in other categories). */
  category_id: externalId,
  name_ar: taxonomyName,
  name_en: taxonomyName,
  type: z.enum(attributeTypes),
  required: z.optional(z.boolean()),
  values: z.optional(z.array(taxonomyValueSchema).check(z.maxLength(TAXONOMY_MAX_VALUES))),
})
const taxonomyCategorySchema = z.strictObject({
  id: externalId,
  /** Its parent's id; none for a top-level category. */
  parent_id: z.optional(z.nullable(externalId)),
  name_ar: taxonomyName,
  name_en: taxonomyName,
})

/**
 * A taxonomy file in JSON. The CSV form has one row per item, under the header
 * `kind,id,parent_id,name_ar,name_en,type,required`: a `category` row's parent is its parent
 * category, a `property` row's is its category, a `value` row's is the property above it.
 */
export const taxonomyFileSchema = z.strictObject({
  categories: z.array(taxonomyCategorySchema).check(z.minLength(1), z.maxLength(TAXONOMY_MAX_CATEGORIES)),
  properties: z.optional(z.array(taxonomyPropertySchema).check(z.maxLength(TAXONOMY_MAX_PROPERTIES))),
})
export type TaxonomyFile = z.infer<typeof taxonomyFileSchema>

/** The CSV form's header, in order. */
export const TAXONOMY_CSV_COLUMNS = ['kind', 'id', 'parent_id', 'name_ar', 'name_en', 'type', 'required'] as const

const countsSchema = z.object({ added: z.int(), changed: z.int(), removed: z.int(), total: z.int() })
/** What an import did: per kind, what it added, changed (names, parent, type, required) and removed, and how many there are now. */
export const taxonomyReportSchema = z.object({ categories: countsSchema, properties: countsSchema, values: countsSchema })
export type TaxonomyReport = z.infer<typeof taxonomyReportSchema>
