import { defineAccess } from './access'
import { defineScreens } from './screens'

// The settings module's addresses (API paths, screens) and permissions without its schemas: what menus and routes need at start.
export const settingsAccess = defineAccess('settings', ['view', 'update'])
export const settingsScreens = defineScreens('setting', { page: '' })
export const settingsPaths = {
  list: 'admin-panal/setting/settings-list',
  update: 'admin-panal/setting/update-settings',
  /** Public: the site's name and logo, for every screen (guests' too). */
  site: 'core/site',
} as const
export const settingsResource = { name: 'settings', path: settingsPaths.list, module: 'settings' } as const
/** The tabs of the settings screen, as `?tab=`. */
export const settingsTabs = ['general', 'contact', 'social', 'mail'] as const
export type SettingsTab = (typeof settingsTabs)[number]
