import { subscriptionsAccess, subscriptionsScreens as screens } from '../../contract/subscriptions.routes'
import { FileTextIcon, LayersIcon } from '../../ui/icons'
import { defineModule, type MenuGroup } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/subscriptions.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The subscription business's header group (the packages and coupons modules declare the same key). */
const salesGroup: MenuGroup = { key: 'sales', label: 'subscriptions.group', icon: LayersIcon, order: 20 }

export default defineModule({
  name: 'subscriptions',
  routes: [
    {
      path: screens.patterns.list,
      title: 'subscriptions.title',
      permission: subscriptionsAccess.can.view,
      screen: () => import('./list').then((m) => m.SubscriptionsListScreen),
    },
    {
      path: screens.patterns.view,
      title: 'subscriptions.viewTitle',
      permission: subscriptionsAccess.can.view,
      screen: () => import('./view').then((m) => m.SubscriptionViewScreen),
    },
    {
      path: screens.patterns.invoice,
      title: 'subscriptions.invoiceTitle',
      permission: subscriptionsAccess.can.view,
      screen: () => import('./invoice').then((m) => m.InvoiceScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'subscriptions.menu',
      icon: FileTextIcon,
      permission: subscriptionsAccess.can.view,
      group: salesGroup,
      order: 30,
    },
  ],
  charts: { invoicePrint: () => import('../../machines/invoice-print').then((m) => m.invoicePrintMachine) },
})
