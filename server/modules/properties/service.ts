import { byName } from '../../db/columns'
import { eq, inArray } from 'drizzle-orm'
import { type Locale } from '../../../src/contract/common'
import {
  isChoiceAttributeType,
  propertiesResource,
  propertyCreateBody,
  propertyListQuery,
  propertySchema,
  propertyUpdateBody,
  type Property,
  type PropertyCreateBody,
  type PropertyListQuery,
  type PropertyUpdateBody,
} from '../../../src/contract/properties'
import { properties } from './schema'
import type { ColumnValues, ResourceDefinition } from '../../lib/resource'

/**
 * Properties (product attributes): names and descriptions in ar and en, an attribute type and, for
 * SELECT / MULTI_SELECT, at least one value (the contract refuses values for the other types).
 * `mapped` is read-only until products use properties.
 */

export type PropertyRow = typeof properties.$inferSelect

function toProperty(row: PropertyRow, lang: Locale): Property {
  const values = row.values ?? []
  return {
    id: row.id,
    name: lang === 'ar' ? row.nameAr : row.nameEn,
    description: lang === 'ar' ? row.descriptionAr : row.descriptionEn,
    attribute_type: row.attributeType as Property['attribute_type'],
    values: values.map((v) => ({ value: lang === 'ar' ? v.value_ar : v.value_en, value_ar: v.value_ar, value_en: v.value_en })),
    values_count: values.length,
    is_active: row.isActive,
    mapped: row.mapped,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr, description: row.descriptionAr },
      { locale: 'en', name: row.nameEn, description: row.descriptionEn },
    ],
  }
}

function toValues(body: PropertyCreateBody | Omit<PropertyUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = {
    nameAr: body.name_ar,
    nameEn: body.name_en,
    attributeType: body.attribute_type,
    values: isChoiceAttributeType(body.attribute_type)
      ? (body.values ?? []).map((v) => ({ value_ar: v.value_ar, value_en: v.value_en }))
      : [],
  }
  if (body.description_ar !== undefined) values.descriptionAr = body.description_ar || null
  if (body.description_en !== undefined) values.descriptionEn = body.description_en || null
  if (body.is_active !== undefined) values.isActive = body.is_active
  return values
}

export const propertiesDefinition: ResourceDefinition<
  PropertyListQuery,
  PropertyCreateBody,
  PropertyUpdateBody,
  PropertyRow,
  Property,
  Property
> = {
  ...propertiesResource,
  table: properties,
  listQuery: propertyListQuery,
  createBody: propertyCreateBody,
  updateBody: propertyUpdateBody,
  item: propertySchema,
  detail: propertySchema,
  sort: {
    name: (lang) => byName(lang === 'ar' ? properties.nameAr : properties.nameEn),
    attribute_type: () => properties.attributeType,
    created_at: () => properties.createdAt,
    id: () => properties.id,
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    is_active: (value) => eq(properties.isActive, value === '1'),
    mapped: (value) => eq(properties.mapped, value === '1'),
    attribute_type: (value) => inArray(properties.attributeType, value.split(',')),
  },
  search: () => [properties.nameAr, properties.nameEn],
  toItem: toProperty,
  toDetail: (_db, row, lang) => Promise.resolve(toProperty(row, lang)),
  toValues,
  // A property products use cannot be deleted (none are mapped yet; the rule is in place).
  deleteRefusal: async (db, id) => {
    const [row] = await db.select({ mapped: properties.mapped }).from(properties).where(eq(properties.id, id)).limit(1)
    return row?.mapped ? 'properties.errors.mapped' : null
  },
}
