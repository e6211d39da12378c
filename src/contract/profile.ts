import * as z from 'zod/mini'
import { adminSchema, emailSchema } from './auth'
import { adminName, passwordsMatch, PASSWORD_MAX, strongPassword } from './admin-users'
import { localeSchema } from './common'
import { storedImageSchema } from './uploads'

/** The signed-in admin's own account (spec section 7, settings base `admin-panal/setting`). */
export const profilePaths = {
  get: 'admin-panal/setting/get-profile',
  update: 'admin-panal/setting/update-profile',
  changePassword: 'admin-panal/setting/change-password',
} as const

export const updateProfileBody = z.strictObject({
  name: adminName,
  email: emailSchema,
  avatar: z.optional(z.nullable(storedImageSchema)),
  locale: localeSchema,
})
export type UpdateProfileBody = z.infer<typeof updateProfileBody>

export const changePasswordBody = z
  .strictObject({
    current_password: z.string().check(z.minLength(1), z.maxLength(1024)),
    password: strongPassword,
    password_confirmation: z.string().check(z.maxLength(PASSWORD_MAX)),
  })
  .check(passwordsMatch)
export type ChangePasswordBody = z.infer<typeof changePasswordBody>

export const profileResult = z.object({ admin: adminSchema })
/** How many other sessions the change ended. */
export const changePasswordResult = z.object({ ended_sessions: z.int() })
