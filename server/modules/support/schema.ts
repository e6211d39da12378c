import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, tz, updatedAt } from '../../db/columns'
import { admins } from '../auth/schema'

/** Shipping issues reported by the platform; resolved once (`resolve_at`, `resolved_by`). */
export const shippingIssues = pgTable(
  'shipping_issues',
  {
    id: id(),
    shipmentId: text('shipment_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    trackingNumber: text('tracking_number'),
    tenantId: integer('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    issue: text('issue').notNull(),
    resolveAt: tz('resolve_at'),
    resolvedBy: integer('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('shipping_issues_created_at_idx').on(t.createdAt, t.id),
    index('shipping_issues_resolve_at_idx').on(t.resolveAt, t.id),
    check('shipping_issues_version_check', sql`${t.version} >= 1`),
  ],
)

/** Requests of stores to activate a shipping company; activated once (`activated_at`). */
export const shippingCompanyRequests = pgTable(
  'shipping_company_requests',
  {
    id: id(),
    tenantId: integer('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    companyName: text('company_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    activatedAt: tz('activated_at'),
    activatedBy: integer('activated_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('shipping_company_requests_created_at_idx').on(t.createdAt, t.id),
    index('shipping_company_requests_activated_at_idx').on(t.activatedAt, t.id),
    check('shipping_company_requests_version_check', sql`${t.version} >= 1`),
  ],
)
