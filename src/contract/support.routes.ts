import { defineAccess } from './access'
import { defineScreens } from './screens'

// The support module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
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
