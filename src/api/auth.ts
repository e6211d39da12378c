import {
  authPaths,
  type AdminLoginBody,
  type AdminSessionResult,
  type Admin,
  type CheckResetTokenBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type User,
  type UserLoginBody,
  type UserRegisterBody,
  type UserSessionResult,
} from '../contract/auth'
import { type Locale } from '../contract/common'
import { call, callWithMessage } from './client'

const a = authPaths.admin
const u = authPaths.user

export const adminLogin = (body: AdminLoginBody) => call<AdminSessionResult>(a.login, { method: 'POST', body })
export const adminMe = () => call<{ admin: Admin }>(a.me)
export const adminLogout = () => call<null>(a.logout)
export const adminForgotPassword = (body: ForgotPasswordBody) => callWithMessage<null>(a.forgotPassword, { method: 'POST', body })
export const adminCheckResetToken = (body: CheckResetTokenBody) => call<{ email: string }>(a.checkResetToken, { method: 'POST', body })
export const adminResetPassword = (body: ResetPasswordBody) => callWithMessage<null>(a.resetPassword, { method: 'POST', body })
export const changeLanguage = (locale: Locale, signal?: AbortSignal) =>
  call<{ locale: Locale }>(a.changeLanguage, { query: { locale }, ...(signal ? { signal } : {}) })

export const userLogin = (body: UserLoginBody) => call<UserSessionResult>(u.login, { method: 'POST', body })
export const userRegister = (body: UserRegisterBody) => call<UserSessionResult>(u.register, { method: 'POST', body })
export const userForgotPassword = (body: ForgotPasswordBody) => callWithMessage<null>(u.forgotPassword, { method: 'POST', body })
export const userCheckResetToken = (body: CheckResetTokenBody) => call<{ email: string }>(u.checkResetToken, { method: 'POST', body })
export const userResetPassword = (body: ResetPasswordBody) => callWithMessage<null>(u.resetPassword, { method: 'POST', body })
export const userMe = () => call<{ user: User }>(u.me)
export const userLogout = () => call<null>(u.logout)
