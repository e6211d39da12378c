import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The marketplaces module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
/** Marketplaces the platform links vendors to (spec section 2 "marketplaces"). */
export const marketplacesResource = { name: 'marketplaces', path: 'admin-panal/marketplaces', module: 'marketplaces' } as const
export const marketplacesAccess = defineAccess(marketplacesResource.module, crudActions)
export const marketplacesScreens = defineScreens('marketplaces', { list: 'list', create: 'create', edit: 'edit/:id' })
