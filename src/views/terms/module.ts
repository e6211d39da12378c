import { termsAccess, termsScreens as screens } from '../../contract/terms.routes'
import { ScaleIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/terms.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'terms',
  routes: [
    {
      path: screens.patterns.page,
      title: 'terms.title',
      permission: termsAccess.can.view,
      screen: () => import('./terms').then((m) => m.TermsScreen),
    },
  ],
  menu: [
    {
      path: screens.page,
      section: screens.section,
      label: 'terms.menu',
      icon: ScaleIcon,
      permission: termsAccess.can.view,
      group: menuGroups.content,
      order: 30,
    },
  ],
  charts: { terms: () => import('../../machines/terms').then((m) => m.termsMachine) },
})
