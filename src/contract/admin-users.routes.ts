import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The admin users module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const adminUsersResource = { name: 'users', path: 'admin-panal/users', module: 'users' } as const
export const adminUsersAccess = defineAccess(adminUsersResource.module, crudActions)
export const adminUsersScreens = defineScreens('users', { list: 'list', create: 'create', edit: 'edit/:id', categories: 'categories/:id' })
/** The platform categories an admin is responsible for (`GET` and `PUT`). */
export const adminCategoriesPath = (id: number | string) => `${adminUsersResource.path}/categories/${id}`
