import { z } from 'zod'
import { localeSchema } from './common'

/** Paths of the authentication API, relative to the API base (`/api`). */
export const authPaths = {
  admin: {
    login: 'admin-panal/auth/login',
    me: 'admin-panal/auth/me',
    logout: 'admin-panal/auth/logout',
    forgotPassword: 'admin-panal/auth/forgot-password',
    checkResetToken: 'admin-panal/auth/check-reset-token',
    resetPassword: 'admin-panal/auth/reset-password',
    changeLanguage: 'admin-panal/setting/change-language',
  },
  user: {
    login: 'login',
    register: 'register',
    forgotPassword: 'forgot_password',
    me: 'user/auth/me',
    logout: 'user/auth/logout',
  },
} as const

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128
export const RESET_TOKEN_TTL_MINUTES = 60
export const RESET_RESEND_WAIT_MINUTES = 5

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email())
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)
/** A sign-in password is checked against the stored hash only, so just bound its size. */
const signInPassword = z.string().min(1).max(1024)
export const resetTokenSchema = z.string().min(1).max(512)

const confirmed = <T extends { password: string; password_confirmation: string }>(v: T) =>
  v.password === v.password_confirmation

export const adminLoginBody = z.strictObject({
  email: emailSchema,
  password: signInPassword,
  locale: localeSchema.optional(),
})
export type AdminLoginBody = z.infer<typeof adminLoginBody>

export const forgotPasswordBody = z.strictObject({ email: emailSchema })
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>

export const checkResetTokenBody = z.strictObject({ token: resetTokenSchema })
export type CheckResetTokenBody = z.infer<typeof checkResetTokenBody>

export const resetPasswordBody = z
  .strictObject({ token: resetTokenSchema, password: passwordSchema, password_confirmation: z.string().max(PASSWORD_MAX) })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwordsMatch' })
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>

export const changeLanguageQuery = z.strictObject({ locale: localeSchema })

export const userTypeSchema = z.enum(['primary', 'sub'])

/** What the API says of an admin: never a hash or a secret. */
export const adminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  locale: localeSchema,
  user_type: userTypeSchema,
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  permissions: z.array(z.string()),
})
export type Admin = z.infer<typeof adminSchema>

export const adminSessionResult = z.object({ token: z.string(), admin: adminSchema })
export type AdminSessionResult = z.infer<typeof adminSessionResult>
export const adminMeResult = z.object({ admin: adminSchema })

export const checkResetTokenResult = z.object({ email: z.string() })

/** End user (vendor account). */
export const userLoginBody = z.strictObject({ email: emailSchema, password: signInPassword })
export type UserLoginBody = z.infer<typeof userLoginBody>
export const userRegisterBody = z
  .strictObject({
    name: z.string().trim().min(2).max(120),
    email: emailSchema,
    phone: z.string().trim().regex(/^\+?[0-9]{8,15}$/, 'validation.phone').optional(),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine(confirmed, { path: ['password_confirmation'], message: 'validation.passwordsMatch' })
export type UserRegisterBody = z.infer<typeof userRegisterBody>

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  locale: localeSchema,
  is_active: z.boolean(),
})
export type User = z.infer<typeof userSchema>
export const userSessionResult = z.object({ api_token: z.string(), user: userSchema })
export type UserSessionResult = z.infer<typeof userSessionResult>
export const userMeResult = z.object({ user: userSchema })
