import * as z from 'zod/mini'
import { emailSchema, PASSWORD_MIN, PASSWORD_STRENGTH_RULES } from './auth'
import { localeSchema } from './common'
import { listQuerySchema, pageSchema, queryBoolean, queryOneOfMany, versionSchema } from './resource'
import { storedImageSchema } from './uploads'
export * from './admin-users.routes'

/**
 * Admin users (spec section 2, DOMAIN.md "Admins, roles and permissions"): username, email (unique
 * whatever the case), password (on create; on edit only when changed), avatar, roles, user type and
 * active. The server also enforces the rules across rows: an admin cannot deactivate itself or change
 * its own roles or type; the last active primary user stays; deactivating an admin or changing its
 * password ends its sessions.
 */

export const userTypes = ['primary', 'sub'] as const
export const PASSWORD_MAX = 128

/** A password an admin sets: at least 8 characters passing every rule of the strength meter. */
export const strongPassword = z.string().check(
  z.minLength(1, { abort: true }),
  z.minLength(PASSWORD_MIN),
  z.maxLength(PASSWORD_MAX),
  z.refine((p) => PASSWORD_STRENGTH_RULES.every((rule) => rule.test(p)), 'validation.passwordWeak'),
)
const confirmation = z.string().check(z.maxLength(PASSWORD_MAX))

/** The confirmation equals the password (when a password is given). */
export const passwordsMatch = z.refine<{ password?: string | undefined; password_confirmation?: string | undefined }>(
  (v) => !v.password || v.password === v.password_confirmation,
  { path: ['password_confirmation'], message: 'validation.passwordsMatch' },
)

export const adminName = z.string().check(z.trim(), z.minLength(1, { abort: true }), z.minLength(2), z.maxLength(120))
const roleId = z.int().check(z.gte(1), z.lte(2_147_483_647))

const userFields = {
  name: adminName,
  email: emailSchema,
  /** A stored upload's name (`POST admin-panal/uploads/images`), or null for none. */
  avatar: z.optional(z.nullable(storedImageSchema)),
  role_ids: z.array(roleId).check(z.maxLength(100)),
  user_type: z.enum(userTypes),
  is_active: z.optional(z.boolean()),
  locale: z.optional(localeSchema),
}

export const adminUserCreateBody = z
  .strictObject({ ...userFields, password: strongPassword, password_confirmation: confirmation })
  .check(passwordsMatch)
export type AdminUserCreateBody = z.infer<typeof adminUserCreateBody>

/** On edit the password is optional: empty or absent keeps the current one. */
export const adminUserUpdateBody = z
  .strictObject({
    ...userFields,
    password: z.optional(z.union([z.literal(''), strongPassword])),
    password_confirmation: z.optional(confirmation),
    version: versionSchema,
  })
  .check(passwordsMatch)
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBody>

/**
 * The last sign-in filter: never signed in, signed in within the last 7 or 30 days, or not for more
 * than 90 days (a dormant account to review; those never signed in are the first choice).
 */
export const lastLoginFilters = ['never', 'within_7_days', 'within_30_days', 'over_90_days'] as const
export type LastLoginFilter = (typeof lastLoginFilters)[number]

const sortColumns = ['name', 'email', 'last_login_at', 'created_at', 'id'] as const
export const adminUserListQuery = listQuerySchema(sortColumns, {
  is_active: queryBoolean,
  user_type: queryOneOfMany(userTypes),
  role_id: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  last_login: z.optional(z.enum(lastLoginFilters)),
})
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>

export const adminUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  locale: localeSchema,
  user_type: z.enum(userTypes),
  is_active: z.boolean(),
  role_ids: z.array(z.int()),
  roles: z.array(z.object({ id: z.int(), name: z.string() })),
  last_login_at: z.nullable(z.string()),
  /** True for the signed-in admin's own record (the form locks what it may not change). */
  is_self: z.boolean(),
  version: z.int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdminUser = z.infer<typeof adminUserSchema>
export const adminUserPageSchema = pageSchema(adminUserSchema)

/** `PUT admin-panal/users/categories/{id}`: the categories a sub user is responsible for (none: no restriction). */
export const adminCategoriesBody = z.strictObject({
  category_ids: z.array(z.int().check(z.gte(1), z.lte(2_147_483_647))).check(z.maxLength(500)),
})
export type AdminCategoriesBody = z.infer<typeof adminCategoriesBody>

/** The assigned categories, each with its path in the tree (names in the `Lang` locale, top first). */
export const adminCategoriesResult = z.object({
  admin: z.object({ id: z.int(), name: z.string(), user_type: z.enum(userTypes), is_self: z.boolean() }),
  categories: z.array(z.object({ id: z.int(), name: z.string(), path: z.array(z.string()) })),
})
export type AdminCategoriesResult = z.infer<typeof adminCategoriesResult>
