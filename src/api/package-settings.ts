import { packagesPaths, type PackageSettings } from '../contract/packages'
import { call, callWithMessage } from './client'

/** `GET admin-panal/subscription-packages/general`: the packages' general settings (version 0 before the first save). */
export const fetchPackageSettings = async (signal?: AbortSignal) =>
  (await call<{ settings: PackageSettings }>(packagesPaths.general, signal ? { signal } : {})).settings

/** `PUT admin-panal/subscription-packages/general`: saves them with the version read. */
export async function savePackageSettings(body: Record<string, unknown>) {
  const { message, result } = await callWithMessage<{ settings: PackageSettings }>(packagesPaths.general, { method: 'PUT', body })
  return { message, result: result.settings }
}
