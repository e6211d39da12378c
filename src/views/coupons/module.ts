import { couponsAccess, couponsScreens as screens } from '../../contract/coupons.routes'
import { TagIcon, LayersIcon } from '../../ui/icons'
import { defineModule, type MenuGroup } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/coupons.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The subscription business's header group (the packages module declares the same key). */
const salesGroup: MenuGroup = { key: 'sales', label: 'coupons.group', icon: LayersIcon, order: 20 }

export default defineModule({
  name: 'coupons',
  routes: [
    {
      path: screens.patterns.list,
      title: 'coupons.title',
      permission: couponsAccess.can.view,
      screen: () => import('./list').then((m) => m.CouponsListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'coupons.createTitle',
      permission: couponsAccess.can.create,
      screen: () => import('./form').then((m) => m.CouponFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'coupons.editTitle',
      permission: couponsAccess.can.update,
      screen: () => import('./form').then((m) => m.CouponFormScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'coupons.menu',
      icon: TagIcon,
      permission: couponsAccess.can.view,
      group: salesGroup,
      order: 20,
    },
  ],
})
