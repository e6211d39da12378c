import { partnersAccess, partnersScreens as screens } from '../../contract/partners.routes'
import { UserIcon } from '../../ui/icons'
import { partnersGroup } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/partners.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

const view = () => import('./view').then((m) => m.PartnerViewScreen)

export default defineModule({
  name: 'partners',
  routes: [
    {
      path: screens.patterns.list,
      title: 'partners.title',
      permission: partnersAccess.can.view,
      screen: () => import('./list').then((m) => m.PartnersListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'partners.createTitle',
      permission: partnersAccess.can.create,
      screen: () => import('./form').then((m) => m.PartnerFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'partners.editTitle',
      permission: partnersAccess.can.update,
      screen: () => import('./form').then((m) => m.PartnerFormScreen),
    },
    { path: screens.patterns.view, title: 'partners.viewTitle', permission: partnersAccess.can.view, screen: view },
    { path: screens.patterns.tab, title: 'partners.viewTitle', permission: partnersAccess.can.view, screen: view },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'partners.menu',
      icon: UserIcon,
      permission: partnersAccess.can.view,
      group: partnersGroup,
      order: 10,
    },
  ],
  charts: {
    payout: () => import('../../machines/payout').then((m) => m.payoutMachine),
  },
})
