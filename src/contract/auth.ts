import * as z from 'zod/mini'
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
    checkResetToken: 'check-reset-token',
    resetPassword: 'reset-password',
    me: 'user/auth/me',
    logout: 'user/auth/logout',
  },
} as const

export const PASSWORD_MIN = 8
const PASSWORD_MAX = 128
export const RESET_TOKEN_TTL_MINUTES = 60
export const RESET_RESEND_WAIT_MINUTES = 5

/** The five rules of the password strength meter (spec section 5), in display order; a registering vendor's password passes all. */
export const PASSWORD_STRENGTH_RULES = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'digit', test: (p: string) => /\p{Nd}/u.test(p) },
  { id: 'special', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email())
const passwordSchema = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))
/** A sign-in password is checked against the stored hash only, so just bound its size. */
const signInPassword = z.string().check(z.minLength(1), z.maxLength(1024))
const resetTokenSchema = z.string().check(z.minLength(1), z.maxLength(512))
const confirmation = z.string().check(z.maxLength(PASSWORD_MAX))

const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>((v) => v.password === v.password_confirmation, {
  path: ['password_confirmation'],
  message: 'validation.passwordsMatch',
})

export const adminLoginBody = z.strictObject({
  email: emailSchema,
  password: signInPassword,
  locale: z.optional(localeSchema),
})
export type AdminLoginBody = z.infer<typeof adminLoginBody>

export const forgotPasswordBody = z.strictObject({ email: emailSchema })
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>

export const checkResetTokenBody = z.strictObject({ token: resetTokenSchema })
export type CheckResetTokenBody = z.infer<typeof checkResetTokenBody>

export const resetPasswordBody = z
  .strictObject({ token: resetTokenSchema, password: passwordSchema, password_confirmation: confirmation })
  .check(passwordsMatch)
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>

export const changeLanguageQuery = z.strictObject({ locale: localeSchema })

const userTypeSchema = z.enum(['primary', 'sub'])

/** What the API says of an admin: never a hash or a secret. */
export const adminSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  locale: localeSchema,
  user_type: userTypeSchema,
  is_active: z.boolean(),
  last_login_at: z.nullable(z.string()),
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
    name: z.string().check(z.trim(), z.minLength(2), z.maxLength(120)),
    email: emailSchema,
    phone: z.optional(z.string().check(z.trim(), z.regex(/^\+?[0-9]{8,15}$/, 'validation.phone'))),
    password: passwordSchema,
    password_confirmation: confirmation,
  })
  .check(passwordsMatch)
export type UserRegisterBody = z.infer<typeof userRegisterBody>

export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  locale: localeSchema,
  is_active: z.boolean(),
})
export type User = z.infer<typeof userSchema>
export const userSessionResult = z.object({ api_token: z.string(), user: userSchema })
export type UserSessionResult = z.infer<typeof userSessionResult>
export const userMeResult = z.object({ user: userSchema })
