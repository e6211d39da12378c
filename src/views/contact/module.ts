import { contactAccess, contactScreens as screens } from '../../contract/contact.routes'
import { MailIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/contact.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'contact',
  routes: [
    {
      path: screens.patterns.list,
      title: 'contact.title',
      permission: contactAccess.can.view,
      screen: () => import('./list').then((m) => m.ContactListScreen),
    },
    {
      path: screens.patterns.view,
      title: 'contact.viewTitle',
      permission: contactAccess.can.view,
      screen: () => import('./view').then((m) => m.ContactViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'contact.menu',
      icon: MailIcon,
      permission: contactAccess.can.view,
      group: menuGroups.support,
      order: 30,
    },
  ],
})
