import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The categories module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
/** Categories: the platform's category tree (spec section 2 "categories"). */
export const categoriesResource = { name: 'categories', path: 'admin-panal/categories', module: 'categories' } as const
export const categoriesAccess = defineAccess(categoriesResource.module, crudActions)
export const categoriesScreens = defineScreens('categories', { list: 'list', create: 'create', edit: 'edit/:id', view: 'view/:id' })
