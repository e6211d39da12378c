import type { Admin } from '../contract/auth'
import { profilePaths, type ChangePasswordBody, type UpdateProfileBody } from '../contract/profile'
import { call, callWithMessage } from './client'

/** `GET admin-panal/setting/get-profile`: the signed-in admin. */
export const fetchProfile = async () => (await call<{ admin: Admin }>(profilePaths.get)).admin

/** `POST admin-panal/setting/update-profile`: name, email, avatar and language. */
export async function updateProfile(body: UpdateProfileBody) {
  const { message, result } = await callWithMessage<{ admin: Admin }>(profilePaths.update, { method: 'POST', body })
  return { message, admin: result.admin }
}

/** `POST admin-panal/setting/change-password`: ends the admin's other sessions and says how many. */
export async function changePassword(body: ChangePasswordBody) {
  const { message, result } = await callWithMessage<{ ended_sessions: number }>(profilePaths.changePassword, { method: 'POST', body })
  return { message, ended: result.ended_sessions }
}
