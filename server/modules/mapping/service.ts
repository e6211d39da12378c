import { sql, type SQL } from 'drizzle-orm'
import type { Locale } from '../../../src/contract/common'
import {
  MAPPING_PAGE_DEFAULT,
  MAPPING_SUGGESTIONS,
  type MapCategoryBody,
  type MapCategoryResult,
  type MappingCategoriesQuery,
  type MappingCategoriesResult,
  type MappingCategory,
  type MappingCount,
  type MappingProgress,
  type MappingPropertiesResult,
  type MappingSuggestionsResult,
  type MapPropertyBody,
  type MapPropertyResult,
  type MarketplaceProperty,
} from '../../../src/contract/mapping'
import type { Db } from '../../db'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, DeletionGuard, Principal } from '../../lib/context'
import { AppError, fieldError, type FieldErrors } from '../../lib/errors'
import { t } from '../../i18n'
import { categoryScope, requireInScope, type CategoryScope } from '../../lib/category-scope'
import { containing } from '../../lib/search'

/**
 * Mapping a marketplace's taxonomy onto the platform's (DOMAIN.md "Marketplaces and mapping"): the
 * marketplace's tree browsed or searched in tree order (`sort_key`, set by the import), suggestions
 * by trigram similarity, and the writes, each checked against what the admin saw (`expected`) under
 * a row lock, and audited.
 */

type Row = Record<string, unknown>
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]
const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )
const byLang = (lang: Locale, ar: unknown, en: unknown) => String(lang === 'ar' ? ar : en)
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** Writes: the request's context. */
type MappingContext = { deps: AppDeps; admin: Principal; lang: Locale }

/** The audit's resource names of the two kinds of mapping. */
const CATEGORY_RESOURCE = 'marketplace_categories'
const PROPERTY_RESOURCE = 'marketplace_properties'

// -- reading -------------------------------------------------------------------------------------

/** A marketplace's name and mapping progress in one read; 404 when it does not exist. */
async function marketplaceWithProgress(
  db: Db,
  id: number,
  lang: Locale,
): Promise<{ marketplace: { id: number; name: string }; progress: MappingProgress }> {
  const [row] = rowsOf(
    await db.execute(
      sql`select id, name_ar, name_en, categories_total, categories_mapped, required_total, required_mapped from marketplaces where id = ${id}`,
    ),
  )
  if (!row) throw new AppError(404, 'errors.notFound')
  return {
    marketplace: { id: Number(row.id), name: byLang(lang, row.name_ar, row.name_en) },
    progress: {
      categories: { mapped: Number(row.categories_mapped ?? 0), total: Number(row.categories_total ?? 0) },
      required_properties: { mapped: Number(row.required_mapped ?? 0), total: Number(row.required_total ?? 0) },
    },
  }
}

async function marketplaceOf(db: Db, id: number, lang: Locale): Promise<{ id: number; name: string }> {
  const [row] = rowsOf(await db.execute(sql`select id, name_ar, name_en from marketplaces where id = ${id}`))
  if (!row) throw new AppError(404, 'errors.notFound')
  return { id: Number(row.id), name: byLang(lang, row.name_ar, row.name_en) }
}

/** How far a marketplace's mapping has come: categories, and required properties (kept on the marketplace's row). */
async function progressOf(db: Db, marketplaceId: number): Promise<MappingProgress> {
  const [row] = rowsOf(
    await db.execute(
      sql`select categories_total, categories_mapped, required_total, required_mapped from marketplaces where id = ${marketplaceId}`,
    ),
  )
  return {
    categories: { mapped: Number(row?.categories_mapped ?? 0), total: Number(row?.categories_total ?? 0) },
    required_properties: { mapped: Number(row?.required_mapped ?? 0), total: Number(row?.required_total ?? 0) },
  }
}

/**
 * Locks a marketplace's row before a mapping write changes its counts: taken first, as the import
 * takes it first, so a write and an import wait for each other instead of deadlocking.
 */
async function lockMarketplaceOf(db: Db, table: 'marketplace_categories' | 'marketplace_properties', id: number): Promise<number | null> {
  const [row] = rowsOf(await db.execute(sql`select marketplace_id from ${sql.raw(table)} where id = ${id}`))
  if (!row) return null
  const marketplaceId = Number(row.marketplace_id)
  await db.execute(sql`select id from marketplaces where id = ${marketplaceId} for no key update`)
  return marketplaceId
}

/** Platform categories' paths (top first) in `lang`, by id. */
async function categoryPaths(db: Db, ids: readonly number[], lang: Locale): Promise<Map<number, string[]>> {
  const paths = new Map<number, string[]>()
  const unique = [...new Set(ids)]
  if (unique.length === 0) return paths
  const name = sql.raw(lang === 'ar' ? 'name_ar' : 'name_en')
  const rows = rowsOf(
    await db.execute(sql`
      with recursive up(start, id, parent_id, name, level) as (
        select id, id, parent_id, ${name}, 0 from categories where id in (${list(unique)})
        union all
        select up.start, c.id, c.parent_id, c.${name}, up.level + 1 from categories c join up on c.id = up.parent_id where up.level < 64
      )
      select start, name, level from up order by start, level desc`),
  )
  for (const row of rows) {
    const start = Number(row.start)
    const path = paths.get(start) ?? []
    path.push(String(row.name))
    paths.set(start, path)
  }
  return paths
}

/** The columns of a marketplace category node, with its properties' counts (`c` is the category). */
const nodeColumns = sql`c.id, c.parent_id, c.external_id, c.name_ar, c.name_en, c.depth, c.sort_key, c.children_count,
  c.mapped_category_id, coalesce(pc.properties_count, 0) as properties_count, coalesce(pc.required_unmapped, 0) as required_unmapped`
const nodeJoin = sql`left join lateral (
  select count(*)::int as properties_count, (count(*) filter (where p.required and p.mapped_property_id is null))::int as required_unmapped
  from marketplace_properties p where p.category_id = c.id
) pc on true`

/**
 * The nodes of `rows`. For an admin limited to its categories (`scope`), a mapping to a category
 * outside them says only that: mapped, to a category it does not reach (not which one).
 */
async function toNodes(
  db: Db,
  rows: Row[],
  lang: Locale,
  match: (row: Row) => boolean,
  scope: CategoryScope = null,
): Promise<MappingCategory[]> {
  const reached = (id: number) => scope === null || scope.has(id)
  const mapped = rows.map((r) => numberOrNull(r.mapped_category_id)).filter((id): id is number => id !== null && reached(id))
  const paths = await categoryPaths(db, mapped, lang)
  const outside = t(lang, 'mapping.categories.outsideScope')
  return rows.map((r) => {
    const target = numberOrNull(r.mapped_category_id)
    const path = target === null ? undefined : reached(target) ? paths.get(target) : [outside]
    return {
      id: Number(r.id),
      parent_id: numberOrNull(r.parent_id),
      external_id: String(r.external_id),
      name: byLang(lang, r.name_ar, r.name_en),
      name_ar: String(r.name_ar),
      name_en: String(r.name_en),
      depth: Number(r.depth),
      children_count: Number(r.children_count),
      properties_count: Number(r.properties_count),
      required_unmapped: Number(r.required_unmapped),
      mapped_to: target === null ? null : { id: target, name: path?.at(-1) ?? '', path: path ?? [] },
      match: match(r),
    }
  })
}

/** The sort key of category `id` of the marketplace (for `after`); a 422 on `field` when it is not one of its categories. */
async function sortKeyOf(db: Db, marketplaceId: number, id: number, field: string): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`select sort_key from marketplace_categories where id = ${id} and marketplace_id = ${marketplaceId}`),
  )
  if (!row) throw fieldError(422, field, 'validation.recordMissing')
  return String(row.sort_key)
}

/**
 * `GET core/mapping/categories/{marketplaceId}`: browsing (a parent's children in tree order) or
 * finding (matches of the whole tree in tree order, each after its ancestors), read on with `after`.
 */
export async function mappingCategories(
  db: Db,
  marketplaceId: number,
  query: MappingCategoriesQuery,
  lang: Locale,
  scope: CategoryScope = null,
): Promise<MappingCategoriesResult> {
  const { marketplace, progress } = await marketplaceWithProgress(db, marketplaceId, lang)
  const limit = query.limit ?? MAPPING_PAGE_DEFAULT
  const afterKey = query.after === undefined ? null : await sortKeyOf(db, marketplaceId, query.after, 'after')
  const from = afterKey === null ? sql`` : sql` and c.sort_key > ${afterKey}`

  const conditions: SQL[] = []
  if (query.status === 'mapped') conditions.push(sql`c.mapped_category_id is not null`)
  if (query.status === 'unmapped') conditions.push(sql`c.mapped_category_id is null`)
  if (query.leaves === '1') conditions.push(sql`c.children_count = 0`)
  if (query.search) {
    const term = containing(query.search)
    conditions.push(sql`(c.name_ar ilike ${term} or c.name_en ilike ${term})`)
  }

  let nodes: MappingCategory[]
  let total: number
  let next: number | null
  if (conditions.length === 0) {
    let parent = sql`c.parent_id is null`
    if (query.parent_id !== undefined) {
      await sortKeyOf(db, marketplaceId, query.parent_id, 'parent_id')
      parent = sql`c.parent_id = ${query.parent_id}`
    }
    // the page and the count at once, on two connections
    const [read, countRead] = await Promise.all([
      db.execute(sql`select ${nodeColumns} from marketplace_categories c ${nodeJoin}
        where c.marketplace_id = ${marketplaceId} and ${parent}${from} order by c.sort_key limit ${limit + 1}`),
      db.execute(sql`select count(*)::int as n from marketplace_categories c where c.marketplace_id = ${marketplaceId} and ${parent}`),
    ])
    const rows = rowsOf(read)
    const [counted] = rowsOf(countRead)
    const page = rows.slice(0, limit)
    nodes = await toNodes(db, page, lang, () => true, scope)
    total = Number(counted?.n ?? 0)
    next = rows.length > limit ? Number(page.at(-1)!.id) : null
  } else {
    const matching = sql.join(conditions, sql` and `)
    let rows: Row[]
    let counting: Promise<number>
    if (query.search) {
      // a search reads its matches through the trigram indexes once, then orders and counts them
      // (walking the tree in order and testing every name costs more, whatever the planner guesses)
      rows = rowsOf(
        await db.execute(sql`with found as materialized (
            select c.id, c.sort_key from marketplace_categories c where c.marketplace_id = ${marketplaceId} and ${matching}${from}
          ), page as materialized (select id, sort_key from found order by sort_key limit ${limit + 1})
          select ${nodeColumns}, (select count(*) from found)::int as found_count
          from page cross join lateral (select * from marketplace_categories x where x.id = page.id limit 1) c ${nodeJoin}
          order by page.sort_key`),
      )
      counting = Promise.resolve(Number(rows[0]?.found_count ?? 0))
    } else if (query.status !== undefined && query.leaves !== '1' && afterKey === null) {
      // mapped / not mapped from the start: the count is the marketplace's progress, kept with every mapping write
      const { mapped, total: all } = progress.categories
      counting = Promise.resolve(query.status === 'mapped' ? mapped : all - mapped)
      rows = rowsOf(
        await db.execute(sql`select ${nodeColumns} from marketplace_categories c ${nodeJoin}
          where c.marketplace_id = ${marketplaceId} and ${matching} order by c.sort_key limit ${limit + 1}`),
      )
    } else {
      // the count runs on a second connection while the page, its ancestors and their paths are read
      counting = db
        .execute(
          sql`select count(*)::int as n from marketplace_categories c where c.marketplace_id = ${marketplaceId} and ${matching}${from}`,
        )
        .then((read) => Number(rowsOf(read)[0]?.n ?? 0))
      // (when the page fails first, the count's own failure is not left unhandled)
      counting.catch(() => {})
      rows = rowsOf(
        await db.execute(sql`select ${nodeColumns} from marketplace_categories c ${nodeJoin}
          where c.marketplace_id = ${marketplaceId} and ${matching}${from} order by c.sort_key limit ${limit + 1}`),
      )
    }
    const page = rows.slice(0, limit)
    // ancestors: their sort keys are the prefixes of the matches' keys, one position at a time
    const matchedKeys = new Set(page.map((r) => String(r.sort_key)))
    const prefixes = new Set<string>()
    for (const r of page) {
      const key = String(r.sort_key)
      const width = key.length / (Number(r.depth) + 1)
      for (let end = width; end < key.length; end += width) {
        const prefix = key.slice(0, end)
        if (!matchedKeys.has(prefix)) prefixes.add(prefix)
      }
    }
    const ancestors =
      prefixes.size === 0
        ? []
        : rowsOf(
            // the keys as one parameter (sort keys are digits), each looked up through the tree index
            await db.execute(sql`select ${nodeColumns}, (${matching}) as is_match
              from unnest(string_to_array(${[...prefixes].join(',')}, ',')) as k(key)
              cross join lateral (select * from marketplace_categories x where x.marketplace_id = ${marketplaceId} and x.sort_key = k.key limit 1) c
              ${nodeJoin}`),
          )
    const ancestorIds = new Set(ancestors.map((r) => Number(r.id)))
    const all = [...ancestors, ...page].sort((a, b) => (String(a.sort_key) < String(b.sort_key) ? -1 : 1))
    nodes = await toNodes(db, all, lang, (r) => !ancestorIds.has(Number(r.id)) || r.is_match === true, scope)
    total = await counting
    next = rows.length > limit ? Number(page.at(-1)!.id) : null
  }
  return { marketplace, nodes, total, next, progress }
}

/** One marketplace category as a node, with its marketplace's id; 404 when it does not exist. */
async function categoryNode(db: Db, id: number, lang: Locale): Promise<{ node: MappingCategory; marketplaceId: number }> {
  const [row] = rowsOf(
    await db.execute(sql`select ${nodeColumns}, c.marketplace_id from marketplace_categories c ${nodeJoin} where c.id = ${id}`),
  )
  if (!row) throw new AppError(404, 'errors.notFound')
  const [node] = await toNodes(db, [row], lang, () => true)
  return { node: node!, marketplaceId: Number(row.marketplace_id) }
}

/**
 * `GET core/mapping/suggestions/{marketplaceCategoryId}`: the active platform categories whose name
 * is most like the marketplace category's, in either language (trigram similarity); ties go to the
 * one more like its parent's name.
 */
export async function mappingSuggestions(
  db: Db,
  marketplaceCategoryId: number,
  lang: Locale,
  scope: CategoryScope = null,
): Promise<MappingSuggestionsResult> {
  const [category] = rowsOf(
    await db.execute(sql`select c.name_ar, c.name_en, p.name_ar as parent_ar, p.name_en as parent_en
      from marketplace_categories c left join marketplace_categories p on p.id = c.parent_id where c.id = ${marketplaceCategoryId}`),
  )
  if (!category) throw new AppError(404, 'errors.notFound')
  const parentAr = String(category.parent_ar ?? '')
  const parentEn = String(category.parent_en ?? '')
  const rows = rowsOf(
    await db.execute(sql`select id, score from (
        select c.id, greatest(similarity(c.name_ar, ${String(category.name_ar)}), similarity(c.name_en, ${String(category.name_en)})) as score,
          greatest(similarity(coalesce(p.name_ar, ''), ${parentAr}), similarity(coalesce(p.name_en, ''), ${parentEn})) as parent_score
        from categories c left join categories p on p.id = c.parent_id
        where c.is_active ${scope === null ? sql`` : scope.size === 0 ? sql`and false` : sql`and c.id in (${list([...scope])})`}
      ) s where score > 0 order by score desc, parent_score desc, id limit ${MAPPING_SUGGESTIONS}`),
  )
  const ids = rows.map((r) => Number(r.id))
  const paths = await categoryPaths(db, ids, lang)
  return {
    suggestions: rows.map((r) => {
      const path = paths.get(Number(r.id)) ?? []
      return { id: Number(r.id), name: path.at(-1) ?? '', path, score: Math.round(Number(r.score) * 1000) / 1000 }
    }),
  }
}

/**
 * 403 when a sub user limited to its categories reads a marketplace category mapped to another
 * category (its properties are that category's mapping); an unmapped one is anyone's to map.
 */
export async function requireMappingInReach(db: Db, admin: Principal, marketplaceCategoryId: number): Promise<void> {
  const scope = await categoryScope(db, admin)
  if (scope === null) return
  const [row] = rowsOf(await db.execute(sql`select mapped_category_id from marketplace_categories where id = ${marketplaceCategoryId}`))
  if (row && row.mapped_category_id !== null) requireInScope(scope, Number(row.mapped_category_id))
}

type PropertyRow = { id: number; categoryId: number; mappedPropertyId: number | null; required: boolean }

async function propertiesOf(db: Db, where: SQL, lang: Locale): Promise<MarketplaceProperty[]> {
  const rows = rowsOf(
    await db.execute(sql`select mp.id, mp.external_id, mp.name_ar, mp.name_en, mp.type, mp.required, mp.mapped_property_id,
        p.name_ar as mapped_ar, p.name_en as mapped_en
      from marketplace_properties mp left join properties p on p.id = mp.mapped_property_id where ${where} order by mp.id`),
  )
  const ids = rows.map((r) => Number(r.id))
  const values =
    ids.length === 0
      ? []
      : rowsOf(
          await db.execute(sql`select id, property_id, external_id, value_ar, value_en, mapped_value
            from marketplace_property_values where property_id in (${list(ids)}) order by id`),
        )
  const byProperty = new Map<number, MarketplaceProperty['values']>()
  for (const v of values) {
    const owner = Number(v.property_id)
    const own = byProperty.get(owner) ?? []
    own.push({
      id: Number(v.id),
      external_id: String(v.external_id),
      name: byLang(lang, v.value_ar, v.value_en),
      value_ar: String(v.value_ar),
      value_en: String(v.value_en),
      mapped_value: v.mapped_value === null ? null : String(v.mapped_value),
    })
    byProperty.set(owner, own)
  }
  return rows.map((r) => ({
    id: Number(r.id),
    external_id: String(r.external_id),
    name: byLang(lang, r.name_ar, r.name_en),
    name_ar: String(r.name_ar),
    name_en: String(r.name_en),
    type: String(r.type) as MarketplaceProperty['type'],
    required: r.required === true,
    values: byProperty.get(Number(r.id)) ?? [],
    mapped_to: r.mapped_property_id === null ? null : { id: Number(r.mapped_property_id), name: byLang(lang, r.mapped_ar, r.mapped_en) },
  }))
}

/** A marketplace category's required properties: how many are mapped. */
async function requiredOf(db: Db, categoryId: number): Promise<MappingCount> {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as total, count(mapped_property_id)::int as mapped
      from marketplace_properties where category_id = ${categoryId} and required`),
  )
  return { mapped: Number(row?.mapped ?? 0), total: Number(row?.total ?? 0) }
}

/** `GET core/mapping/properties/{marketplaceCategoryId}`: its properties beside the platform's active ones. */
export async function mappingProperties(db: Db, marketplaceCategoryId: number, lang: Locale): Promise<MappingPropertiesResult> {
  const { node, marketplaceId } = await categoryNode(db, marketplaceCategoryId, lang)
  const marketplace = await marketplaceOf(db, marketplaceId, lang)
  const properties = await propertiesOf(db, sql`mp.category_id = ${marketplaceCategoryId}`, lang)
  const platform = rowsOf(
    await db.execute(sql`select id, name_ar, name_en, attribute_type, values, mapped from properties where is_active order by id`),
  )
  return {
    marketplace,
    category: node,
    properties,
    platform_properties: platform.map((p) => {
      const values = (typeof p.values === 'string' ? JSON.parse(p.values) : p.values) as { value_ar: string; value_en: string }[]
      return {
        id: Number(p.id),
        name: byLang(lang, p.name_ar, p.name_en),
        name_ar: String(p.name_ar),
        name_en: String(p.name_en),
        attribute_type: String(p.attribute_type) as MappingPropertiesResult['platform_properties'][number]['attribute_type'],
        values: values.map((v) => ({ key: v.value_en, name: lang === 'ar' ? v.value_ar : v.value_en })),
        mapped: p.mapped === true,
      }
    }),
    required: await requiredOf(db, marketplaceCategoryId),
  }
}

// -- writing -------------------------------------------------------------------------------------

const conflict = () => new AppError(409, 'mapping.errors.conflict', { errors: { expected: [{ key: 'mapping.errors.conflict' }] } })

/**
 * `POST admin-panal/marketplaces/mapping-categories/{id}`: maps a marketplace category to an active
 * platform category, or unmaps it (null). Refused with 409 when its mapping is no longer `expected`;
 * the row is locked first, so of two admins mapping it at once the second sees the first's change.
 */
export async function mapCategory(
  { deps, admin, lang }: MappingContext,
  marketplaceCategoryId: number,
  body: MapCategoryBody,
): Promise<MapCategoryResult> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const marketplaceId = await lockMarketplaceOf(tx, 'marketplace_categories', marketplaceCategoryId)
    const [row] = rowsOf(
      await tx.execute(
        sql`select id, marketplace_id, mapped_category_id from marketplace_categories where id = ${marketplaceCategoryId} for update`,
      ),
    )
    if (!row || marketplaceId === null) throw new AppError(404, 'errors.notFound')
    const current = numberOrNull(row.mapped_category_id)
    if (current !== body.expected) throw conflict()
    // a sub user limited to its categories changes only mappings from and to them
    const scope = await categoryScope(tx, admin)
    if (current !== null) requireInScope(scope, current)
    if (body.category_id !== null) requireInScope(scope, body.category_id)
    if (body.category_id !== current) {
      if (body.category_id !== null) {
        const [target] = rowsOf(await tx.execute(sql`select is_active from categories where id = ${body.category_id} for share`))
        if (!target || target.is_active !== true) throw fieldError(422, 'category_id', 'mapping.errors.categoryUnavailable')
      }
      await tx.execute(sql`update marketplace_categories set mapped_category_id = ${body.category_id},
          mapped_at = ${body.category_id === null ? null : now.toISOString()}::timestamptz,
          mapped_by = ${body.category_id === null ? null : admin.id}::int
        where id = ${marketplaceCategoryId}`)
      const delta = (body.category_id === null ? 0 : 1) - (current === null ? 0 : 1)
      if (delta !== 0)
        await tx.execute(sql`update marketplaces set categories_mapped = categories_mapped + ${delta}::int where id = ${marketplaceId}`)
      await writeAudit(tx, {
        adminId: admin.id,
        action: body.category_id === null ? 'unmap' : 'map',
        resource: CATEGORY_RESOURCE,
        recordId: marketplaceCategoryId,
        changes: { mapped_category_id: { from: current, to: body.category_id } },
        at: now,
      })
    }
    const { node } = await categoryNode(tx, marketplaceCategoryId, lang)
    return { category: node, progress: await progressOf(tx, Number(row.marketplace_id)) }
  })
}

/** Platform properties' `mapped` follows the mappings: true while a marketplace property maps to it. */
async function syncMapped(db: Db, ids: readonly (number | null)[]): Promise<void> {
  const known = ids.filter((id): id is number => id !== null)
  if (known.length === 0) return
  await db.execute(sql`update properties as p
    set mapped = exists (select 1 from marketplace_properties mp where mp.mapped_property_id = p.id)
    where p.id in (${list(known)})`)
}

/**
 * `POST admin-panal/marketplaces/mapping-properties`: maps a marketplace property (of a mapped
 * category) to an active platform property and its values to that property's values by key, or
 * unmaps it and its values. 409 when its mapping is no longer `expected`; audited.
 */
export async function mapProperty({ deps, admin, lang }: MappingContext, body: MapPropertyBody): Promise<MapPropertyResult> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const marketplaceId = await lockMarketplaceOf(tx, 'marketplace_properties', body.marketplace_property_id)
    const [locked] = rowsOf(
      await tx.execute(sql`select mp.id, mp.category_id, mp.mapped_property_id, mp.required, c.mapped_category_id
        from marketplace_properties mp join marketplace_categories c on c.id = mp.category_id
        where mp.id = ${body.marketplace_property_id} for update of mp`),
    )
    if (!locked || marketplaceId === null) throw new AppError(404, 'errors.notFound')
    const property: PropertyRow = {
      id: Number(locked.id),
      categoryId: Number(locked.category_id),
      mappedPropertyId: numberOrNull(locked.mapped_property_id),
      required: locked.required === true,
    }
    if (property.mappedPropertyId !== body.expected) throw conflict()
    const mappedCategory = numberOrNull(locked.mapped_category_id)
    if (mappedCategory !== null) requireInScope(await categoryScope(tx, admin), mappedCategory)

    const values = rowsOf(
      await tx.execute(sql`select id, mapped_value from marketplace_property_values where property_id = ${property.id} order by id`),
    )
    const before = new Map(values.map((v) => [Number(v.id), v.mapped_value === null ? null : String(v.mapped_value)]))
    const after = new Map(before)
    const target = body.property_id
    if (target === null) {
      for (const id of after.keys()) after.set(id, null)
    } else {
      if (locked.mapped_category_id === null) throw fieldError(422, 'marketplace_property_id', 'mapping.errors.categoryNotMapped')
      const [platform] = rowsOf(await tx.execute(sql`select is_active, values from properties where id = ${target} for share`))
      if (!platform || platform.is_active !== true) throw fieldError(422, 'property_id', 'mapping.errors.propertyUnavailable')
      const platformValues = (typeof platform.values === 'string' ? JSON.parse(platform.values) : platform.values) as { value_en: string }[]
      const keys = new Set(platformValues.map((v) => v.value_en))
      // another target: the values' old mappings name the old property's values
      if (target !== property.mappedPropertyId) for (const id of after.keys()) after.set(id, null)
      const errors: FieldErrors = {}
      ;(body.values ?? []).forEach((v, i) => {
        if (!before.has(v.marketplace_value_id)) errors[`values.${i}.marketplace_value_id`] = [{ key: 'mapping.errors.valueNotOfProperty' }]
        else if (v.value !== null && !keys.has(v.value)) errors[`values.${i}.value`] = [{ key: 'mapping.errors.valueUnknown' }]
        else after.set(v.marketplace_value_id, v.value)
      })
      const first = Object.values(errors)[0]?.[0]
      if (first) throw new AppError(422, first.key, { errors })
    }

    const changedValues = [...after].filter(([id, value]) => before.get(id) !== value)
    if (target !== property.mappedPropertyId) {
      await tx.execute(sql`update marketplace_properties set mapped_property_id = ${target},
          mapped_at = ${target === null ? null : now.toISOString()}::timestamptz,
          mapped_by = ${target === null ? null : admin.id}::int
        where id = ${property.id}`)
      const delta = (target === null ? 0 : 1) - (property.mappedPropertyId === null ? 0 : 1)
      if (property.required && delta !== 0)
        await tx.execute(sql`update marketplaces set required_mapped = required_mapped + ${delta}::int where id = ${marketplaceId}`)
    }
    for (const [id, value] of changedValues)
      await tx.execute(sql`update marketplace_property_values set mapped_value = ${value} where id = ${id}`)
    if (target !== property.mappedPropertyId || changedValues.length > 0) {
      await syncMapped(tx, [property.mappedPropertyId, target])
      const changes: Record<string, { from: unknown; to: unknown }> = {}
      if (target !== property.mappedPropertyId) changes.mapped_property_id = { from: property.mappedPropertyId, to: target }
      if (changedValues.length > 0)
        changes.values = {
          from: changedValues.map(([id]) => ({ id, mapped_value: before.get(id) ?? null })),
          to: changedValues.map(([id, value]) => ({ id, mapped_value: value })),
        }
      await writeAudit(tx, {
        adminId: admin.id,
        action: target === null ? 'unmap' : 'map',
        resource: PROPERTY_RESOURCE,
        recordId: property.id,
        changes,
        at: now,
      })
    }
    const [result] = await propertiesOf(tx, sql`mp.id = ${property.id}`, lang)
    return { property: result!, required: await requiredOf(tx, property.categoryId) }
  })
}

// -- deleting the platform's records --------------------------------------------------------------

/** How many marketplace paths a refusal names at most (then "…"). */
const NAMED = 3

/** "Marketplace › Top › … › Category" of marketplace categories, by id. */
async function marketplacePaths(db: Db, ids: readonly number[], lang: Locale): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  if (ids.length === 0) return out
  const name = sql.raw(lang === 'ar' ? 'name_ar' : 'name_en')
  const rows = rowsOf(
    await db.execute(sql`
      with recursive up(start, id, parent_id, marketplace_id, name, level) as (
        select id, id, parent_id, marketplace_id, ${name}, 0 from marketplace_categories where id in (${list(ids)})
        union all
        select up.start, c.id, c.parent_id, c.marketplace_id, c.${name}, up.level + 1
        from marketplace_categories c join up on c.id = up.parent_id where up.level < 64
      )
      select up.start, up.name, up.level, m.${name} as marketplace from up join marketplaces m on m.id = up.marketplace_id
      order by up.start, up.level desc`),
  )
  const parts = new Map<number, string[]>()
  for (const row of rows) {
    const start = Number(row.start)
    const path = parts.get(start) ?? [String(row.marketplace)]
    path.push(String(row.name))
    parts.set(start, path)
  }
  for (const [id, path] of parts) out.set(id, path.join(' › '))
  return out
}

const named = (paths: string[], count: number, lang: Locale) =>
  (count > paths.length ? [...paths, '…'] : paths).join(lang === 'ar' ? '، ' : ', ')

/** A platform category marketplace categories are mapped to cannot be deleted: the refusal names them. */
export const refuseDeletingMappedCategory: DeletionGuard = async (db, id, lang) => {
  const [counted] = rowsOf(await db.execute(sql`select count(*)::int as n from marketplace_categories where mapped_category_id = ${id}`))
  const count = Number(counted?.n ?? 0)
  if (count === 0) return null
  const some = rowsOf(
    await db.execute(sql`select id from marketplace_categories where mapped_category_id = ${id} order by id limit ${NAMED}`),
  )
  const ids = some.map((r) => Number(r.id))
  const paths = await marketplacePaths(db, ids, lang)
  return {
    key: 'categories.errors.mappedFrom',
    values: {
      n: count,
      names: named(
        ids.map((i) => paths.get(i) ?? ''),
        count,
        lang,
      ),
    },
  }
}

/** A platform property marketplace properties are mapped to cannot be deleted: the refusal names them. */
export const refuseDeletingMappedProperty: DeletionGuard = async (db, id, lang) => {
  const [counted] = rowsOf(await db.execute(sql`select count(*)::int as n from marketplace_properties where mapped_property_id = ${id}`))
  const count = Number(counted?.n ?? 0)
  if (count === 0) return null
  const some = rowsOf(
    await db.execute(
      sql`select id, category_id, name_ar, name_en from marketplace_properties where mapped_property_id = ${id} order by id limit ${NAMED}`,
    ),
  )
  const paths = await marketplacePaths(
    db,
    some.map((r) => Number(r.category_id)),
    lang,
  )
  const names = some.map((r) => `${paths.get(Number(r.category_id)) ?? ''} › ${byLang(lang, r.name_ar, r.name_en)}`)
  return { key: 'properties.errors.mappedFrom', values: { n: count, names: named(names, count, lang) } }
}
