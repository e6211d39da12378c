import { vendorsAccess, vendorsScreens as screens } from '../../contract/vendors.routes'
import { LayersIcon } from '../../ui/icons'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/vendors.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'vendors',
  routes: [
    {
      path: screens.patterns.list,
      title: 'vendors.title',
      permission: vendorsAccess.can.view,
      screen: () => import('./list').then((m) => m.VendorsListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'vendors.createTitle',
      permission: vendorsAccess.can.create,
      screen: () => import('./form').then((m) => m.VendorFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'vendors.editTitle',
      permission: vendorsAccess.can.update,
      screen: () => import('./form').then((m) => m.VendorFormScreen),
    },
    {
      path: screens.patterns.view,
      title: 'vendors.viewTitle',
      permission: vendorsAccess.can.view,
      screen: () => import('./view').then((m) => m.VendorViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'vendors.menu',
      icon: LayersIcon,
      permission: vendorsAccess.can.view,
      order: 15,
    },
  ],
  charts: {
    paymentStatus: () => import('../../machines/payment-status').then((m) => m.paymentStatusMachine),
    paymentRecord: () => import('../../machines/payment-record').then((m) => m.paymentRecordMachine),
    receiptViewer: () => import('../../machines/receipt-viewer').then((m) => m.receiptViewerMachine),
    subdomainCheck: () => import('../../machines/subdomain-check').then((m) => m.subdomainCheckMachine),
    csvExport: () => import('../../machines/csv-export').then((m) => m.csvExportMachine),
    paymentQuote: () => import('../../machines/payment-quote').then((m) => m.paymentQuoteMachine),
  },
})
