import { categoriesAccess, categoriesScreens as screens } from '../../contract/categories.routes'
import { FolderTreeIcon } from '../../ui/icons'
import { menuGroups } from '../shared/menu-groups'
import { defineModule } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/categories.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

export default defineModule({
  name: 'categories',
  routes: [
    {
      path: screens.patterns.list,
      title: 'categories.title',
      permission: categoriesAccess.can.view,
      screen: () => import('./list').then((m) => m.CategoriesListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'categories.createTitle',
      permission: categoriesAccess.can.create,
      screen: () => import('./form').then((m) => m.CategoryFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'categories.editTitle',
      permission: categoriesAccess.can.update,
      screen: () => import('./form').then((m) => m.CategoryFormScreen),
    },
    {
      path: screens.patterns.view,
      title: 'categories.viewTitle',
      permission: categoriesAccess.can.view,
      screen: () => import('./view').then((m) => m.CategoryViewScreen),
    },
  ],
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'categories.menu',
      icon: FolderTreeIcon,
      permission: categoriesAccess.can.view,
      group: menuGroups.catalog,
      order: 10,
    },
  ],
})
