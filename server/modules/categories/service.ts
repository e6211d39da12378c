import { byName } from '../../db/columns'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  categoriesResource,
  categoryCreateBody,
  categoryDetailSchema,
  categoryListQuery,
  categorySchema,
  categoryUpdateBody,
  type Category,
  type CategoryCreateBody,
  type CategoryDetail,
  type CategoryListQuery,
  type CategoryUpdateBody,
} from '../../../src/contract/categories'
import { type Locale } from '../../../src/contract/common'
import { type ListItem } from '../../../src/contract/resource'
import type { Db } from '../../db'
import { categories } from './schema'
import type { AppDeps, Principal } from '../../lib/context'
import { fieldError } from '../../lib/errors'
import { categoryScope } from '../../lib/category-scope'
import type { ColumnValues, ResourceDefinition } from '../../lib/resource'

/**
 * Categories: a tree with names and descriptions in ar and en. A parent cannot be the category
 * itself or one of its descendants; a category with sub-categories cannot be deleted.
 */

export type CategoryRow = typeof categories.$inferSelect & {
  subCategoriesCount: number
  parentNameAr: string | null
  parentNameEn: string | null
}

const byLocale = (lang: Locale, ar: string, en: string) => (lang === 'ar' ? ar : en)

function toCategory(row: CategoryRow, lang: Locale): Category {
  return {
    id: row.id,
    name: byLocale(lang, row.nameAr, row.nameEn),
    description: lang === 'ar' ? row.descriptionAr : row.descriptionEn,
    parent_id: row.parentId,
    parent_name: row.parentNameAr === null || row.parentNameEn === null ? null : byLocale(lang, row.parentNameAr, row.parentNameEn),
    image: row.image,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    sub_categories_count: Number(row.subCategoriesCount),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: [
      { locale: 'ar', name: row.nameAr, description: row.descriptionAr },
      { locale: 'en', name: row.nameEn, description: row.descriptionEn },
    ],
  }
}

async function toCategoryDetail(db: Db, row: CategoryRow, lang: Locale): Promise<CategoryDetail> {
  const children = await db
    .select({ id: categories.id, nameAr: categories.nameAr, nameEn: categories.nameEn, isActive: categories.isActive })
    .from(categories)
    .where(eq(categories.parentId, row.id))
    .orderBy(asc(categories.sortOrder), asc(categories.id))
  return {
    ...toCategory(row, lang),
    sub_categories: children.map((c) => ({ id: c.id, name: byLocale(lang, c.nameAr, c.nameEn), is_active: c.isActive })),
  }
}

function toValues(body: CategoryCreateBody | Omit<CategoryUpdateBody, 'version'>): ColumnValues {
  const values: ColumnValues = { nameAr: body.name_ar, nameEn: body.name_en }
  if (body.description_ar !== undefined) values.descriptionAr = body.description_ar || null
  if (body.description_en !== undefined) values.descriptionEn = body.description_en || null
  if (body.parent_id !== undefined) values.parentId = body.parent_id
  if (body.image !== undefined) values.image = body.image
  if (body.is_active !== undefined) values.isActive = body.is_active
  if (body.sort_order !== undefined) values.sortOrder = body.sort_order
  return values
}

/** True when `candidate` is `id` or lies below it in the tree. */
async function isSelfOrDescendant(db: Db, id: number, candidate: number): Promise<boolean> {
  if (id === candidate) return true
  const result = await db.execute(sql`
    with recursive below(id) as (
      select ${categories.id} from ${categories} where ${categories.parentId} = ${id}
      union
      select c.id from ${categories} c join below b on c.parent_id = b.id
    )
    select 1 as hit from below where id = ${candidate} limit 1`)
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])
  return rows.length > 0
}

async function validate(db: Db, values: ColumnValues, id: number | null): Promise<void> {
  const parentId = values.parentId
  if (typeof parentId !== 'number') return
  // One tree change at a time: two crossing moves could otherwise form a cycle together.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('categories:tree'))`)
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId)).limit(1).for('share')
  if (!found) throw fieldError(422, 'parent_id', 'validation.recordMissing')
  if (id !== null && (await isSelfOrDescendant(db, id, parentId))) throw fieldError(422, 'parent_id', 'validation.parentCycle')
}

async function deleteRefusal(db: Db, id: number): Promise<string | null> {
  const [child] = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1)
  return child ? 'categories.errors.hasSubCategories' : null
}

export const categoriesDefinition: ResourceDefinition<
  CategoryListQuery,
  CategoryCreateBody,
  CategoryUpdateBody,
  CategoryRow,
  Category,
  CategoryDetail
> = {
  ...categoriesResource,
  table: categories,
  // Correlated sub-queries name the outer table explicitly: drizzle leaves a lone table's columns unqualified.
  extras: () => ({
    subCategoriesCount: sql<number>`(select count(*)::int from categories as child where child.parent_id = categories.id)`.as(
      'sub_categories_count',
    ),
    parentNameAr: sql<string | null>`(select p.name_ar from categories as p where p.id = categories.parent_id)`.as('parent_name_ar'),
    parentNameEn: sql<string | null>`(select p.name_en from categories as p where p.id = categories.parent_id)`.as('parent_name_en'),
  }),
  listQuery: categoryListQuery,
  createBody: categoryCreateBody,
  updateBody: categoryUpdateBody,
  item: categorySchema,
  detail: categoryDetailSchema,
  sort: {
    name: (lang) => byName(lang === 'ar' ? categories.nameAr : categories.nameEn),
    created_at: () => categories.createdAt,
    id: () => categories.id,
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    is_active: (value) => eq(categories.isActive, value === '1'),
    parent_id: (value) => eq(categories.parentId, value),
  },
  search: () => [categories.nameAr, categories.nameEn],
  toItem: toCategory,
  toDetail: toCategoryDetail,
  toValues,
  validate,
  deleteRefusal,
  // a sub user with assigned categories reaches only those and their descendants
  scope: categoryScope,
  scopeColumn: 'parentId',
}

/**
 * `core/list/categories`: active categories as `{ id, name }`, optionally the children of
 * `parent_id`; for a sub user limited to some categories, only those within its reach.
 */
export async function categoryOptions(
  deps: AppDeps,
  lang: Locale,
  filters: { parent_id?: number | undefined },
  admin: Principal,
): Promise<ListItem[]> {
  const name = lang === 'ar' ? categories.nameAr : categories.nameEn
  const conditions = [eq(categories.isActive, true)]
  if (filters.parent_id !== undefined) conditions.push(eq(categories.parentId, filters.parent_id))
  const scope = await categoryScope(deps.db, admin)
  if (scope) conditions.push(inArray(categories.id, [...scope]))
  const rows = await deps.db
    .select({ id: categories.id, name, parent_id: categories.parentId })
    .from(categories)
    .where(and(...conditions))
    .orderBy(asc(name), asc(categories.id))
    .limit(1000)
  return rows
}

/** Ids of categories by their English names (the seed links children to parents with it). */
export async function categoryIdsByEnglishName(db: Db, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map()
  const rows = await db.select({ id: categories.id, nameEn: categories.nameEn }).from(categories).where(inArray(categories.nameEn, names))
  return new Map(rows.map((r) => [r.nameEn, r.id]))
}
