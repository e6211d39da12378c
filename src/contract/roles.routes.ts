import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The roles module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const rolesResource = { name: 'roles', path: 'admin-panal/roles', module: 'roles' } as const
export const rolesAccess = defineAccess(rolesResource.module, crudActions)
export const rolesScreens = defineScreens('roles', { list: 'list', create: 'create', edit: 'edit/:id' })
/** Every permission the server's modules declare, grouped by module (what a role may grant). */
export const rolesPermissionsPath = 'admin-panal/roles/permissions'
