import { crudActions, defineAccess } from './access'
import { defineScreens } from './screens'

// The properties module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
/** Properties (product attributes): name, description, attribute type and, for choice types, values. */
export const propertiesResource = { name: 'properties', path: 'admin-panal/properties', module: 'properties' } as const
export const propertiesAccess = defineAccess(propertiesResource.module, crudActions)
export const propertiesScreens = defineScreens('properties', { list: 'list', create: 'create', edit: 'edit/:id', view: 'view/:id' })
