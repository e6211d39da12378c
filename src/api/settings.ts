import { settingsPaths, type Settings, type Site } from '../contract/settings'
import { call, callWithMessage } from './client'

/** `GET admin-panal/setting/settings-list`: the platform's settings (version 0 before the first save). */
export const fetchSettings = async (signal?: AbortSignal) =>
  (await call<{ settings: Settings }>(settingsPaths.list, signal ? { signal } : {})).settings

/** `POST admin-panal/setting/update-settings`: saves them with the version read. */
export async function saveSettings(body: Record<string, unknown>) {
  const { message, result } = await callWithMessage<{ settings: Settings }>(settingsPaths.update, { method: 'POST', body })
  return { message, result: result.settings }
}

/** `GET core/site` (public): the site's names and logo. */
export const fetchSite = async () => (await call<{ site: Site }>(settingsPaths.site)).site
