import { reportsAccess, reportsScreens as screens } from '../../contract/reports.routes'
import { ScaleIcon, TagIcon } from '../../ui/icons'
import { reportsGroup } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/reports.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'reports',
  routes: [
    {
      path: screens.patterns.partners,
      title: 'reports.partners.title',
      permission: reportsAccess.can.view,
      screen: () => import('./partners').then((m) => m.PartnersReportScreen),
    },
    {
      path: screens.patterns.coupons,
      title: 'reports.coupons.title',
      permission: reportsAccess.can.view,
      screen: () => import('./coupons').then((m) => m.CouponsReportScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.partners }],
  menu: [
    {
      path: screens.partners,
      section: screens.partners,
      label: 'reports.partners.menu',
      icon: ScaleIcon,
      permission: reportsAccess.can.view,
      group: reportsGroup,
      order: 10,
    },
    {
      path: screens.coupons,
      section: screens.coupons,
      label: 'reports.coupons.menu',
      icon: TagIcon,
      permission: reportsAccess.can.view,
      group: reportsGroup,
      order: 20,
    },
  ],
  charts: {
    reportPrint: () => import('../../machines/report-print').then((m) => m.reportPrintMachine),
  },
})
