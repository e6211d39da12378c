import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Locale, MessageRef } from '../../../src/contract/common'
import {
  TAXONOMY_CSV_COLUMNS,
  TAXONOMY_FILE_MAX_BYTES,
  taxonomyFileSchema,
  type TaxonomyFile,
  type TaxonomyReport,
} from '../../../src/contract/marketplaces'
import { issuesByField } from '../../../src/contract/validation'
import type { Db } from '../../db'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { parseRequestPart } from '../../lib/validation'
import { marketplaceCategories, marketplaceProperties, marketplacePropertyValues, marketplaces } from './schema'

/**
 * A marketplace's taxonomy import: a JSON or CSV file read and checked whole (a bad line refuses
 * the file, nothing is half-written), then applied in one transaction by the marketplace's own ids,
 * so a re-import updates what changed and keeps each row (and what is attached to it).
 */

export type TaxonomyUpload = { bytes: Buffer; truncated: boolean; filename: string } | null
type FieldErrors = Record<string, MessageRef[]>

/** At most this many field errors are sent back: enough to fix a file, never a huge answer. */
const MAX_ERRORS = 50
/** Rows per statement (PostgreSQL takes at most 65,535 parameters in one). */
const BATCH = 2000

const refuse = (errors: FieldErrors): never => {
  const kept = Object.fromEntries(Object.entries(errors).slice(0, MAX_ERRORS))
  const first = Object.values(kept)[0]?.[0]
  throw new AppError(422, first?.key ?? 'errors.validation', { values: first?.values, errors: kept })
}

// -- reading -------------------------------------------------------------------------------------

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks; each row with its line. */
function csvRows(text: string): { line: number; cells: string[] }[] | null {
  const rows: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"'
          i++
        } else quoted = false
      } else {
        if (c === '\n') line++
        cell += c
      }
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') {
      cells.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells })
      cells = []
      cell = ''
      line++
      rowLine = line
    } else cell += c
  }
  // a quote left open is a broken file
  if (quoted) return null
  cells.push(cell)
  if (cells.some((x) => x !== '')) rows.push({ line: rowLine, cells })
  return rows
}

type CsvRead = { file: unknown; lineOf: (path: string) => string }

/**
 * The CSV form turned into the JSON one, with a way back from an item's path to its line. A
 * property's values follow it; a row of an unknown kind, or a value with no property above it, is
 * reported at its line.
 */
function fromCsv(text: string): CsvRead {
  const rows = csvRows(text)
  if (!rows) return refuse({ file: [{ key: 'marketplaces.errors.taxonomyCsv' }] })
  const header = rows.shift()
  const columns = header?.cells.map((c) => c.trim().toLowerCase())
  if (!columns || columns.join(',') !== TAXONOMY_CSV_COLUMNS.join(',')) {
    return refuse({ file: [{ key: 'marketplaces.errors.taxonomyHeader', values: { columns: TAXONOMY_CSV_COLUMNS.join(',') } }] })
  }
  const categories: Record<string, unknown>[] = []
  const properties: (Record<string, unknown> & { values: Record<string, unknown>[] })[] = []
  const lines = new Map<string, number>()
  const errors: FieldErrors = {}
  for (const { line, cells } of rows) {
    const [kind, id, parent, nameAr, nameEn, type, required] = TAXONOMY_CSV_COLUMNS.map((_, i) => cells[i] ?? '')
    const at = `lines.${line}`
    if (cells.length > TAXONOMY_CSV_COLUMNS.length) errors[at] = [{ key: 'marketplaces.errors.taxonomyColumns' }]
    else if (kind === 'category') {
      lines.set(`categories.${categories.length}`, line)
      categories.push({ id, parent_id: parent === '' ? null : parent, name_ar: nameAr, name_en: nameEn })
    } else if (kind === 'property') {
      lines.set(`properties.${properties.length}`, line)
      const flag = required!.trim().toLowerCase()
      properties.push({
        id,
        category_id: parent,
        name_ar: nameAr,
        name_en: nameEn,
        type,
        // anything but a clear yes or no is sent on as text, which the schema refuses at its line
        required: flag === 'true' || flag === '1' ? true : flag === 'false' || flag === '0' || flag === '' ? false : flag,
        values: [],
      })
    } else if (kind === 'value') {
      const owner = properties.at(-1)
      if (!owner || owner.id !== parent) errors[at] = [{ key: 'marketplaces.errors.valueWithoutProperty' }]
      else {
        lines.set(`properties.${properties.length - 1}.values.${owner.values.length}`, line)
        owner.values.push({ id, value_ar: nameAr, value_en: nameEn })
      }
    } else errors[at] = [{ key: 'marketplaces.errors.taxonomyKind' }]
    if (Object.keys(errors).length >= MAX_ERRORS) break
  }
  if (Object.keys(errors).length > 0) refuse(errors)
  const lineOf = (path: string) => {
    // the longest item path that has a line: `properties.3.values.1.value_ar` -> that value's line
    const parts = path.split('.')
    for (let n = parts.length; n > 0; n--) {
      const line = lines.get(parts.slice(0, n).join('.'))
      if (line !== undefined) return [`lines.${line}`, ...parts.slice(n)].join('.')
    }
    return path
  }
  return { file: { categories, properties }, lineOf }
}

/** The uploaded file read and checked: its form, its fields, and the tree it describes. */
export function readTaxonomy(upload: TaxonomyUpload): TaxonomyFile {
  if (!upload || upload.bytes.length === 0) return refuse({ file: [{ key: 'validation.required' }] })
  if (upload.truncated || upload.bytes.length > TAXONOMY_FILE_MAX_BYTES)
    return refuse({ file: [{ key: 'errors.fileTooLarge', values: { mb: TAXONOMY_FILE_MAX_BYTES / 1024 / 1024 } }] })
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(upload.bytes)
  } catch {
    return refuse({ file: [{ key: 'marketplaces.errors.taxonomyEncoding' }] })
  }
  const json = /\.json$/i.test(upload.filename) || /^\s*[{[]/.test(text)
  let read: CsvRead
  if (json) {
    try {
      read = { file: JSON.parse(text) as unknown, lineOf: (path) => path }
    } catch {
      return refuse({ file: [{ key: 'marketplaces.errors.taxonomyJson' }] })
    }
  } else if (/\.csv$/i.test(upload.filename) || text.trimStart().toLowerCase().startsWith('kind,')) read = fromCsv(text)
  else return refuse({ file: [{ key: 'marketplaces.errors.taxonomyFormat' }] })

  const parsed = parseRequestPart(taxonomyFileSchema, read.file, 'file')
  if ('error' in parsed) {
    const errors: FieldErrors = {}
    for (const [path, refs] of Object.entries(issuesByField(parsed.error.zodError))) errors[read.lineOf(path)] = refs
    return refuse(errors)
  }
  const file = parsed.value as TaxonomyFile
  const errors = treeErrors(file)
  if (Object.keys(errors).length > 0) {
    const byLine: FieldErrors = {}
    for (const [path, refs] of Object.entries(errors)) byLine[read.lineOf(path)] = refs
    refuse(byLine)
  }
  return file
}

/** What the fields alone cannot say: ids twice, a parent or category that is not in the file, a loop of parents. */
function treeErrors(file: TaxonomyFile): FieldErrors {
  const errors: FieldErrors = {}
  const add = (path: string, key: string) => {
    if (Object.keys(errors).length < MAX_ERRORS) errors[path] ??= [{ key }]
  }
  const index = new Map<string, number>()
  file.categories.forEach((c, i) => {
    if (index.has(c.id)) add(`categories.${i}.id`, 'marketplaces.errors.duplicateId')
    else index.set(c.id, i)
  })
  file.categories.forEach((c, i) => {
    if (c.parent_id != null && !index.has(c.parent_id)) add(`categories.${i}.parent_id`, 'marketplaces.errors.unknownParent')
  })
  // following the parents from each category must end at the top: 0 not seen, 1 on this walk, 2 fine
  const state = new Uint8Array(file.categories.length)
  for (let start = 0; start < file.categories.length; start++) {
    const walk: number[] = []
    let at: number | undefined = start
    while (at !== undefined && state[at] === 0) {
      state[at] = 1
      walk.push(at)
      const parent: string | null | undefined = file.categories[at]!.parent_id
      at = parent == null ? undefined : index.get(parent)
    }
    const loop = at !== undefined && state[at] === 1
    if (loop) add(`categories.${at}.parent_id`, 'marketplaces.errors.parentLoop')
    for (const i of walk) state[i] = 2
  }
  const properties = new Set<string>()
  file.properties?.forEach((p, i) => {
    if (!index.has(p.category_id)) add(`properties.${i}.category_id`, 'marketplaces.errors.unknownCategory')
    const key = `${p.category_id}\u0000${p.id}`
    if (properties.has(key)) add(`properties.${i}.id`, 'marketplaces.errors.duplicateId')
    properties.add(key)
    const values = new Set<string>()
    p.values?.forEach((v, j) => {
      if (values.has(v.id)) add(`properties.${i}.values.${j}.id`, 'marketplaces.errors.duplicateId')
      values.add(v.id)
    })
  })
  return errors
}

// -- writing -------------------------------------------------------------------------------------

/** Digits of one position in a `sort_key` (a category has fewer siblings than a file has categories: 100,000). */
const POSITION_DIGITS = 6

type TreePlace = { depth: number; sortKey: string; childrenCount: number }

/** Where a category stood before a re-import: its parent (by the marketplace's id) and its sort key. */
type PreviousPlace = { parent: string | null; sortKey: string }

const POSITION_MAX = 10 ** POSITION_DIGITS - 1

/**
 * Each category's place in the tree, by its index in the file: its depth, its sort key (its
 * parents' positions among their siblings and its own, zero-padded: ordering by it reads the tree
 * depth first, siblings in the file's order) and how many children it has. The file is checked:
 * every parent exists, no loops. On a re-import, siblings that stay under the same parent in the
 * same order keep their positions (a category removed or added at the end moves no other's key, so
 * no other row is rewritten); a branch whose order changed is numbered afresh.
 */
function treePlaces(categories: TaxonomyFile['categories'], previous: ReadonlyMap<string, PreviousPlace>): TreePlace[] {
  const children = new Map<string | null, number[]>()
  categories.forEach((c, i) => {
    const parent = c.parent_id ?? null
    const list = children.get(parent)
    if (list) list.push(i)
    else children.set(parent, [i])
  })
  const places: TreePlace[] = new Array(categories.length)
  const own = (position: number) => String(position).padStart(POSITION_DIGITS, '0')
  // each parent's children, top down: [parent's external id, its key, whether its key is the one it had]
  const pending: [string | null, string, number, boolean][] = [[null, '', 0, true]]
  while (pending.length > 0) {
    const [parent, parentKey, depth, parentKept] = pending.pop()!
    const group = children.get(parent) ?? []
    const positions: number[] = []
    let last = -1
    for (const i of group) {
      const before = parentKept ? previous.get(categories[i]!.id) : undefined
      const kept = before && before.parent === parent ? Number(before.sortKey.slice(-POSITION_DIGITS)) : null
      const position = kept ?? last + 1
      if (position <= last || position > POSITION_MAX) break
      positions.push(position)
      last = position
    }
    const renumbered = positions.length < group.length
    group.forEach((i, k) => {
      const sortKey = parentKey + own(renumbered ? k : positions[k]!)
      places[i] = { depth, sortKey, childrenCount: children.get(categories[i]!.id)?.length ?? 0 }
      pending.push([categories[i]!.id, sortKey, depth + 1, previous.get(categories[i]!.id)?.sortKey === sortKey])
    })
  }
  return places
}

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH))
  return out
}

/** `UPDATE table SET ... FROM (VALUES ...)` for many rows at once, in batches. */
async function updateMany(db: Db, table: string, columns: [string, string][], rows: unknown[][], now: Date | null): Promise<void> {
  for (const batch of chunks(rows)) {
    const values = sql.join(
      batch.map(
        (row) =>
          sql`(${sql.join(
            row.map((v, i) => sql`${v}::${sql.raw(columns[i]![1])}`),
            sql`, `,
          )})`,
      ),
      sql`, `,
    )
    const names = columns.map(([c]) => c)
    const set = sql.raw(
      names
        .slice(1)
        .map((c) => `"${c}" = v."${c}"`)
        .join(', '),
    )
    const stamp: SQL = now ? sql`, "updated_at" = ${now.toISOString()}::timestamptz` : sql``
    await db.execute(
      sql`update ${sql.raw(`"${table}"`)} as t set ${set}${stamp} from (values ${values}) as v(${sql.raw(names.map((c) => `"${c}"`).join(', '))}) where t."id" = v."id"`,
    )
  }
}

async function deleteMany(
  db: Db,
  table: typeof marketplaceCategories | typeof marketplaceProperties | typeof marketplacePropertyValues,
  ids: number[],
) {
  for (const batch of chunks(ids)) await db.delete(table).where(inArray(table.id, batch))
}

/** Counts a marketplace's mapping progress afresh (after an import, or writes that bypass the mapping's). */
export async function refreshMappingProgress(db: Db, marketplaceId: number): Promise<void> {
  await db.execute(sql`update marketplaces as m set
    categories_total = (select count(*) from marketplace_categories c where c.marketplace_id = m.id),
    categories_mapped = (select count(*) from marketplace_categories c where c.marketplace_id = m.id and c.mapped_category_id is not null),
    required_total = (select count(*) from marketplace_properties p where p.marketplace_id = m.id and p.required),
    required_mapped = (select count(*) from marketplace_properties p where p.marketplace_id = m.id and p.required and p.mapped_property_id is not null)
    where m.id = ${marketplaceId}`)
}

/**
 * Applies a checked taxonomy to a marketplace in one transaction: new items added, changed ones
 * updated in place (names, parent, type, required), those the file no longer has removed (with
 * what hangs under them). Audited as one `import` with its counts.
 */
export async function importTaxonomy(
  { deps, admin }: { deps: AppDeps; admin: Principal; lang: Locale },
  marketplaceId: number,
  file: TaxonomyFile,
): Promise<TaxonomyReport> {
  return applyTaxonomy({ db: deps.db, clock: deps.clock, adminId: admin.id }, marketplaceId, file)
}

/** `importTaxonomy` by whoever: an admin's upload, or the demo seed (`adminId` null). */
export async function applyTaxonomy(
  { db, clock, adminId }: { db: Db; clock: () => Date; adminId: number | null },
  marketplaceId: number,
  file: TaxonomyFile,
): Promise<TaxonomyReport> {
  const now = clock()
  return db.transaction(async (tx) => {
    const [marketplace] = await tx
      .select({ id: marketplaces.id })
      .from(marketplaces)
      .where(eq(marketplaces.id, marketplaceId))
      .for('update')
    if (!marketplace) throw new AppError(404, 'errors.notFound')

    // categories: what is there now, by the marketplace's ids
    const before = await tx
      .select({
        id: marketplaceCategories.id,
        externalId: marketplaceCategories.externalId,
        parentId: marketplaceCategories.parentId,
        nameAr: marketplaceCategories.nameAr,
        nameEn: marketplaceCategories.nameEn,
        depth: marketplaceCategories.depth,
        sortKey: marketplaceCategories.sortKey,
        childrenCount: marketplaceCategories.childrenCount,
      })
      .from(marketplaceCategories)
      .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    // what hangs under them, read before anything changes (a removed category takes its properties along)
    const propertiesBefore = await tx
      .select({
        id: marketplaceProperties.id,
        categoryId: marketplaceProperties.categoryId,
        externalId: marketplaceProperties.externalId,
        nameAr: marketplaceProperties.nameAr,
        nameEn: marketplaceProperties.nameEn,
        type: marketplaceProperties.type,
        required: marketplaceProperties.required,
      })
      .from(marketplaceProperties)
      .innerJoin(marketplaceCategories, eq(marketplaceCategories.id, marketplaceProperties.categoryId))
      .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    const valuesBefore: { id: number; propertyId: number; externalId: string; valueAr: string; valueEn: string }[] = []
    for (const batch of chunks(propertiesBefore.map((p) => p.id))) {
      valuesBefore.push(
        ...(await tx
          .select({
            id: marketplacePropertyValues.id,
            propertyId: marketplacePropertyValues.propertyId,
            externalId: marketplacePropertyValues.externalId,
            valueAr: marketplacePropertyValues.valueAr,
            valueEn: marketplacePropertyValues.valueEn,
          })
          .from(marketplacePropertyValues)
          .where(inArray(marketplacePropertyValues.propertyId, batch))),
      )
    }
    const known = new Map(before.map((c) => [c.externalId, c]))
    const idOf = new Map(before.map((c) => [c.externalId, c.id]))
    const externalOf = new Map(before.map((c) => [c.id, c.externalId]))
    const places = treePlaces(
      file.categories,
      new Map(
        before.map((c) => [
          c.externalId,
          { parent: c.parentId === null ? null : (externalOf.get(c.parentId) ?? null), sortKey: c.sortKey },
        ]),
      ),
    )
    const placeOf = new Map(file.categories.map((c, i) => [c.id, places[i]!]))
    const fresh = file.categories.filter((c) => !known.has(c.id))
    // new ones level by level, so each one's parent has its id when it is added
    const levels: TaxonomyFile['categories'][] = []
    for (const c of fresh) (levels[placeOf.get(c.id)!.depth] ??= []).push(c)
    for (const batch of levels.flatMap((level) => chunks(level))) {
      const rows = await tx
        .insert(marketplaceCategories)
        .values(
          batch.map((c) => {
            const place = placeOf.get(c.id)!
            return {
              marketplaceId,
              externalId: c.id,
              parentId: c.parent_id == null ? null : idOf.get(c.parent_id)!,
              nameAr: c.name_ar,
              nameEn: c.name_en,
              depth: place.depth,
              sortKey: place.sortKey,
              childrenCount: place.childrenCount,
              createdAt: now,
              updatedAt: now,
            }
          }),
        )
        .returning({ id: marketplaceCategories.id, externalId: marketplaceCategories.externalId })
      for (const r of rows) idOf.set(r.externalId, r.id)
    }
    let changedCategories = 0
    const categoryUpdates: unknown[][] = []
    for (const c of file.categories) {
      const parentId = c.parent_id == null ? null : idOf.get(c.parent_id)!
      const old = known.get(c.id)
      const place = placeOf.get(c.id)!
      const row = [idOf.get(c.id)!, parentId, c.name_ar, c.name_en, place.depth, place.sortKey, place.childrenCount]
      if (!old) continue
      if (old.parentId !== parentId || old.nameAr !== c.name_ar || old.nameEn !== c.name_en) {
        changedCategories++
        categoryUpdates.push(row)
      } else if (old.depth !== place.depth || old.sortKey !== place.sortKey || old.childrenCount !== place.childrenCount) {
        // moved in the file or gained or lost children: its place changes, the category itself does not
        categoryUpdates.push(row)
      }
    }
    const categoryColumns: [string, string][] = [
      ['id', 'int'],
      ['parent_id', 'int'],
      ['name_ar', 'text'],
      ['name_en', 'text'],
      ['depth', 'int'],
      ['sort_key', 'text'],
      ['children_count', 'int'],
    ]
    await updateMany(tx, 'marketplace_categories', categoryColumns, categoryUpdates, now)
    const kept = new Set(file.categories.map((c) => c.id))
    const goneCategories = before.filter((c) => !kept.has(c.externalId)).map((c) => c.id)
    await deleteMany(tx, marketplaceCategories, goneCategories)

    const propertyKey = (categoryId: number, externalId: string) => `${categoryId}\u0000${externalId}`
    const knownProperties = new Map(propertiesBefore.map((p) => [propertyKey(p.categoryId, p.externalId), p]))
    const propertyIdOf = new Map(propertiesBefore.map((p) => [propertyKey(p.categoryId, p.externalId), p.id]))
    const properties = (file.properties ?? []).map((p) => ({ ...p, categoryId: idOf.get(p.category_id)!, required: p.required ?? false }))
    const newProperties = properties.filter((p) => !knownProperties.has(propertyKey(p.categoryId, p.id)))
    for (const batch of chunks(newProperties)) {
      const rows = await tx
        .insert(marketplaceProperties)
        .values(
          batch.map((p) => ({
            marketplaceId,
            categoryId: p.categoryId,
            externalId: p.id,
            nameAr: p.name_ar,
            nameEn: p.name_en,
            type: p.type,
            required: p.required,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({
          id: marketplaceProperties.id,
          categoryId: marketplaceProperties.categoryId,
          externalId: marketplaceProperties.externalId,
        })
      for (const r of rows) propertyIdOf.set(propertyKey(r.categoryId, r.externalId), r.id)
    }
    const propertyUpdates: unknown[][] = []
    for (const p of properties) {
      const old = knownProperties.get(propertyKey(p.categoryId, p.id))
      if (old && (old.nameAr !== p.name_ar || old.nameEn !== p.name_en || old.type !== p.type || old.required !== p.required))
        propertyUpdates.push([old.id, p.name_ar, p.name_en, p.type, p.required])
    }
    await updateMany(
      tx,
      'marketplace_properties',
      [
        ['id', 'int'],
        ['name_ar', 'text'],
        ['name_en', 'text'],
        ['type', 'text'],
        ['required', 'boolean'],
      ],
      propertyUpdates,
      now,
    )
    const keptProperties = new Set(properties.map((p) => propertyKey(p.categoryId, p.id)))
    const goneProperties = propertiesBefore.filter((p) => !keptProperties.has(propertyKey(p.categoryId, p.externalId)))
    // those under a removed category went with it
    const removedCategoryIds = new Set(goneCategories)
    await deleteMany(
      tx,
      marketplaceProperties,
      goneProperties.filter((p) => !removedCategoryIds.has(p.categoryId)).map((p) => p.id),
    )

    // values, by property and their own id
    const knownValues = new Map(valuesBefore.map((v) => [propertyKey(v.propertyId, v.externalId), v]))
    const values = properties.flatMap((p) => {
      const propertyId = propertyIdOf.get(propertyKey(p.categoryId, p.id))!
      return (p.values ?? []).map((v) => ({ ...v, propertyId }))
    })
    const newValues = values.filter((v) => !knownValues.has(propertyKey(v.propertyId, v.id)))
    for (const batch of chunks(newValues))
      await tx
        .insert(marketplacePropertyValues)
        .values(batch.map((v) => ({ propertyId: v.propertyId, externalId: v.id, valueAr: v.value_ar, valueEn: v.value_en })))
    const valueUpdates: unknown[][] = []
    for (const v of values) {
      const old = knownValues.get(propertyKey(v.propertyId, v.id))
      if (old && (old.valueAr !== v.value_ar || old.valueEn !== v.value_en)) valueUpdates.push([old.id, v.value_ar, v.value_en])
    }
    await updateMany(
      tx,
      'marketplace_property_values',
      [
        ['id', 'int'],
        ['value_ar', 'text'],
        ['value_en', 'text'],
      ],
      valueUpdates,
      null,
    )
    const keptValues = new Set(values.map((v) => propertyKey(v.propertyId, v.id)))
    const goneValues = valuesBefore.filter((v) => !keptValues.has(propertyKey(v.propertyId, v.externalId)))
    const removedPropertyIds = new Set(goneProperties.map((p) => p.id))
    await deleteMany(
      tx,
      marketplacePropertyValues,
      goneValues.filter((v) => !removedPropertyIds.has(v.propertyId)).map((v) => v.id),
    )

    // a platform property stays `mapped` only while a marketplace property still maps to it
    if (goneCategories.length > 0 || goneProperties.length > 0)
      await tx.execute(
        sql`update properties as p set mapped = false where p.mapped and not exists (select 1 from marketplace_properties as mp where mp.mapped_property_id = p.id)`,
      )

    await refreshMappingProgress(tx, marketplaceId)

    const report: TaxonomyReport = {
      categories: { added: fresh.length, changed: changedCategories, removed: goneCategories.length, total: file.categories.length },
      properties: {
        added: newProperties.length,
        changed: propertyUpdates.length,
        removed: goneProperties.length,
        total: properties.length,
      },
      values: { added: newValues.length, changed: valueUpdates.length, removed: goneValues.length, total: values.length },
    }
    await writeAudit(tx, {
      adminId,
      action: 'import',
      resource: 'marketplaces',
      recordId: marketplaceId,
      changes: { taxonomy: { from: null, to: report } },
      at: now,
    })
    return report
  })
}
