import * as z from 'zod/mini'
import { localeSchema } from './common'
import { listQuerySchema, pageSchema, versionSchema } from './resource'
export * from './roles.routes'

/**
 * Roles (DOMAIN.md "Admins, roles and permissions"): a name in Arabic and English and the
 * `module:action` permissions it grants, each one a permission some module declares. A role held by
 * an admin cannot be deleted (409 naming the admins).
 */

const name = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
/** `module:action`, as `defineAccess` writes them; the server also checks each is declared. */
const permission = z.string().check(z.maxLength(100), z.regex(/^[a-z][a-z0-9-]*:[a-z][a-z-]*$/, 'validation.format'))

const roleFields = {
  name_ar: name,
  name_en: name,
  permissions: z.array(permission).check(z.maxLength(1000)),
}

export const roleCreateBody = z.strictObject(roleFields)
export type RoleCreateBody = z.infer<typeof roleCreateBody>
export const roleUpdateBody = z.strictObject({ ...roleFields, version: versionSchema })
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>

const roleSortColumns = ['name', 'admins', 'created_at', 'id'] as const
export const roleListQuery = listQuerySchema(roleSortColumns, {})
export type RoleListQuery = z.infer<typeof roleListQuery>

export const roleSchema = z.object({
  id: z.int(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** How many admins hold it. */
  admins_count: z.int(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
  translations: z.array(z.object({ locale: localeSchema, name: z.string() })),
})
export type Role = z.infer<typeof roleSchema>
export const rolePageSchema = pageSchema(roleSchema)

/** One module's actions a role may grant (`GET admin-panal/roles/permissions` -> result.modules). */
const permissionModuleSchema = z.object({ module: z.string(), actions: z.array(z.string()) })
export type PermissionModule = z.infer<typeof permissionModuleSchema>
export const permissionsResult = z.object({ modules: z.array(permissionModuleSchema) })

/** `core/list/roles` takes no filters. */
export const roleOptionsQuery = z.strictObject({})
