import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The coupons module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const couponsResource = { name: 'coupons', path: 'admin-panal/coupons', module: 'coupons' } as const
export const couponsAccess = defineAccess(couponsResource.module, crudActions)
export const couponsScreens = defineScreens('coupons', { list: 'list', create: 'create', edit: 'edit/:id' })
