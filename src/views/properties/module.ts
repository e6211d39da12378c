import { propertiesAccess, propertiesScreens as screens } from '../../contract/properties.routes'
import { TagIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/properties.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'properties',
  routes: [
    {
      path: screens.patterns.list,
      title: 'properties.title',
      permission: propertiesAccess.can.view,
      screen: () => import('./list').then((m) => m.PropertiesListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'properties.createTitle',
      permission: propertiesAccess.can.create,
      screen: () => import('./form').then((m) => m.PropertyFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'properties.editTitle',
      permission: propertiesAccess.can.update,
      screen: () => import('./form').then((m) => m.PropertyFormScreen),
    },
    {
      path: screens.patterns.view,
      title: 'properties.viewTitle',
      permission: propertiesAccess.can.view,
      screen: () => import('./view').then((m) => m.PropertyViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'properties.menu',
      icon: TagIcon,
      permission: propertiesAccess.can.view,
      group: menuGroups.catalog,
      order: 20,
    },
  ],
})
