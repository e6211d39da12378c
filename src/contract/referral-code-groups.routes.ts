import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The referral code groups module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const referralGroupsResource = {
  name: 'referral-code-groups',
  path: 'admin-panal/referral-code-groups',
  module: 'referral-code-groups',
} as const
export const referralGroupsAccess = defineAccess(referralGroupsResource.module, crudActions)
export const referralGroupsScreens = defineScreens('referral-code-groups', {
  list: 'list',
  create: 'create',
  edit: 'edit/:id',
  view: 'view/:id',
})
export const referralGroupsPaths = {
  /** The vendors whose referral codes follow the group (GET), vendors moved into it (PUT). */
  vendors: (id: number | string) => `${referralGroupsResource.path}/${id}/vendors`,
  /** A vendor taken out of the group (DELETE): its code follows the default group again. */
  vendor: (id: number | string, vendorId: number | string) => `${referralGroupsResource.path}/${id}/vendors/${vendorId}`,
} as const
