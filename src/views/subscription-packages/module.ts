import { packagesAccess, packagesScreens as screens } from '../../contract/packages.routes'
import { LayersIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type { MenuGroup } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/subscription-packages.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The subscription business (packages, coupons, and later vendors and subscriptions) shares one header group. */
const salesGroup: MenuGroup = { key: 'sales', label: 'subscription-packages.group', icon: LayersIcon, order: 20 }

export default defineModule({
  name: 'subscription-packages',
  routes: [
    {
      path: screens.patterns.list,
      title: 'subscription-packages.title',
      permission: packagesAccess.can.view,
      screen: () => import('./list').then((m) => m.PackagesListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'subscription-packages.createTitle',
      permission: packagesAccess.can.create,
      screen: () => import('./form').then((m) => m.PackageFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'subscription-packages.editTitle',
      permission: packagesAccess.can.update,
      screen: () => import('./form').then((m) => m.PackageFormScreen),
    },
    {
      path: screens.patterns.general,
      title: 'subscription-packages.generalTitle',
      permission: packagesAccess.can.view,
      screen: () => import('./general').then((m) => m.PackageSettingsScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'subscription-packages.menu',
      icon: LayersIcon,
      permission: packagesAccess.can.view,
      group: salesGroup,
      order: 10,
    },
    {
      path: screens.general,
      section: screens.general,
      label: 'subscription-packages.generalMenu',
      icon: LayersIcon,
      permission: packagesAccess.can.view,
      group: salesGroup,
      order: 11,
    },
  ],
  charts: { packageOrder: () => import('../../machines/package-order').then((m) => m.packageOrderMachine) },
})
