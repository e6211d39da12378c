import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import * as zm from 'zod/mini'
import type { ZodMiniType } from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { permissionOf } from '../../src/contract/access'
import { envelope, type Locale } from '../../src/contract/common'
import {
  DEFAULT_PAGE_SIZE,
  EXACT_COUNT_LIMIT,
  FIRST_PAGE,
  pageSchema,
  pagesCountOf,
  resourcePaths,
  versionSchema,
  type Page,
  type SortDirection,
} from '../../src/contract/resource'
import type { Db } from '../db'
import { adminOf } from '../plugins/access'
import { changedFields, writeAudit, type AuditChanges } from './audit'
import type { AppDeps, Principal } from './context'
import { AppError, fieldError } from './errors'
import { errorResponses, ok } from './http'
import { containing } from './search'

/**
 * The generic resource (spec section 7, DESIGN "API conventions"): list, one, create, update, active
 * toggle and delete over one table, with allowlisted sort and filters, capped counts, bounded
 * OFFSET, optimistic concurrency on `version`, and an audit row in the transaction of every write.
 * A module describes its resource with a `ResourceDefinition` and calls `registerResource`.
 */

/**
 * The write parts of a resource whose records are only listed and viewed here (made elsewhere: by
 * the platform, by an approval): the definition's type wants them; no route takes them.
 */
export const readOnlyWrites = {
  createBody: zm.strictObject({}),
  updateBody: zm.strictObject({ version: versionSchema }),
  toValues: () => ({}),
}

/** Deepest row a list serves by OFFSET; past it the list must be narrowed (search, filters). */
export const MAX_OFFSET = EXACT_COUNT_LIMIT

/** The columns every resource table has. */
export type ResourceTable = PgTable & {
  id: AnyPgColumn
  version: AnyPgColumn
  isActive: AnyPgColumn
  createdAt: AnyPgColumn
  updatedAt: AnyPgColumn
}

/** The list query every resource accepts (the contract's `listQuerySchema`), plus its own filters. */
export type BaseListQuery = {
  pageSize?: number | undefined
  page?: number | undefined
  sort_column?: string | undefined
  sort_direction?: SortDirection | undefined
  search?: string | undefined
}
type BaseKey = keyof BaseListQuery

/** Column values of a write, keyed by the table's property names (`nameAr`, `parentId`). */
export type ColumnValues = Record<string, unknown>

export type ResourceDefinition<
  Q extends BaseListQuery,
  C extends object,
  U extends { version: number },
  Row extends { id: number; version: number },
  Item,
  Detail,
> = {
  /** The list name: `result[name]` of the list. */
  name: string
  /** API path without the leading slash (`admin-panal/categories`). */
  path: string
  /** Permission module: routes need `<module>:view|create|update|delete`. */
  module: string
  table: ResourceTable
  /** Values selected beside the table's columns (counts, joined names), per request language. */
  extras?: (lang: Locale) => Record<string, SQL.Aliased>
  listQuery: $ZodType<Q>
  createBody: $ZodType<C>
  updateBody: $ZodType<U>
  /** Response schemas of a list item and of one record (`GET {path}/{id}`, writes). */
  item: ZodMiniType<Item>
  detail: ZodMiniType<Detail>
  /** Sort allowlist: each sort column of the contract to an (indexed) column; `id` breaks ties. */
  sort: Record<NonNullable<Q['sort_column']>, (lang: Locale) => AnyPgColumn | SQL>
  defaultSort: { column: NonNullable<Q['sort_column']>; direction: SortDirection }
  /** Filter allowlist: each filter of the contract's query to a condition. */
  filters: { [K in Exclude<keyof Q, BaseKey>]-?: (value: NonNullable<Q[K]>) => SQL | undefined }
  /** Columns the search term is looked for in (case-insensitive substring). */
  search: (lang: Locale) => (AnyPgColumn | SQL)[]
  toItem: (row: Row, lang: Locale) => Item
  toDetail: (db: Db, row: Row, lang: Locale) => Promise<Detail>
  /** API body (without `version`) to column values. */
  toValues: (body: C | Omit<U, 'version'>) => ColumnValues
  /** Rules across rows, run in the write's transaction (`id` null on create); throw an AppError to refuse. */
  validate?: (db: Db, values: ColumnValues, id: number | null) => Promise<void>
  /** A catalogue key explaining why the record cannot be deleted now, or null. */
  deleteRefusal?: (db: Db, id: number) => Promise<string | null>
  /** A catalogue key explaining why `is_active` cannot be flipped now (answered as 409), or null. */
  toggleRefusal?: (db: Db, id: number) => Promise<string | null>
  tags?: string[]
  /**
   * The records an admin may reach (a sub user's categories): null for all. Lists show only those;
   * reading or writing another answers 403, and so does a write whose `scopeColumn` value (a new
   * parent) lies outside.
   */
  scope?: (db: Db, admin: Principal) => Promise<ReadonlySet<number> | null>
  scopeColumn?: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of definitions of any shape
export type AnyResourceDefinition = ResourceDefinition<any, any, any, any, any, any>

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** The planner's row estimate of a query (used only when the capped count overflows). */
async function plannedRows(db: Db, query: SQL): Promise<number | null> {
  try {
    const result = await db.execute(sql`explain (format json) ${query}`)
    const [first] = rowsOf<Record<string, unknown>>(result)
    if (!first) return null
    const raw = Object.values(first)[0]
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[]
    const rows = plan[0]?.Plan?.['Plan Rows']
    return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : null
  } catch {
    return null
  }
}

function selection(def: AnyResourceDefinition, lang: Locale) {
  return { ...getTableColumns(def.table), ...def.extras?.(lang) } as Record<string, AnyPgColumn | SQL.Aliased>
}

function columnNames(table: ResourceTable): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) out[key] = column.name
  return out
}

/** A page of the list. Counts stop at EXACT_COUNT_LIMIT + 1 rows; OFFSET never passes MAX_OFFSET. */
export async function listRecords<Q extends BaseListQuery, Row extends { id: number; version: number }, Item>(
  db: Db,
  def: ResourceDefinition<Q, object, { version: number }, Row, Item, unknown>,
  query: Q,
  lang: Locale,
  scope: ReadonlySet<number> | null = null,
): Promise<Page<Item>> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
  const page = query.page ?? FIRST_PAGE
  const offset = (page - 1) * pageSize
  if (offset > MAX_OFFSET) throw fieldError(422, 'page', 'validation.pageTooDeep', { n: Math.floor(MAX_OFFSET / pageSize) + 1 })

  const conditions: SQL[] = []
  if (query.search) {
    const term = containing(query.search)
    const matches = def.search(lang).map((column) => ilike(column, term))
    const any = or(...matches)
    if (any) conditions.push(any)
  }
  const filters = def.filters as Record<string, (value: unknown) => SQL | undefined>
  for (const [key, build] of Object.entries(filters)) {
    const value = (query as Record<string, unknown>)[key]
    if (value === undefined || value === null) continue
    const condition = build(value)
    if (condition) conditions.push(condition)
  }
  if (scope) conditions.push(scope.size > 0 ? inArray(def.table.id, [...scope]) : sql`false`)
  const where = conditions.length > 0 ? and(...conditions) : undefined

  const capped = db
    .select({ one: sql`1` })
    .from(def.table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped')
  const [counted] = await db.select({ n: count() }).from(capped)
  let total = counted?.n ?? 0
  const estimate = total > EXACT_COUNT_LIMIT
  if (estimate) {
    const planned = await plannedRows(
      db,
      db
        .select({ one: sql`1` })
        .from(def.table)
        .where(where)
        .getSQL(),
    )
    total = Math.max(total, planned ?? 0)
  }

  const sortColumn = (query.sort_column ?? def.defaultSort.column) as NonNullable<Q['sort_column']>
  const direction = query.sort_direction ?? (query.sort_column ? 'asc' : def.defaultSort.direction)
  const order = direction === 'desc' ? desc : asc
  const column = def.sort[sortColumn](lang)
  const orderBy = column === def.table.id ? [order(def.table.id)] : [order(column), order(def.table.id)]

  // Deferred join: the OFFSET walks only the sort index for ids; the full rows (and their
  // correlated extras) are read for the page's ids alone.
  const pageIds = (
    await db
      .select({ id: def.table.id })
      .from(def.table)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset)
  ).map((r) => r.id as number)
  const fetched =
    pageIds.length === 0
      ? []
      : ((await db.select(selection(def, lang)).from(def.table).where(inArray(def.table.id, pageIds))) as unknown as Row[])
  const byId = new Map(fetched.map((row) => [row.id, row]))
  const rows = pageIds.flatMap((id) => byId.get(id) ?? [])

  // With a capped count, only the pages OFFSET may reach are offered.
  const reachable = Math.floor(MAX_OFFSET / pageSize) + 1
  const pagesCount = estimate ? Math.min(pagesCountOf(total, pageSize), reachable) : pagesCountOf(total, pageSize)
  return {
    data: rows.map((row) => def.toItem(row, lang)),
    total,
    page,
    rowsPerPage: pageSize,
    pagesCount,
    total_is_estimate: estimate,
  }
}

async function findRow<Row>(db: Db, def: AnyResourceDefinition, id: number, lang: Locale): Promise<Row> {
  const [row] = (await db.select(selection(def, lang)).from(def.table).where(eq(def.table.id, id)).limit(1)) as unknown as Row[]
  if (!row) throw new AppError(404, 'errors.notFound')
  return row
}

/** Locks the row for a write: 404 when it is gone. */
async function lockRow(db: Db, def: AnyResourceDefinition, id: number): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(def.table).where(eq(def.table.id, id)).limit(1).for('update')
  if (!row) throw new AppError(404, 'errors.notFound')
  return row as Record<string, unknown>
}

export async function getRecord<Row extends { id: number; version: number }, Detail>(
  db: Db,
  def: ResourceDefinition<BaseListQuery, object, { version: number }, Row, unknown, Detail>,
  id: number,
  lang: Locale,
): Promise<Detail> {
  return def.toDetail(db, await findRow<Row>(db, def, id, lang), lang)
}

type WriteContext = { deps: AppDeps; admin: Principal; lang: Locale }

/** The admin's reach over the resource's records (null: all of them). */
const scopeOf = (db: Db, def: AnyResourceDefinition, admin: Principal) => (def.scope ? def.scope(db, admin) : Promise.resolve(null))

/** 403 when the record, or the value of the scope column a write sets, is out of the admin's reach. */
function checkScope(
  scope: ReadonlySet<number> | null,
  def: AnyResourceDefinition,
  id: number | null,
  values?: ColumnValues,
  before?: Record<string, unknown>,
): void {
  if (!scope) return
  if (id !== null && !scope.has(id)) throw new AppError(403, 'errors.forbidden')
  if (!values || !def.scopeColumn) return
  const target = values[def.scopeColumn]
  if (before && (target === undefined || target === before[def.scopeColumn])) return
  if (typeof target !== 'number' || !scope.has(target)) throw new AppError(403, 'errors.forbidden')
}

async function createRecord<C extends object, Detail>(
  { deps, admin, lang }: WriteContext,
  def: ResourceDefinition<BaseListQuery, C, { version: number }, { id: number; version: number }, unknown, Detail>,
  body: C,
): Promise<Detail> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const values = def.toValues(body)
    checkScope(await scopeOf(tx, def, admin), def, null, values)
    await def.validate?.(tx, values, null)
    const [created] = (await tx
      .insert(def.table)
      .values({ ...values, createdAt: now, updatedAt: now } as never)
      .returning({ id: def.table.id })) as { id: number }[]
    if (!created) throw new Error('insert returned no row')
    const changes = changedFields({}, values, columnNames(def.table))
    await writeAudit(tx, { adminId: admin.id, action: 'create', resource: def.name, recordId: created.id, changes, at: now })
    return def.toDetail(tx, await findRow(tx, def, created.id, lang), lang)
  })
}

async function updateRecord<U extends { version: number }, Detail>(
  { deps, admin, lang }: WriteContext,
  def: ResourceDefinition<BaseListQuery, object, U, { id: number; version: number }, unknown, Detail>,
  id: number,
  body: U,
): Promise<Detail> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const before = await lockRow(tx, def, id)
    const scope = await scopeOf(tx, def, admin)
    checkScope(scope, def, id)
    if (before.version !== body.version) {
      throw new AppError(409, 'errors.conflict', { errors: { version: [{ key: 'errors.conflict' }] } })
    }
    const { version: _version, ...rest } = body
    const values = def.toValues(rest)
    checkScope(scope, def, id, values, before)
    const changes: AuditChanges = changedFields(before, values, columnNames(def.table))
    if (Object.keys(changes).length > 0) {
      await def.validate?.(tx, values, id)
      await tx
        .update(def.table)
        .set({ ...values, updatedAt: now, version: sql`${def.table.version} + 1` } as never)
        .where(eq(def.table.id, id))
      await writeAudit(tx, { adminId: admin.id, action: 'update', resource: def.name, recordId: id, changes, at: now })
    }
    return def.toDetail(tx, await findRow(tx, def, id, lang), lang)
  })
}

/** Flips `is_active` (no version needed: the toggle is its own intent) and audits it. */
async function toggleRecord<Detail>(
  { deps, admin, lang }: WriteContext,
  def: ResourceDefinition<BaseListQuery, object, { version: number }, { id: number; version: number }, unknown, Detail>,
  id: number,
): Promise<Detail> {
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const before = await lockRow(tx, def, id)
    checkScope(await scopeOf(tx, def, admin), def, id)
    const refusal = await def.toggleRefusal?.(tx, id)
    if (refusal) throw new AppError(409, refusal)
    const next = !before.isActive
    await tx
      .update(def.table)
      .set({ isActive: next, updatedAt: now, version: sql`${def.table.version} + 1` } as never)
      .where(eq(def.table.id, id))
    const changes = { [def.table.isActive.name]: { from: before.isActive, to: next } }
    await writeAudit(tx, { adminId: admin.id, action: 'toggle', resource: def.name, recordId: id, changes, at: now })
    return def.toDetail(tx, await findRow(tx, def, id, lang), lang)
  })
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Deletes a record unless its module refuses, or another module's deletion guard does (409 with the
 * reason), or other rows still point at it (409).
 */
export async function deleteRecord({ deps, admin, lang }: WriteContext, def: AnyResourceDefinition, id: number): Promise<void> {
  const now = deps.clock()
  try {
    await deps.db.transaction(async (tx) => {
      const before = await lockRow(tx, def, id)
      checkScope(await scopeOf(tx, def, admin), def, id)
      // the other modules' guards first: they name what still needs the record
      for (const guard of deps.deletionGuards.get(def.name) ?? []) {
        const refusal = await guard(tx, id, lang)
        if (refusal) throw new AppError(409, refusal.key, { values: refusal.values })
      }
      const reason = await def.deleteRefusal?.(tx, id)
      if (reason) throw new AppError(409, reason)
      await tx.delete(def.table).where(eq(def.table.id, id))
      const removed: Record<string, unknown> = {}
      for (const key of Object.keys(before)) removed[key] = null
      const changes = changedFields(before, removed, columnNames(def.table))
      await writeAudit(tx, { adminId: admin.id, action: 'delete', resource: def.name, recordId: id, changes, at: now })
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'errors.inUse')
    throw error
  }
}

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/**
 * Registers the six routes of a resource under `/{def.path}` with their permissions
 * (`<module>:view|create|update|delete`; the toggle is an update).
 */
export function registerResource(app: FastifyInstance, def: AnyResourceDefinition): void {
  const deps = app.deps
  const paths = resourcePaths(`/${def.path}`)
  const tags = def.tags ?? [def.module]
  const security = [{ bearer: [] }]
  const can = (action: string) => ({ permission: permissionOf(def.module, action) })
  const one = envelope(z.object({ item: def.detail as z.ZodType }))
  const context = (request: { lang: Locale }, admin: Principal): WriteContext => ({ deps, admin, lang: request.lang })
  type IdRequest = { params: unknown; lang: Locale }
  const idOf = (request: IdRequest) => (request.params as { id: number }).id

  app.get(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: `List ${def.name}`,
        querystring: def.listQuery,
        response: { 200: envelope(z.object({ [def.name]: pageSchema(def.item) })), ...errorResponses(401, 403, 422) },
      },
      config: can('view'),
    },
    async (request) => {
      const scope = await scopeOf(deps.db, def, adminOf(request))
      return ok(request, 'messages.ok', {
        [def.name]: await listRecords(deps.db, def, request.query as BaseListQuery, request.lang, scope),
      })
    },
  )

  app.get(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: `One of ${def.name}`,
        params: idParams,
        response: { 200: one, ...errorResponses(401, 403, 404, 422) },
      },
      config: can('view'),
    },
    async (request) => {
      const row = await findRow<{ id: number }>(deps.db, def, idOf(request), request.lang)
      checkScope(await scopeOf(deps.db, def, adminOf(request)), def, row.id)
      return ok(request, 'messages.ok', { item: await def.toDetail(deps.db, row, request.lang) })
    },
  )

  app.post(
    paths.list,
    {
      schema: {
        tags,
        security,
        summary: `Create one of ${def.name}`,
        body: def.createBody,
        response: { 201: one, ...errorResponses(401, 403, 422) },
      },
      config: can('create'),
    },
    async (request, reply) => {
      const item = await createRecord(context(request, adminOf(request)), def, request.body as object)
      return reply.code(201).send(ok(request, 'messages.created', { item }))
    },
  )

  app.put(
    paths.activeToggle(':id'),
    {
      schema: {
        tags,
        security,
        summary: `Flip is_active of one of ${def.name}`,
        params: idParams,
        response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: can('update'),
    },
    async (request) =>
      ok(request, 'messages.updated', { item: await toggleRecord(context(request, adminOf(request)), def, idOf(request)) }),
  )

  app.put(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: `Update one of ${def.name} (version required; 409 when stale)`,
        params: idParams,
        body: def.updateBody,
        response: { 200: one, ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: can('update'),
    },
    async (request) =>
      ok(request, 'messages.updated', {
        item: await updateRecord(context(request, adminOf(request)), def, idOf(request), request.body as { version: number }),
      }),
  )

  app.delete(
    paths.one(':id'),
    {
      schema: {
        tags,
        security,
        summary: `Delete one of ${def.name} (409 with the reason when refused)`,
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404, 409, 422) },
      },
      config: can('delete'),
    },
    async (request) => {
      await deleteRecord(context(request, adminOf(request)), def, idOf(request))
      return ok(request, 'messages.deleted', null)
    },
  )
}
