import { settingsAccess, settingsScreens as screens } from '../../contract/settings.routes'
import { LayersIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/settings.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'settings',
  routes: [
    {
      path: screens.patterns.page,
      title: 'settings.title',
      permission: settingsAccess.can.view,
      screen: () => import('./settings').then((m) => m.SettingsScreen),
    },
  ],
  menu: [
    {
      path: screens.page,
      section: screens.section,
      label: 'settings.menu',
      icon: LayersIcon,
      permission: settingsAccess.can.view,
      order: 95,
    },
  ],
})
