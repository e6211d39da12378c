import { screens } from '../../contract/screens'
import { HomeIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/dashboard.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'dashboard',
  routes: [{ path: screens.dashboard, title: 'dashboard.title', screen: () => import('./dashboard').then((m) => m.DashboardScreen) }],
  menu: [{ path: screens.dashboard, section: screens.dashboard, label: 'nav.dashboard', icon: HomeIcon, permission: null, order: 0 }],
  charts: {
    statistics: () => import('../../machines/statistics').then((m) => m.statisticsMachine),
  },
})
