import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The packages module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const packagesResource = {
  name: 'subscription-packages',
  path: 'admin-panal/subscription-packages',
  module: 'subscription-packages',
} as const
export const packagesAccess = defineAccess(packagesResource.module, crudActions)
export const packagesScreens = defineScreens('subscription-packages', {
  general: 'general',
  list: 'list',
  create: 'create',
  edit: 'edit/:id',
})
export const packagesPaths = {
  general: `${packagesResource.path}/general`,
  reorder: `${packagesResource.path}/reorder`,
} as const
