import { eq, sql } from 'drizzle-orm'
import { type Locale } from '../../../src/contract/common'
import {
  companyRequestListQuery,
  companyRequestSchema,
  companyRequestsResource,
  shippingIssueListQuery,
  shippingIssueSchema,
  shippingIssuesResource,
  type CompanyRequest,
  type CompanyRequestListQuery,
  type ShippingIssue,
  type ShippingIssueListQuery,
} from '../../../src/contract/support'
import { supportOutcome, supportStatusOf, type SupportAction, type SupportKind } from '../../../src/domain/support'
import { shippingCompanyRequests, shippingIssues } from './schema'
import { writeAudit } from '../../lib/audit'
import type { AppDeps, Principal } from '../../lib/context'
import { AppError } from '../../lib/errors'
import { getRecord, readOnlyWrites, type AnyResourceDefinition, type ResourceDefinition, type ResourceTable } from '../../lib/resource'

/**
 * Support (DOMAIN.md "Support"): shipping issues are resolved, shipping company requests activated,
 * once. The supportItem chart decides (`outcomeOf`): the server writes only on 'apply', answers a
 * repeated action with the unchanged record ('noop', no audit row) and refuses the rest (409).
 * Records come from the platform, so the engine serves only their list and view.
 */

type IssueRow = typeof shippingIssues.$inferSelect & { resolvedByName: string | null }
type RequestRow = typeof shippingCompanyRequests.$inferSelect & { activatedByName: string | null }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function toShippingIssue(row: IssueRow): ShippingIssue {
  return {
    id: row.id,
    shipmentId: row.shipmentId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    trackingNumber: row.trackingNumber,
    tenant: row.tenantName,
    tenantId: row.tenantId,
    issue: row.issue,
    resolved: row.resolveAt !== null,
    resolveAt: iso(row.resolveAt),
    resolved_by: row.resolvedByName,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

function toCompanyRequest(row: RequestRow): CompanyRequest {
  return {
    id: row.id,
    tenant: row.tenantName,
    tenantId: row.tenantId,
    company_name: row.companyName,
    contact_phone: row.contactPhone,
    activated: row.activatedAt !== null,
    activatedAt: iso(row.activatedAt),
    activated_by: row.activatedByName,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export const shippingIssuesDefinition: ResourceDefinition<
  ShippingIssueListQuery,
  object,
  { version: number },
  IssueRow,
  ShippingIssue,
  ShippingIssue
> = {
  ...shippingIssuesResource,
  table: shippingIssues as unknown as ResourceTable,
  extras: () => ({
    resolvedByName: sql<string | null>`(select a.name from admins as a where a.id = shipping_issues.resolved_by)`.as('resolved_by_name'),
  }),
  listQuery: shippingIssueListQuery,
  ...readOnlyWrites,
  item: shippingIssueSchema,
  detail: shippingIssueSchema,
  sort: { created_at: () => shippingIssues.createdAt, resolveAt: () => shippingIssues.resolveAt, id: () => shippingIssues.id },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    resolved: (value) => (value === '1' ? sql`${shippingIssues.resolveAt} is not null` : sql`${shippingIssues.resolveAt} is null`),
  },
  search: () => [shippingIssues.orderNumber, shippingIssues.trackingNumber, shippingIssues.shipmentId, shippingIssues.tenantName],
  toItem: (row) => toShippingIssue(row),
  toDetail: (_db, row) => Promise.resolve(toShippingIssue(row)),
}

export const companyRequestsDefinition: ResourceDefinition<
  CompanyRequestListQuery,
  object,
  { version: number },
  RequestRow,
  CompanyRequest,
  CompanyRequest
> = {
  ...companyRequestsResource,
  table: shippingCompanyRequests as unknown as ResourceTable,
  extras: () => ({
    activatedByName: sql<string | null>`(select a.name from admins as a where a.id = shipping_company_requests.activated_by)`.as(
      'activated_by_name',
    ),
  }),
  listQuery: companyRequestListQuery,
  ...readOnlyWrites,
  item: companyRequestSchema,
  detail: companyRequestSchema,
  sort: {
    created_at: () => shippingCompanyRequests.createdAt,
    activatedAt: () => shippingCompanyRequests.activatedAt,
    id: () => shippingCompanyRequests.id,
  },
  defaultSort: { column: 'id', direction: 'desc' },
  filters: {
    activated: (value) =>
      value === '1' ? sql`${shippingCompanyRequests.activatedAt} is not null` : sql`${shippingCompanyRequests.activatedAt} is null`,
  },
  search: () => [shippingCompanyRequests.tenantName, shippingCompanyRequests.companyName, shippingCompanyRequests.contactPhone],
  toItem: (row) => toCompanyRequest(row),
  toDetail: (_db, row) => Promise.resolve(toCompanyRequest(row)),
}

type Target = {
  kind: SupportKind
  action: SupportAction
  def: AnyResourceDefinition
  table: typeof shippingIssues | typeof shippingCompanyRequests
  /** The column that records when it was done (its status follows from it). */
  doneAt: (row: Record<string, unknown>) => Date | null
  /** The columns the action sets. */
  values: (now: Date, adminId: number) => Record<string, unknown>
  changes: (now: Date, adminId: number) => Record<string, { from: unknown; to: unknown }>
}

const targets: Record<SupportAction, Target> = {
  resolve: {
    kind: 'shippingIssue',
    action: 'resolve',
    def: shippingIssuesDefinition,
    table: shippingIssues,
    doneAt: (row) => (row.resolveAt as Date | null) ?? null,
    values: (now, adminId) => ({ resolveAt: now, resolvedBy: adminId }),
    changes: (now, adminId) => ({ resolve_at: { from: null, to: now.toISOString() }, resolved_by: { from: null, to: adminId } }),
  },
  activate: {
    kind: 'companyRequest',
    action: 'activate',
    def: companyRequestsDefinition,
    table: shippingCompanyRequests,
    doneAt: (row) => (row.activatedAt as Date | null) ?? null,
    values: (now, adminId) => ({ activatedAt: now, activatedBy: adminId }),
    changes: (now, adminId) => ({ activated_at: { from: null, to: now.toISOString() }, activated_by: { from: null, to: adminId } }),
  },
}

export type SupportActionResult<T> = { item: T; outcome: 'apply' | 'noop' }

/**
 * Resolves a shipping issue / activates a company request as the shared table of `domain/support`
 * allows, the row locked meanwhile: 'apply' writes (with an audit row), 'noop' (someone did it
 * already) changes nothing, 'refused' is a 409.
 */
export async function applySupportAction<T>(
  deps: AppDeps,
  admin: Principal,
  action: SupportAction,
  id: number,
  lang: Locale,
): Promise<SupportActionResult<T>> {
  const target = targets[action]
  const now = deps.clock()
  return deps.db.transaction(async (tx) => {
    const table = target.table as unknown as ResourceTable
    const [row] = await tx.select().from(table).where(eq(table.id, id)).limit(1).for('update')
    if (!row) throw new AppError(404, 'errors.notFound')
    const outcome = supportOutcome(target.kind, supportStatusOf(target.kind, target.doneAt(row as Record<string, unknown>)), target.action)
    if (outcome === 'refused') throw new AppError(409, 'support.errors.refused')
    if (outcome === 'apply') {
      await tx
        .update(table)
        .set({ ...target.values(now, admin.id), updatedAt: now, version: sql`${table.version} + 1` } as never)
        .where(eq(table.id, id))
      await writeAudit(tx, {
        adminId: admin.id,
        action,
        resource: target.def.name,
        recordId: id,
        changes: target.changes(now, admin.id),
        at: now,
      })
    }
    return { item: (await getRecord(tx, target.def, id, lang)) as T, outcome }
  })
}
