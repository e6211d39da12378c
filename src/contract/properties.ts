import * as z from 'zod/mini'
import { localeSchema } from './common'
import { attributeTypes } from './core'
import { listQuerySchema, pageSchema, queryBoolean, versionSchema, queryOneOfMany } from './resource'
export * from './properties.routes'

/** Attribute types whose properties carry a list of values (at least one). */
const choiceAttributeTypes = ['SELECT', 'MULTI_SELECT'] as const
export const isChoiceAttributeType = (type: string) => (choiceAttributeTypes as readonly string[]).includes(type)
const attributeTypeSchema = z.enum(attributeTypes)
export type AttributeType = z.infer<typeof attributeTypeSchema>

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
const description = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000))))
const valueText = z.string().check(z.trim(), z.minLength(1), z.maxLength(120))

const propertyValueInput = z.strictObject({ value_ar: valueText, value_en: valueText })
export type PropertyValueInput = z.infer<typeof propertyValueInput>

const propertyFields = {
  name_ar: name,
  name_en: name,
  description_ar: description,
  description_en: description,
  attribute_type: attributeTypeSchema,
  /** Required (at least one) for SELECT / MULTI_SELECT; must be absent or empty for the other types. */
  values: z.optional(z.array(propertyValueInput).check(z.maxLength(200))),
  is_active: z.optional(z.boolean()),
}

type ValuesShape = { attribute_type: string; values?: PropertyValueInput[] | undefined }

const isValueInput = (v: unknown): v is PropertyValueInput =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PropertyValueInput).value_ar === 'string' &&
  typeof (v as PropertyValueInput).value_en === 'string'

/**
 * Values follow the attribute type: required for choice types (`validation.valuesRequired`), refused
 * otherwise (`validation.valuesNotAllowed`), no repeats (`validation.duplicateValue`). Runs even when
 * other fields failed, so every field's message shows at once.
 */
const valuesRule = z.superRefine(
  (body: ValuesShape, ctx) => {
    if (!(attributeTypes as readonly string[]).includes(body.attribute_type)) return
    if (body.values !== undefined && !Array.isArray(body.values)) return
    const values = body.values ?? []
    if (isChoiceAttributeType(body.attribute_type)) {
      if (values.length === 0) ctx.addIssue({ code: 'custom', path: ['values'], message: 'validation.valuesRequired', input: body.values })
      const seen = new Set<string>()
      values.forEach((v, index) => {
        if (!isValueInput(v)) return
        const key = `${v.value_ar.trim().toLowerCase()}|${v.value_en.trim().toLowerCase()}`
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: ['values', index, 'value_en'], message: 'validation.duplicateValue', input: v })
        seen.add(key)
      })
    } else if (values.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'validation.valuesNotAllowed', input: body.values })
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
)

export const propertyCreateBody = z.strictObject(propertyFields).check(valuesRule)
export type PropertyCreateBody = z.infer<typeof propertyCreateBody>
export const propertyUpdateBody = z.strictObject({ ...propertyFields, version: versionSchema }).check(valuesRule)
export type PropertyUpdateBody = z.infer<typeof propertyUpdateBody>

const propertySortColumns = ['name', 'attribute_type', 'created_at', 'id'] as const
export const propertyListQuery = listQuerySchema(propertySortColumns, {
  is_active: queryBoolean,
  /** Mapped to products or not (read-only for now: always false). */
  mapped: queryBoolean,
  /** One type or several, comma separated. */
  attribute_type: queryOneOfMany(attributeTypes),
})
export type PropertyListQuery = z.infer<typeof propertyListQuery>

const propertyTranslationSchema = z.object({ locale: localeSchema, name: z.string(), description: z.nullable(z.string()) })

/** One value of a choice property: `value` in the `Lang` locale, both languages beside it. */
const propertyValueSchema = z.object({ value: z.string(), value_ar: z.string(), value_en: z.string() })

/** A property as lists show it. */
export const propertySchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  attribute_type: attributeTypeSchema,
  values: z.array(propertyValueSchema),
  values_count: z.int(),
  is_active: z.boolean(),
  /** Read-only: whether products use it (always false until mapping lands). */
  mapped: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(propertyTranslationSchema),
})
export type Property = z.infer<typeof propertySchema>

/** `GET {path}/{id}`: same as the list item. */
/** The detail shows what the list shows. */
export type PropertyDetail = Property
export const propertyPageSchema = pageSchema(propertySchema)
