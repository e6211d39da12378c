import { adminUsersAccess, adminUsersScreens as screens } from '../../contract/admin-users.routes'
import { UserIcon } from '../../ui/icons'
import { defineModule, type MenuGroup } from '../shared/screen-module'
import type messages from '../../i18n/locales/ar/users.json'

declare module '../../i18n/catalogue' {
  interface ModuleMessages extends Messages {}
}
type Messages = typeof messages

/** The team's header group: admin users and roles (the roles module declares the same key). */
const teamGroup: MenuGroup = { key: 'team', label: 'users.group', icon: UserIcon, order: 60 }

export default defineModule({
  name: 'users',
  routes: [
    {
      path: screens.patterns.list,
      title: 'users.title',
      permission: adminUsersAccess.can.view,
      screen: () => import('./list').then((m) => m.AdminUsersListScreen),
    },
    {
      path: screens.patterns.create,
      title: 'users.createTitle',
      permission: adminUsersAccess.can.create,
      screen: () => import('./form').then((m) => m.AdminUserFormScreen),
    },
    {
      path: screens.patterns.edit,
      title: 'users.editTitle',
      permission: adminUsersAccess.can.update,
      screen: () => import('./form').then((m) => m.AdminUserFormScreen),
    },
    {
      path: screens.patterns.categories,
      title: 'users.categories.menuAction',
      permission: adminUsersAccess.can.update,
      screen: () => import('./categories').then((m) => m.AdminCategoriesScreen),
    },
  ],
  charts: { adminCategories: () => import('../../machines/admin-categories').then((m) => m.adminCategoriesMachine) },
  redirects: [{ from: screens.section, to: screens.list }],
  menu: [
    {
      path: screens.list,
      section: screens.section,
      label: 'users.menu',
      icon: UserIcon,
      permission: adminUsersAccess.can.view,
      group: teamGroup,
      order: 10,
    },
  ],
})
