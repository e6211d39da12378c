import * as z from 'zod/mini'
import { storedImageSchema } from './uploads'
import { localeSchema } from './common'
import { listQuerySchema, pageSchema, queryBoolean, versionSchema } from './resource'
export * from './marketplaces.routes'

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))

/** An http(s) address with a real host name (spec section 5: "Enter correct website!"). */
function isWebAddress(value: string): boolean {
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
})
export type Marketplace = z.infer<typeof marketplaceSchema>

export const marketplacePageSchema = pageSchema(marketplaceSchema)
