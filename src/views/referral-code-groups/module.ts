import { referralGroupsAccess, referralGroupsScreens as screens } from '../../contract/referral-code-groups.routes'
import { LayersIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import { partnersGroup } from '../shared/menu-groups'
import type messages from '../../i18n/locales/ar/referral-code-groups.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'referral-code-groups',
  routes: [
    {
      path: screens.patterns.list,
      title: 'referral-code-groups.title',
      permission: referralGroupsAccess.can.view,
      screen: () => import('./list').then((m) => m.ReferralGroupsListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'referral-code-groups.createTitle',
      permission: referralGroupsAccess.can.create,
      screen: () => import('./form').then((m) => m.ReferralGroupFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'referral-code-groups.editTitle',
      permission: referralGroupsAccess.can.update,
      screen: () => import('./form').then((m) => m.ReferralGroupFormScreen),
    },
    {
      path: screens.patterns.view,
      title: 'referral-code-groups.viewTitle',
      permission: referralGroupsAccess.can.view,
      screen: () => import('./view').then((m) => m.ReferralGroupViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'referral-code-groups.menu',
      icon: LayersIcon,
      permission: referralGroupsAccess.can.view,
      group: partnersGroup,
      order: 20,
    },
  ],
  charts: {
    groupVendors: () => import('../../machines/group-vendors').then((m) => m.groupVendorsMachine),
  },
})
