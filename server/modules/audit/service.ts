import { and, asc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import {
  auditEntrySchema,
  auditListQuery,
  auditResource,
  SECRET_FIELD,
  SECRET_MASK,
  SYSTEM_ADMIN_ID,
  type AuditEntry,
  type AuditExportQuery,
  type AuditListQuery,
} from '../../../src/contract/audit'
import { categoriesResource, categoriesScreens } from '../../../src/contract/categories.routes'
import { contactResource, contactScreens } from '../../../src/contract/contact.routes'
import type { Locale } from '../../../src/contract/common'
import { couponsResource, couponsScreens } from '../../../src/contract/coupons.routes'
import { marketplacesResource, marketplacesScreens } from '../../../src/contract/marketplaces.routes'
import { packagesResource, packagesScreens } from '../../../src/contract/packages.routes'
import { partnersResource, partnersScreens } from '../../../src/contract/partners.routes'
import { propertiesResource, propertiesScreens } from '../../../src/contract/properties.routes'
import type { ListItem } from '../../../src/contract/resource'
import { referralGroupsResource, referralGroupsScreens } from '../../../src/contract/referral-code-groups.routes'
import { subscriptionsResource, subscriptionsScreens } from '../../../src/contract/subscriptions.routes'
import { vendorsResource, vendorsScreens } from '../../../src/contract/vendors.routes'
import { startOfBusinessDay } from '../../../src/domain/subscriptions'
import type { Db } from '../../db'
import { auditLog } from '../../db/tables'
import { t } from '../../i18n'
import type { AuditChanges } from '../../lib/audit'
import type { AppDeps } from '../../lib/context'
import { csvStream } from '../../lib/csv'
import { readOnlyWrites, type ResourceDefinition, type ResourceTable } from '../../lib/resource'
import { admins } from '../auth/schema'
import { containing } from '../../lib/search'

/**
 * The audit trail read back (issue 14): the log's rows with their admin's name, filtered by admin,
 * module (the row's resource), record, action and period, newest first; every secret value masked
 * before it leaves the server, in the list as in the CSV.
 */

const DAY_MS = 86_400_000

/** A value with the values of every secret key under it masked (a null stays null). */
function scrub(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_FIELD.test(key) ? mask(inner) : scrub(inner, depth + 1)
  return out
}
const mask = (value: unknown) => (value === null || value === undefined ? null : SECRET_MASK)

/** The changes as shown: each field's before and after, a secret field's values masked. */
function shownChanges(changes: unknown): AuditChanges {
  const out: AuditChanges = {}
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) return out
  for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
    const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown }
    out[field] = SECRET_FIELD.test(field) ? { from: mask(from), to: mask(to) } : { from: scrub(from ?? null), to: scrub(to ?? null) }
  }
  return out
}

/** The screen showing a record of each resource that has one (view page, else its edit page). */
const recordScreens: Record<string, (id: number) => string> = {
  [vendorsResource.name]: vendorsScreens.view,
  [categoriesResource.name]: categoriesScreens.view,
  [propertiesResource.name]: propertiesScreens.view,
  [partnersResource.name]: partnersScreens.view,
  [referralGroupsResource.name]: referralGroupsScreens.view,
  [contactResource.name]: contactScreens.view,
  [subscriptionsResource.name]: subscriptionsScreens.view,
  [couponsResource.name]: couponsScreens.edit,
  [marketplacesResource.name]: marketplacesScreens.edit,
  [packagesResource.name]: packagesScreens.edit,
}
const screenOf = (resource: string, id: number | null) => (id === null ? null : (recordScreens[resource]?.(id) ?? null))

type AuditRow = typeof auditLog.$inferSelect & { adminName: string | null }
/** The engine's row shape wants a `version`; the log has none (it is never updated) and nothing reads it. */
type ListedRow = AuditRow & { version: number }

const adminName = sql<string | null>`(select a.name from admins as a where a.id = ${auditLog.adminId})`

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    admin: row.adminId === null ? null : { id: row.adminId, name: row.adminName ?? `#${row.adminId}` },
    action: row.action,
    resource: row.resource,
    record_id: row.recordId,
    changes: shownChanges(row.changes),
    screen: screenOf(row.resource, row.recordId),
  }
}

type Filters = Omit<AuditExportQuery, 'search'>

const filterOf: { [K in keyof Filters]-?: (value: NonNullable<Filters[K]>) => SQL | undefined } = {
  admin_id: (value) => (value === SYSTEM_ADMIN_ID ? isNull(auditLog.adminId) : eq(auditLog.adminId, value)),
  resource: (value) => eq(auditLog.resource, value),
  record_id: (value) => eq(auditLog.recordId, value),
  action: (value) => eq(auditLog.action, value),
  from: (value) => gte(auditLog.createdAt, startOfBusinessDay(value)),
  to: (value) => lt(auditLog.createdAt, new Date(startOfBusinessDay(value).getTime() + DAY_MS)),
}

/** Search looks in the admin's name, the action and the module, never in the values. */
const searchColumns = () => [adminName, auditLog.action, auditLog.resource]

/** The log as a read-only resource of the generic list (its table has no version: nothing writes it but `writeAudit`). */
export const auditDefinition: ResourceDefinition<AuditListQuery, object, { version: number }, ListedRow, AuditEntry, AuditEntry> = {
  name: auditResource.name,
  path: auditResource.path,
  module: auditResource.module,
  table: auditLog as unknown as ResourceTable,
  extras: () => ({ adminName: adminName.as('admin_name') }),
  listQuery: auditListQuery,
  ...readOnlyWrites,
  item: auditEntrySchema,
  detail: auditEntrySchema,
  sort: { created_at: () => auditLog.createdAt },
  defaultSort: { column: 'created_at', direction: 'desc' },
  filters: filterOf,
  search: searchColumns,
  toItem: (row) => toEntry(row),
  toDetail: async (_db, row) => toEntry(row),
}

/** The admins for the filter, and first "the platform or a vendor" (writes no admin made). */
export async function adminOptions(db: Db, lang: Locale): Promise<ListItem[]> {
  const rows = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.name), asc(admins.id)).limit(1000)
  return [{ id: SYSTEM_ADMIN_ID, name: t(lang, 'audit.system') }, ...rows]
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []))

/** The modules (resources) the log holds, named in `lang`; found by a skip scan of the (resource, record) index. */
export async function resourceOptions(db: Db, lang: Locale): Promise<ListItem[]> {
  const result = await db.execute(sql`
    with recursive r(v) as (
      select min(resource) from audit_log
      union all
      select (select min(resource) from audit_log where resource > r.v) from r where r.v is not null
    )
    select v from r where v is not null limit 500`)
  return rowsOf<{ v: string }>(result)
    .map(({ v }) => ({ id: v, name: resourceLabel(lang, v) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang))
}

/** A module's name in `lang` (its own name when the catalogue has none). */
function resourceLabel(lang: Locale, resource: string): string {
  const key = `audit.resources.${resource}`
  const label = t(lang, key)
  return label === key ? resource : label
}

/* CSV */

const EXPORT_BATCH = 500
const CSV_COLUMNS = ['at', 'admin', 'action', 'resource', 'record_id', 'field', 'from', 'to'] as const

const cellOf = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value))

function csvLines(entry: AuditEntry, lang: Locale): string[][] {
  const head = [
    entry.at,
    entry.admin?.name ?? t(lang, 'audit.system'),
    entry.action,
    resourceLabel(lang, entry.resource),
    String(entry.record_id ?? ''),
  ]
  const fields = Object.entries(entry.changes)
  if (fields.length === 0) return [[...head, '', '', '']]
  return fields.map(([field, { from, to }]) => [...head, field, cellOf(from), cellOf(to)])
}

/**
 * The rows the list's filters and search match, newest first, as CSV (UTF-8 with a BOM, headers in
 * `lang`): one line per changed field. Read in batches by keyset so memory stays flat.
 */
export function exportAuditCsv(deps: AppDeps, query: AuditExportQuery, lang: Locale): Readable {
  const conditions: SQL[] = []
  for (const [key, build] of Object.entries(filterOf) as [keyof Filters, (value: unknown) => SQL | undefined][]) {
    const value = query[key]
    if (value === undefined) continue
    const condition = build(value)
    if (condition) conditions.push(condition)
  }
  if (query.search) {
    const term = containing(query.search)
    const any = or(...searchColumns().map((column) => ilike(column, term)))
    if (any) conditions.push(any)
  }
  async function* batches() {
    let before: { at: Date; id: number } | null = null
    for (;;) {
      const after: SQL | undefined = before
        ? or(lt(auditLog.createdAt, before.at), and(eq(auditLog.createdAt, before.at), lt(auditLog.id, before.id)))
        : undefined
      const rows = (await deps.db
        .select({ ...auditColumns, adminName })
        .from(auditLog)
        .where(and(...conditions, after))
        .orderBy(sql`${auditLog.createdAt} desc`, sql`${auditLog.id} desc`)
        .limit(EXPORT_BATCH)) as AuditRow[]
      if (rows.length === 0) return
      yield rows.flatMap((row) => csvLines(toEntry(row), lang))
      const last = rows[rows.length - 1]!
      before = { at: last.createdAt, id: last.id }
      if (rows.length < EXPORT_BATCH) return
    }
  }
  return csvStream(
    CSV_COLUMNS.map((key) => t(lang, `audit.fields.${key}`)),
    batches(),
  )
}

const auditColumns = {
  id: auditLog.id,
  adminId: auditLog.adminId,
  action: auditLog.action,
  resource: auditLog.resource,
  recordId: auditLog.recordId,
  changes: auditLog.changes,
  createdAt: auditLog.createdAt,
}
