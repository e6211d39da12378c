import * as z from 'zod/mini'
import { listQuerySchema, pageSchema, queryBoolean } from './resource'
export * from './support.routes'

/**
 * Support (DOMAIN.md "Support"): shipping issues (resolve) and shipping company requests (activate).
 * Records come from the platform: no create, update or delete routes. Views `GET {path}/{id}`,
 * actions `PUT {path}/resolve/{id}` / `PUT {path}/activate/{id}` (body-less), validated with the
 * supportItem chart; a second resolve/activate answers 200 with the unchanged record.
 * Permissions: `support:view`, `support:resolve`, `support:activate`.
 */

const shippingIssueSortColumns = ['created_at', 'resolveAt', 'id'] as const
export const shippingIssueListQuery = listQuerySchema(shippingIssueSortColumns, { resolved: queryBoolean })
export type ShippingIssueListQuery = z.infer<typeof shippingIssueListQuery>

export const shippingIssueSchema = z.object({
  id: z.int(),
  shipmentId: z.string(),
  orderId: z.int(),
  orderNumber: z.string(),
  trackingNumber: z.nullable(z.string()),
  /** The store's name. */
  tenant: z.string(),
  tenantId: z.int(),
  issue: z.string(),
  resolved: z.boolean(),
  resolveAt: z.nullable(z.string()),
  /** Name of the admin who resolved it. */
  resolved_by: z.nullable(z.string()),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ShippingIssue = z.infer<typeof shippingIssueSchema>
export const shippingIssuePageSchema = pageSchema(shippingIssueSchema)

const companyRequestSortColumns = ['created_at', 'activatedAt', 'id'] as const
export const companyRequestListQuery = listQuerySchema(companyRequestSortColumns, { activated: queryBoolean })
export type CompanyRequestListQuery = z.infer<typeof companyRequestListQuery>

export const companyRequestSchema = z.object({
  id: z.int(),
  tenant: z.string(),
  tenantId: z.int(),
  company_name: z.string(),
  contact_phone: z.string(),
  activated: z.boolean(),
  activatedAt: z.nullable(z.string()),
  /** Name of the admin who activated it. */
  activated_by: z.nullable(z.string()),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CompanyRequest = z.infer<typeof companyRequestSchema>
export const companyRequestPageSchema = pageSchema(companyRequestSchema)
