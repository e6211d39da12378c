import { defineAccess } from './access'
import { defineScreens } from './screens'

// The audit trail's addresses (API paths, screens) and permission without its schemas: what menus, routes and view pages need at start.
export const auditResource = { name: 'audit', path: 'admin-panal/audit', module: 'audit' } as const
/** Reading the log; primary admins hold it, a sub user only when a role grants it. */
export const auditAccess = defineAccess(auditResource.module, ['view'])
export const auditScreens = defineScreens('audit', { list: '' })
export const auditPaths = { export: `${auditResource.path}/export` } as const

/** The select lists of the filters (`core/list/{name}`). */
export const auditLists = { admins: 'audit-admins', resources: 'audit-resources' } as const

/** A record's own history: the log filtered to it. */
export const recordHistoryPath = (resource: string, id: number | string) =>
  `${auditScreens.list}?${new URLSearchParams({ resource, record_id: String(id) }).toString()}`
