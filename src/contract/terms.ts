import * as z from 'zod/mini'
import { ARTICLE_BODY_MAX } from './articles'
import { richText } from './rich-text'
import { versionSchema } from './resource'
export * from './terms.routes'

/**
 * Terms and conditions: one record with ar and en rich text. `GET` reads it (`result.terms_condition`,
 * null before the first save); `POST` upserts it (send `version` once it exists; stale -> 409).
 */

const text = richText(ARTICLE_BODY_MAX)
export const termsBody = z.strictObject({ terms_ar: text, terms_en: text, version: z.optional(versionSchema) })
export type TermsBody = z.infer<typeof termsBody>

const termsConditionSchema = z.object({
  terms_ar: z.string(),
  terms_en: z.string(),
  version: z.int(),
  updated_at: z.string(),
})
export type TermsCondition = z.infer<typeof termsConditionSchema>
export const termsResult = z.object({ terms_condition: z.nullable(termsConditionSchema) })
