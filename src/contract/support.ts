import * as z from 'zod/mini'
import { defineAccess } from './access'
import { listQuerySchema, pageSchema, queryBoolean } from './resource'
import { defineScreens } from './screens'

/**
 * Support (DOMAIN.md "Support"): shipping issues (resolve) and shipping company requests (activate).
 * Records come from the platform: no create, update or delete routes. Views `GET {path}/{id}`,
 * actions `PUT {path}/resolve/{id}` / `PUT {path}/activate/{id}` (body-less), validated with the
 * supportItem chart; a second resolve/activate answers 200 with the unchanged record.
 * Permissions: `support:view`, `support:resolve`, `support:activate`.
 */
/** The actions of support (permissions `support:resolve`, `support:activate`). */
const supportActionNames = ['resolve', 'activate'] as const
export type SupportActionName = (typeof supportActionNames)[number]
export const supportAccess = defineAccess('support', ['view', ...supportActionNames])
export const supportScreens = defineScreens('support', {
  shippingList: 'shipping-list',
  companyRequestsList: 'shipping-company-requests-list',
  view: 'view/:id',
})
export const shippingIssuesResource = { name: 'shipping', path: 'admin-panal/support/shipping', module: 'support' } as const
export const companyRequestsResource = {
  name: 'shipping_company_requests',
  path: 'admin-panal/support/shipping-company-requests',
  module: 'support',
} as const

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
