import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt, byName } from '../../db/columns'

/** Product properties (attributes); choice types carry `values` (`[{ value_ar, value_en }]`). */
export const properties = pgTable(
  'properties',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    attributeType: text('attribute_type').notNull(),
    values: jsonb('values')
      .$type<{ value_ar: string; value_en: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    /** Read-only for now: set when products use the property. */
    mapped: boolean('mapped').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('properties_name_ar_idx').on(byName(t.nameAr), t.id),
    index('properties_name_en_idx').on(byName(t.nameEn), t.id),
    index('properties_attribute_type_idx').on(t.attributeType, t.id),
    index('properties_created_at_idx').on(t.createdAt, t.id),
    check('properties_version_check', sql`${t.version} >= 1`),
    check('properties_attribute_type_check', sql`${t.attributeType} in ('TEXT', 'NUMBER', 'SELECT', 'MULTI_SELECT', 'COLOR', 'BOOLEAN')`),
    check('properties_values_array_check', sql`jsonb_typeof(${t.values}) = 'array'`),
  ],
)
