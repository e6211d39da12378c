import { supportAccess, supportScreens as screens } from '../../contract/support.routes'
import { LifebuoyIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/support.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'support',
  routes: [
    {
      path: screens.patterns.shippingList,
      title: 'support.shippingTitle',
      permission: supportAccess.can.view,
      screen: () => import('./list').then((m) => m.ShippingIssuesListScreen),
    },
    {
      path: screens.patterns.companyRequestsList,
      title: 'support.companyTitle',
      permission: supportAccess.can.view,
      screen: () => import('./list').then((m) => m.CompanyRequestsListScreen),
    },
    {
      path: screens.patterns.view,
      title: 'support.viewTitle',
      permission: supportAccess.can.view,
      screen: () => import('./view').then((m) => m.SupportViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.shippingList }],
  menu: [
    {
      path: screens.shippingList,
      section: screens.shippingList,
      label: 'support.menu.shippingIssues',
      icon: LifebuoyIcon,
      permission: supportAccess.can.view,
      group: menuGroups.support,
      area: screens.section,
      order: 10,
    },
    {
      path: screens.companyRequestsList,
      section: screens.companyRequestsList,
      label: 'support.menu.companyRequests',
      icon: LifebuoyIcon,
      permission: supportAccess.can.view,
      group: menuGroups.support,
      area: screens.section,
      order: 20,
    },
  ],
  charts: { supportItem: () => import('../../machines/support-item').then((m) => m.supportItemMachine) },
})
