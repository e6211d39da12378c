import { defineAccess } from './access'
import { defineScreens } from './screens'

// The contact module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const contactResource = { name: 'contact', path: 'admin-panal/contact', module: 'contact' } as const
export const contactAccess = defineAccess(contactResource.module, ['view', 'delete'])
export const contactScreens = defineScreens('contact', { list: 'list', view: 'view/:id' })
