import { defineAccess } from './access'
import { defineScreens } from './screens'

// The terms module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const termsPath = 'admin-panal/terms-conditions'
export const termsAccess = defineAccess('terms', ['view', 'update'])
export const termsScreens = defineScreens('terms-conditions', { page: '' })
