import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The vendors module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
/** Vendors (the spec's "venders": its spelling is the contract's), their payments and referrals. */
export const vendorsResource = { name: 'vendors', path: 'admin-panal/venders', module: 'vendors' } as const
export const vendorsAccess = defineAccess(vendorsResource.module, [...crudActions, 'export'])
/** Payments of vendors: `payments:approve` approves and rejects (DOMAIN.md "Payments"). */
export const paymentsAccess = defineAccess('payments', ['view', 'create', 'approve'])
export const vendorsScreens = defineScreens('venders', { list: 'list', create: 'create', edit: 'edit/:id', view: 'view/:id' })
