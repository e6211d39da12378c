/**
 * Permissions (DOMAIN.md "Admins, roles and permissions"): `module:action` strings a role grants; a
 * primary user holds `*`. Each module declares its permissions once with `defineAccess`, in its
 * contract file: the server guards its routes with them, the role seed and the roles screen list
 * them, the SPA hides what the admin could not do. The rule for `*` is written here only.
 */

/** Held by primary users: every permission. */
const ALL_PERMISSIONS = '*'
/** Any signed-in admin, whatever its roles (its own session, profile, language, uploads). */
export const SELF_PERMISSION = 'auth:self'

/** The standard actions of a resource; special ones (`payments:approve`) are a module's own. */
export const crudActions = ['view', 'create', 'update', 'delete'] as const

export type Permission<M extends string = string, A extends string = string> = `${M}:${A}`
export const permissionOf = <M extends string, A extends string>(module: M, action: A): Permission<M, A> => `${module}:${action}`

/** A module's permissions: `can.update` is `'<module>:update'`; `all` lists every one of them. */
export type ModuleAccess<M extends string, A extends string> = {
  module: M
  actions: readonly A[]
  can: { readonly [K in A]: Permission<M, K> }
  all: readonly Permission<M, A>[]
}

export function defineAccess<const M extends string, const A extends string>(module: M, actions: readonly A[]): ModuleAccess<M, A> {
  const can = Object.fromEntries(actions.map((action) => [action, permissionOf(module, action)])) as ModuleAccess<M, A>['can']
  return { module, actions, can, all: actions.map((action) => permissionOf(module, action)) }
}

/** True when the granted permissions include `permission` (`*` grants everything). */
export function hasPermission(granted: readonly string[], permission: string): boolean {
  return permission === SELF_PERMISSION || granted.includes(ALL_PERMISSIONS) || granted.includes(permission)
}
